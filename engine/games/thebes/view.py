"""What everyone sees: the public view and the plain-words log lines.

Thebes hides nothing but the order of the draw piles and of the bags, so the
view holds everything else (every player's cards, finds and permits) and
counts for the piles and the bag contents.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.games.thebes.bags import (
    GENERAL_TOKEN,
    SPECIALIZED_TOKEN,
    Finds,
    artefact_value,
    bag_summary,
    finds,
    knowledge_target,
)
from engine.games.thebes.board import place_name
from engine.games.thebes.components import (
    ASSISTANT,
    CAR,
    CARD_BY_ID,
    CONGRESS,
    CONNECTIONS,
    EXHIBITION_BY_ID,
    EXHIBITION_BY_KEY,
    PERMIT,
    PLACES,
    SHOVEL,
    SITES,
    TABLES,
    TOKENS,
    ZEPPELIN,
    Exhibition,
    ResearchCard,
)
from engine.games.thebes.excavation import spent_cards, tokens_to_draw
from engine.games.thebes.knowledge import Holdings, holdings
from engine.games.thebes.market import bought_card
from engine.games.thebes.notation import Action, Buy, Dig, Exhibit, Replace, Zeppelin
from engine.games.thebes.rules import plan
from engine.games.thebes.scoring import majorities, score
from engine.games.thebes.state import Player, State
from engine.games.thebes.timetrack import acting_order, weeks_left, year_marker

_PLACES = tuple({"key": p.key, "name": p.name, "kind": p.kind, "colour": p.colour} for p in PLACES)


@lru_cache(maxsize=1024)
def _bag_summary(bag: tuple[str, ...]) -> dict[str, Any]:
    """``bag_summary``, remembered (a bag changes only when dug; callers get a
    copy from ``_bag_view``)."""
    return bag_summary(list(bag))


def _bag_view(bag: list[str]) -> dict[str, Any]:
    """A copy of the bag's summary: counts, and one nested dict of counts
    (copied by hand, several times faster than ``clone`` on every view)."""
    summary = _bag_summary(tuple(bag))
    return {**summary, "artefacts": dict(summary["artefacts"])}


def card_view(card_id: int) -> dict[str, Any]:
    """A card as the views show it: one dict per card, made at import and
    shared by every view (a view is read, never changed)."""
    return _CARD_VIEWS[card_id]


def _card_view(card: ResearchCard) -> dict[str, Any]:
    return {
        "id": card.id,
        "name": card.name,
        "kind": card.kind,
        "city": card.city,
        "weeks": card.weeks,
        "site": card.site,
        "value": card.value,
    }


_CARD_VIEWS = {card_id: _card_view(card) for card_id, card in CARD_BY_ID.items()}


def exhibition_view(exhibition_id: int) -> dict[str, Any]:
    """An exhibition as the views show it (made at import, shared like ``card_view``)."""
    return _EXHIBITION_VIEWS[exhibition_id]


def _exhibition_view(exhibition: Exhibition) -> dict[str, Any]:
    return {
        "id": exhibition.id,
        "key": exhibition.key,
        "name": exhibition.name,
        "city": exhibition.city,
        "size": exhibition.size,
        "points": exhibition.points,
        "weeks": exhibition.weeks,
        "requires": dict(exhibition.requires),
    }


_EXHIBITION_VIEWS = {exhibition_id: _exhibition_view(e) for exhibition_id, e in EXHIBITION_BY_ID.items()}


def _player_view(state: State, seat: int, colour: str, held: Holdings, found: Finds) -> dict[str, Any]:
    player: Player = state.players[seat]
    kinds = held.kinds
    usable = held.usable_points
    return {
        "seat": seat,
        "colour": colour,
        "place": player.place,
        "year": player.year,
        "week": player.week,
        "stamp": player.stamp,
        "weeks_left": weeks_left(player),
        "finished": player.finished,
        "permits": dict(player.permits),
        "cards": [card_view(c) for c in player.cards],
        "knowledge": {
            site: {"books": held.books[site], "usable": usable[site], "local": held.local[site]} for site in SITES
        },
        "general": held.general,
        "assistants": kinds.get(ASSISTANT, 0),
        "shovels": kinds.get(SHOVEL, 0),
        "congress": kinds.get(CONGRESS, 0),
        "cars": kinds.get(CAR, 0),
        "zeppelins": kinds.get(ZEPPELIN, 0),
        "special_permissions": kinds.get(PERMIT, 0),
        "artefacts": {site: list(found.artefacts[site]) for site in SITES},
        "knowledge_tokens": {site: found.specialized[site] for site in SITES},
        "general_tokens": found.general,
        "exhibitions": [exhibition_view(e) for e in player.exhibitions],
    }


PLAYER_PARTS_KEPT = 4096
"""Players' view parts kept for reuse; beyond it the store starts again."""

_PLAYER_PARTS: dict[tuple[Any, ...], tuple[Holdings, Finds, dict[str, Any]]] = {}


def _player_part(state: State, seat: int, colour: str) -> tuple[Holdings, Finds, dict[str, Any]]:
    """A player's holdings, finds and view, remembered by everything they
    read: a move changes one player, so the other players' parts of the
    next view are the ones already made. Shared between views, like every
    view's contents: read, never changed (``engine/games/README.md``)."""
    player = state.players[seat]
    key = (
        seat,
        colour,
        player.place,
        player.year,
        player.week,
        player.stamp,
        player.finished,
        tuple(player.permits.items()),
        tuple(player.cards),
        tuple(player.found),
        tuple(map(tuple, player.found.values())),
        tuple(player.exhibitions),
    )
    kept = _PLAYER_PARTS.get(key)
    if kept is None:
        if len(_PLAYER_PARTS) >= PLAYER_PARTS_KEPT:
            _PLAYER_PARTS.clear()
        held, found = holdings(player), finds(player.found)
        kept = _PLAYER_PARTS[key] = (held, found, _player_view(state, seat, colour, held, found))
    return kept


_BOARD = {
    "places": [dict(place) for place in _PLACES],
    "connections": [list(c) for c in CONNECTIONS],
}
"""The board as every view shows it (one dict, shared by the views: read, never changed)."""


_SITE_VIEWS: dict[tuple[str, bool, tuple[str, ...]], dict[str, Any]] = {}
"""Each site as the views show it, by its bag and whether its first
artefact still lies there (a site changes only when dug)."""


def _site_view(site: str, first_artefact: bool, bag: list[str]) -> dict[str, Any]:
    key = (site, first_artefact, tuple(bag))
    shown = _SITE_VIEWS.get(key)
    if shown is None:
        if len(_SITE_VIEWS) >= PLAYER_PARTS_KEPT:
            _SITE_VIEWS.clear()
        shown = _SITE_VIEWS[key] = {
            "name": place_name(site),
            "first_artefact": first_artefact,
            "knowledge_token_for": knowledge_target(site),
            "bag": _bag_view(bag),
        }
    return shown


_SCORE_ROWS: dict[tuple[int, tuple[tuple[str, int], ...]], tuple[Any, dict[str, Any]]] = {}
"""A player's score row by their part (``_player_part``, by identity: the
part is kept with the row, so its id is not reused) and the majorities they
win: a move changes one player, the others' rows stay."""


def _score_row(state: State, seat: int, part: tuple[Holdings, Finds, dict[str, Any]], won: Any) -> dict[str, Any]:
    key = (id(part), won)
    kept = _SCORE_ROWS.get(key)
    if kept is None or kept[0] is not part:
        if len(_SCORE_ROWS) >= PLAYER_PARTS_KEPT:
            _SCORE_ROWS.clear()
        held, found, _ = part
        kept = _SCORE_ROWS[key] = (part, score(state.players[seat], held, found, won).to_dict())
    return kept[1]


def public_view(state: State, colours: list[str]) -> dict[str, Any]:
    """The whole table as everyone sees it (JSON-safe). Parts that did not
    change since an earlier view (a player, the board) are that view's own
    (``engine/games/README.md``: views are read, never changed)."""
    parts = [_player_part(state, seat, colours[seat]) for seat in range(len(state.players))]
    held = [held for held, _, _ in parts]
    return {
        "game": "thebes",
        "seats": list(colours),
        "year": year_marker(state),
        "final_year": TABLES.final_year,
        "weeks_per_year": TABLES.weeks_per_year,
        "turn": state.turn,
        "over": state.over,
        "zeppelin_declared": state.zeppelin,
        "order": acting_order(state),
        "board": _BOARD,
        "display": [None if c is None else card_view(c) for c in state.display],
        "exhibitions": [None if e is None else exhibition_view(e) for e in state.exhibitions],
        "piles": {
            "draw": len(state.deck),
            "set_aside": len(state.reserve),
            "set_aside_shuffled_in": state.reserve_used,
            "discard": len(state.discard),
        },
        "sites": {site: _site_view(site, state.on_site[site], state.bags[site]) for site in SITES},
        "players": [player_view for _, _, player_view in parts],
        "scores": [_score_row(state, seat, part, won) for seat, (part, won) in enumerate(zip(parts, majorities(held)))],
        "last": {**state.last, "text": last_text(state, colours)} if state.last else {},
    }


# -- words -----------------------------------------------------------------------


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _weeks(n: int) -> str:
    return _count(n, "week")


def _finds(last: dict[str, Any]) -> str:
    """What a dig brought up, from its ``last`` record."""
    site = last["site"]
    if last["tokens"] == 0:
        text = "The time wheel gave no tokens"
    elif last["drawn"] == 0:
        text = f"The wheel gave {_count(last['tokens'], 'token')}, but the bag was empty"
    else:
        found = last["found"]
        values = sorted((artefact_value(t) or 0 for t in found if artefact_value(t)), reverse=True)
        parts = []
        if values:
            parts.append(
                f"{'artefacts' if len(values) > 1 else 'an artefact'} {', '.join(map(str, values))} "
                f"({_count(sum(values), 'point')})"
            )
        if SPECIALIZED_TOKEN in found:
            parts.append(f"{place_name(knowledge_target(site))} knowledge")
        if GENERAL_TOKEN in found:
            parts.append("general knowledge")
        debris = last["drawn"] - len(found)
        text = f"Drew {last['drawn']} of {_count(last['tokens'], 'token')}: "
        text += " and ".join(parts) if parts else "nothing but debris"
        if debris and parts:
            text += f"; {debris} debris went back into the bag"
    if last.get("first"):
        text += f"; took the value-{TOKENS.on_site_artefact} artefact lying on the site"
    return text


def _consequences(last: dict[str, Any], colours: list[str]) -> list[str]:
    """Sentences for what an action turned up: finds, exhibitions drawn, a
    new year, players passed over or back in the game."""
    who = colours[last["seat"]] if "seat" in last else ""
    sentences = []
    if "site" in last:
        sentences.append(_finds(last))
    if last.get("new_year"):
        sentences.append(f"{who} enters {last['new_year']}: permits valid again")
    for exhibition_id in last.get("exhibitions_drawn", []):
        sentences.append(f"The {EXHIBITION_BY_ID[exhibition_id].name} was drawn to space a")
    if last.get("game_over"):
        sentences.append(f"No one can act any more before the end of {TABLES.final_year}: the game is over")
    else:
        for seat in last.get("finished", []):
            sentences.append(f"{colours[seat]} is passed over: no action fits before the end of {TABLES.final_year}")
    if "resumed" in last:
        sentences.append(f"{colours[last['resumed']]} can act again")
    return sentences


def _journey_words(origin: str, destination: str, by_zeppelin: bool, journey: int, past: bool) -> str:
    if origin == destination:
        return ""
    how = "by Zeppelin" if by_zeppelin else _weeks(journey)
    verb = "travelled" if past else "travels"
    return f" {verb} {place_name(origin)} → {place_name(destination)} ({how}) and"


def last_text(state: State, colours: list[str]) -> str:
    """What the last action did, in plain words, with what it turned up."""
    last = state.last
    if "seat" not in last:  # players finished without an action (positions set up by hand)
        return ". ".join(_consequences(last, colours)) + "."
    who = colours[last["seat"]]
    action = last.get("action", "")
    if action == "zeppelin":
        return f"{who} will travel by Zeppelin this turn."
    trip = _journey_words(last["from"], last["to"], bool(last.get("zeppelin")), last["journey"], past=True)
    total = f"({_weeks(last['weeks'])} in all)"
    if action.startswith("buy"):
        text = f"{who}{trip} bought {CARD_BY_ID[last['card']].name} in {place_name(last['to'])} {total}"
    elif action == "replace":
        text = f"{who}{trip} replaced the display in {place_name(last['to'])} {total}"
    elif action.startswith("dig"):
        text = f"{who}{trip} dug in {place_name(last['site'])} for {_weeks(last['work'])} {total}"
        if last.get("spent"):
            text += ", discarding " + ", ".join(CARD_BY_ID[c].name for c in last["spent"])
    else:
        exhibition = EXHIBITION_BY_ID[last["exhibition"]]
        text = f"{who}{trip} held the {exhibition.name} for {exhibition.points} points {total}"
    return ". ".join([text] + _consequences(last, colours)) + "."


def describe_action(state: State, seat: int, action: Action, who: str) -> str:
    """What an action will do, before it is taken: nothing drawn is shown
    (this is also the wording of the player's own list of options)."""
    if isinstance(action, Zeppelin):
        return f"{who} declares a Zeppelin journey for this turn"
    planned = plan(state, seat, action)
    trip = _journey_words(
        state.players[seat].place, planned.destination, planned.by_zeppelin, planned.journey, past=False
    )
    if isinstance(action, Buy):
        card = CARD_BY_ID[bought_card(state, action.slot)]
        what = f"buys {card.name} in {place_name(card.city)} (slot {action.slot}, {_weeks(card.weeks)})"
    elif isinstance(action, Replace):
        what = f"replaces the display in {place_name(planned.destination)} ({_weeks(planned.work)})"
    elif isinstance(action, Dig):
        player = state.players[seat]
        what = (
            f"digs in {place_name(action.site)} with {action.knowledge} knowledge for "
            f"{_weeks(action.weeks)} ({_count(tokens_to_draw(player, action), 'token')} to draw"
        )
        spent = [CARD_BY_ID[c].name for c in spent_cards(player, action)]
        what += f", discarding {', '.join(spent)})" if spent else ")"
    else:
        assert isinstance(action, Exhibit)
        exhibition = EXHIBITION_BY_KEY[action.key]
        what = f"holds the {exhibition.name} for {exhibition.points} points ({_weeks(exhibition.weeks)})"
    return f"{who}{trip} {what}; {_weeks(planned.weeks)} in all"


def describe_played(before: State, after: State, seat: int, action: Action, colours: list[str]) -> str:
    """The log line for an action once it is played: the plan, then what it
    turned up (``after`` is the state it led to)."""
    line = describe_action(before, seat, action, colours[seat])
    return ". ".join([line] + _consequences(after.last, colours))
