"""The Hellenica ``GAME`` object: the engine contract over the decision frames.

Besides the frames' own actions, two kinds of action may be played by any
seat at any time, without the game waiting for them: trades (``trade``) and
Invocations of the Action phase, or of a Movement under way
(``invocations.free_commands``). ``legal`` lists them for every seat and
``play`` accepts them from seats that are not to move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import BaseGame, IllegalAction, Option, Outcome, normalize_action, state_rng, usable

# Importing the rule modules registers their decision frames (``steps.register``).
from engine.games.hellenica import (  # noqa: F401
    actions,
    bot,
    build,
    choice,
    combat,
    creatures,
    deity_modes,
    ethos,
    events,
    favorite,
    invocations,
    losses,
    menus,
    movement,
    pathos,
    phases,
    produce,
    quick,
    setup,
    snapshot,
    trade,
    upkeep,
    views,
)
from engine.games.hellenica.ai import ai_trade_refusal
from engine.games.hellenica.ai.grudges import note_action
from engine.games.hellenica.maps import hooks as map_hooks
from engine.games.hellenica.objectives import completed
from engine.games.hellenica.read_cache import reading
from engine.games.hellenica.state import copy_for_play, played, seat_name
from engine.games.hellenica.steps import STEPS, current, open_frame


class Hellenica(BaseGame):
    name = "hellenica"
    title = "Hellenica: Story of Greece"
    min_players = 2
    max_players = 7
    options = {
        "homes": Option(
            "choose",
            "With fewer than 7 players: players choose their Home Cities in turn "
            "(`choose`) or receive them at random (`random`), following the spacing rule.",
            choices=("choose", "random"),
        ),
        "patrons": Option(deity_modes.DEALT, deity_modes.PATRONS_HELP, choices=deity_modes.PATRON_CHOICES),
        "rivals": Option(False, deity_modes.RIVALS_HELP),
        "pathos": Option(pathos.STANDARD, pathos.PATHOS_HELP, choices=pathos.PATHOS_CHOICES),
        "epic": Option(False, pathos.EPIC_HELP),
        pathos.DESTRUCTION: Option(pathos.HELD, pathos.DESTRUCTION_HELP, choices=pathos.DESTRUCTION_CHOICES),
        pathos.THRESHOLDS: Option(pathos.SCALED, pathos.THRESHOLDS_HELP, choices=pathos.THRESHOLD_CHOICES),
        "map": Option(map_hooks.STANDARD, map_hooks.MAP_HELP, choices=map_hooks.MAP_CHOICES),
        quick.QUICK: Option(True, quick.QUICK_HELP),
    }
    _last_played: tuple[dict, int, str, tuple[str, ...]] | None = None
    """(state before, seat, action, the log lines it wrote) of the last ``play``."""
    _step_legal: tuple[dict, dict[int, list[str]]] | None = None
    """(a state ``play`` returned, its step's legal actions by seat), as the
    quick steps found them: the menus and the next move ask for them again.
    A state is never changed once made, so the state itself is the key."""
    bot_levels: tuple[str, ...] = bot.LEVELS + ("ai",)  # "ai": the rulebook's own AI players (hellenica.ai)
    stand_in_level: str | None = "medium"  # the planning bot plays for a person who missed a deadline or resigned
    rulebook_levels: tuple[str, ...] = ("ai",)
    cheap_legal = True
    legal_comes_with_play = True  # the quick steps' lists (``_step_legal``)
    step_separator: str | None = quick.STEP_SEPARATOR

    # -- the contract ------------------------------------------------------------

    def new(self, players: int, options: dict[str, Any], seed: int) -> dict:
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                f"Hellenica is played by {self.min_players} to {self.max_players} players, not {players}."
            )
        full = {name: option.default for name, option in self.options.items()}
        # Quick steps, the held Destruction and the re-tuned thresholds only
        # when asked (the table's options always say): games stored before
        # these options existed replay as they were played.
        full[quick.QUICK] = False
        full[pathos.DESTRUCTION] = pathos.INSTANT
        full[pathos.THRESHOLDS] = pathos.FIRST
        full.update(options or {})
        state = setup.new_state(players, full, seed)
        phases.advance(state)
        quick.play_forced(state)
        return state

    def to_move(self, state: dict) -> list[int]:
        frame = current(state)
        if state["phase"] == "over" or frame is None:
            return []
        return [s for s in STEPS[frame["kind"]].seats(state, frame) if s not in state.get("ai_seats", ())]

    def legal(self, state: dict, seat: int) -> list[str]:
        if state["phase"] == "over" or not 0 <= seat < state["players"] or seat in state.get("ai_seats", ()):
            return []
        with reading(state):  # a state the table holds is never changed: its answers are kept while listing
            return self._legal(state, seat)

    def _legal(self, state: dict, seat: int) -> list[str]:
        frame_commands: list[str] = []
        frame = current(state)
        if frame is not None and seat in self.to_move(state):
            known = self._step_legal
            if known is not None and known[0] is state and seat in known[1]:
                frame_commands = list(known[1][seat])
            else:
                frame_commands = STEPS[frame["kind"]].legal(state, frame, seat)
        trades = trade.commands(state, seat)
        if state.get("ai_seats"):  # AI players do not trade
            trades = [c for c in trades if not ai_trade_refusal(state, c)]
        extra = invocations.free_commands(state, seat) + trades
        if not extra:
            return frame_commands
        listed = set(frame_commands)
        return frame_commands + [a for a in extra if a not in listed]

    def play(self, state: dict, seat: int, action: str) -> dict:
        after = self._play(state, seat, action)
        # ``describe`` is asked about the move just played (the table plays, then
        # describes): remember its log lines instead of playing it twice.
        self._last_played = (state, seat, normalize_action(action), _new_lines(state, after))
        return after

    def _play(self, state: dict, seat: int, action: str) -> dict:
        text = normalize_action(action)
        if quick.STEP_SEPARATOR in text:  # ``a, b``: several of the seat's own steps in a row
            return quick.play_in_one(self, state, seat, text)
        verb = text.split(" ", 1)[0]
        frame = current(state)
        if verb in trade.VERBS and state["phase"] != "over":
            if state["phase"] == "setup":
                raise IllegalAction("Trades open once the game has begun (after the set-up choices).")
            refusal = ai_trade_refusal(state, text)
            if refusal:
                raise IllegalAction(refusal)
            after = trade.copy_for_trade(state)
            trade.play(after, seat, text)
            return after
        if verb == "invoke" and frame is not None and frame["kind"] != "window" and state["phase"] != "over":
            after = copy_for_play(state)
            invocations.cast_freely(after, seat, text)
            note_action(state, after, seat, text)  # a harmful Invocation earns an AI's grudge
            phases.advance(after)
            self._step_legal = (after, quick.play_forced(after))
            return played(after)
        self.require_turn(state, seat)
        after = copy_for_play(state)
        frame = open_frame(after)  # require_turn passed: some seat is to move
        STEPS[frame["kind"]].play(after, frame, seat, text)
        note_action(state, after, seat, text)  # harm aimed at an AI player earns its grudge
        phases.advance(after)
        self._step_legal = (after, quick.play_forced(after))
        return played(after)

    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        public = views.public_view(state, self.name)
        if seat is not None:
            public["seat"] = seat
            public["private"] = views.private_view(state, seat)
        return public

    def private_view(self, state: dict, seat: int) -> dict[str, Any]:
        """Only the ``private`` part of ``view(state, seat)``."""
        return views.private_view(state, seat)

    def reading(self, state: dict) -> reading:
        """Who owns which city and which objectives are met, worked out once
        for the public view and every seat's secrets of one state."""
        return reading(state)

    def outcome(self, state: dict) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = tuple(float(len(completed(state, seat))) for seat in range(state["players"]))
        return Outcome(scores, tuple(state["winners"]), state["reason"], tuple(state["notes"]))

    def dump(self, state: dict) -> dict[str, Any]:
        """The state itself: it is plain JSON already, and a state is never
        changed once made (``play`` works on a copy), so there is nothing to
        copy. Callers must not change what they get (``load`` copies)."""
        return state

    def load(self, data: Mapping[str, Any]) -> dict:
        return usable(self, snapshot.load(data))

    def describe(self, state: dict, seat: int, action: str) -> str:
        """What the action did, in the public log's words (it is played on a
        copy to know the dice and the casualties)."""
        who = seat_name(seat)
        last = self._last_played
        if last is not None and last[0] is state and last[1] == seat and last[2] == normalize_action(action):
            lines = list(last[3])
        else:
            try:
                lines = list(_new_lines(state, self._play(state, seat, action)))
            except IllegalAction:
                return f"{who}: {action}"
        if not lines:
            return f"{who}: {normalize_action(action)}"
        if not lines[0].startswith(who):
            lines.insert(0, f"{who}: {normalize_action(action)}.")
        return " ".join(lines)

    # -- optional members --------------------------------------------------------

    def label(self, state: dict, seat: int, action: str) -> str:
        frame = current(state)
        text = normalize_action(action)
        verb = text.split(" ", 1)[0]
        if frame is None:
            return action
        order = menus.whole_order(state, text)
        if order is not None:
            return menus.order_label(state, order)
        try:
            if verb in trade.VERBS:
                return trade.explain(state, seat, text)
            if verb == "invoke" and frame["kind"] != "window":
                return invocations.invoke_label(state, None, text)
            return STEPS[frame["kind"]].explain(state, frame, seat, text)
        except (KeyError, IndexError, ValueError, TypeError):
            return action

    def composed_actions(self, state: dict, seat: int) -> list[str]:
        """A whole order at once (``unleash hydra cetus sphinx``), beside its
        first answer alone: "the Favorite of the gods determines the order in
        which they attack"."""
        return choice.whole_orders(state, seat)

    def menu_path(self, state: dict, seat: int, action: str) -> tuple[str, ...]:
        """The plain-words menu steps of a legal action (``menus``)."""
        return menus.menu_path(self, state, seat, action)

    def reaction_window(self, state: dict) -> str | None:
        """``"casting"`` while a casting window is open ("all players should be
        given a reasonable amount of time to cast their own Invocations before
        the first Invocation is resolved"); the table decides how long that is
        and passes for the seats that have not answered. The window closes by
        itself as soon as every seat in it has cast or passed."""
        frame = current(state)
        if state["phase"] == "over" or frame is None or frame["kind"] != "window" or frame.get("stage") != "open":
            return None
        return "casting"

    def reveals(self, before: dict, seat: int, action: str, after: dict) -> bool:
        """Dice, drawn cards and dealt hands (the generator moved), secret
        bids opened, or map tiles drawn to explore."""
        return (
            state_rng(before) != state_rng(after)
            or before["events"]["reveals"] != after["events"]["reveals"]
            or before.get("explore", {}).get("stack") != after.get("explore", {}).get("stack")
        )

    def choose(self, state: dict, seat: int, level: str, seed: int, budget: float = 2.0) -> str:
        return bot.choose(self, state, seat, level, seed)


def _new_lines(before: dict, after: dict) -> tuple[str, ...]:
    """The public log lines a move wrote: the last ones (the log is kept in
    the order its lines were numbered), so only those are looked at."""
    seen, entries = before["log_seq"], after["log"]
    start = len(entries)
    while start and entries[start - 1]["n"] > seen:
        start -= 1
    return tuple(entry["text"] for entry in entries[start:])


GAME = Hellenica()
