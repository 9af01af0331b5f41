"""Combat: dice, strength, casualties, leaders and withdrawals.

"Combat consists of one or more Combat Rounds ... The Active Player is always
the attacker." Each round:

1. Land: "If the player has one or more Hoplites in the battle, take 1 Green
   die ... If at least one of the Hoplites is elite, take a second Green die."
   Likewise a Red die for Cavalry (+1 if elite), and "If the player has both
   Hoplites and Cavalry ... one additional Green die for having Combined Arms."
   Sea: "If the player has one or more Triremes ... take 1 Blue die. If at
   least one of the Triremes is elite, take a second Blue die."
2. "If the player has one or more Heroes in the battle, they take one Yellow
   hero die."
3-4. "Only the highest number each player rolled on Blue, Green, or Red dice
   counts. That number is their Combat Strength."
5. Yellow: ++ adds 2, + adds 1, blank nothing, - "Their Hero is killed":
   "Players apply any effects of the Yellow die they rolled to themselves",
   so a player with both a Hero and Alcibiades there picks which one falls.
6. "The player with the higher Combat Strength chooses one enemy unit to
   destroy." 7. "In the case of a tie, both players remove one enemy unit
   simultaneously."

Also: "Heroes on Land that are alone fight by rolling a Yellow die only and
adding the results to a base Combat Strength of 0. Heroes at Sea without
Triremes are eliminated. Triremes on Land that are alone with enemy Land units
are automatically eliminated." City Walls: "The defender rolls 1 extra Green
combat die; The defender receives a +1 to their final Combat Strength; Neither
side receives a bonus Green die for Combined Arms." Brilliant General/Admiral:
placed "during any Combat Round before dice are rolled ... +1 to the final
Combat Strength each Combat Round for the rest of this Combat."
"After each round of Combat, players may Withdraw, starting with the attacker":
the attacker back to where it came from, the defender "to an adjacent Area
containing either a city or units owned by the defender ... If no friendly Area
is available, they may retreat to a neutral Area".

A defender that withdraws into an Empty Area of the Explorable Map explores
it at once (``maps.explore.after_retreat``).

Before each round's dice the combatants may cast Combat Invocations (a
casting window): they add to the round's strength (``mods``) or to every
round (``lasting``), add dice, destroy a unit (Rout) or end the combat
(Peace). "Units may never retreat from an Area containing a Creature."

Notation: ``general`` / ``admiral`` (place the leader) or ``roll``;
``destroy <unit>`` (the winner's pick); ``lose hero`` / ``lose alcibiades``
(which Hero a Yellow ``-`` kills, when both are there); ``fight`` or ``withdraw`` (attacker) /
``withdraw <area>`` (defender).
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction, Rng
from engine.games.hellenica import advancements as adv
from engine.games.hellenica.board import CLEARING
from engine.games.hellenica.cities import has_walls
from engine.games.hellenica.components import CREATURES, DICE_FACES, HEROES, NUMERIC_DICE, RULES, UNITS, YELLOW_EFFECTS
from engine.games.hellenica.interdiction import arrival_used, blocked, creature_at
from engine.games.hellenica.maps import explore
from engine.games.hellenica.movement import land_step_ok, trireme_chain
from engine.games.hellenica.notation import listing, parse_unit, unit_token
from engine.games.hellenica.state import (
    government_city,
    log,
    map_of,
    put_stacks,
    remove_owner,
    rng_of,
    seat_name,
    stacks,
    store_rng,
    take_units,
    unit_owners,
    unit_word,
)
from engine.games.hellenica.steps import Step, finish, push, register

COMBAT = RULES["combat"]
LAND_UNITS = ("hoplite", "cavalry") + HEROES
LEADER_WORD = {"land": "general", "sea": "admiral"}
DICE_ORDER = ("green", "red", "blue", "yellow")


# ---------------------------------------------------------------------------
# Pure rules: dice pools and strength


def dice_pool(
    units: list[dict[str, Any]], *, sea: bool, defender: bool = False, walls: bool = False, extra: tuple[str, ...] = ()
) -> dict[str, int]:
    """The dice one side takes for a combat round. ``units`` are that side's
    stacks; ``walls`` means City Walls stand in a land combat; ``extra`` are
    dice from advancements (Tactics, Ramming)."""

    def present(kind: str, elite: bool | None = None) -> bool:
        return any(s["kind"] == kind and s["n"] > 0 and (elite is None or s["elite"] == elite) for s in units)

    pool: dict[str, int] = {}

    def take(colour: str, n: int = 1) -> None:
        pool[colour] = pool.get(colour, 0) + n

    if sea:
        if present("trireme"):
            take("blue")
            if present("trireme", True):
                take("blue")
            for colour in extra:
                take(colour)
    else:
        if present("hoplite") or present("cavalry"):
            if present("hoplite"):
                take("green")
                if present("hoplite", True):
                    take("green")
            if present("cavalry"):
                take("red")
                if present("cavalry", True):
                    take("red")
            if present("hoplite") and present("cavalry") and not walls:
                take("green")  # Combined Arms
            for colour in extra:
                take(colour)
        # "The defender rolls 1 extra Green combat die": Heroes behind City
        # Walls are not "alone" and roll it too.
        if defender and walls and any(s["n"] > 0 for s in units if s["kind"] != "trireme"):
            take("green")
    if any(present(kind) for kind in HEROES):
        take("yellow")
    return pool


def roll(rng: Rng, pool: dict[str, int]) -> dict[str, list[Any]]:
    """Roll a pool: faces by colour, in a fixed colour order."""
    return {
        colour: [rng.choice(DICE_FACES[colour]) for _ in range(pool[colour])]
        for colour in DICE_ORDER
        if pool.get(colour)
    }


def strength(rolls: dict[str, list[Any]], bonus: int = 0) -> tuple[int, int]:
    """(Combat Strength, Heroes killed by the Yellow die): the highest Blue,
    Green or Red die (0 with none, as for a lone Hero), the Yellow die's
    plusses, and flat bonuses (walls, leaders)."""
    numeric = [face for colour in NUMERIC_DICE for face in rolls.get(colour, [])]
    total = max(numeric) if numeric else COMBAT["lone_hero_strength"]
    killed = 0
    for face in rolls.get("yellow", []):
        effect = YELLOW_EFFECTS[face]
        if effect == "kill":
            killed += 1
        else:
            total += int(effect)
    return total + bonus, killed


def walls_bonus(state: dict, seat: int) -> int:
    return adv.effect_value(state, seat, "walls_strength", COMBAT["walls_strength"])


def walls_stand(state: dict, area: str, defender: int) -> bool:
    """City Walls count in a land combat in a walled city, or (Acropolis) in
    the defender's own Government City."""
    if area not in state["cities"]:
        return False
    if has_walls(state, area):
        return True
    return adv.has_effect(state, defender, "acropolis") and government_city(state, defender) == area


# ---------------------------------------------------------------------------
# Sides


def side(state: dict, area: str, seat: int) -> list[dict[str, Any]]:
    return [s for s in stacks(state, area) if s["owner"] == seat]


def unit_choices(state: dict, area: str, seat: int) -> list[str]:
    """The distinct units (``hoplite``, ``elite-cavalry``, ...) of a side."""
    return sorted({unit_token(s["kind"], s["elite"]) for s in side(state, area, seat)})


def hero_choices(state: dict, area: str, seat: int) -> list[str]:
    """The kinds of Hero a side has (``hero``, ``alcibiades``)."""
    return [kind for kind in HEROES if any(s["kind"] == kind for s in side(state, area, seat))]


def destroy(state: dict, area: str, owner: int, token: str) -> None:
    kind, elite = parse_unit(token)  # type: ignore[misc]
    take_units(state, area, owner, kind, elite, 1)


def clear_hopeless(state: dict, area: str, seats: list[int]) -> None:
    """Triremes alone on land with enemy land units, and Heroes at sea
    without Triremes, are eliminated."""
    board = map_of(state)
    for seat in seats:
        mine = side(state, area, seat)
        if not mine:
            continue
        enemies_land = any(
            s["kind"] in LAND_UNITS for other in seats if other != seat for s in side(state, area, other)
        )
        if board.areas[area].is_land and enemies_land and all(s["kind"] == "trireme" for s in mine):
            lost = remove_owner(state, area, seat)
            log(
                state,
                f"{seat_name(seat)}'s {lost} trireme{'s' if lost > 1 else ''} alone on land "
                f"{'are' if lost > 1 else 'is'} eliminated.",
            )
        elif board.areas[area].is_sea and not any(s["kind"] == "trireme" for s in mine):
            lost = remove_owner(state, area, seat, HEROES)
            if lost:
                log(state, f"{seat_name(seat)} loses {unit_word('hero', False, lost)} at sea without Triremes.")


# ---------------------------------------------------------------------------
# Withdrawal


def retreats(state: dict, frame: dict) -> list[str]:
    """Where the defender may withdraw: friendly adjacent areas (its city or
    its units), else neutral ones; land units may use Sea Transport."""
    board = map_of(state)
    area, seat = frame["area"], frame["defender"]
    closed = blocked(state) | {area}
    mine = side(state, area, seat)
    candidates: set[str] = set()
    if board.areas[area].is_land:
        for there, border in board.neighbours(area).items():
            if there not in closed and board.areas[there].is_land and land_step_ok(state, seat, border):
                candidates.add(there)
        cargo = sum(s["n"] for s in mine if s["kind"] in ("hoplite", "cavalry"))
        for sea in trireme_chain(state, seat, area, cargo, {}):
            for there, border in board.neighbours(sea).items():
                if there not in closed and board.areas[there].is_land and border == CLEARING:
                    candidates.add(there)
    else:
        for there, border in board.neighbours(area).items():
            if there in closed or not explore.trireme_may_enter(state, there):  # no Trireme explores
                continue
            if board.areas[there].is_sea or border == CLEARING:
                candidates.add(there)
    # Never into other players' units (that would be a new combat).
    open_areas = [t for t in candidates if not unit_owners(state, t) - {seat}]
    friendly = [t for t in open_areas if _city_owner(state, t) == seat or seat in unit_owners(state, t)]
    neutral = [t for t in open_areas if _city_owner(state, t) in (None, seat)]
    order = list(board.areas)
    return sorted(friendly or neutral, key=order.index)


def _city_owner(state: dict, area: str) -> int | None:
    return state["cities"][area]["owner"] if area in state["cities"] else None


# ---------------------------------------------------------------------------
# The combat step


@register
class CombatStep(Step):
    """One combat, round after round, until a side is gone or withdraws."""

    kind = "combat"

    # -- flow ------------------------------------------------------------------

    def enter(self, state: dict, frame: dict) -> None:
        if frame.get("step") == "cast":  # back from the round's casting window
            self._after_window(state, frame)
            return
        self.prepare(state, frame)
        if frame["defender"] is None:
            finish(state, frame)
            return
        self._next_round(state, frame)

    def prepare(self, state: dict, frame: dict) -> None:
        """Fill in the combat's bookkeeping: who defends, on land or at sea."""
        area = frame["area"]
        others = sorted(unit_owners(state, area) - {frame["attacker"]})
        frame.update(
            defender=others[0] if others else None,
            round=0,
            leaders=[],
            asked=[],
            choosers=[],
            picks={},
            last=None,
            step="",
            decider=None,
            sea=map_of(state).areas[area].is_sea,
            mods={},
            lasting={},
            dice={},
            peace=False,
        )

    def _fighters(self, frame: dict) -> list[int]:
        return [frame["attacker"], frame["defender"]]

    def _over(self, state: dict, frame: dict) -> bool:
        clear_hopeless(state, frame["area"], self._fighters(frame))
        return any(not side(state, frame["area"], seat) for seat in self._fighters(frame))

    def _next_round(self, state: dict, frame: dict) -> None:
        if self._over(state, frame):
            self._end(state, frame)
            return
        frame["round"] += 1
        frame["asked"] = []
        frame["mods"], frame["dice"] = {}, {}
        # "In order to cast a Combat Invocation, the player must have units in
        # the Combat": the combatants' casting window, before the dice.
        frame["step"], frame["decider"] = "cast", None
        push(state, "window", phase="combat", open_phase=True, exclude=[], combat=frame["id"])
        frame["entered"] = False

    def _after_window(self, state: dict, frame: dict) -> None:
        frame["step"] = ""
        if frame.get("peace"):
            self._peace(state, frame)
        elif self._over(state, frame):
            self._end(state, frame)
        else:
            self._ask_leaders(state, frame)

    def _peace(self, state: dict, frame: dict) -> None:
        """Peace: "The attacking units return to where they came from; the combat ends"."""
        board = map_of(state)
        attacker = frame["attacker"]
        group = [dict(s) for s in stacks(state, frame["area"]) if s["owner"] == attacker]
        remove_owner(state, frame["area"], attacker)
        for stack in group:
            put_stacks(state, frame["origin"], [stack], used=arrival_used(state, frame["origin"], stack["used"]))
        self._end(state, frame, f"peace: {seat_name(attacker)} returns to {board.title(frame['origin'])}.")

    def _leader_candidates(self, state: dict, frame: dict) -> list[int]:
        terrain = "sea" if frame["sea"] else "land"
        return [
            seat
            for seat in self._fighters(frame)
            if adv.has_leader(state, seat, terrain)
            and terrain not in state["seats"][seat]["leaders_used"]
            and seat not in frame["leaders"]
            and seat not in frame["asked"]
        ]

    def _ask_leaders(self, state: dict, frame: dict) -> None:
        waiting = self._leader_candidates(state, frame)
        if waiting:
            frame["step"], frame["decider"] = "leaders", waiting[0]
        else:
            self._roll(state, frame)

    def _roll(self, state: dict, frame: dict) -> None:
        rng = rng_of(state)
        attacker, defender = self._fighters(frame)
        rolls = {seat: roll(rng, self.pool(state, frame, seat)) for seat in (attacker, defender)}
        store_rng(state, rng)
        self.resolve(state, frame, rolls)

    def pool(self, state: dict, frame: dict, seat: int) -> dict[str, int]:
        terrain = "sea" if frame["sea"] else "land"
        attacking = seat == frame["attacker"]
        walls = not frame["sea"] and walls_stand(state, frame["area"], frame["defender"])
        extra = tuple(adv.attack_dice(state, seat, terrain)) if attacking else ()
        extra += tuple(frame.get("dice", {}).get(str(seat), ()))
        return dice_pool(
            side(state, frame["area"], seat), sea=frame["sea"], defender=not attacking, walls=walls, extra=extra
        )

    def bonus(self, state: dict, frame: dict, seat: int) -> int:
        total = COMBAT["leader_strength"] if seat in frame["leaders"] else 0
        total += frame.get("mods", {}).get(str(seat), 0) + frame.get("lasting", {}).get(str(seat), 0)
        if seat == frame["defender"] and not frame["sea"] and walls_stand(state, frame["area"], seat):
            total += walls_bonus(state, seat)
        return total

    def resolve(self, state: dict, frame: dict, rolls: dict[int, dict[str, list[Any]]]) -> None:
        """Apply one round's dice: Yellow effects, then the stronger side (or
        both, on a tie) destroys an enemy unit."""
        area = frame["area"]
        attacker, defender = self._fighters(frame)
        scores, kills = {}, {}
        for seat in (attacker, defender):
            scores[seat], kills[str(seat)] = strength(rolls[seat], self.bonus(state, frame, seat))
        if scores[attacker] == scores[defender]:
            winners = [attacker, defender]
        else:
            winners = [attacker if scores[attacker] > scores[defender] else defender]
        frame["last"] = {
            "round": frame["round"],
            "rolls": {str(s): _faces(rolls[s]) for s in rolls},
            "strength": {str(s): scores[s] for s in scores},
            "winners": winners,
        }
        outcome = "a tie" if len(winners) == 2 else f"{seat_name(winners[0])} wins the round"
        log(
            state,
            f"Round {frame['round']} in {map_of(state).title(area)}: {seat_name(attacker)} rolls "
            f"{_faces_text(rolls[attacker])} = {scores[attacker]}, {seat_name(defender)} rolls "
            f"{_faces_text(rolls[defender])} = {scores[defender]}: {outcome}.",
        )
        frame["kills"] = {seat: n for seat, n in kills.items() if n}
        self._yellow_kills(state, frame)

    def _yellow_kills(self, state: dict, frame: dict) -> None:
        """ "Players apply any effects of the Yellow die they rolled to
        themselves": a ``-`` kills one of their Heroes — the player picks which
        when both a Hero and Alcibiades are there (step ``hero``)."""
        for key in sorted(frame.get("kills", {})):
            seat = int(key)
            present = hero_choices(state, frame["area"], seat)
            if not present:
                frame["kills"].pop(key)
                continue
            if len(present) > 1:
                frame["step"], frame["decider"] = "hero", seat
                return
            self._kill_hero(state, frame, seat, present[0])
            self._yellow_kills(state, frame)
            return
        frame.pop("kills", None)
        self._casualties(state, frame)

    def _kill_hero(self, state: dict, frame: dict, seat: int, kind: str) -> None:
        destroy(state, frame["area"], seat, kind)
        log(state, f"{seat_name(seat)}'s {UNITS[kind].title} falls to the Yellow die.")
        key = str(seat)
        frame["kills"][key] -= 1
        if not frame["kills"][key]:
            del frame["kills"][key]

    def _casualties(self, state: dict, frame: dict) -> None:
        """The round's winner (both, on a tie) picks an enemy unit to destroy."""
        area = frame["area"]
        attacker, defender = self._fighters(frame)
        frame["choosers"], frame["picks"] = [], {}
        for seat in frame["last"]["winners"]:
            enemy = defender if seat == attacker else attacker
            choices = unit_choices(state, area, enemy)
            if len(choices) == 1:
                frame["picks"][str(seat)] = choices[0]
            elif choices:
                frame["choosers"].append(seat)
        if frame["choosers"]:
            frame["step"], frame["decider"] = "casualties", None
        else:
            self._apply_picks(state, frame)

    def _apply_picks(self, state: dict, frame: dict) -> None:
        attacker, defender = self._fighters(frame)
        for key, token in sorted(frame["picks"].items()):
            seat = int(key)
            enemy = defender if seat == attacker else attacker
            destroy(state, frame["area"], enemy, token)
            log(state, f"{seat_name(seat)} destroys {seat_name(enemy)}'s {token.replace('-', ' ')}.")
        frame["picks"], frame["choosers"] = {}, []
        if self._over(state, frame):
            self._end(state, frame)
            return
        frame["step"], frame["decider"] = "withdraw", attacker

    def _end(self, state: dict, frame: dict, note: str = "") -> None:
        board = map_of(state)
        terrain = "sea" if frame["sea"] else "land"
        for seat in frame["leaders"]:
            state["seats"][seat]["leaders_used"].append(terrain)
        holders = sorted(unit_owners(state, frame["area"]) & set(self._fighters(frame)))
        if note:
            text = note
        elif len(holders) == 1:
            text = f"{seat_name(holders[0])} holds {board.title(frame['area'])}."
        else:
            text = f"Both sides are destroyed in {board.title(frame['area'])}."
        log(state, f"The combat in {board.title(frame['area'])} ends: {text}")
        finish(state, frame)

    # -- decisions -------------------------------------------------------------

    def seats(self, state: dict, frame: dict) -> list[int]:
        if frame["step"] == "casualties":
            return [s for s in frame["choosers"] if str(s) not in frame["picks"]]
        return [frame["decider"]]

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        if seat not in self.seats(state, frame):
            return []
        step = frame["step"]
        if step == "leaders":
            return [LEADER_WORD["sea" if frame["sea"] else "land"], "roll"]
        if step == "casualties":
            enemy = frame["defender"] if seat == frame["attacker"] else frame["attacker"]
            return [f"destroy {token}" for token in unit_choices(state, frame["area"], enemy)]
        if step == "hero":
            return [f"lose {kind}" for kind in hero_choices(state, frame["area"], seat)]
        if creature_at(state, frame["area"]) is not None:
            return ["fight"]  # "Units may never retreat from an Area containing a Creature."
        if seat == frame["attacker"]:
            return ["fight", "withdraw"]
        return ["fight"] + [f"withdraw {area}" for area in retreats(state, frame)]

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        words = action.split()
        step = frame["step"]
        if step == "leaders":
            self._play_leader(state, frame, seat, words, action)
        elif step == "casualties":
            self._play_casualty(state, frame, seat, words, action)
        elif step == "hero":
            choices = hero_choices(state, frame["area"], seat)
            if len(words) != 2 or words[0] != "lose" or words[1] not in choices:
                raise IllegalAction(
                    f"Your Yellow die rolled -: one of your Heroes falls. Choose which: "
                    f"{listing([f'`lose {k}`' for k in choices], 'or')}."
                )
            self._kill_hero(state, frame, seat, words[1])
            frame["step"], frame["decider"] = "", None
            self._yellow_kills(state, frame)
        else:
            self._play_withdraw(state, frame, seat, words, action)

    def _play_leader(self, state: dict, frame: dict, seat: int, words: list[str], action: str) -> None:
        word = LEADER_WORD["sea" if frame["sea"] else "land"]
        if words == [word]:
            frame["leaders"].append(seat)
            log(state, f"{seat_name(seat)} places the Brilliant {word.title()} (+1 for this combat).")
        elif words == ["roll"]:
            frame["asked"].append(seat)
        elif words and words[0] in LEADER_WORD.values():
            raise IllegalAction(
                f"This combat is on {'sea' if frame['sea'] else 'land'}: the Brilliant {word.title()} serves here."
            )
        else:
            raise self.refuse(state, frame, seat, action)
        self._ask_leaders(state, frame)

    def _play_casualty(self, state: dict, frame: dict, seat: int, words: list[str], action: str) -> None:
        enemy = frame["defender"] if seat == frame["attacker"] else frame["attacker"]
        choices = unit_choices(state, frame["area"], enemy)
        if len(words) != 2 or words[0] != "destroy":
            raise self.refuse(state, frame, seat, action)
        if words[1] not in choices:
            raise IllegalAction(
                f"{seat_name(enemy)} has no {words[1].replace('-', ' ')} here; destroy one of: {', '.join(choices)}."
            )
        frame["picks"][str(seat)] = words[1]
        if all(str(s) in frame["picks"] for s in frame["choosers"]):
            self._apply_picks(state, frame)

    def _play_withdraw(self, state: dict, frame: dict, seat: int, words: list[str], action: str) -> None:
        board = map_of(state)
        attacker, defender = self._fighters(frame)
        if words == ["fight"]:
            if seat == attacker:
                frame["decider"] = defender
                if not retreats(state, frame) or creature_at(state, frame["area"]) is not None:
                    # the defender has nowhere to go (or may not leave): nothing to ask
                    self._next_round(state, frame)
                return
            self._next_round(state, frame)
            return
        if words[:1] != ["withdraw"]:
            raise self.refuse(state, frame, seat, action)
        creature = creature_at(state, frame["area"])
        if creature is not None:
            raise IllegalAction(
                f"Units may never retreat from an Area containing a Creature (the "
                f"{CREATURES[creature].title} is in {board.title(frame['area'])}): `fight`."
            )
        if seat == attacker:
            if len(words) != 1:
                raise IllegalAction(
                    f"The attacker withdraws to where it came from: just `withdraw` (back to "
                    f"{board.title(frame['origin'])})."
                )
            group = [dict(s) for s in stacks(state, frame["area"]) if s["owner"] == attacker]
            remove_owner(state, frame["area"], attacker)
            for stack in group:
                put_stacks(state, frame["origin"], [stack], used=arrival_used(state, frame["origin"], stack["used"]))
            self._end(state, frame, f"{seat_name(attacker)} withdraws to {board.title(frame['origin'])}.")
            return
        options = retreats(state, frame)
        if len(words) != 2 or words[1] not in options:
            where = ", ".join(options) if options else "nowhere: no friendly or neutral area is next to it"
            raise IllegalAction(f"Withdraw to an adjacent friendly area (or a neutral one if none): {where}.")
        # From a land combat only the land units march off; Triremes left alone
        # with enemy land units are then eliminated.
        moving = [
            dict(s)
            for s in stacks(state, frame["area"])
            if s["owner"] == defender and (frame["sea"] or s["kind"] != "trireme")
        ]
        for stack in moving:
            take_units(state, frame["area"], defender, stack["kind"], stack["elite"], stack["n"])
        for stack in moving:
            put_stacks(state, words[1], [stack], used=arrival_used(state, words[1], stack["used"]))
        clear_hopeless(state, frame["area"], self._fighters(frame))
        self._end(state, frame, f"{seat_name(defender)} withdraws to {board.title(words[1])}.")
        explore.after_retreat(state, defender, frame["area"], words[1])  # Explorable Map: an Empty Area entered

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        words = action.split()
        board = map_of(state)
        if words[0] in LEADER_WORD.values():
            return f"place your Brilliant {words[0].title()}: +1 Combat Strength for the rest of this combat"
        if words[0] == "roll":
            return "roll the dice without placing your leader"
        if words[0] == "destroy":
            return f"destroy an enemy {words[1].replace('-', ' ')}"
        if words[0] == "lose":
            return f"the Yellow die's - kills your {UNITS[words[1]].title}"
        if words[0] == "fight":
            return "fight another round"
        if len(words) == 2:
            return f"withdraw to {board.title(words[1])}"
        return f"withdraw to {board.title(frame['origin'])}"

    def title(self, state: dict, frame: dict) -> str:
        where = f"combat in {map_of(state).title(frame['area'])}, round {frame.get('round', 1)}"
        return where + {
            "leaders": ": place the Brilliant leader or roll",
            "casualties": ": choose a casualty",
            "hero": ": which Hero the Yellow die kills",
            "cast": ": Combat Invocations",
            "withdraw": ": fight on or withdraw",
        }.get(frame.get("step", ""), "")


def _faces(rolls: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {colour: list(faces) for colour, faces in rolls.items()}


def _faces_text(rolls: dict[str, list[Any]]) -> str:
    parts = []
    for colour in DICE_ORDER:
        for face in rolls.get(colour, []):
            parts.append(f"{colour}:{face if face != '' else 'blank'}")
    return listing(parts) or "nothing"
