"""Words shared by several actions: unit names, counts, colours.

Areas, mines, upgrades, governments, deities and advancements are written by
their data keys (``mt-olympus``, ``laurion``, ``barracks``, ``democracy``,
``athena``, ``copper-banding``). Units in a move are ``hoplite``,
``elite-hoplite``, ``cavalry``, ``elite-cavalry``, ``trireme``,
``elite-trireme``, ``hero`` and ``alcibiades``; a Train action names what it trains in the
plural (``hoplites``, ``cavalry``, ``triremes``) or ``hero``.
"""

from __future__ import annotations

from engine.games.hellenica.components import HEROES, TRAINABLE, UNITS

UNIT_TOKENS: dict[str, tuple[str, bool]] = {}
for _kind in UNITS:
    UNIT_TOKENS[_kind] = (_kind, False)
    if _kind not in HEROES:
        UNIT_TOKENS[f"elite-{_kind}"] = (_kind, True)

TRAIN_TOKENS: dict[str, str] = {
    ("hero" if UNITS[kind].one_at_a_time else UNITS[kind].plural): kind for kind in TRAINABLE
}
"""``train hoplites``: the word a Train action uses for each unit type."""

_PLURALS = {f"{unit.plural}": kind for kind, unit in UNITS.items()}


def unit_token(kind: str, elite: bool) -> str:
    return f"elite-{kind}" if elite else kind


def parse_unit(word: str) -> tuple[str, bool] | None:
    """``elite-hoplite`` -> ("hoplite", True); plurals are accepted too."""
    elite = word.startswith("elite-")
    base = word[len("elite-") :] if elite else word
    kind = base if base in UNITS else _PLURALS.get(base)
    if kind is None or (elite and kind in HEROES):
        return None
    return kind, elite


def train_word(kind: str) -> str:
    return next(word for word, k in TRAIN_TOKENS.items() if k == kind)


def parse_train(word: str) -> str | None:
    if word in TRAIN_TOKENS:
        return TRAIN_TOKENS[word]
    parsed = parse_unit(word)
    return parsed[0] if parsed and not parsed[1] else None


def parse_count(word: str) -> int | None:
    return int(word) if word.isdigit() and 0 < int(word) < 1000 else None


def listing(items: list[str], conjunction: str = "and") -> str:
    """``a, b and c``."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"
