"""Medusa, Petrifying Gorgon — End of Your Turn."""

from engine.games.santorini import rules
from engine.games.santorini.gods.base import God
from engine.games.santorini.state import State


class Medusa(God):
    """ "If possible, your workers build in lower neighboring spaces that are
    occupied by opponent workers, removing the opponent workers from the
    game." Automatic at the end of her turn; "if possible" means a build
    there must be allowed (Limus may forbid it)."""

    name = "medusa"

    def end_of_turn(self, state: State) -> None:
        seat = state.live_turn.seat
        victims: dict[int, None] = {}
        for wid in state.own_workers(seat):
            here = state.workers[wid]
            for sq in self.neighbours[here]:
                victim = state.occupant(sq)
                if victim != -1 and not state.is_own(seat, victim) and state.blocks[sq] < state.blocks[here]:
                    victims.setdefault(victim)
        for victim in sorted(victims, key=lambda w: state.workers[w]):
            square = state.workers[victim]
            if not rules.build_allowed(state, seat, square, rules.makes_dome(state, square)):
                continue
            rules.remove_worker(state, victim, self.name)
            rules.build(state, seat, square, by=self.name)
            if state.phase == "over":
                return
