"""The Thebes game state, its copy, and its JSON form (``dump``/``load``).

The state is plain data; the rules that change it live in the other
modules. ``load`` checks everything a stored snapshot could get wrong,
including that every card and every token is in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import Rng, StateError, clone, require
from engine.games.thebes.bags import DEBRIS, VALID_CODES, all_tokens, artefact
from engine.games.thebes.components import (
    ALL_CARD_IDS,
    CARD_BY_ID,
    EXHIBITION_BY_ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLACE_BY_KEY,
    SITES,
    TABLES,
    TOKENS,
)


@dataclass
class Player:
    """One archaeologist: pawn, time marker, permits and everything collected."""

    place: str
    year: int
    week: int
    stamp: int
    """When the time marker last arrived on its square: on a shared square the
    highest stamp is on top."""
    permits: dict[str, bool]
    """Site -> whether the excavation permit shows its valid side."""
    cards: list[int] = field(default_factory=list)
    """Researcher cards in front of the player, in the order bought."""
    found: dict[str, list[str]] = field(default_factory=dict)
    """Site -> tokens kept from its bag (artefacts, knowledge), in the order found."""
    exhibitions: list[int] = field(default_factory=list)
    finished: bool = False
    """No action fits before the end of the final year: the turn passes this
    player over. Checked again whenever the turn moves on (another player's
    action may bring an action within reach); at the end every player is."""

    def copy(self) -> Player:
        return Player(
            self.place,
            self.year,
            self.week,
            self.stamp,
            dict(self.permits),
            list(self.cards),
            {site: list(tokens) for site, tokens in self.found.items()},
            list(self.exhibitions),
            self.finished,
        )


@dataclass
class State:
    players: list[Player]
    options: dict[str, Any]
    rng: Rng
    display: list[int | None]
    """The face-up researcher cards, slot 1 first; None where none was left to draw."""
    deck: list[int]
    """The draw pile; its top is the end of the list."""
    reserve: list[int]
    """Pile 3, set aside until the draw pile first runs out."""
    reserve_used: bool
    discard: list[int]
    exhibitions: list[int | None]
    """Exhibition spaces a, b and c."""
    bags: dict[str, list[str]]
    on_site: dict[str, bool]
    """Site -> whether its value-1 artefact still lies on the board."""
    turn: int | None
    """The seat to act (furthest behind on the time track); None once over."""
    zeppelin: bool = False
    """The player to act has declared that this turn's journey is by Zeppelin."""
    replaces: int = 0
    """Display replacements by the player to act since another player last acted."""
    stamps: int = 0
    """The last stamp handed to a time marker."""
    last: dict[str, Any] = field(default_factory=dict)
    """What the last action did, for the picture and the log."""
    ply: int = 0

    @property
    def over(self) -> bool:
        return self.turn is None

    def copy(self) -> State:
        return State(
            [p.copy() for p in self.players],
            dict(self.options),
            Rng.from_json(self.rng.state),
            list(self.display),
            list(self.deck),
            list(self.reserve),
            self.reserve_used,
            list(self.discard),
            list(self.exhibitions),
            {site: list(bag) for site, bag in self.bags.items()},
            dict(self.on_site),
            self.turn,
            self.zeppelin,
            self.replaces,
            self.stamps,
            copy_record(self.last),
            self.ply,
        )


def copy_record(record: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of ``State.last``, as ``clone`` makes it but faster: the
    record holds numbers, words and flat lists of them, copied by one slice
    each; anything deeper (a record loaded from elsewhere) goes to ``clone``."""
    copied = record.copy()
    for key, value in copied.items():
        kind = type(value)
        if kind is list:
            copied[key] = value[:] if all(type(item) in _SCALARS for item in value) else clone(value)
        elif kind not in _SCALARS:
            copied[key] = clone(value)
    return copied


_SCALARS = frozenset({str, int, bool, float, type(None)})


# -- JSON ----------------------------------------------------------------------


def dump(state: State) -> dict[str, Any]:
    return {
        "players": [
            {
                "place": p.place,
                "year": p.year,
                "week": p.week,
                "stamp": p.stamp,
                "permits": dict(p.permits),
                "cards": list(p.cards),
                "found": {s: list(t) for s, t in p.found.items()},
                "exhibitions": list(p.exhibitions),
                "finished": p.finished,
            }
            for p in state.players
        ],
        "options": dict(state.options),
        "rng": state.rng.to_json(),
        "display": list(state.display),
        "deck": list(state.deck),
        "reserve": list(state.reserve),
        "reserve_used": state.reserve_used,
        "discard": list(state.discard),
        "exhibitions": list(state.exhibitions),
        "bags": {site: list(bag) for site, bag in state.bags.items()},
        "on_site": dict(state.on_site),
        "turn": state.turn,
        "zeppelin": state.zeppelin,
        "replaces": state.replaces,
        "stamps": state.stamps,
        "last": copy_record(state.last),
        "ply": state.ply,
    }


def _int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    require(isinstance(value, int) and not isinstance(value, bool), f"{what} must be a whole number")
    require(low is None or value >= low, f"{what} must be at least {low}")
    require(high is None or value <= high, f"{what} must be at most {high}")
    return value


def _bool(value: Any, what: str) -> bool:
    require(isinstance(value, bool), f"{what} must be true or false")
    return value


def _card_list(value: Any, what: str) -> list[int]:
    require(isinstance(value, list), f"{what} must be a list of cards")
    return [_int(v, f"a card in {what}") for v in value]


def _slots(value: Any, what: str, size: int) -> list[int | None]:
    require(isinstance(value, list) and len(value) == size, f"{what} must have {size} spaces")
    return [None if v is None else _int(v, f"a card in {what}") for v in value]


def _load_player(data: Any, seat: int, years: range) -> Player:
    require(isinstance(data, Mapping), f"player {seat} must be an object")
    place = data["place"]
    require(place in PLACE_BY_KEY, f"player {seat} stands on an unknown place {place!r}")
    permits = data["permits"]
    require(isinstance(permits, Mapping) and set(permits) == set(SITES), f"player {seat} needs one permit per site")
    found = data["found"]
    require(isinstance(found, Mapping) and set(found) <= set(SITES), f"player {seat} found tokens at unknown sites")
    for site, tokens in found.items():
        require(
            isinstance(tokens, list) and all(t in VALID_CODES and t != DEBRIS for t in tokens),
            f"player {seat} holds an unknown token from {site}",
        )
    player = Player(
        place=place,
        year=_int(data["year"], f"player {seat}'s year", years.start, years.stop - 1),
        week=_int(data["week"], f"player {seat}'s week", 1, TABLES.weeks_per_year),
        stamp=_int(data["stamp"], f"player {seat}'s stamp", 0),
        permits={site: _bool(permits[site], f"player {seat}'s {site} permit") for site in SITES},
        cards=_card_list(data["cards"], f"player {seat}'s cards"),
        found={site: list(found.get(site, [])) for site in SITES},
        exhibitions=_card_list(data["exhibitions"], f"player {seat}'s exhibitions"),
        finished=_bool(data["finished"], f"player {seat}'s finished flag"),
    )
    require(all(c in CARD_BY_ID for c in player.cards), f"player {seat} holds a card that is not a researcher card")
    require(
        all(e in EXHIBITION_BY_ID for e in player.exhibitions), f"player {seat} holds an exhibition that does not exist"
    )
    return player


def load(data: Mapping[str, Any]) -> State:
    """A state from its JSON form; ``StateError`` on anything malformed."""
    try:
        return _load(data)
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise StateError(f"not a Thebes state: {error!r}") from None


def _load(data: Mapping[str, Any]) -> State:
    require(isinstance(data, Mapping), "a Thebes state must be an object")
    raw_players = data["players"]
    require(
        isinstance(raw_players, list) and MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS,
        f"Thebes needs {MIN_PLAYERS} to {MAX_PLAYERS} players",
    )
    first_year = TABLES.start[len(raw_players)][0]
    years = range(first_year, TABLES.final_year + 1)
    players = [_load_player(p, seat, years) for seat, p in enumerate(raw_players)]
    options = data["options"]
    require(isinstance(options, Mapping), "options must be an object")
    bags = data["bags"]
    require(isinstance(bags, Mapping) and set(bags) == set(SITES), "there must be one bag per site")
    for site, bag in bags.items():
        require(isinstance(bag, list) and all(t in VALID_CODES for t in bag), f"the {site} bag holds unknown tokens")
    on_site = data["on_site"]
    require(isinstance(on_site, Mapping) and set(on_site) == set(SITES), "on_site must name every site")
    turn = data["turn"]
    require(turn is None or (isinstance(turn, int) and 0 <= turn < len(players)), "turn must be a seat or null")
    last = data["last"]
    require(isinstance(last, Mapping), "last must be an object")
    state = State(
        players=players,
        options=dict(options),
        rng=Rng.from_json(data["rng"]),
        display=_slots(data["display"], "the display", TABLES.display_size),
        deck=_card_list(data["deck"], "the draw pile"),
        reserve=_card_list(data["reserve"], "pile 3"),
        reserve_used=_bool(data["reserve_used"], "reserve_used"),
        discard=_card_list(data["discard"], "the discard pile"),
        exhibitions=_slots(data["exhibitions"], "the exhibition spaces", TABLES.exhibition_spaces),
        bags={site: list(bags[site]) for site in SITES},
        on_site={site: _bool(on_site[site], f"on_site[{site}]") for site in SITES},
        turn=turn,
        zeppelin=_bool(data["zeppelin"], "zeppelin"),
        replaces=_int(data["replaces"], "replaces", 0),
        stamps=_int(data["stamps"], "stamps", 0),
        last=clone(dict(last)),
        ply=_int(data["ply"], "ply", 0),
    )
    _check_conservation(state)
    _check_last(state.last, len(players))
    require(all(c is None or c in CARD_BY_ID for c in state.display), "the display holds a non-researcher card")
    require(
        all(e is None or e in EXHIBITION_BY_ID for e in state.exhibitions),
        "an exhibition space holds a researcher card",
    )
    require(all(p.stamp <= state.stamps for p in players), "a time marker has a stamp from the future")
    require(turn is None or not players[turn].finished, "the player to act has already finished")
    require(not state.zeppelin or turn is not None, "a Zeppelin journey is declared after the game ended")
    return state


_JOURNEY = ("from", "to", "journey", "work", "weeks")
_LAST_KEYS = {
    "zeppelin": (),
    "buy": _JOURNEY + ("card",),
    "replace": _JOURNEY + ("discarded",),
    "dig": _JOURNEY + ("site", "tokens", "drawn", "found", "spent"),
    "exhibit": _JOURNEY + ("exhibition",),
}
"""What the record of each kind of action holds (see ``rules.play``)."""


def _check_last(last: Mapping[str, Any], players: int) -> None:
    """The record of the last action is only for display, but the view reads
    it, so it must have the shape ``rules.play`` gives it."""
    seats = range(players)
    require("resumed" not in last or last["resumed"] in seats, "last resumes an unknown seat")
    require(isinstance(last.get("game_over", False), bool), "last['game_over'] must be true or false")
    if "seat" not in last:  # nothing played yet, or only players finishing
        require(
            set(last) <= {"finished", "resumed", "game_over"} and all(s in seats for s in last.get("finished", [])),
            "last needs a seat and an action",
        )
        return
    require(last.get("seat") in seats and isinstance(last.get("action"), str), "last needs a seat and an action")
    places = ("from", "to")
    numbers = ("journey", "work", "weeks", "tokens", "drawn", "new_year")
    require(all(last[k] in PLACE_BY_KEY for k in places if k in last), "last names an unknown place")
    require(
        all(isinstance(last[k], int) and not isinstance(last[k], bool) for k in numbers if k in last),
        "last holds a count that is not a whole number",
    )
    verb = last["action"].split(" ")[0]
    require(verb in _LAST_KEYS and all(k in last for k in _LAST_KEYS[verb]), "last does not fit its action")
    require("card" not in last or last["card"] in CARD_BY_ID, "last names an unknown card")
    require("exhibition" not in last or last["exhibition"] in EXHIBITION_BY_ID, "last names an unknown exhibition")
    lists: dict[str, Container[Any]] = {
        "spent": CARD_BY_ID,
        "discarded": CARD_BY_ID,
        "exhibitions_drawn": EXHIBITION_BY_ID,
        "finished": seats,
        "found": VALID_CODES,
    }
    for key, allowed in lists.items():
        require(
            key not in last or (isinstance(last[key], list) and all(v in allowed for v in last[key])),
            f"last[{key!r}] holds something unknown",
        )
    if "site" in last:
        require(
            last["site"] in SITES and all(k in last for k in ("tokens", "drawn", "found")), "last describes a dig badly"
        )


def _check_conservation(state: State) -> None:
    """Every card and token exists exactly once."""
    places = [c for c in state.display if c is not None] + state.deck + state.reserve + state.discard
    places += [e for e in state.exhibitions if e is not None]
    for player in state.players:
        places += player.cards + player.exhibitions
    counts = Counter(places)
    require(
        set(counts) == ALL_CARD_IDS and all(n == 1 for n in counts.values()),
        "every card must be in exactly one place (display, piles, exhibition spaces or a player)",
    )
    for site in SITES:
        here = Counter(state.bags[site]) + Counter(t for p in state.players for t in p.found[site])
        if state.on_site[site]:
            here += Counter([artefact(TOKENS.on_site_artefact)])
        require(here == all_tokens(site), f"the {site} tokens do not add up")
