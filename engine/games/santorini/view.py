"""The public view of a game: everything on the table, nothing else (a
Santorini game has no secrets)."""

from __future__ import annotations

from typing import Any

from engine.games.santorini import setup
from engine.games.santorini.board import square_name
from engine.games.santorini.describe import pool_name, stage_choices
from engine.games.santorini.gods import CARDS
from engine.games.santorini.gods.selene import female_worker
from engine.games.santorini.rules import colour
from engine.games.santorini.state import OFF, State

_PROMPTS = {
    "offer": "to offer gods",
    "choose": "to choose a god",
    "first": "to pick the start player",
    "place": "to place workers",
}


def public_view(state: State) -> dict[str, Any]:
    occupant = {sq: w for w, sq in enumerate(state.workers) if sq != OFF}
    females = {female_worker(state, s) for s in range(state.players) if state.gods[s] == "selene"}
    acting = _acting(state)
    return {
        "game": "santorini",
        "players": state.players,
        "mode": state.mode,
        "seats": [colour(s) for s in range(state.players)],
        "pools": [
            {"seats": [s for s in range(state.players) if state.pool_of[s] == pool], "name": pool_name(state, pool)}
            for pool in sorted(set(state.pool_of))
        ],
        "pool_of": list(state.pool_of),
        "gods": [_god(state, seat) for seat in range(state.players)],
        "squares": [
            {
                "name": square_name(i),
                "level": state.blocks[i],
                "dome": state.domes[i],
                "worker": state.owner[occupant[i]] if i in occupant else None,
                "female": occupant.get(i, OFF) in females,
            }
            for i in range(25)
        ],
        "phase": state.phase,
        "stage": state.turn.stage if state.phase == "play" and state.turn else None,
        "turn": acting,
        "start": state.start,
        "prompt": _prompt(state, acting),
        "offered": [
            {"name": g, "display": CARDS[g].display, "reminder": CARDS[g].reminder}
            for g in state.setup.get("offered", [])
        ]
        if state.phase in ("offer", "choose")
        else [],
        "last": _highlights(state),
        "alive": list(state.alive),
        "winners": list(state.winners),
        "reason": state.reason,
    }


def _acting(state: State) -> int | None:
    if state.phase == "over":
        return None
    if state.phase == "play":
        return state.live_turn.seat
    return setup.actor(state)


def _prompt(state: State, acting: int | None) -> str:
    if state.phase == "over":
        names = " and ".join(colour(s) for s in state.winners)
        if len(state.winners) == 1 and state.reason.startswith(names + " "):
            return f"{state.reason} and wins."  # "Orange moved up onto a level-3 tower and wins."
        return f"{names} win{'s' if len(state.winners) == 1 else ''}: {state.reason}." if names else state.reason
    assert acting is not None  # only a finished game has nobody to act
    if state.phase != "play":
        return f"{colour(acting)} {_PROMPTS.get(state.phase, 'to act')}"
    return f"{colour(acting)} {_turn_prompt(state)}"


def _turn_prompt(state: State) -> str:
    """What the player to move may do at this stage of the turn: "to move",
    "to move again or pass", "to build or pass" (Morpheus), "to move or
    build" (Prometheus)."""
    words, optional = stage_choices(state)
    text = "to " + " or ".join(words) if words else "to finish the turn"
    return text + " or pass" if optional and words else text


def _god(state: State, seat: int) -> dict[str, Any] | None:
    name = state.gods[seat]
    if name is None:
        return None
    card = CARDS[name]
    status = ""
    if name == "morpheus":
        status = f"{state.tokens.get(name, 0)} banked"
    elif name == "athena" and state.moved_up_last[seat]:
        status = "active"
    return {
        "name": name,
        "display": card.display,
        "title": card.title,
        "timing": card.timing,
        "reminder": card.reminder,
        "text": card.text,
        "status": status,
    }


def _highlights(state: State) -> dict[str, list[Any]]:
    """What the picture marks: the turn in progress once it has done
    something (a winning move ends the game mid-turn), else the last finished
    turn together with anything since (a player knocked out)."""
    moves, forces, builds, removed, placed = [], [], [], [], []
    acting = {"move", "force", "build", "dome", "unbuild", "place"}
    events = state.turn_log if any(e[0] in acting for e in state.turn_log) else state.last_log + state.turn_log
    for event in events:
        kind = event[0]
        if kind == "move":
            moves.append([square_name(event[2]), square_name(event[3])])
        elif kind == "force":
            forces.append([square_name(event[2]), square_name(event[3])])
        elif kind in ("build", "dome", "unbuild"):
            builds.append(square_name(event[1]))
        elif kind == "kill":
            removed.append(square_name(event[2]))
        elif kind == "place":
            placed.append(square_name(event[2]))
    return {"moves": moves, "forces": forces, "builds": builds, "removed": removed, "placed": placed}
