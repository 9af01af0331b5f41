"""Holding an exhibition.

Rulebook, "4. Performing an exhibition": "After moving his pawn to the
exhibition city, the player must check that he has the required artifact
tokens (indicated on the Exhibition card) and then spend the time indicated
on the card. He can then take the Exhibition card and place it face up in
front of him."

Only the exhibitions showing on spaces a, b and c can be held, and the
artefacts are checked, not spent.
"""

from __future__ import annotations

from engine.games.thebes.bags import finds
from engine.games.thebes.board import place_name
from engine.games.thebes.components import EXHIBITION_BY_ID, EXHIBITION_BY_KEY, Exhibition
from engine.games.thebes.state import Player, State

SPACE_NAMES = "abc"
"""The exhibition spaces, as the rulebook names them."""


def artefact_count(player: Player, site: str) -> int:
    return finds(player.found).artefact_counts[site]


def missing_artefacts(player: Player, exhibition: Exhibition) -> list[str]:
    """What the player still lacks, in words ("2 Egypt"); empty when ready."""
    counts = finds(player.found).artefact_counts
    return [f"{need - counts[site]} {place_name(site)}" for site, need in exhibition.requires if counts[site] < need]


def exhibit_problem(state: State, seat: int, key: str) -> str | None:
    """Why the exhibition ``key`` cannot be held now, or None."""
    exhibition = EXHIBITION_BY_KEY[key]
    if exhibition.id not in state.exhibitions:
        showing = [EXHIBITION_BY_ID[e].key for e in state.exhibitions if e is not None]
        offer = ", ".join(f"`{k}`" for k in showing) or "none"
        return f"The {exhibition.name} is not on the board; showing now: {offer}."
    missing = missing_artefacts(state.players[seat], exhibition)
    if missing:
        return f"The {exhibition.name} needs {exhibition_needs(exhibition)}; you still lack {', '.join(missing)}."
    return None


def exhibition_needs(exhibition: Exhibition) -> str:
    return ", ".join(f"{n} {place_name(site)}" for site, n in exhibition.requires) + " artefacts"


def apply_exhibit(state: State, seat: int, key: str) -> None:
    """The card leaves its space and goes in front of the player."""
    exhibition = EXHIBITION_BY_KEY[key]
    space = state.exhibitions.index(exhibition.id)
    state.exhibitions[space] = None
    state.players[seat].exhibitions.append(exhibition.id)
    state.last["exhibition"] = exhibition.id
    state.last["space"] = SPACE_NAMES[space]
