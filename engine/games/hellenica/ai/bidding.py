"""World Event bids and the AI's tie-breaks.

- "After all human bids are revealed, roll the Yellow die once for each AI
  Player. On a roll of ++, the AI Player bids all of their Favor. On a +, they
  bid half of their Favor, rounded down. On a -, they bid 1 Favor. On a Blank,
  they bid 0. AI Players will never bid more than needed to beat the highest
  Favor another player possesses."
- "When breaking World Event bid ties as the Favorite of the Gods, AI Players
  will always select themselves if possible. If not, they will select a winner
  randomly but never their current Grudge."
- "AI Players can be Favorite of the Gods. When this occurs, flip the Favorite
  of the Gods token in the air randomly to determine the order of play."

The AI's die depends on nothing the people bid, so it is rolled when the bid
step reaches the AI (the result stays secret with the other bids until all
are in). Reading for ties for Favorite of the Gods (the current Favorite
picks): an AI picks itself if tied, else at random.
"""

from __future__ import annotations

from engine.games.hellenica.ai import draw_one
from engine.games.hellenica.ai.board import board_of
from engine.games.hellenica.ai.cards import BIDS
from engine.games.hellenica.components import DICE_FACES
from engine.games.hellenica.state import rng_of, store_rng


def bid_for_face(face: str, favor: int, highest_other: int) -> int:
    """The bid a Yellow face means, capped at one more than anyone else's Favor."""
    rule = BIDS[face]
    amount = favor if rule == "all" else favor // 2 if rule == "half" else int(rule)
    return max(0, min(amount, favor, highest_other + 1))


def roll_bid(state: dict, seat: int) -> tuple[str, int]:
    """Roll the Yellow die for an AI seat: (face, bid)."""
    rng = rng_of(state)
    faces = DICE_FACES["yellow"]
    face = faces[rng.below(len(faces))]
    store_rng(state, rng)
    others = [p["favor"] for other, p in enumerate(state["seats"]) if other != seat]
    return face, bid_for_face(face, state["seats"][seat]["favor"], max(others, default=0))


def pick_winner(state: dict, seat: int, tied: list[int]) -> int:
    """An AI Favorite breaking a bid tie: itself, else at random but never
    its Grudge (unless only the Grudge is left to choose)."""
    if seat in tied:
        return seat
    grudge = board_of(state, seat)["grudge"]
    pool = [s for s in tied if s != grudge] or list(tied)
    return _random(state, pool)


def pick_favorite(state: dict, seat: int, tied: list[int]) -> int:
    return seat if seat in tied else _random(state, tied)


def flip_token(state: dict) -> str:
    """ "Flip the Favorite of the Gods token in the air": Zeus or Hera."""
    return _random(state, ["zeus", "hera"])


def _random(state: dict, items: list):
    return draw_one(state, items)
