"""The medium bot's race to three objectives (engine/games/hellenica/bot_race.py),
its march on far cities (bot_march.py) and the planner's guards against
undoing its own Builds."""

from __future__ import annotations

from engine.games.hellenica import GAME, bot_march, bot_pressure, bot_race, bot_reach, planner
from engine.games.hellenica.movement import land_step_ok
from engine.games.hellenica.objectives import completed, upgrade_count
from engine.games.hellenica.pathos import DESTRUCTION, HELD
from engine.games.hellenica.state import ACTIVE, BUILDING, copy_state, map_of, new_upgrade, owned_cities
from engine.games.hellenica.steps import current
from tests.hellenica.test_bot import _until


def _unit(owner: int, kind: str, n: int = 1) -> dict:
    return {"owner": owner, "kind": kind, "elite": False, "used": 0, "moved": False, "n": n}


def _open_cities(state: dict) -> list[str]:
    return sorted(city for city in state["cities"] if city not in state["impassable"])


def _board(players: int = 3, seed: int = 1) -> dict:
    """A game with no units, every Home City owned by its player and the
    other cities neutral."""
    state = GAME.new(players, {"homes": "random", DESTRUCTION: HELD}, seed)  # as a new table plays
    state["units"] = {}
    for record in state["cities"].values():
        record["owner"] = None
    for seat, player in enumerate(state["seats"]):
        state["cities"][player["city"]]["owner"] = seat
    return state


def test_a_position_that_wins_at_the_end_of_the_turn_is_worth_the_race():
    """ "The first Player to satisfy any three objectives at the end of a game
    turn wins the game", after "Players who solely occupy neutral City Areas
    ... conquer those cities" at Upkeep: with two Ethos cards met and seven
    cities, a unit standing alone in an eighth city (Empire: "Own 8 cities")
    is the win, and the planner values it far above any slow progress."""
    state = _board()
    state["seats"][0]["ethos"] = ["devotion", "wealth"]
    state["seats"][0]["favor"] = state["seats"][0]["commerce"] = 10
    home = state["seats"][0]["city"]
    others = [state["seats"][s]["city"] for s in (1, 2)]
    spare = [c for c in _open_cities(state) if c != home and c not in others]
    for city in spare[:6]:
        state["cities"][city]["owner"] = 0
    assert len(owned_cities(state, 0)) == 7
    waiting = dict(state, units={spare[6]: []})
    marched = dict(state, units={spare[6]: [_unit(0, "hoplite")]})
    assert bot_race.finish(planner.projected(waiting), 0) == 0.0
    assert bot_race.finish(planner.projected(marched), 0) >= bot_race.FINISH
    assert planner.value(marched, 0) - planner.value(waiting, 0) > bot_race.FINISH


def test_a_finishing_position_is_worth_more_the_better_it_stands_on_the_tie_break():
    """ "If multiple players meet the victory conditions simultaneously, the
    tie is broken as follows: most Objectives completed, most City Upgrades,
    most Advancements, most Favor, most Philosophers, and most Commerce." A
    seat that wins at this check is worth more with one more City Upgrade,
    more still with a fourth objective; short of three objectives the
    tie-break counts for nothing."""
    state = _board()
    state["seats"][0]["ethos"] = ["devotion", "wealth"]
    state["seats"][0]["favor"] = state["seats"][0]["commerce"] = 10
    spare = [c for c in _open_cities(state) if c not in [player["city"] for player in state["seats"]]]
    for city in spare[:7]:
        state["cities"][city]["owner"] = 0
    assert len(owned_cities(state, 0)) == 8
    winning = bot_race.finish(state, 0)
    assert winning > bot_race.FINISH

    built = copy_state(state)
    free = built["cities"][spare[0]]["slots"].index(None)
    built["cities"][spare[0]]["slots"][free] = new_upgrade("walls", ACTIVE)
    assert bot_race.finish(built, 0) == winning + bot_race.TIEBREAK_WEIGHTS[1]

    fourth = copy_state(state)
    seas = [area for area, facts in map_of(state).areas.items() if facts.is_sea][:4]
    fourth["units"] = {sea: [_unit(0, "trireme")] for sea in seas}  # Sea Power too: "Have Triremes in 4 Sea Areas."
    assert len(completed(fourth, 0)) == 4
    assert bot_race.finish(fourth, 0) > bot_race.finish(built, 0)

    short = copy_state(state)
    short["seats"][0]["commerce"] = 0
    assert bot_race.finish(short, 0) == 0.0


def test_a_rival_one_objective_short_is_a_danger_to_stop():
    """Empire ("Own 8 cities") and Destruction ("Own another player's Home
    City at the end of two turns in a row") are public: a rival meeting both
    stands one objective short of victory, more so when its board also meets
    an Ethos requirement (its Ethos cards are secret). A Home City taken but
    not yet held through a turn counts no more than an army poised on it.
    Taking back one of its cities ("City Areas owned by other players" solely
    occupied are conquered) lowers the danger."""
    state = _board()
    state["seats"][1]["ethos"] = ["piety", "wealth"]
    rival_home, victim_home = state["seats"][1]["city"], state["seats"][2]["city"]
    spare = [c for c in _open_cities(state) if c not in (state["seats"][0]["city"], rival_home, victim_home)]
    for city in [victim_home] + spare[:6]:
        state["cities"][city]["owner"] = 1
    assert len(owned_cities(state, 1)) == 8
    assert bot_race.estimated_objectives(state, 0, 1) == 1.0 + bot_pressure.PRESSURE_CAP  # not held yet
    state["held_homes"] = {"1": [victim_home]}  # owned at the last end-of-turn check too
    assert bot_race.estimated_objectives(state, 0, 1) == 2.0
    assert bot_race.rival_danger(state, 0) == bot_race.DANGER_WEIGHT
    rich = dict(state, seats=[*state["seats"][:1], dict(state["seats"][1], commerce=10), state["seats"][2]])
    assert bot_race.estimated_objectives(rich, 0, 1) == 2.0 + bot_race.ETHOS_BELIEF
    assert bot_race.rival_danger(rich, 0) > bot_race.rival_danger(state, 0)
    retaken = dict(rich, units={spare[0]: [_unit(0, "hoplite")]})
    assert bot_race.rival_danger(planner.projected(retaken), 0) < bot_race.rival_danger(rich, 0)
    assert planner.value(retaken, 0) > planner.value(rich, 0)


def test_a_rival_without_a_public_objective_is_no_danger():
    """Two secret Ethos cards are not three objectives: a rival meeting no
    Pathos card cannot win this turn, whatever its board shows."""
    state = _board()
    state["seats"][1]["ethos"] = ["devotion", "wealth"]
    state["seats"][1]["favor"] = state["seats"][1]["commerce"] = 10
    assert bot_race.estimated_objectives(state, 0, 1) == 0.0
    assert bot_race.rival_danger(state, 0) == 0.0


def test_the_last_market_is_never_torn_down():
    """ "Without Markets, a player may not move their units" and each Active
    Market gives a Supply cube at Upkeep: the planner never weighs a Build
    over its last Market, and values a second Market."""
    state = _until(GAME.new(2, {"homes": "random"}, 1), 0, "action")
    home = state["seats"][0]["city"]
    over_market = f"build barracks {home} over market"
    assert planner._tears_down_progress(state, 0, over_market)
    assert planner._tears_down_progress(state, 0, "exchange " + over_market)
    slots = state["cities"][home]["slots"]
    free = slots.index(None)
    with_two = dict(state, cities={**state["cities"], home: dict(state["cities"][home], slots=list(slots))})
    with_two["cities"][home]["slots"][free] = new_upgrade("market", ACTIVE)
    assert not planner._tears_down_progress(with_two, 0, over_market)
    assert planner.value(with_two, 0) > planner.value(state, 0) + planner.UPGRADE_WEIGHT


def test_an_upgrade_under_construction_is_not_built_over():
    """ "City Upgrades may replace an existing Active or Under Construction
    City Upgrade": legal, but replacing what the seat built this very turn
    ("Under Construction if it has a natural wood Action Cube on it") spends a
    second Build to undo the first, so the planner does not weigh it."""
    state = _until(GAME.new(2, {"homes": "random"}, 1), 0, "action")
    home = state["seats"][0]["city"]
    record = state["cities"][home]
    slots = list(record["slots"])
    slots[slots.index(None)] = new_upgrade("stables", BUILDING)
    state["cities"][home] = dict(record, slots=slots)
    assert planner._tears_down_progress(state, 0, f"build barracks {home} over stables")
    slots[slots.index(next(p for p in slots if p is not None and p["type"] == "stables"))] = new_upgrade(
        "stables", ACTIVE
    )
    assert not planner._tears_down_progress(state, 0, f"build barracks {home} over stables")


def _far_march(state: dict) -> tuple[str, str]:
    """A land step ``far -> nearer`` towards the cities to take, both
    beyond the ``NEAR`` steps ``reach`` counts."""
    from engine.games.hellenica import bot

    board = map_of(state)
    steps = bot.distance_to_targets(state, 0)
    for far, d in sorted(steps.items()):
        if d <= bot_march.NEAR + 1 or d >= bot_march.FAR or not board.areas[far].is_land or far in state["impassable"]:
            continue
        for nearer, border in board.neighbours(far).items():
            if steps.get(nearer) == d - 1 and board.areas[nearer].is_land and land_step_ok(state, 0, border):
                return far, nearer
    raise AssertionError("no long march on this map")


def test_every_step_of_a_long_march_counts():
    """A Hoplite has a "Supply Limit of 1": a march on a city four steps away
    takes four turns. An army a step nearer to the cities to take is worth
    more even beyond the two Supply actions ``reach`` looks at, and splitting
    it gains nothing."""
    state = _board()
    for record in state["cities"].values():
        record["owner"] = 0
    state["cities"][_open_cities(state)[0]]["owner"] = None  # the one city left to take
    far, nearer = _far_march(state)
    at_far = dict(state, units={far: [_unit(0, "hoplite", 2)]})
    at_nearer = dict(state, units={nearer: [_unit(0, "hoplite", 2)]})
    halves = dict(state, units={far: [_unit(0, "hoplite", 1)], nearer: [_unit(0, "hoplite", 1)]})
    assert bot_march.advance(at_nearer, 0) > bot_march.advance(at_far, 0) > 0.0
    assert planner.value(at_nearer, 0) > planner.value(at_far, 0)
    assert bot_march.advance(halves, 0) <= bot_march.advance(at_nearer, 0)


def test_two_armies_beside_one_city_count_as_one_claim():
    """ "Players who solely occupy neutral City Areas ... conquer those
    cities": one unit takes a city, so a second army beside the same city
    adds nothing to ``reach``."""
    state = _board()
    board = map_of(state)
    for city, record in state["cities"].items():
        record["owner"] = 0
    target = next(
        city
        for city in _open_cities(state)
        if sum(
            1
            for there, border in board.neighbours(city).items()
            if board.areas[there].is_land
            and there not in state["cities"]
            and there not in state["impassable"]
            and land_step_ok(state, 0, border)
        )
        >= 2
    )
    state["cities"][target]["owner"] = None
    first, second = [
        there
        for there, border in board.neighbours(target).items()
        if board.areas[there].is_land
        and there not in state["cities"]
        and there not in state["impassable"]
        and land_step_ok(state, 0, border)
    ][:2]
    one = dict(state, units={first: [_unit(0, "hoplite", 2)]})
    two = dict(state, units={first: [_unit(0, "hoplite", 2)], second: [_unit(0, "hoplite", 2)]})
    assert bot_reach.reach(one, 0) == bot_reach.reach(two, 0) > 0.0


def test_a_mine_built_this_turn_is_not_built_over():
    """A Mine holds one City Upgrade; one placed this turn is "Under
    Construction": building there again spends a second Build for one upgrade."""
    state = _until(GAME.new(2, {"homes": "random"}, 1), 0, "action")
    mine = next(iter(state["mines"]))
    state["mines"][mine] = new_upgrade("stables", BUILDING)
    assert planner._tears_down_progress(state, 0, f"build barracks {mine}")
    assert planner._tears_down_progress(state, 0, f"exchange build barracks {mine}")
    state["mines"][mine] = new_upgrade("stables", ACTIVE)
    assert not planner._tears_down_progress(state, 0, f"build barracks {mine}")


def _with_mine(state: dict, seat: int) -> str:
    """A Mine beside the seat's Home City (the ``build ... <mine>`` wording)."""
    home = state["seats"][seat]["city"]
    return next(mine for mine in map_of(state).mines_of(home) if mine in state["mines"])


def test_a_mine_upgrade_is_replaced_like_a_settlement_one():
    """ "City Upgrades may replace an existing Active or Under Construction City
    Upgrade" on a Mine too, though its wording names no ``over``: the planner
    does not weigh the same upgrade again (an Active Market only becomes one
    Under Construction), nor the seat's last Market, nor an upgrade one of its
    objectives counts with none to spare."""
    state = _until(GAME.new(2, {"homes": "random"}, 1), 0, "action")
    mine = _with_mine(state, 0)
    state["mines"][mine] = new_upgrade("market", ACTIVE)
    assert planner._tears_down_progress(state, 0, f"build market {mine}")
    home = state["seats"][0]["city"]
    state["cities"][home] = dict(state["cities"][home], slots=[None] * len(state["cities"][home]["slots"]))
    assert upgrade_count(state, 0, "market") == 1
    assert planner._tears_down_progress(state, 0, f"build stables {mine}")  # the last Market
    state["seats"][0]["ethos"] = ["piety", "knowledge"]
    state["mines"][mine] = new_upgrade("temple", ACTIVE, "zeus")
    assert planner._tears_down_progress(state, 0, f"build stables {mine}")  # Piety counts it


def test_a_seat_without_markets_may_build_one_over_anything():
    """ "Without Markets, a player may not move their units": a seat whose
    Home City is full of Temples for Piety (4 Temples) and has no Market
    anywhere may still weigh a Market over one of them — otherwise it never
    marches again — but not a Stables."""
    state = _until(GAME.new(2, {"homes": "random"}, 1), 0, "action")
    home = state["seats"][0]["city"]
    slots = [new_upgrade("temple", ACTIVE, "zeus") for _ in state["cities"][home]["slots"]]
    state["cities"][home] = dict(state["cities"][home], slots=slots)
    state["seats"][0]["ethos"] = ["piety", "knowledge"]
    for mine in map_of(state).mines_of(home):
        state["mines"][mine] = None
    assert upgrade_count(state, 0, "market") == 0
    assert not planner._tears_down_progress(state, 0, f"build market {home} over temple-zeus")
    assert planner._tears_down_progress(state, 0, f"build stables {home} over temple-zeus")


def test_an_army_massed_for_an_attack_still_counts():
    """Units massed against an enemy area wait in the Movement until the attack
    is launched, and "Assaults never launched stay home": the planner counts
    them where they came from, so massing an army is not valued as losing it."""
    state = _board()
    home = state["seats"][0]["city"]
    state["units"] = {home: [_unit(0, "hoplite", 3)]}
    massed = dict(
        state,
        units={home: [_unit(0, "hoplite", 1)]},
        stack=[{"kind": "move", "seat": 0, "area": home, "assaults": {"elsewhere": [_unit(0, "hoplite", 2)]}}],
    )
    assert planner._army(planner.projected(massed), 0) == planner._army(planner.projected(state), 0)


def test_a_government_in_place_is_not_replaced():
    """ "The player returns their Active Government Marker to the pool and
    places a new Government": the Tyranny's Barracks goes with it, and the
    planner cannot weigh what a government does, so it keeps the one it has."""
    state = _until(GAME.new(2, {"homes": "random"}, 1), 0, "action")
    home = state["seats"][0]["city"]
    assert state["cities"][home]["government"] is not None
    assert planner._tears_down_progress(state, 0, f"build government republic {home}")
    assert planner._tears_down_progress(state, 0, f"exchange build government republic {home}")
    state["cities"][home] = dict(state["cities"][home], government=None)
    assert not planner._tears_down_progress(state, 0, f"build government republic {home}")


def test_a_rival_a_city_short_of_empire_is_nearly_there():
    """Empire asks "Own 8 cities": a rival with seven is one conquest short and
    may take it before the turn ends, so it counts as half met."""
    state = _board()
    state["seats"][1]["ethos"] = ["piety", "wealth"]
    spare = [c for c in _open_cities(state) if c not in (s["city"] for s in state["seats"])]
    for city in spare[:6]:
        state["cities"][city]["owner"] = 1
    assert len(owned_cities(state, 1)) == 7
    assert bot_race.estimated_objectives(state, 0, 1) == bot_race.NEAR_PATHOS[1]


def test_commerce_is_never_exchanged_for_commerce():
    """ "A player may spend 3 Commerce ... to take a ... Supply Action", and
    Supplying Commerce takes "1 Commerce Token": three for one, never weighed."""
    assert planner._wasted("exchange supply commerce from athens")
    assert not planner._wasted("exchange supply athens from athens")
    assert not planner._wasted("supply commerce from athens")


def test_a_mine_a_rival_occupies_is_not_built_on():
    """ "If the Active Player's units solely occupy an Area with enemy City
    Upgrades on Mines during a Movement action, they may raid them": a Build
    on a Mine whose area a rival's unit holds alone is lost at that rival's
    next Movement, so the planner never weighs it; with one of the seat's own
    units there too, or none at all, it does."""
    state = _until(GAME.new(2, {"homes": "random"}, 1), 0, "action")
    mine = _with_mine(state, 0)
    area = map_of(state).mines[mine].area
    state["mines"][mine] = None
    state["seats"][0]["advancements"].append("mining")  # "only ... if they have researched the Mining Advancement"
    state["units"][area] = [_unit(1, "cavalry")]
    legal = GAME.legal(state, 0)
    assert f"build market {mine}" in legal
    assert planner._raided(state, 0, f"build market {mine}")
    assert planner._raided(state, 0, f"exchange build market {mine}")
    assert not any(mine in action for action in planner._candidates(state, current(state), 0, legal))
    state["units"][area] = [_unit(1, "cavalry"), _unit(0, "hoplite")]
    assert not planner._raided(state, 0, f"build market {mine}")
    state["units"][area] = []
    assert not planner._raided(state, 0, f"build market {mine}")
    home = state["seats"][0]["city"]
    assert not planner._raided(state, 0, f"build market {home} over academy")
