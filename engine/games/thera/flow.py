"""The flow of a game: set-up, role choice, phases, favor, the end.

Rulebook (Turn Overview): "On your turn, choose one of the six roles ... The
very first player to take their turn places the 13th favor token on the role
they chose. Every player, including yourself, performs the normal action/s
for the role. You are the favored player ... You may spend drachma to gain
additional temporary favor equal to the amount of drachma you have spent."
"Once everyone has performed their actions, check to see if anyone built any
luxury buildings this turn. They score the current novelty value ... Move the
novelty tracker for any building type built this turn down one space."
"Finally, discard any temporary favor on the role, take all the favor tokens
from the action selected and distribute them clockwise around the role wheel
... The player to your left now chooses the role for the next turn."

Endgame: "Play continues until the last Luxury building is drawn from the
Luxury bag. At that point, every player except the current player gets to
take one more turn ... and then the game is over."

Two Player Thera: "make a note of the role that the last Favor token lands on
while being redistributed. After your normal turn, that role's phase is
started ... Neither player gets any favored actions. After you and your
opponent are done ... redistribute the favor tokens on that action as
normal."

Divine Intervention: "At any point in the game, before the owner of the
token performs the normal actions of the phase that was chosen, they may
discard a Divine Intervention token to move every resource on their island
once."

Every phase but the Noble's is simultaneous: all seats act at once and each
ends with ``done`` (``pass`` says the same). A seat with nothing left to do
is finished for it automatically, except that a seat holding a Divine
Intervention token is asked in every phase until it acts: the rulebook lets
it walk resources toward a site it means to use in a later phase, which only
its owner can judge. While the only open question is such a token, the game
is in the short ``divine`` reaction window.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.core import IllegalAction
from engine.games.thera import builder, construction, movement, noble, notation, planner, priest, setup, trader, worker
from engine.games.thera.components import COMPONENTS
from engine.games.thera.notation import Action
from engine.games.thera.options import two_player_phase
from engine.games.thera.phase import new_phase
from engine.games.thera.state import State

BEGIN: dict[str, Callable[[State], None]] = {
    "priest": priest.begin,
    "noble": noble.begin,
    "worker": worker.begin,
    "planner": planner.begin,
    "builder": builder.begin,
    "trader": trader.begin,
}
"""Each role's start of phase: neutral actions, automatic gains, allowances."""

ROLE_OPTIONS: dict[str, tuple[Callable[[State, int], Iterator[str]], ...]] = {
    "priest": (priest.options,),
    "noble": (noble.options, construction.build_options),
    "worker": (worker.options,),
    "planner": (planner.options, construction.road_options),
    "builder": (construction.build_options, construction.road_options),
    "trader": (trader.options,),
}
"""Each role's own steps, before the moves, ``divine`` and ``done``."""

ROLE_WORK: dict[str, Callable[[State, int], bool]] = {
    "priest": priest.has_work,
    "noble": noble.has_work,
    "worker": worker.has_work,
    "planner": planner.has_work,
    "trader": trader.has_work,
}
"""Whether a seat has the role's own steps left (the Builder has none but
construction, which ``has_work`` checks in every phase, like moves)."""

PHASE_STEPS: dict[str, tuple[frozenset[str] | None, Callable[[State, int, Action], None]]] = {
    "divine": (None, movement.apply_divine),
    "move": (None, movement.apply_move),
    "water": (frozenset({"priest"}), priest.apply_water),
    "spring": (frozenset({"priest"}), priest.apply_spring),
    "envoy": (frozenset({"priest"}), priest.apply_envoy),
    "swap": (frozenset({"priest"}), priest.apply_swap),
    "take": (frozenset({"noble"}), noble.apply_take),
    "work": (frozenset({"worker"}), worker.apply_work),
    "crossroads": (frozenset({"planner"}), planner.apply_crossroads),
    "build": (frozenset({"builder", "noble"}), construction.apply_build),
    "road": (frozenset({"builder"}), construction.apply_road),
    "free": (frozenset({"planner", "builder"}), construction.apply_free_road),
    "drachma": (frozenset({"trader"}), trader.apply_drachma),
    "sell": (frozenset({"trader"}), trader.apply_sell),
    "buy": (frozenset({"trader"}), trader.apply_buy),
}
"""Phase steps: the roles whose phase allows the verb (None: any) and how to apply it."""

SETUP_STEPS = {"keep": setup.apply_keep, "place": setup.apply_place, "put": setup.apply_put}


# -- whose move -----------------------------------------------------------------------


def to_move(state: State) -> list[int]:
    """The seats that may act: everyone still busy in a simultaneous phase, the picker in the Noble's."""
    step = state["step"]
    if step == "choose":
        return [state["turn"]]
    if step == "phase":
        phase = state["phase"]
        if phase["role"] == "noble":
            return [phase["order"][phase["cursor"]]]
        return [seat for seat in range(state["players"]) if not phase["done"][seat]]
    if step == "setup":
        return [seat for seat in range(state["players"]) if not state["setup"]["done"][seat]]
    return []


def legal(state: State, seat: int) -> list[str]:
    """Every action ``seat`` may take now: the role's own steps, moves, ``divine``, ``done``."""
    if seat not in to_move(state):
        return []
    step = state["step"]
    if step == "setup":
        return list(setup.options(state, seat))
    if step == "choose":
        return [notation.choose(role, spend) for role in state["wheel"] for spend in range(state["drachma"][seat] + 1)]
    phase = state["phase"]
    actions: list[str] = []
    for generate in ROLE_OPTIONS[phase["role"]]:
        actions.extend(generate(state, seat))
    actions.extend(movement.options(state, seat))
    if movement.may_intervene(state, seat):
        actions.append("divine")
    if phase["role"] != "noble" or noble.must_act(state, seat) is None:
        actions.append("done")
    return actions


def has_work(state: State, seat: int) -> bool:
    """Whether ``seat`` still has something to do in this phase: a step of
    the role, a building or road, a move, or a Divine Intervention token it
    may still use ("at any point in the game")."""
    return _role_work(state, seat) or movement.can_move(state, seat) or movement.may_intervene(state, seat)


def only_divine(state: State, seat: int) -> bool:
    """Whether the seat's only open question is its Divine Intervention token."""
    return movement.may_intervene(state, seat) and not movement.can_move(state, seat) and not _role_work(state, seat)


def reaction_window(state: State) -> str | None:
    """``"divine"`` while every seat the phase waits for has nothing to
    decide but whether to use a Divine Intervention token, else None."""
    if state["step"] != "phase":
        return None
    waiting = to_move(state)
    return "divine" if waiting and all(only_divine(state, seat) for seat in waiting) else None


def _role_work(state: State, seat: int) -> bool:
    own = ROLE_WORK.get(state["phase"]["role"])
    return (own is not None and own(state, seat)) or construction.has_work(state, seat)


# -- playing --------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action) -> None:
    """Apply a parsed action to ``state`` (a copy the caller owns), then run
    the game forward to the next decision. Raises ``IllegalAction``."""
    step = state["step"]
    if step == "setup":
        if action.verb not in SETUP_STEPS:
            raise IllegalAction(
                "During the advanced set-up you `keep` two tiles, then `place` their buildings "
                "and `put` their resources on your start locations."
            )
        SETUP_STEPS[action.verb](state, seat, action)
        if setup.complete(state):
            state["setup"] = None
            state["step"] = "choose"
        return
    if step == "choose":
        if action.verb != "choose":
            raise IllegalAction(
                "It is your turn to choose a role: `choose <role>`, optionally spending "
                "drachma for extra favor (`choose builder +2`)."
            )
        choose(state, seat, action.role, action.spend)
    else:
        _phase_step(state, seat, action)
    advance(state)


def _phase_step(state: State, seat: int, action: Action) -> None:
    role = state["phase"]["role"]
    if action.verb == "done":
        done(state, seat)
        return
    if action.verb == "choose":
        raise IllegalAction(
            f"The {role.title()} phase is still running: the next role is chosen once every "
            f"player has finished it. Take your steps or say `done`."
        )
    if action.verb not in PHASE_STEPS:
        raise IllegalAction(f"`{action.verb}` is not a step of the {role.title()} phase; `legal` lists yours.")
    roles, handler = PHASE_STEPS[action.verb]
    if roles is not None and role not in roles:
        owners = " or ".join(sorted(r.title() for r in roles))
        raise IllegalAction(f"`{action.verb}` is a {owners} step; this is the {role.title()} phase.")
    handler(state, seat, action)


def choose(state: State, seat: int, role: str, spend: int) -> None:
    """Choose the role, spend drachma for temporary favor, start its phase."""
    if spend > state["drachma"][seat]:
        raise IllegalAction(f"You have {state['drachma'][seat]} drachma; you cannot spend {spend} for favor.")
    slot = state["wheel"].index(role)
    state["favor"][slot] += state["reserve"]  # the 13th token, on the very first choice
    state["reserve"] = 0
    state["drachma"][seat] -= spend
    state["chosen_by"][slot] = seat
    tokens = state["favor"][slot]
    state["last"] = {"seat": seat, "role": role, "tokens": tokens, "spent": spend}
    start_phase(state, role, seat, tokens + spend, spend, second=False)


def start_phase(state: State, role: str, favored: int | None, favor: int, spent: int, second: bool) -> None:
    """Open a phase and run its start: neutral actions, automatic gains, allowances."""
    state["phase"] = new_phase(state, role, favored, favor, spent, second)
    state["step"] = "phase"
    BEGIN[role](state)


def done(state: State, seat: int) -> None:
    """``done``: the seat has finished this phase (a Worker's unused buildings activate first)."""
    phase = state["phase"]
    if phase["role"] == "noble":
        reason = noble.must_act(state, seat)
        if reason:
            raise IllegalAction(reason)
    if phase["role"] == "worker":
        worker.finish(state, seat)
    phase["credits"][seat] = {}
    phase["done"][seat] = True


def advance(state: State) -> None:
    """Finish seats with nothing left to do; close phases everyone finished;
    go on until someone has a decision to make or the game is over."""
    while state["step"] == "phase":
        phase = state["phase"]
        if phase["role"] == "noble":
            order = phase["order"]
            while phase["cursor"] < len(order):
                seat = order[phase["cursor"]]
                if not phase["done"][seat] and has_work(state, seat):
                    return
                phase["done"][seat] = True
                phase["cursor"] += 1
        else:
            for seat in phase["order"]:
                if not phase["done"][seat] and not has_work(state, seat):
                    phase["done"][seat] = True
            if not all(phase["done"]):
                return
        close_phase(state)


def close_phase(state: State) -> None:
    """Score novelty, redistribute the role's favor, then the second phase or the next turn."""
    phase = state["phase"]
    if phase["role"] == "noble":
        noble.finish(state)
    score_novelty(state, phase["built"])
    landing = redistribute(state, state["wheel"].index(phase["role"]))
    state["phase"] = None
    if not phase["second"] and landing is not None and two_player_phase(state["options"], state["players"]):
        start_phase(state, state["wheel"][landing], None, 0, 0, second=True)
        return
    end_turn(state)


def score_novelty(state: State, built: list[list]) -> None:
    """Each luxury built this phase scores its type's current novelty value;
    each type built moves down one space, however many were built."""
    track = COMPONENTS.novelty_track
    for seat, kind in built:
        state["bonus"][seat] += track[state["novelty"][kind]]
    for kind in {kind for _, kind in built}:
        state["novelty"][kind] = min(state["novelty"][kind] + 1, len(track) - 1)


def redistribute(state: State, slot: int) -> int | None:
    """Take the chosen role's tokens and place them one by one clockwise from
    the next role. Returns the slot where the last token landed (None if the
    role had none)."""
    favor = state["favor"]
    tokens, favor[slot] = favor[slot], 0
    position = slot
    for _ in range(tokens):
        position = (position + 1) % len(favor)
        favor[position] += 1
    return position if tokens else None


def end_turn(state: State) -> None:
    """The next player to the left chooses, unless the final round has ended."""
    if state["final_seat"] is not None and state["turn"] == state["final_seat"]:
        state["step"] = "over"
        return
    state["turn"] = (state["turn"] + 1) % state["players"]
    state["step"] = "choose"
