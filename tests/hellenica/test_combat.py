"""Combat: dice pools, strength, casualties, walls, leaders, withdrawals —
with the rulebook's land, sea and City Walls examples as tests."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.hellenica import GAME
from engine.games.hellenica.combat import dice_pool, strength
from engine.games.hellenica.steps import STEPS, current, push
from tests.hellenica.helpers import act_as, clear_units, count, learn, moves, new_game, own, play, units, upgrade

COMBAT = STEPS["combat"]


def _stacks(**counts):
    result = []
    for key, n in counts.items():
        elite = key.startswith("elite_")
        result.append({"kind": key.removeprefix("elite_"), "elite": elite, "n": n})
    return result


class TestDice:
    def test_roxannas_pool(self):
        """Land example: a Hoplite, an elite Hoplite and a Cavalry take 2 Green
        (one for Hoplites, one for elite), 1 Red, and 1 Green for Combined Arms."""
        assert dice_pool(_stacks(hoplite=1, elite_hoplite=1, cavalry=1), sea=False) == {"green": 3, "red": 1}

    def test_hendrixs_pool(self):
        assert dice_pool(_stacks(hoplite=2), sea=False, defender=True) == {"green": 1}

    def test_elite_cavalry_adds_a_red_die(self):
        assert dice_pool(_stacks(cavalry=1, elite_cavalry=1), sea=False) == {"red": 2}

    def test_walls(self):
        """ "The defender rolls 1 extra Green combat die ... Neither side receives
        a bonus Green die for Combined Arms.\""""
        assert dice_pool(_stacks(hoplite=1, elite_hoplite=1, cavalry=1), sea=False, walls=True) == {
            "green": 2,
            "red": 1,
        }
        assert dice_pool(_stacks(hoplite=2), sea=False, defender=True, walls=True) == {"green": 2}

    def test_heroes_behind_walls_take_the_walls_die(self):
        """ "If City Walls are present during a land combat ... The defender rolls
        1 extra Green combat die": Heroes behind walls are not fighting alone."""
        assert dice_pool(_stacks(hero=1), sea=False, defender=True, walls=True) == {"green": 1, "yellow": 1}
        assert dice_pool(_stacks(hero=1), sea=False, defender=True) == {"yellow": 1}
        assert dice_pool(_stacks(hero=1), sea=False, walls=True) == {"yellow": 1}  # the attacker: no walls die

    def test_sea_pools(self):
        """Sea example: John's 2 Triremes and a Hero take a Blue and the Yellow
        die; Bill's elite Trireme takes 2 Blue."""
        assert dice_pool(_stacks(trireme=2, hero=1), sea=True) == {"blue": 1, "yellow": 1}
        assert dice_pool(_stacks(elite_trireme=1), sea=True, defender=True) == {"blue": 2}

    def test_lone_hero_rolls_only_yellow(self):
        assert dice_pool(_stacks(hero=2), sea=False) == {"yellow": 1}
        assert strength({"yellow": ["++"]}) == (2, 0)
        assert strength({"yellow": [""]}) == (0, 0)

    def test_attack_dice_from_advancements(self):
        assert dice_pool(_stacks(hoplite=1), sea=False, extra=("green",)) == {"green": 2}

    def test_strength_is_the_highest_die_plus_yellow(self):
        assert strength({"green": [3, 3, 4], "red": [5]}) == (5, 0)
        assert strength({"blue": [3], "yellow": ["+"]}) == (4, 0)
        assert strength({"green": [5, 3]}, bonus=1) == (6, 0)
        assert strength({"green": [2], "yellow": ["-"]}) == (2, 1)


@pytest.fixture
def battle():
    """Roxanna (the first seat) attacks Hendrix (the second) in a city he owns."""
    state = new_game(2, seed=33)
    clear_units(state)
    roxanna, hendrix = 0, 1
    city = "megara"
    own(state, city, hendrix)
    units(state, city, roxanna, "hoplite", 1)
    units(state, city, roxanna, "hoplite", 1, elite=True)
    units(state, city, roxanna, "cavalry", 1)
    units(state, city, hendrix, "hoplite", 2)
    state["stack"] = []
    frame = push(state, "combat", attacker=roxanna, area=city, origin="athens")
    frame["entered"] = True
    COMBAT.prepare(state, frame)
    frame["round"] = 1
    return state, frame


class TestRulebookExamples:
    def test_land_combat_example(self, battle):
        """Roxanna rolls 3, 3, 4, 5 and Hendrix a 5: both strengths are 5;
        Hendrix kills her Cavalry and she kills one of his Hoplites. Next
        round she rolls 2 Green dice, he still 1."""
        state, frame = battle
        assert COMBAT.pool(state, frame, 0) == {"green": 3, "red": 1}
        assert COMBAT.pool(state, frame, 1) == {"green": 1}
        COMBAT.resolve(state, frame, {0: {"green": [3, 3, 4], "red": [5]}, 1: {"green": [5]}})
        assert frame["last"]["strength"] == {"0": 5, "1": 5}
        assert frame["step"] == "casualties" and GAME.to_move(state) == [1]  # his choice; hers is forced
        state = GAME.play(state, 1, "destroy cavalry")
        assert count(state, "megara", 0, "cavalry") == 0 and count(state, "megara", 1) == 1
        frame = current(state)
        assert frame["step"] == "withdraw" and GAME.to_move(state) == [0]
        assert COMBAT.pool(state, frame, 0) == {"green": 2}
        assert COMBAT.pool(state, frame, 1) == {"green": 1}

    def test_city_walls_example(self, battle):
        """With City Walls: no Combined Arms die for Roxanna, a second Green
        die for Hendrix; 3, 3, 5 against 5, 3 — Hendrix 6 (5 + 1), Roxanna 5;
        Hendrix kills the Cavalry."""
        state, frame = battle
        upgrade(state, "megara", 0, "walls")
        assert COMBAT.pool(state, frame, 0) == {"green": 2, "red": 1}
        assert COMBAT.pool(state, frame, 1) == {"green": 2}
        COMBAT.resolve(state, frame, {0: {"green": [3, 3], "red": [5]}, 1: {"green": [5, 3]}})
        assert frame["last"]["strength"] == {"0": 5, "1": 6}
        assert frame["last"]["winners"] == [1]
        state = GAME.play(state, 1, "destroy cavalry")
        assert count(state, "megara", 0) == 2 and count(state, "megara", 1) == 2
        assert set(moves(state, 0)) == {"fight", "withdraw"}  # either may continue or withdraw

    def test_walls_under_construction_do_not_count(self, battle):
        state, frame = battle
        upgrade(state, "megara", 0, "walls", status="building")
        assert COMBAT.pool(state, frame, 1) == {"green": 1}

    def test_sea_combat_example(self):
        """John's 3 and + make 4 against Bill's 3 and 2: John destroys the
        elite Trireme."""
        state = new_game(2, seed=33)
        clear_units(state)
        john, bill = 0, 1
        units(state, "cyclades", john, "trireme", 2)
        units(state, "cyclades", john, "hero", 1)
        units(state, "cyclades", bill, "trireme", 1, elite=True)
        state["stack"] = []
        frame = push(state, "combat", attacker=john, area="cyclades", origin="saronic-gulf")
        frame["entered"] = True
        COMBAT.prepare(state, frame)
        frame["round"] = 1
        COMBAT.resolve(state, frame, {john: {"blue": [3], "yellow": ["+"]}, bill: {"blue": [3, 2]}})
        assert frame["last"]["strength"] == {"0": 4, "1": 3}
        assert count(state, "cyclades", bill) == 0 and count(state, "cyclades", john) == 3
        assert all(f["kind"] != "combat" for f in state["stack"])
        assert any("Blue holds Cyclades" in e["text"] for e in state["log"])


class TestRules:
    def test_yellow_minus_kills_the_hero(self, battle):
        state, frame = battle
        units(state, "megara", 0, "hero", 1)
        COMBAT.resolve(state, frame, {0: {"green": [2], "red": [1], "yellow": ["-"]}, 1: {"green": [1]}})
        assert count(state, "megara", 0, "hero") == 0

    def test_the_player_picks_which_hero_a_yellow_minus_kills(self, battle):
        """ "Players apply any effects of the Yellow die they rolled to
        themselves": with a Hero and Alcibiades there, the player picks."""
        state, frame = battle
        units(state, "megara", 0, "hero", 1)
        units(state, "megara", 0, "alcibiades", 1)
        COMBAT.resolve(state, frame, {0: {"green": [2], "red": [1], "yellow": ["-"]}, 1: {"green": [1]}})
        assert frame["step"] == "hero" and GAME.to_move(state) == [0]
        assert [a for a in GAME.legal(state, 0) if a.startswith("lose")] == ["lose hero", "lose alcibiades"]
        with pytest.raises(IllegalAction, match="one of your Heroes falls"):
            GAME.play(state, 0, "lose hoplite")
        after = GAME.play(state, 0, "lose alcibiades")
        assert count(after, "megara", 0, "alcibiades") == 0 and count(after, "megara", 0, "hero") == 1
        assert any("Alcibiades falls to the Yellow die" in e["text"] for e in after["log"])
        assert count(after, "megara", 1) == 1  # then Blue, who won the round, destroys a Hoplite

    def test_an_ai_loses_its_hero_before_alcibiades(self, battle):
        from engine.games.hellenica.ai.combat import decision

        state, frame = battle
        units(state, "megara", 0, "hero", 1)
        units(state, "megara", 0, "alcibiades", 1)
        COMBAT.resolve(state, frame, {0: {"green": [2], "red": [1], "yellow": ["-"]}, 1: {"green": [1]}})
        assert decision(state, frame, 0, COMBAT.legal(state, frame, 0)) == "lose hero"

    def test_triremes_alone_on_land_are_eliminated(self):
        state = new_game(2, seed=33)
        clear_units(state)
        units(state, "megara", 1, "trireme", 2)
        units(state, "athens", 0, "hoplite", 1)
        athens_seat = 0
        own(state, "athens", athens_seat)
        state["seats"][0]["cubes"]["supply"] = 1
        upgrade(state, "athens", 1, "market")
        state = play(act_as(state, 0), 0, "supply athens from athens", "move 1 hoplite megara", "attack megara")
        assert count(state, "megara", 1) == 0 and count(state, "megara", 0) == 1
        assert current(state)["kind"] == "move"

    def test_attacker_withdraws_to_where_it_came_from(self, battle):
        state, frame = battle
        COMBAT.resolve(state, frame, {0: {"green": [5], "red": [1]}, 1: {"green": [1]}})
        state = GAME.play(state, 0, "withdraw")
        assert count(state, "athens", 0) == 3 and count(state, "megara", 0) == 0
        assert all(f["kind"] != "combat" for f in state["stack"])

    def test_defender_withdraws_to_a_friendly_area(self, battle):
        """ "the units must retreat to an adjacent Area containing either a city
        or units owned by the defender ... If no friendly Area is available,
        they may retreat to a neutral Area.\""""
        state, frame = battle
        COMBAT.resolve(state, frame, {0: {"green": [1], "red": [1]}, 1: {"green": [1]}})
        for pick in list(GAME.to_move(state)):
            state = GAME.play(state, pick, GAME.legal(state, pick)[0])
        state = GAME.play(state, 0, "fight")
        options = GAME.legal(state, 1)
        neutral = {a.split()[1] for a in options if a.startswith("withdraw")}
        assert neutral and "athens" not in neutral  # Athens belongs to the attacker's side of the board
        own(state, "corinth", 1)
        friendly = {a.split()[1] for a in GAME.legal(state, 1) if a.startswith("withdraw")}
        assert friendly == {"corinth"}
        state = GAME.play(state, 1, "withdraw corinth")
        assert count(state, "corinth", 1) == count(state, "corinth", 1, "hoplite") > 0
        with pytest.raises(IllegalAction):
            GAME.play(state, 1, "withdraw corinth")

    def test_brilliant_general(self, battle):
        """Placed before the dice, +1 each round for the rest of the combat,
        then spent for the turn."""
        state, frame = battle
        learn(state, 0, "brilliant-general")
        state["stack"] = []
        frame = push(state, "combat", attacker=0, area="megara", origin="athens")
        from engine.games.hellenica import phases

        phases.advance(state)
        assert current(state)["step"] == "leaders" and moves(state, 0) == ["general", "roll"]
        with pytest.raises(IllegalAction, match="Brilliant General serves here"):
            GAME.play(state, 0, "admiral")
        state = GAME.play(state, 0, "general")
        frame = current(state)
        assert frame["leaders"] == [0] and COMBAT.bonus(state, frame, 0) == 1
        while any(f["kind"] == "combat" for f in state["stack"]):
            actor = GAME.to_move(state)[0]
            legal = GAME.legal(state, actor)
            state = GAME.play(state, actor, "fight" if "fight" in legal else legal[0])
        assert state["seats"][0]["leaders_used"] == ["land"]

    def test_casualty_must_be_an_enemy_unit_present(self, battle):
        state, frame = battle
        COMBAT.resolve(state, frame, {0: {"green": [1], "red": [1]}, 1: {"green": [6]}})
        with pytest.raises(IllegalAction, match="no hero here"):
            GAME.play(state, 1, "destroy hero")

    def test_combat_always_ends(self):
        """Every round destroys at least one unit, so combat ends."""
        for seed in range(20):
            state = new_game(2, seed=seed)
            clear_units(state)
            own(state, "megara", 1)
            for seat in (0, 1):
                units(state, "megara", seat, "hoplite", 3)
                units(state, "megara", seat, "cavalry", 2)
            state["stack"] = []
            push(state, "combat", attacker=0, area="megara", origin="athens")
            from engine.games.hellenica import phases

            phases.advance(state)
            steps = 0
            while any(f["kind"] == "combat" for f in state["stack"]):
                actor = GAME.to_move(state)[0]
                legal = GAME.legal(state, actor)
                state = GAME.play(state, actor, "fight" if "fight" in legal else legal[0])
                steps += 1
                assert steps < 100
            assert len({s["owner"] for s in state["units"].get("megara", [])}) <= 1


class TestMoreSituations:
    def test_a_lone_hero_fights_with_the_yellow_die_only(self, battle):
        state, frame = battle
        from engine.games.hellenica.state import remove_owner

        remove_owner(state, "megara", 0)
        units(state, "megara", 0, "hero", 1)
        assert COMBAT.pool(state, frame, 0) == {"yellow": 1}
        COMBAT.resolve(state, frame, {0: {"yellow": ["++"]}, 1: {"green": [1]}})
        assert frame["last"]["strength"] == {"0": 2, "1": 1}
        assert count(state, "megara", 1) == 1

    def test_amphibious_attack(self):
        """Land units attack across a chain of Triremes (and, withdrawing, go
        back to Athens — see ``test_attacker_withdraws_to_where_it_came_from``)."""
        state = new_game(2, seed=33)
        clear_units(state)
        attacker = next(s for s in (0, 1) if state["seats"][s]["city"] == "athens")
        defender = 1 - attacker
        units(state, "athens", attacker, "hoplite", 2)
        units(state, "cyclades", attacker, "trireme", 1)
        units(state, "chios", defender, "hoplite", 1)
        state = play(
            act_as(state, attacker), attacker, "supply athens from athens", "move 2 hoplite chios", "attack chios"
        )
        texts = [e["text"] for e in state["log"]]
        assert any("to attack Chios by sea via Cyclades" in t for t in texts)
        assert any(t.startswith("Round 1 in Chios") for t in texts)
        assert count(state, "athens", attacker) == 0

    def test_defender_withdraws_by_sea_transport(self):
        state = new_game(2, seed=33)
        clear_units(state)
        attacker = next(s for s in (0, 1) if state["seats"][s]["city"] == "athens")
        defender = 1 - attacker
        units(state, "chios", defender, "hoplite", 2)
        units(state, "chios", attacker, "hoplite", 3)
        units(state, "eastern-aegean", defender, "trireme", 1)
        own(state, "phocaea", defender)
        state["stack"] = []
        frame = push(state, "combat", attacker=attacker, area="chios", origin="athens")
        frame["entered"] = True
        COMBAT.prepare(state, frame)
        frame.update(round=1, step="withdraw", decider=defender)
        from engine.games.hellenica.combat import retreats

        assert retreats(state, frame) == ["troy", "phocaea"]  # friendly, across the Eastern Aegean
        state = GAME.play(state, defender, "withdraw phocaea")
        assert count(state, "phocaea", defender, "hoplite") == 2 and count(state, "chios", defender) == 0
