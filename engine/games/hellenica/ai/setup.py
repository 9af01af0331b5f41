"""AI set-up and the shared AI Ethos cards.

- "AI Players start with an AI Government Marker (... a permanent elite
  Hoplite and an elite Cavalry on the Area), 1 Trireme, 2 Hoplites, and no
  City Upgrades on their Home City."
- "AI Players do not use a player board": no Action Cubes; the AI Board
  tracks them (``board``).
- "An AI Player is considered a player for purposes of setting up and
  resetting the Chaos Track" — nothing to do: every seat counts.
- "During the first Ethos phase deal 3 Ethos cards face down ... Once all
  players have selected their Ethos cards during the game, turn these Ethos
  cards face up for all to see. If there is a duplicate, replace the card
  with a random card from the remaining Ethos Deck until there are no
  duplicates. These are the Ethos Objective cards shared by all AI players and
  are not available for the Human players to complete."

Reading: the three cards are dealt when the pieces are placed (before the
first Ethos deal, so people never draw them) and kept apart until every
person has kept two Ethos cards; drawing three different titles at once is
the same as dealing three and replacing duplicates.
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction
from engine.games.hellenica.ai import ai_name, ai_seats
from engine.games.hellenica.ai.board import board_of, new_board
from engine.games.hellenica.ai.cards import BOARD, CARDS, ETHOS
from engine.games.hellenica.components import OBJECTIVES
from engine.games.hellenica.notation import listing
from engine.games.hellenica.state import add_units, log, map_of, own_city, rng_of, store_rng


def checked_seats(players: int, raw: Any) -> list[int]:
    """The AI seats from the option, sorted; ``IllegalAction`` if malformed."""
    if raw is None:
        return []
    if not isinstance(raw, (list, tuple)) or not all(isinstance(s, int) and not isinstance(s, bool) for s in raw):
        raise IllegalAction("`ai_seats` must be a list of seat numbers.")
    seats = sorted(set(raw))
    if len(seats) != len(raw) or any(not 0 <= s < players for s in seats):
        raise IllegalAction(f"`ai_seats` must name different seats from 0 to {players - 1}.")
    return seats


def new_records(seats: list[int]) -> dict[str, Any]:
    """``state["ai"]``: the AI deck, one AI Board row per AI seat, the shared
    Ethos cards (face down in ``ethos_hidden``, then face up in ``ethos``),
    and the Settlements blocked by Creatures (``world``)."""
    return {
        "deck": sorted(CARDS),
        "boards": {str(s): new_board() for s in seats},
        "ethos": [],
        "ethos_hidden": [],
        "blocked": {},
    }


def patron_choosers(state: dict) -> list[int]:
    """The seats that choose a first patron: AI players start with "no City
    Upgrades", so no Temple and no patron; their dealt Deities go back."""
    for seat in ai_seats(state):
        state["seats"][seat]["deity_hand"] = []
    return [seat for seat in range(state["players"]) if seat not in ai_seats(state)]


def place_ai_pieces(state: dict) -> None:
    """Replace the standard starting pieces of every AI seat by the AI's."""
    seats = ai_seats(state)
    if not seats:
        return
    board = map_of(state)
    for seat in seats:
        player = state["seats"][seat]
        home = player["city"]
        city = own_city(state, home)
        city["slots"] = [None] * len(city["slots"])
        city["government"] = None
        state["units"][home] = [s for s in state["units"].get(home, []) if s["owner"] != seat]
        for kind, n in BOARD["units"].items():
            add_units(state, home, seat, kind, n)
        for kind in BOARD["garrison"]:
            add_units(state, home, seat, kind, 1, elite=True)
        player["cubes"] = {action: 0 for action in player["cubes"]}
        player["favor"], player["philosophers"], player["commerce"] = (
            BOARD["favor"],
            BOARD["philosophers"],
            BOARD["commerce"],
        )
        player["ethos_kept"] = True
        board_of(state, seat)["garrison"] = home
        log(
            state,
            f"{ai_name(seat)} is run by the game from {board.title(home)}: its Government Marker "
            f"(an elite Hoplite and an elite Cavalry), {BOARD['units'].get('trireme', 0)} Trireme and "
            f"{BOARD['units'].get('hoplite', 0)} Hoplites, no City Upgrades.",
        )
    _deal_shared_ethos(state)


def _deal_shared_ethos(state: dict) -> None:
    rng = rng_of(state)
    deck = list(state["ethos_deck"])
    chosen: list[str] = []
    while len(chosen) < ETHOS["shared"] and deck:
        card = deck.pop(rng.below(len(deck)))
        if card in chosen:
            continue  # "replace the card with a random card ... until there are no duplicates"
        chosen.append(card)
    # the duplicates drawn go back with the rest; the chosen leave the deck
    rest = list(state["ethos_deck"])
    for card in chosen:
        rest.remove(card)
    state["ethos_deck"] = sorted(rest)
    state["ai"]["ethos_hidden"] = chosen
    store_rng(state, rng)
    reveal_shared_ethos(state)


def reveal_shared_ethos(state: dict) -> None:
    """Turn the AI Ethos cards face up once every person has kept theirs."""
    hidden = state["ai"]["ethos_hidden"]
    if not hidden:
        return
    people = [p for seat, p in enumerate(state["seats"]) if seat not in ai_seats(state)]
    if any(not p["ethos_kept"] for p in people):
        return
    state["ai"]["ethos"], state["ai"]["ethos_hidden"] = list(hidden), []
    log(
        state,
        f"The AI players' shared Ethos objectives are revealed: "
        f"{listing([OBJECTIVES[c].title for c in state['ai']['ethos']])}.",
    )


def check_snapshot(state: dict) -> None:
    """``load``: the AI records are well formed (absent in older states = no AI)."""
    from engine.core import require
    from engine.games.hellenica.ai.board import new_board

    seats = state.get("ai_seats", [])
    require(
        isinstance(seats, list)
        and seats == sorted(set(seats))
        and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < state["players"] for s in seats),
        "ai_seats must be a sorted list of different seats",
    )
    if "ai" not in state:
        require(not seats, "AI seats without their AI records")
        return
    records = state["ai"]
    require(
        isinstance(records, dict) and set(records) - {"blocked"} == {"deck", "boards", "ethos", "ethos_hidden"},
        "bad AI records",
    )
    blocks = records.get("blocked", {})
    require(
        isinstance(blocks, dict)
        and all(
            city in state["cities"]
            and isinstance(b, dict)
            and set(b) == {"seat", "creature", "n"}
            and b["seat"] in seats
            and b["creature"] in state["creatures"]
            and isinstance(b["n"], int)
            and 0 < b["n"] <= len(state["cities"][city]["slots"])
            for city, b in blocks.items()
        ),
        "bad blocked Settlements",
    )
    require(
        isinstance(records["deck"], list)
        and all(c in CARDS for c in records["deck"])
        and len(set(records["deck"])) == len(records["deck"]),
        "bad AI deck",
    )
    for key in ("ethos", "ethos_hidden"):
        require(isinstance(records[key], list) and all(c in OBJECTIVES for c in records[key]), f"bad AI {key}")
    boards = records["boards"]
    require(
        isinstance(boards, dict) and sorted(boards) == sorted(str(s) for s in seats), "one AI Board row per AI seat"
    )
    areas = map_of(state).areas
    for board in boards.values():
        require(isinstance(board, dict) and set(board) == set(new_board()), "bad AI Board row")
        require(
            all(
                isinstance(board[k], int) and not isinstance(board[k], bool) and board[k] >= 0
                for k in ("advancements", "supply")
            ),
            "AI Board tracks must be whole numbers",
        )
        require(board["grudge"] is None or board["grudge"] in range(state["players"]), "bad grudge")
        require(board["garrison"] is None or board["garrison"] in areas, "bad AI Government Marker area")
        require(board["card"] is None or board["card"] in CARDS, "bad AI card")
