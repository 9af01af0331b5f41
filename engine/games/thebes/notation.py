"""Thebes actions: small records, their canonical text, and the parser.

Canonical forms (see the package docstring for what each does)::

    zeppelin                    this turn's journey is by Zeppelin
    buy 3                       buy the card in display slot 3
    replace                     replace the four displayed cards (in Warsaw)
    dig egypt 7k 12w            dig with 7 knowledge points for 12 weeks
    dig egypt 7k 12w +shovel    ... and discard a lone shovel for 1 more token
    dig egypt 6k 8w +experts    ... discarding the local experts (where a lone
                                assistant would do too: ``+assistant``)
    exhibit london-small        hold the small London exhibition

The parser also takes obvious variants: ``dig egypt 12w 7k``, ``dig egypt 7 k
12 w shovel``, ``+expert``, ``exhibit london small``, place names such as
``wien``. It raises ``IllegalAction`` for text that is not an action at all,
saying what the right form is; whether a well-formed action is allowed now
is the rules' business.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.core import IllegalAction, normalize_action
from engine.games.thebes.board import parse_place, place_name
from engine.games.thebes.components import ASSISTANT, EXHIBITION_BY_KEY, LOCAL, SITES, TABLES


@dataclass(frozen=True)
class Zeppelin:
    """Declare that this turn's journey is by Zeppelin (0 weeks)."""


@dataclass(frozen=True)
class Buy:
    slot: int
    """1-based position in the display."""


@dataclass(frozen=True)
class Replace:
    """Discard the four displayed cards and draw four new ones (in Warsaw)."""


@dataclass(frozen=True)
class Dig:
    site: str
    knowledge: int
    weeks: int
    shovel: bool = False
    """Discard a lone Shovel card for one more token."""
    spend: str | None = None
    """Where the knowledge chosen can be reached by discarding either the
    local characters or a lone assistant: the kind of card to discard
    (``LOCAL`` or ``ASSISTANT``). None where there is no such choice."""


@dataclass(frozen=True)
class Exhibit:
    key: str


Action = Zeppelin | Buy | Replace | Dig | Exhibit

SITE_LIST = ", ".join(SITES[:-1]) + f" or {SITES[-1]}"
SPEND_WORDS = {LOCAL: "experts", ASSISTANT: "assistant"}
"""The words that say which single-use card a dig discards, by card kind."""
_SPEND_VARIANTS = {"experts": LOCAL, "expert": LOCAL, "local": LOCAL, "locals": LOCAL, "assistant": ASSISTANT}

DIG_EXAMPLE = "`dig egypt 7k 12w` (knowledge points, then weeks)"


def notation(action: Action) -> str:
    """The canonical text of an action."""
    if isinstance(action, Zeppelin):
        return "zeppelin"
    if isinstance(action, Buy):
        return f"buy {action.slot}"
    if isinstance(action, Replace):
        return "replace"
    if isinstance(action, Dig):
        text = f"dig {action.site} {action.knowledge}k {action.weeks}w"
        if action.spend is not None:
            text += f" +{SPEND_WORDS[action.spend]}"
        return text + " +shovel" if action.shovel else text
    return f"exhibit {action.key}"


@lru_cache(maxsize=2048)
def parse(text: str) -> Action:
    """The action a player's text means; ``IllegalAction`` if it is not one.
    (Remembered: ``play`` and ``describe`` parse the same text, and actions
    are frozen; a refusal is not remembered, so it is raised every time.)"""
    words = normalize_action(text).split(" ")
    verb, rest = words[0], words[1:]
    if not verb:
        raise IllegalAction("Type an action; `legal` lists what you can do now.")
    if verb == "zeppelin" and not rest:
        return Zeppelin()
    if verb == "replace" and not rest:
        return Replace()
    if verb == "buy":
        return _parse_buy(rest)
    if verb == "dig":
        return _parse_dig(rest)
    if verb == "exhibit":
        return _parse_exhibit(rest)
    if verb in ("zeppelin", "replace"):
        raise IllegalAction(f"`{verb}` takes nothing after it.")
    raise IllegalAction(
        f"`{verb}` is not a Thebes action. Use `buy <slot>`, `replace`, {DIG_EXAMPLE}, "
        "`exhibit <city>-<small|large>` or `zeppelin`."
    )


def _parse_buy(rest: list[str]) -> Buy:
    size = TABLES.display_size
    if len(rest) != 1 or not rest[0].isdigit() or not 1 <= int(rest[0]) <= size:
        raise IllegalAction(f"`buy` needs the display slot of the card, 1 to {size}: for example `buy 3`.")
    return Buy(int(rest[0]))


_AMOUNT = re.compile(r"(\d+)([kw])")


def _parse_dig(rest: list[str]) -> Dig:
    if not rest:
        raise IllegalAction(f"Say where and how: {DIG_EXAMPLE}.")
    site = parse_place(rest[0])
    if site is None:
        raise IllegalAction(f"`{rest[0]}` is not a place. Excavations are in {SITE_LIST}.")
    if site not in SITES:
        raise IllegalAction(f"{place_name(site)} is a city; excavations are in {SITE_LIST}.")
    words = [word for word in re.split(r"[\s+]+", " ".join(rest[1:])) if word]
    shovel = "shovel" in words
    spend = {_SPEND_VARIANTS[word] for word in words if word in _SPEND_VARIANTS}
    if len(spend) > 1:
        raise IllegalAction(
            "Name one card to discard: `+experts` or `+assistant`, not both; where a dig needs both, leave them out."
        )
    tail = "".join(word for word in words if word != "shovel" and word not in _SPEND_VARIANTS)
    amounts: dict[str, int] = {}
    for number, unit in _AMOUNT.findall(tail):
        if unit in amounts:
            raise IllegalAction(f"Give the {'knowledge' if unit == 'k' else 'weeks'} once: {DIG_EXAMPLE}.")
        amounts[unit] = int(number)
    if _AMOUNT.sub("", tail) or set(amounts) != {"k", "w"}:
        raise IllegalAction(
            f"Give knowledge points and weeks like this: {DIG_EXAMPLE}; add `+shovel` to discard a lone shovel."
        )
    return Dig(site, amounts["k"], amounts["w"], shovel, spend.pop() if spend else None)


def _parse_exhibit(rest: list[str]) -> Exhibit:
    key = "-".join(rest)
    if len(rest) == 2 or len(rest) == 1:
        city, _, size = key.partition("-")
        place = parse_place(city)
        key = f"{place}-{size}" if place else key
    if key not in EXHIBITION_BY_KEY:
        raise IllegalAction(
            "Name the exhibition by city and size, such as `exhibit london-small` or `exhibit paris-large`."
        )
    return Exhibit(key)
