"""``God``: the plain rules of a turn, as methods a god power overrides.

A turn is a small state machine. ``state.turn.stage`` names the stage; the
god lists the steps possible in it (``steps_<stage>``) and carries one out
(``apply_<stage>``), which sets the next stage. The plain turn is ``move`` ->
``build`` -> ``end``. A power adds stages (Artemis's ``again``: a second move
or ``pass``), changes what a stage offers (Atlas's domes), or reacts to what
opponents do through the hooks at the bottom ("Opponent's Turn" powers).

Steps are tuples: ``("move", from, to)``, ``("build", sq)``, ``("dome", sq)``,
``("force", sq, to)``, ``("remove", sq)``, ``("pass",)``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.games.santorini import rules
from engine.games.santorini.board import NEIGHBOURS
from engine.games.santorini.rules import BUILD, END, PASS
from engine.games.santorini.state import OFF, State

Step = tuple[Any, ...]


class God:
    """No power: the rules on the back of the box. Subclasses are the gods."""

    name: ClassVar[str] = ""
    """Registry key (lower case); the display name and texts are in
    ``data/santorini/gods.toml``."""
    neighbours: ClassVar[tuple[tuple[int, ...], ...]] = NEIGHBOURS
    """The board's adjacency during this god's own moves and builds."""
    workers: ClassVar[int] = 2
    """Workers placed at set-up (Graeae: 3)."""
    places_first: ClassVar[bool] = False
    """Set-up: this god's workers are placed before everyone else's (Bia)."""
    placement_rule: ClassVar[str] = ""
    """Set-up: the restriction ``placement_ok`` enforces, in words (Eros)."""

    # -- the turn as a state machine ---------------------------------------------

    def begin_turn(self, state: State) -> None:
        """ "Start of Your Turn" effects (Morpheus)."""

    def steps(self, state: State) -> list[Step]:
        """Every candidate step at the current stage (before checking that
        the turn can still be completed)."""
        return getattr(self, f"steps_{state.live_turn.stage}")(state)

    def apply(self, state: State, step: Step) -> None:
        """Carry out one step of the current stage and set the next stage."""
        getattr(self, f"apply_{state.live_turn.stage}")(state, step)

    # stage "move": the one move of a plain turn

    def steps_move(self, state: State) -> list[Step]:
        return self.standard_moves(state)

    def standard_moves(self, state: State, workers: list[int] | None = None, climb: int = 1) -> list[Step]:
        seat = state.live_turn.seat
        chosen = state.own_workers(seat) if workers is None else workers
        return [
            ("move", state.workers[w], to)
            for w in chosen
            for to in rules.move_targets(state, seat, w, climb, self.neighbours)
        ]

    def apply_move(self, state: State, step: Step) -> None:
        self.do_move(state, step)
        if state.phase != "over":
            state.live_turn.stage = self.after_move(state)

    def do_move(self, state: State, step: Step) -> int:
        """Move the worker on ``step[1]`` to ``step[2]``; it becomes the builder."""
        _, frm, to = step
        wid = state.occupant(frm)
        rules.move_worker(state, state.live_turn.seat, wid, to)
        state.live_turn.builder = wid
        return wid

    def after_move(self, state: State) -> str:
        return BUILD

    # stage "build": the one build of a plain turn

    def steps_build(self, state: State) -> list[Step]:
        return self.standard_builds(state)

    def standard_builds(self, state: State, builder: int | None = None) -> list[Step]:
        wid = state.live_turn.builder if builder is None else builder
        if wid == OFF or state.workers[wid] == OFF:
            return []
        return [("build", sq) for sq in rules.build_targets(state, state.live_turn.seat, wid, self.neighbours)]

    def apply_build(self, state: State, step: Step) -> None:
        self.do_build(state, step)
        if state.phase != "over":
            state.live_turn.stage = self.after_build(state)

    def builders(self, state: State) -> list[int]:
        """The workers that may build at this stage (error messages name
        them): the worker that moved, or any of the player's workers before
        a move (Prometheus) or when a power lets either build (Hermes)."""
        wid = state.live_turn.builder
        if wid != OFF and state.workers[wid] != OFF:
            return [wid]
        return state.own_workers(state.live_turn.seat)

    def do_build(self, state: State, step: Step) -> None:
        rules.build(state, state.live_turn.seat, step[1], dome=step[0] == "dome", by=self.name)

    def after_build(self, state: State) -> str:
        return END

    def end_of_turn(self, state: State) -> None:
        """Automatic "End of Your Turn" effects (Medusa), once the turn's steps
        are done."""

    # -- optional stages: a list of extra steps plus ``pass`` ----------------------

    @staticmethod
    def optional(steps: list[Step]) -> list[Step]:
        """Steps of an optional stage: ``pass`` is offered only when there is
        something to decline (an empty stage is skipped)."""
        return steps + [PASS] if steps else [PASS]

    # -- set-up ---------------------------------------------------------------------

    def placement_ok(self, state: State, pool: int, placed: list[int], square: int) -> bool:
        """Whether a worker of this god's pool may be placed on ``square``
        given the pool's squares ``placed`` so far (Eros)."""
        return True

    # -- winning ---------------------------------------------------------------------

    def wins_by_move(
        self, state: State, seat: int, wid: int, frm: int, to: int, up_from: int, up_to: int
    ) -> str | None:
        """Why this move wins, or None. Powers add alternative wins (Pan)."""
        return rules.standard_win(up_from, up_to)

    # -- effects on opponents' turns ("Opponent's Turn", "Any Move", "At All Times") --

    def rival_turn_begins(self, state: State, holder: int, seat: int) -> None:
        """ "Start of Opponent's Turn" (Hypnus) and marks for later (Aphrodite)."""

    def forbids_move(self, state: State, holder: int, seat: int, wid: int, frm: int, to: int) -> bool:
        """Whether this power stops an opponent's worker moving frm -> to."""
        return False

    def forbids_build(self, state: State, holder: int, seat: int, square: int, dome: bool) -> bool:
        return False

    def forbids_win(self, state: State, holder: int, seat: int, wid: int, frm: int, to: int) -> bool:
        return False

    def after_rival_move(self, state: State, holder: int, seat: int, wid: int, frm: int, to: int) -> None:
        """React to an opponent's move (Harpies)."""

    def rival_turn_ok(self, state: State, holder: int, seat: int) -> bool:
        """Whether an opponent's finished turn obeyed a "must" (Aphrodite)."""
        return True

    def rival_turn_preferred(self, state: State, holder: int, seat: int) -> bool:
        """Whether an opponent's finished turn met an "if possible, must"
        (Persephone); turns that do are required when any exists."""
        return True

    def after_any_build(self, state: State, holder: int) -> None:
        """React to any player's build (Chronus)."""
