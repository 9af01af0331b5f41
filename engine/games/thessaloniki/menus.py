"""Menu paths: each action as the steps of a click-through menu, in plain
words ("Sell" → "to ship 2 (4 VP each)" → "2 Wine"). The front end builds
its menus of at most 25 entries per step from these paths; the notation's
bare tokens ("sell", "2", "wine", "ship2") would split a sale over four
steps and name goods by count before saying what is sold.

A path never depends on hidden information, has one to three steps, and
two different actions never share a path, nor is one action's path the
start of another's (a menu entry is either an action or a further menu).
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.games.thessaloniki import pieces, port, storage
from engine.games.thessaloniki.state import comp

VERBS = {
    "move": "Move a worker",
    "stay": "Stay where you are (C24)",
    "sell": "Sell",
    "fulfill": "Fulfil a contract",
    "take": "Take a contract",
    "mosaic": "Place a mosaic",
    "statue": "Place a statue",
    "gain": "Gain",
    "refine": "Refine",
    "buy": "Buy 1 ⚡",
    "bonus": "Take a bonus",
    "ability": "Use your family ability",
    "family": "Take a family card",
    "protect": "Tax: keep your raw goods",
    "spend": "Spend refined goods",
    "demand": "Add a demand tile",
    "swap": "Swap two ships",
    "shift": "Move goods between ships",
    "replace": "Replace a Salt on a ship",
    "legacy": "Count a Legacy icon",
    "pass": "Pass",
    "done": "Done: end your actions, then the sunset",
}
"""The first menu step: what kind of action, by the notation's first word."""


def menu_path(action: str) -> tuple[str, ...]:
    """The menu steps that lead to ``action`` (canonical notation)."""
    words = action.split()
    if not words:
        return ()
    verb, rest = words[0], words[1:]
    head = VERBS.get(verb)
    if head is None:
        return tuple(words)
    if verb == "buy":
        return (head, "paying 1 Salt" if rest else "paying 1 denarius")
    if verb == "bonus" and not rest:
        return (head, "the alcove bonus")
    if not rest:
        return (head,)
    try:
        return (head, *_details(verb, rest))
    except (IllegalAction, KeyError, ValueError, IndexError):
        # Notation this module does not know in detail still gets a path.
        return (head, " ".join(rest))


def _details(verb: str, rest: list[str]) -> tuple[str, ...]:
    paid = _paying(rest)
    if verb == "move":
        return _move(rest)
    if verb == "sell":
        index = _ship_index(rest[-1])
        return (f"to ship {index + 1} ({port.sale_value(index)} VP each)", _goods(rest[:-1]))
    if verb == "fulfill":
        return (rest[0].upper(), *paid[1:])
    if verb in ("mosaic", "statue"):
        return (f"on {pieces.target_words(rest[0])}", *paid[1:])
    if verb == "take":
        return (rest[0].upper(),)
    if verb == "gain":
        if rest[0] in ("mosaic", "statue"):
            return (f"a {rest[0]} from the supply",)
        return (_goods(rest),)
    if verb == "refine":
        if rest == ["each"]:
            return ("1 raw good of each colour",)
        if rest[0] == "all":
            return (f"all your raw {rest[1].capitalize()}",)
        return (_goods(rest),)
    if verb == "bonus":
        return (f"the mosaic bonus of the {comp().alcoves[rest[0]].title}",)
    if verb == "family":
        return (comp().families[rest[0]].name,)
    if verb == "protect":
        return (" and ".join(good.capitalize() for good in rest),)
    if verb == "spend":
        return (_goods(rest),)
    if verb == "demand":
        return (comp().city_titles[rest[0]], f"with a {rest[1]}")
    if verb == "swap":
        return (" and ".join(f"ship {_ship_index(word) + 1}" for word in rest),)
    if verb == "shift":
        return (_goods(rest[:1]), f"from ship {_ship_index(rest[1]) + 1} to ship {_ship_index(rest[2]) + 1}")
    if verb == "replace":
        return (f"on ship {_ship_index(rest[-1]) + 1}",)
    return (" ".join(rest),)


def _ship_index(word: str) -> int:
    """``ship2`` -> 1."""
    if not word.startswith("ship") or not word[4:].isdigit():
        raise ValueError(word)
    return int(word[4:]) - 1


def _paying(rest: list[str]) -> tuple[str, ...]:
    """("", "paying ...") when the action names what pays (``with ...``)."""
    if "with" not in rest:
        return ("",)
    goods = rest[rest.index("with") + 1 :]
    return ("", f"paying {_goods(goods)}")


def _move(rest: list[str]) -> tuple[str, ...]:
    salt = ", paying 1 Salt" if rest[-2:] == ["with", "salt"] else ""
    words = rest[:-2] if salt else rest
    alcoves = comp().alcoves
    if words[0] == "patrician":
        worker, target = "your Patrician", words[1]
    else:
        worker, target = f"your Merchant in the {alcoves[words[1]].title}", words[2]
    return (worker, f"to the {alcoves[target].title}{salt}")


def _goods(words: list[str]) -> str:
    return storage.describe_goods(storage.parse_goods(words))
