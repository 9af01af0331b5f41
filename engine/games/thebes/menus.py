"""The step-by-step menu path of each action, in plain words (issue 16).

The Discord front end builds menus of at most 25 entries per step from these
paths: first the kind of action, then its target, then its amount::

    ("Dig", "Egypt", "7 knowledge, discarding Egypt local experts 2", "12 weeks: 8 tokens")
    ("Buy a card", "Slot 3: Crete knowledge 2 in Paris, 4 weeks in all")
    ("Hold an exhibition", "London small exhibition: 4 points, 5 weeks in all")
    ("Replace the display",)
    ("Travel by Zeppelin this turn",)

Why every step fits 25 entries: there are five kinds, four display slots,
three exhibition spaces and five sites; a site offers one knowledge entry
per set of single-use cards a dig there could discard (at most four: local
experts, a lone assistant, both, neither) and, for any of them, the twelve
lengths of a dig times with or without a lone shovel (24). Labels within a
step differ whenever the actions do, so every legal action has its own path.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.games.thebes.board import place_name
from engine.games.thebes.components import CARD_BY_ID, EXHIBITION_BY_KEY
from engine.games.thebes.excavation import spent_cards, tokens_to_draw
from engine.games.thebes.market import bought_card
from engine.games.thebes.notation import Buy, Dig, Exhibit, Replace, Zeppelin, parse
from engine.games.thebes.rules import plan
from engine.games.thebes.state import State

ZEPPELIN_STEP = "Travel by Zeppelin this turn"
BUY_STEP = "Buy a card"
REPLACE_STEP = "Replace the display"
DIG_STEP = "Dig"
EXHIBIT_STEP = "Hold an exhibition"


def _weeks(n: int) -> str:
    return f"{n} week{'s' if n != 1 else ''}"


def menu_path(state: State, seat: int, action: str) -> tuple[str, ...]:
    """The plain-words steps that lead to ``action`` (see the module text);
    the notation's words for text that is not an action here."""
    try:
        parsed = parse(action)
        if isinstance(parsed, Zeppelin):
            return (ZEPPELIN_STEP,)
        if isinstance(parsed, Replace):
            return (REPLACE_STEP,)
        total = plan(state, seat, parsed).weeks
        if isinstance(parsed, Buy):
            card = CARD_BY_ID[bought_card(state, parsed.slot)]
            return (BUY_STEP, f"Slot {parsed.slot}: {card.name} in {place_name(card.city)}, {_weeks(total)} in all")
        if isinstance(parsed, Exhibit):
            exhibition = EXHIBITION_BY_KEY[parsed.key]
            return (EXHIBIT_STEP, f"{exhibition.name}: {exhibition.points} points, {_weeks(total)} in all")
        return (
            DIG_STEP,
            place_name(parsed.site),
            _knowledge_step(state, seat, parsed),
            _length_step(state, seat, parsed, total),
        )
    except (IllegalAction, KeyError, TypeError, IndexError):
        return tuple(action.split())


def _knowledge_step(state: State, seat: int, dig: Dig) -> str:
    """The knowledge set on the wheel and the single-use cards it discards
    (a lone shovel is chosen with the length)."""
    player = state.players[seat]
    spent = spent_cards(player, Dig(dig.site, dig.knowledge, dig.weeks, False, dig.spend))
    text = f"{dig.knowledge} knowledge"
    return text + (", discarding " + ", ".join(CARD_BY_ID[c].name for c in spent) if spent else "")


def _length_step(state: State, seat: int, dig: Dig, total: int) -> str:
    tokens = tokens_to_draw(state.players[seat], dig)
    text = f"{_weeks(dig.weeks)}: {tokens} token{'s' if tokens != 1 else ''}"
    if dig.shovel:
        text += " (discarding your shovel)"
    return text + (f", {_weeks(total)} in all" if total != dig.weeks else "")
