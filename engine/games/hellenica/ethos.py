"""The Ethos phase: private objectives, kept or paid away.

- "Shuffle the Ethos Objective Deck and deal 4 Ethos cards to each Player
  that has not already selected their Ethos Objectives."
- "Each Player secretly reviews their cards (duplicates are not replaced)
  and selects two different cards ... The other 2 cards are returned to the
  Ethos Objective Deck without being revealed."
- "the Player may pay an amount of Favor to the pool equal to the game turn
  to discard all 4 cards back to the Ethos Objective Deck. They will be dealt
  4 more cards next turn."

Notation: ``keep 1 3`` keeps the first and third cards of your hand (the
numbers keep the choice secret in the public log); ``discard`` pays the
Favor. Everyone still choosing acts at the same time.
"""

from __future__ import annotations

from itertools import combinations

from engine.core import IllegalAction
from engine.games.hellenica.components import OBJECTIVES, RULES
from engine.games.hellenica.state import log, rng_of, seat_name, store_rng
from engine.games.hellenica.steps import Step, done_waiting, push, register

DEALT = RULES["ethos"]["dealt"]
KEPT = RULES["ethos"]["kept"]


def run_ethos_phase(state: dict, first: bool) -> bool:
    if not first:
        return True
    choosing = [seat for seat, player in enumerate(state["seats"]) if not player["ethos_kept"]]
    if not choosing:
        return True
    rng = rng_of(state)
    deck = rng.shuffled(state["ethos_deck"])
    for seat in choosing:
        state["seats"][seat]["ethos_hand"] = [deck.pop() for _ in range(DEALT)]
    state["ethos_deck"] = sorted(deck)
    store_rng(state, rng)
    push(state, "ethos", waiting=choosing)
    return False


def keep_choices(hand: list[str]) -> list[tuple[int, int]]:
    """Pairs of positions (1-based) holding two different cards."""
    return [(i + 1, j + 1) for i, j in combinations(range(len(hand)), KEPT) if hand[i] != hand[j]]


def discard_cost(state: dict) -> int:
    return state["turn"]


@register
class EthosStep(Step):
    kind = "ethos"

    def legal(self, state: dict, frame: dict, seat: int) -> list[str]:
        if seat not in frame["waiting"]:
            return []
        player = state["seats"][seat]
        actions = [f"keep {i} {j}" for i, j in keep_choices(player["ethos_hand"])]
        if player["favor"] >= discard_cost(state):
            actions.append("discard")
        return actions

    def play(self, state: dict, frame: dict, seat: int, action: str) -> None:
        player = state["seats"][seat]
        hand = player["ethos_hand"]
        words = action.split()
        if words == ["discard"]:
            cost = discard_cost(state)
            if player["favor"] < cost:
                raise IllegalAction(
                    f"Discarding costs {cost} Favor on turn {state['turn']}; you have "
                    f"{player['favor']}. Keep two different cards instead."
                )
            player["favor"] -= cost
            state["ethos_deck"] = sorted(state["ethos_deck"] + hand)
            player["ethos_hand"] = []
            log(state, f"{seat_name(seat)} pays {cost} Favor to discard the Ethos cards and will draw again next turn.")
        elif len(words) == 3 and words[0] == "keep":
            first, second = (int(w) if w.isdigit() else 0 for w in words[1:])
            if not (1 <= first <= len(hand) and 1 <= second <= len(hand)) or first == second:
                raise IllegalAction(f"Name two different cards by their places 1 to {len(hand)}: `keep 1 3`.")
            if hand[first - 1] == hand[second - 1]:
                raise IllegalAction(
                    f"Cards {first} and {second} are both "
                    f"{OBJECTIVES[hand[first - 1]].title}; keep two different cards."
                )
            kept = [hand[first - 1], hand[second - 1]]
            rest = [card for index, card in enumerate(hand, 1) if index not in (first, second)]
            player["ethos"] = kept
            player["ethos_kept"] = True
            player["ethos_hand"] = []
            state["ethos_deck"] = sorted(state["ethos_deck"] + rest)
            log(state, f"{seat_name(seat)} keeps two Ethos objectives.")
        else:
            raise self.refuse(state, frame, seat, action)
        done_waiting(state, frame, seat)

    def explain(self, state: dict, frame: dict, seat: int, action: str) -> str:
        hand = state["seats"][seat]["ethos_hand"]
        words = action.split()
        if words[0] == "discard":
            return f"pay {discard_cost(state)} Favor, discard all four, draw again next turn"
        first, second = int(words[1]), int(words[2])
        return f"keep {OBJECTIVES[hand[first - 1]].title} and {OBJECTIVES[hand[second - 1]].title}"

    def title(self, state: dict, frame: dict) -> str:
        return "choosing Ethos objectives"
