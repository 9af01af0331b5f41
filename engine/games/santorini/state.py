"""The Santorini state: board, workers, gods, set-up progress and the turn in
progress, with its lossless JSON form.

Workers have stable ids (``wid``): ``workers[wid]`` is the square a worker
stands on, or ``OFF`` before it is placed and after it is removed from the
game. ``owner[wid]`` is the worker pool it belongs to. A pool is one colour of
workers: in 1 vs 1 and 3-player games each seat has its own pool; in the team
modes (2 vs 2 and the Agora) the two seats across the table share a pool
("you share workers").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Rng, StateError, require

OFF = -1
"""The square of a worker that is not on the board."""

TOP_LEVEL = 3

PHASES = ("offer", "choose", "first", "place", "play", "over")
"""Set-up steps (``offer`` gods, ``choose`` one, pick the ``first`` player,
``place`` workers), then ``play``, then ``over``."""

MODES = ("standard", "teams", "agora")


class Turn:
    """The turn in progress: who, which stage of it, and what has happened.

    ``flags`` holds the few facts god powers remember during a turn (Charon's
    forcing worker, Hypnus's sleeper, Aphrodite's charmed workers ...); its
    values are ints, strs, bools or tuples so the whole turn is hashable.
    """

    __slots__ = ("seat", "stage", "starts", "moved", "moved_up", "builder", "builds", "flags", "powers")

    def __init__(
        self,
        seat: int,
        stage: str,
        starts: tuple[int, ...],
        moved: tuple[int, ...] = (),
        moved_up: bool = False,
        builder: int = OFF,
        builds: tuple[int, ...] = (),
        flags: dict[str, Any] | None = None,
    ):
        self.seat = seat
        self.stage = stage
        self.starts = starts
        """Every worker's square when the turn began (indexed by wid)."""
        self.moved = moved
        """Workers that moved this turn (sorted: the order never matters)."""
        self.moved_up = moved_up
        self.builder = builder
        """The worker that builds (normally the one that moved), or OFF."""
        self.builds = builds
        """Squares built on this turn, in order (a square twice for two blocks)."""
        self.flags = flags if flags is not None else {}
        self.powers: Any = None
        """Transient cache of the powers in play this turn (``rules.powers``)."""

    def copy(self) -> Turn:
        other = Turn(
            self.seat, self.stage, self.starts, self.moved, self.moved_up, self.builder, self.builds, dict(self.flags)
        )
        other.powers = self.powers
        return other

    def key(self) -> tuple:
        # ``builds`` is history, not state: a power that needs to remember a
        # build (Demeter's first square) keeps it in ``flags``. Where a moved
        # worker started is state: Artemis may not move back there.
        return (
            self.seat,
            self.stage,
            self.moved,
            tuple(self.starts[w] for w in self.moved),
            self.moved_up,
            self.builder,
            tuple(sorted(self.flags.items())),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "stage": self.stage,
            "starts": list(self.starts),
            "moved": list(self.moved),
            "moved_up": self.moved_up,
            "builder": self.builder,
            "builds": list(self.builds),
            "flags": {k: _flag_to_json(v) for k, v in self.flags.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Turn:
        flags = data["flags"]
        require(isinstance(flags, dict), "turn flags must be an object")
        turn = cls(
            int(data["seat"]),
            str(data["stage"]),
            tuple(int(s) for s in data["starts"]),
            tuple(int(w) for w in data["moved"]),
            bool(data["moved_up"]),
            int(data["builder"]),
            tuple(int(b) for b in data["builds"]),
            {str(k): _flag_from_json(v) for k, v in flags.items()},
        )
        require(all(-1 <= s < 25 for s in turn.starts), "turn start squares must be on the board")
        require(all(0 <= b < 25 for b in turn.builds), "built squares must be on the board")
        return turn


def _flag_to_json(value: Any) -> Any:
    return {"tuple": [_flag_to_json(v) for v in value]} if isinstance(value, tuple) else value


def _flag_from_json(value: Any) -> Any:
    if isinstance(value, dict):
        require(set(value) == {"tuple"} and isinstance(value["tuple"], list), "bad turn flag")
        return tuple(_flag_from_json(v) for v in value["tuple"])
    require(isinstance(value, (int, str, bool)) or value is None, "turn flags must be scalars or tuples")
    return value


class State:
    """Everything about a Santorini game. Mutated only by ``rules`` functions
    working on a copy (``GAME.play`` never changes its input)."""

    __slots__ = (
        "players",
        "options",
        "rng",
        "mode",
        "pool_of",
        "owner",
        "workers",
        "blocks",
        "domes",
        "gods",
        "alive",
        "phase",
        "setup",
        "start",
        "turn",
        "moved_up_last",
        "tokens",
        "turn_log",
        "last_log",
        "winners",
        "reason",
        "ply",
        "events",
    )

    def __init__(self, players: int, options: dict[str, Any], rng: Rng, mode: str, pool_of: tuple[int, ...]):
        self.players = players
        self.options = options
        self.rng = rng
        self.mode = mode
        self.pool_of = pool_of
        """Seat -> worker pool."""
        self.owner: tuple[int, ...] = ()
        """Worker id -> pool (fixed when placement begins)."""
        self.workers: list[int] = []
        self.blocks = [0] * 25
        """Blocks on each square, 0..3 (a dome is counted separately)."""
        self.domes = [False] * 25
        self.gods: list[str | None] = [None] * players
        self.alive = [True] * players
        self.phase = "place"
        self.setup: dict[str, Any] = {}
        """Set-up progress: ``challenger``, ``offered``, ``choosers``, ``order``."""
        self.start = 0
        """The start player."""
        self.turn: Turn | None = None
        self.moved_up_last = [False] * players
        """Whether each seat moved a worker up on its last turn (Athena)."""
        self.tokens: dict[str, int] = {}
        """Counters kept on god cards, by god name (Morpheus's blocks)."""
        self.turn_log: list[list[Any]] = []
        """Events of the turn in progress (see ``events.py``)."""
        self.last_log: list[list[Any]] = []
        """Events of the last finished turn (or of set-up)."""
        self.winners: list[int] = []
        self.reason = ""
        self.ply = 0
        self.events: list[list[Any]] = []
        """Transient: the events of the action being played (not dumped)."""

    @property
    def live_turn(self) -> Turn:
        """The turn in progress, for code that only runs during play (where
        ``turn`` is never None); ``turn`` itself is None during set-up."""
        turn = self.turn
        if turn is None:
            raise StateError("no turn is in progress")
        return turn

    # -- copying and identity ---------------------------------------------------

    def copy(self) -> State:
        other = State.__new__(State)
        other.players = self.players
        other.options = self.options  # never mutated after set-up
        other.rng = Rng.__new__(Rng)
        other.rng.state = self.rng.state
        other.mode = self.mode
        other.pool_of = self.pool_of
        other.owner = self.owner
        other.workers = self.workers[:]
        other.blocks = self.blocks[:]
        other.domes = self.domes[:]
        other.gods = self.gods[:]
        other.alive = self.alive[:]
        other.phase = self.phase
        other.setup = {k: (v[:] if isinstance(v, list) else v) for k, v in self.setup.items()}
        other.start = self.start
        other.turn = self.turn.copy() if self.turn is not None else None
        other.moved_up_last = self.moved_up_last[:]
        other.tokens = dict(self.tokens)
        other.turn_log = self.turn_log[:]
        other.last_log = self.last_log
        other.winners = self.winners[:]
        other.reason = self.reason
        other.ply = self.ply
        other.events = []
        return other

    def key(self) -> tuple:
        """Everything that decides what can happen next (not the logs): equal
        keys, equal futures. Used to merge transpositions in searches."""
        return self.board_key() + (self.turn.key() if self.turn else None,)

    def board_key(self) -> tuple:
        """``key`` without the turn in progress: what a finished turn leaves
        behind (two ways of playing a turn that leave the same are one)."""
        return (
            self.mode,
            self.pool_of,
            self.owner,
            tuple(self.workers),
            tuple(self.blocks),
            tuple(self.domes),
            tuple(self.gods),
            tuple(self.alive),
            self.phase,
            tuple(self.moved_up_last),
            tuple(sorted(self.tokens.items())),
            tuple(self.winners),
        )

    # -- questions ----------------------------------------------------------------

    def occupant(self, square: int) -> int:
        """The worker id on ``square``, or OFF."""
        try:
            return self.workers.index(square)
        except ValueError:
            return OFF

    def free(self, square: int) -> bool:
        """Unoccupied: no worker and no dome (glossary)."""
        return not self.domes[square] and square not in self.workers

    def height(self, square: int) -> int:
        return self.blocks[square]

    def pool_workers(self, pool: int) -> list[int]:
        """Worker ids of a pool that are on the board."""
        return [w for w, p in enumerate(self.owner) if p == pool and self.workers[w] != OFF]

    def own_workers(self, seat: int) -> list[int]:
        return self.pool_workers(self.pool_of[seat])

    def is_own(self, seat: int, wid: int) -> bool:
        return self.owner[wid] == self.pool_of[seat]

    def rivals(self, a: int, b: int) -> bool:
        """Whether seat ``b`` is an opponent of seat ``a``: another player who is
        not a teammate (in the Agora everyone plays for themselves)."""
        if a == b:
            return False
        return not (self.mode == "teams" and self.pool_of[a] == self.pool_of[b])

    def team(self, seat: int) -> list[int]:
        """The seats that win or lose together with ``seat``."""
        if self.mode == "teams":
            return [s for s in range(self.players) if self.pool_of[s] == self.pool_of[seat]]
        return [seat]

    def complete_towers(self) -> int:
        """Three blocks and a dome (glossary: Complete Tower)."""
        return sum(1 for s in range(25) if self.domes[s] and self.blocks[s] == TOP_LEVEL)

    def emit(self, *event: Any) -> None:
        """Record an event for the log line and the picture."""
        entry = list(event)
        self.events.append(entry)
        self.turn_log.append(entry)


# -- JSON ------------------------------------------------------------------------


def dump(state: State) -> dict[str, Any]:
    return {
        "players": state.players,
        "options": dict(state.options),
        "rng": state.rng.to_json(),
        "mode": state.mode,
        "pool_of": list(state.pool_of),
        "owner": list(state.owner),
        "workers": list(state.workers),
        "blocks": list(state.blocks),
        "domes": [int(d) for d in state.domes],
        "gods": list(state.gods),
        "alive": [int(a) for a in state.alive],
        "phase": state.phase,
        "setup": {k: (list(v) if isinstance(v, (list, tuple)) else v) for k, v in state.setup.items()},
        "start": state.start,
        "turn": state.turn.to_json() if state.turn else None,
        "moved_up_last": [int(m) for m in state.moved_up_last],
        "tokens": dict(state.tokens),
        "turn_log": [list(e) for e in state.turn_log],
        "last_log": [list(e) for e in state.last_log],
        "winners": list(state.winners),
        "reason": state.reason,
        "ply": state.ply,
    }


def _int_list(value: Any, what: str, low: int, high: int, length: int | None = None) -> list[int]:
    require(isinstance(value, list), f"{what} must be a list")
    require(
        all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in value),
        f"{what} must hold whole numbers from {low} to {high}",
    )
    require(length is None or len(value) == length, f"{what} must have {length} entries")
    return list(value)


SETUP_KEYS = {
    "offer": ("challenger", "offered"),
    "choose": ("challenger", "offered", "choosers"),
    "first": ("challenger",),
    "place": ("order", "placing"),
}
"""What ``setup`` must hold in each set-up phase."""


def load(data: Mapping[str, Any], known_gods: frozenset[str], stages: Any = None) -> State:
    """A state from ``dump`` output; ``StateError`` on anything malformed."""
    try:
        require(isinstance(data, Mapping), "a Santorini state is an object")
        players = data["players"]
        require(isinstance(players, int) and 2 <= players <= 4, "players must be 2 to 4")
        mode = data["mode"]
        require(mode in MODES, "unknown mode")
        require(isinstance(data["options"], dict), "options must be an object")
        pool_of = tuple(_int_list(data["pool_of"], "pool_of", 0, players - 1, players))
        state = State(players, dict(data["options"]), Rng.from_json(data["rng"]), mode, pool_of)
        state.owner = tuple(_int_list(data["owner"], "owner", 0, players - 1))
        state.workers = _int_list(data["workers"], "workers", OFF, 24, len(state.owner))
        on_board = [w for w in state.workers if w != OFF]
        require(len(on_board) == len(set(on_board)), "two workers on one square")
        state.blocks = _int_list(data["blocks"], "blocks", 0, TOP_LEVEL, 25)
        state.domes = [bool(d) for d in _int_list(data["domes"], "domes", 0, 1, 25)]
        require(not any(state.domes[s] for s in on_board), "a worker stands on a dome")
        gods = data["gods"]
        require(isinstance(gods, list) and len(gods) == players, "one god entry per seat")
        require(all(g is None or g in known_gods for g in gods), "unknown god")
        state.gods = list(gods)
        state.alive = [bool(a) for a in _int_list(data["alive"], "alive", 0, 1, players)]
        require(data["phase"] in PHASES, "unknown phase")
        state.phase = data["phase"]
        require(isinstance(data["setup"], dict), "setup must be an object")
        state.setup = {str(k): (list(v) if isinstance(v, list) else v) for k, v in data["setup"].items()}
        for key in SETUP_KEYS.get(state.phase, ()):
            require(key in state.setup, f"set-up in phase {state.phase} needs {key}")
        if "challenger" in SETUP_KEYS.get(state.phase, ()):
            challenger = state.setup["challenger"]
            require(
                isinstance(challenger, int) and not isinstance(challenger, bool) and 0 <= challenger < players,
                "the challenger must be a seat",
            )
        if state.phase in ("offer", "choose"):
            require(
                isinstance(state.setup["offered"], list) and all(g in known_gods for g in state.setup["offered"]),
                "offered gods must be gods",
            )
            require(isinstance(state.setup.get("choosers", []), list), "choosers must be a list")
            require(
                state.phase != "choose" or (state.setup["choosers"] and state.setup["offered"]),
                "choosing needs a chooser and gods on offer",
            )
            require(
                all(isinstance(s, int) and 0 <= s < players for s in state.setup.get("choosers", [])),
                "choosers must be seats",
            )
        if state.phase == "place":
            order = state.setup["order"]
            require(
                isinstance(order, list) and all(isinstance(s, int) and 0 <= s < players for s in order),
                "the placing order must list seats",
            )
            require(
                isinstance(state.setup["placing"], int) and 0 <= state.setup["placing"] < len(order),
                "placing must point into the order",
            )
        start = data["start"]
        require(isinstance(start, int) and 0 <= start < players, "start must be a seat")
        state.start = start
        if data["turn"] is not None:
            state.turn = Turn.from_json(data["turn"])
            require(0 <= state.turn.seat < players, "the turn's seat must be a seat")
            require(len(state.turn.starts) == len(state.workers), "turn starts must list every worker")
            require(all(0 <= w < len(state.workers) for w in state.turn.moved), "moved workers must exist")
            require(-1 <= state.turn.builder < len(state.workers), "the builder must be a worker")
            require(stages is None or stages(state), f"unknown stage {state.turn.stage!r}")
        require(state.phase != "play" or state.turn is not None, "a game in play needs a turn")
        state.moved_up_last = [bool(m) for m in _int_list(data["moved_up_last"], "moved_up_last", 0, 1, players)]
        tokens = data["tokens"]
        require(
            isinstance(tokens, dict) and all(isinstance(v, int) and v >= 0 for v in tokens.values()),
            "tokens must count whole numbers",
        )
        state.tokens = {str(k): int(v) for k, v in tokens.items()}
        for name in ("turn_log", "last_log"):
            log = data[name]
            require(
                isinstance(log, list) and all(isinstance(e, list) and e and isinstance(e[0], str) for e in log),
                f"{name} must be a list of events",
            )
        state.turn_log = [list(e) for e in data["turn_log"]]
        state.last_log = [list(e) for e in data["last_log"]]
        state.winners = _int_list(data["winners"], "winners", 0, players - 1)
        require(isinstance(data["reason"], str), "reason must be text")
        state.reason = data["reason"]
        require(isinstance(data["ply"], int) and data["ply"] >= 0, "ply must be a count")
        state.ply = data["ply"]
        return state
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise StateError(f"not a Santorini state: {error!r}") from None
