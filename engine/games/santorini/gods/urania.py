"""Urania, Muse of Astronomy — Your Turn."""

from engine.games.santorini.board import WRAPPED_NEIGHBOURS
from engine.games.santorini.gods.base import God


class Urania(God):
    """ "When your worker moves or builds, treat opposite edges and corners as
    if they are adjacent so that every space has 8 neighbors." Only her own
    moves and builds wrap; everyone else's neighbours are unchanged."""

    name = "urania"
    neighbours = WRAPPED_NEIGHBOURS
