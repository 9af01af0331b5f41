"""Menu paths: every legal action as a few plain-words steps, for the front
end's click menus (at most ``MENU_LIMIT`` entries a step).

The first step is the kind of action ("Build", "Move", "Bid"…), then its
target and amount in the board's own words ("Market", "Athens"). An action
that can be paid with a cube or through Exchange is one choice with a last
question, "Use a Build cube" or "Pay 3 Commerce (Exchange)", instead of two
twins side by side. Where a step would offer more than ``MENU_LIMIT``
entries, they are split into ranges ("Athens – Megara") first.

Paths are worked out for a seat's whole action list at once (a step's size
depends on its siblings) and kept for the last state asked about.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.games.hellenica.choice import ORDERS, WHOLE_ORDERS_UP_TO
from engine.games.hellenica.components import (
    ADVANCEMENTS,
    CREATURES,
    DEITIES,
    GOVERNMENTS,
    INVOCATIONS,
    UNITS,
    UPGRADES,
)
from engine.games.hellenica.notation import parse_train, parse_unit
from engine.games.hellenica.state import map_of, seat_by_name
from engine.games.hellenica.steps import current
from engine.games.hellenica.trade import VERBS as TRADE_VERBS

MENU_LIMIT = 25
VERB_TITLES = {
    "build": "Build",
    "train": "Train",
    "research": "Research",
    "worship": "Worship",
    "supply": "Supply",
    "pass": "Pass",
    "move": "Move",
    "attack": "Attack",
    "raid": "Raid",
    "done": "Done",
    "bid": "Bid",
    "invoke": "Invoke",
    "keep": "Keep Ethos cards",
    "discard": "Discard Ethos cards",
    "home": "Home City",
    "patron": "Patron",
    "favorite": "Favorite",
    "zeus": "Zeus (clockwise)",
    "hera": "Hera (counter-clockwise)",
    "learn": "Learn",
    "convert": "Convert Commerce",
    "dedicate": "Dedicate",
    "lose": "Lose",
    "destroy": "Destroy",
    "award": "Award",
    "place": "Place",
    "revolt": "Revolt",
    "strike": "Strike",
    "refresh": "Refresh",
    "unleash": "Unleash",
    "first": "First",
    "government": "Government",
    "temple": "Temple",
    "forsake": "Forsake",
    "explore": "Explore",
    "fight": "Fight on",
    "withdraw": "Withdraw",
    "roll": "Roll",
    "general": "Brilliant General",
    "admiral": "Brilliant Admiral",
}
CUBE_ACTIONS = ("build", "train", "research", "worship", "supply")

_cache: dict[str, Any] = {"state": None, "seat": None, "paths": {}}


def menu_path(game: Any, state: dict, seat: int, action: str) -> tuple[str, ...]:
    """The menu steps of one of the seat's legal actions or whole orders (the
    notation's words for anything else)."""
    order = whole_order(state, action)
    if order is not None:
        return order_path(state, order)
    if _cache["state"] is not state or _cache["seat"] != seat:
        _cache["paths"] = menu_paths(state, seat, game.legal(state, seat))
        _cache["state"], _cache["seat"] = state, seat
    return _cache["paths"].get(action) or tuple(action.split())


# ---------------------------------------------------------------------------
# A whole order at once (``choice.whole_orders``)


class WholeOrder(NamedTuple):
    verb: str
    given: list[str]
    last: str
    """The option left, which needs no answer."""


def whole_order(state: dict, action: str) -> WholeOrder | None:
    """The order asked now, when ``action`` gives it whole; else None."""
    frame = current(state)
    words = action.split()
    if frame is None or frame["kind"] != "choose" or frame["verb"] not in ORDERS or words[:1] != [frame["verb"]]:
        return None
    given, options = words[1:], frame["options"]
    if (
        len(given) != len(options) - 1
        or len(given) < 2
        or len(set(given)) != len(given)
        or not set(given) < set(options)
    ):
        return None
    return WholeOrder(frame["verb"], given, next(option for option in options if option not in given))


def order_path(state: dict, order: WholeOrder) -> tuple[str, ...]:
    """``("Unleash in order", "Hydra, Cetus, Sphinx (Medusa last)")``; with
    five options, the first one a step of its own (120 orders)."""
    verb = VERB_TITLES.get(order.verb, order.verb.capitalize())
    names = [_word(state, option) for option in order.given]
    rest = f"{', '.join(names)} ({_word(state, order.last)} last)"
    if len(order.given) + 1 < WHOLE_ORDERS_UP_TO:
        return (f"{verb} in order", rest)
    return (f"{verb} in order", f"{names[0]} first", rest)


def order_label(state: dict, order: WholeOrder) -> str:
    """ "Hydra, then Cetus, then Sphinx, and Medusa last"."""
    return ", then ".join(_word(state, option) for option in order.given) + f", and {_word(state, order.last)} last"


def menu_paths(state: dict, seat: int, legal: list[str]) -> dict[str, tuple[str, ...]]:
    """Every legal action's path: distinct, none the beginning of another,
    at most ``MENU_LIMIT`` entries at any step."""
    present = set(legal)
    paths = {action: _path(state, seat, action, present) for action in legal}
    return _split_wide_steps(_distinct(paths))


# ---------------------------------------------------------------------------
# One action


def _word(state: dict, token: str) -> str:
    """A notation token in the board's words."""
    board = map_of(state)
    if token in board.areas:
        return board.title(token)
    if token in board.mines:
        return f"{board.mines[token].title} mine"
    for table in (UPGRADES, GOVERNMENTS, DEITIES, ADVANCEMENTS, CREATURES, INVOCATIONS):
        if token in table:
            return table[token].title
    unit = parse_unit(token)
    if unit is not None:
        return ("elite " if unit[1] else "") + UNITS[unit[0]].title
    if seat_by_name(state, token) is not None:
        return token.title()
    return token.replace("-", " ").capitalize()


def _count(n: int, kind: str, elite: bool) -> str:
    unit = UNITS[kind]
    return f"{n} {'elite ' if elite else ''}{unit.title if n == 1 else unit.plural.title()}"


def _path(state: dict, seat: int, action: str, present: set[str]) -> tuple[str, ...]:
    words = action.split()
    verb = words[0]
    if verb == "exchange":
        return _cube_action(state, words[1:]) + ("Pay Commerce (Exchange)",)
    if verb in CUBE_ACTIONS:
        path = _cube_action(state, words)
        twin = f"exchange {action}"
        return path + (f"Use a {verb.title()} cube",) if twin in present else path
    if verb == "move" and len(words) >= 3:
        dest = _word(state, words[-1])
        if words[1] == "all":
            return ("Move", dest, "Everything that can move")
        unit = parse_unit(words[2])
        amount = _count(int(words[1]), *unit) if unit and words[1].isdigit() else " ".join(words[1:-1])
        return ("Move", dest, amount)
    if verb == "bid" and len(words) == 2 and words[1].isdigit():
        return ("Bid", f"{words[1]} Favor")
    if verb == "invoke" and len(words) >= 2:
        inv = INVOCATIONS.get(words[1])
        title = f"{DEITIES[inv.deity].title}: {inv.title} ({inv.level} Favor)" if inv else _word(state, words[1])
        return ("Invoke", title) + tuple(_target(state, w) for w in words[2:])
    if verb == "place" and len(words) in (3, 4) and words[-1].isdigit():  # a map tile and its turns
        turns = int(words[-1])
        return (
            ("Place", _word(state, words[1]))
            + tuple(w.upper() for w in words[2:-1])
            + ("as printed" if turns == 0 else f"turned {turns}× clockwise",)
        )
    if verb in TRADE_VERBS:
        return ("Trade", verb.title()) + tuple(_word(state, w) for w in words[1:])
    return (VERB_TITLES.get(verb, verb.title()),) + tuple(_word(state, w) for w in words[1:])


def _target(state: dict, token: str) -> str:
    return f"on #{token}" if token.isdigit() else _word(state, token)


def _cube_action(state: dict, words: list[str]) -> tuple[str, ...]:
    """Build / Train / Research / Worship / Supply without the way it is paid."""
    verb = words[0]
    if verb == "build":
        rest = words[1:]
        over: tuple[str, ...] = ()
        if "over" in rest:
            at = rest.index("over")
            over, rest = (
                (
                    f"replacing the {_word(state, rest[at + 1].split('-')[0])}"
                    + (f" to {_word(state, rest[at + 1].split('-', 1)[1])}" if "-" in rest[at + 1] else ""),
                ),
                rest[:at],
            )
        if rest[:1] == ["government"] and len(rest) == 3:
            return ("Build", "Government", _word(state, rest[1]), _word(state, rest[2])) + over
        if len(rest) == 2:
            what = rest[0]
            kind = "Temple" if what.startswith("temple-") else _word(state, what)
            detail = (f"to {_word(state, what.split('-', 1)[1])}",) if what.startswith("temple-") else ()
            where = "Delphi's Free Temple" if rest[1] == "oracle" else _word(state, rest[1])
            return ("Build", kind) + detail + (where,) + over
    if verb == "research" and len(words) in (2, 4):
        then = f"Learn {_word(state, words[3])}" if len(words) == 4 else "Choose once the Philosophers are in"
        return ("Research", _word(state, words[1]), then)
    if verb == "train" and len(words) == 3:
        unit = parse_train(words[1])
        return ("Train", UNITS[unit].plural.title() if unit else words[1], _word(state, words[2]))
    if verb == "supply" and len(words) == 4 and words[2] == "from":
        what = "Commerce" if words[1] == "commerce" else f"Move from {_word(state, words[1])}"
        return ("Supply", what, f"Market in {_word(state, words[3])}")
    return (verb.title(),) + tuple(_word(state, w) for w in words[1:])


# ---------------------------------------------------------------------------
# The whole list


def _distinct(paths: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """No two actions share a path and no path is the beginning of another
    (a menu entry is either an action or a step further, never both)."""
    seen: dict[tuple[str, ...], str] = {}
    for action, path in list(paths.items()):
        if path in seen:
            paths[action] = path + (action,)
            paths[seen[path]] = path + (seen[path],)
        seen[paths[action]] = action
    prefixes = {path[:i] for path in paths.values() for i in range(1, len(path))}
    return {action: path + ("Confirm",) if path in prefixes else path for action, path in paths.items()}


def _split_wide_steps(paths: dict[str, tuple[str, ...]], depth: int = 0) -> dict[str, tuple[str, ...]]:
    """Insert range steps wherever one step offers more than ``MENU_LIMIT``."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for action, path in paths.items():
        if len(path) > depth:
            groups.setdefault(path[:depth], []).append(action)
    changed = False
    for prefix, actions in groups.items():
        entries = list(dict.fromkeys(paths[a][depth] for a in actions))
        if len(entries) <= MENU_LIMIT:
            continue
        changed = True
        size = -(-len(entries) // -(-len(entries) // MENU_LIMIT))  # even ranges, none above the limit
        bucket_of = {}
        for start in range(0, len(entries), size):
            chunk = entries[start : start + size]
            label = chunk[0] if len(chunk) == 1 else f"{chunk[0]} – {chunk[-1]}"
            bucket_of.update({entry: label for entry in chunk})
        for action in actions:
            path = paths[action]
            paths[action] = path[:depth] + (bucket_of[path[depth]],) + path[depth:]
    if changed:  # the ranges themselves may be too many: look at this step again
        return _split_wide_steps(paths, depth)
    deepest = max((len(p) for p in paths.values()), default=0)
    return paths if depth + 1 >= deepest else _split_wide_steps(paths, depth + 1)
