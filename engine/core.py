"""The Game contract every Agora game implements, and the helpers games share.

A game package under ``engine.games`` exports ``GAME``, an object with:

=================================  ==============================================
``name``, ``title``                registry key (lower case) and display title
``min_players``, ``max_players``   seat limits for the lobby
``options``                        ``dict[str, Option]``: variants with defaults
``new(players, options, seed)``    set-up; every random draw flows from ``seed``
``to_move(state)``                 seats (0-based) that may act now; ``[]`` at the end
``legal(state, seat)``             every legal action of that seat, canonical notation
``play(state, seat, action)``      the NEW state; raises ``IllegalAction``; never
                                   mutates its input
``view(state, seat)``              JSON-safe dict; ``None`` is the public view; a seat's
                                   view is the public view plus ``"seat"`` and
                                   ``"private"`` (only that seat's secrets)
``outcome(state)``                 ``Outcome`` once the game is over, else ``None``
``dump(state)``, ``load(data)``    lossless JSON round trip; ``load`` raises
                                   ``StateError`` on anything malformed
``describe(state, seat, action)``  one plain-words log line for an action about to be
                                   played from ``state``; safe to post publicly
=================================  ==============================================

Optional capabilities (``BaseGame`` declares each with a default, and the
``Game`` protocol lists them, so the service never probes with ``getattr``):
``seat_name`` (a colour such as "Blue"), ``label`` (the private, richer wording
used in a player's own action list), ``reveals`` (whether an action disclosed
hidden information or randomness, which makes it impossible to take back
unilaterally), ``bot_levels``, ``rulebook_levels``, ``stand_in_level`` and
``choose`` (AI seats), ``hidden_information``, ``cheap_legal``,
``legal_comes_with_play``,
``private_view`` (a seat's secrets alone, cheaply), ``reading`` (answers
about one state kept while its views are worked out), ``reaction_window`` (the
name of a short reaction step open now), ``menu_path`` (plain-words menu steps
for an action), ``step_separator`` (a game that takes a seat's consecutive
steps as one command), ``composed_actions`` (actions beyond ``legal``'s
single steps that make several decisions at once) and ``rules_text``.

Determinism: ``new`` plus the ordered ``(seat, action)`` list reproduces a state
exactly, because the only randomness is an ``Rng`` stored inside the state.
"""

from __future__ import annotations

import copy
import json
import random
import re
import tomllib
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Protocol, TypeVar, runtime_checkable

T = TypeVar("T")


class AgoraError(Exception):
    """An error whose message is written for the player who caused it."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class IllegalAction(AgoraError):
    """The action breaks a rule; the message says which and what would be right."""


class StateError(ValueError):
    """A stored state (snapshot) is malformed and cannot be loaded."""


# ---------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class Option:
    """One variant switch of a game, with its default and what it may be.

    ``choices`` restricts strings (and ints) to a set; ``minimum``/``maximum``
    bound ints. The type is the default's type: bool, int or str.
    """

    default: bool | int | str
    help: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    items: tuple[str, ...] = ()
    """Words a comma-separated value may list (Santorini's gods), for front
    ends that complete what is typed; ``parse`` still has the last word."""

    @property
    def kind(self) -> type:
        return type(self.default)

    def describe_allowed(self) -> str:
        if self.kind is bool:
            return "true or false"
        if self.choices is not None:
            return ", ".join(str(c) for c in self.choices)
        if self.kind is int:
            low = "" if self.minimum is None else f" from {self.minimum}"
            high = "" if self.maximum is None else f" to {self.maximum}"
            return f"a whole number{low}{high}"
        return "text"

    def parse(self, name: str, raw: Any) -> bool | int | str:
        """The option's value from user input (a string from a command, or a
        JSON value); raises ``IllegalAction`` naming what is allowed."""
        wrong = IllegalAction(f"`{name}` cannot be {_short(raw)!r}: use {self.describe_allowed()}.")
        if self.kind is bool:
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("true", "yes", "on", "1"):
                return True
            if text in ("false", "no", "off", "0"):
                return False
            raise wrong
        if self.kind is int:
            if isinstance(raw, bool):
                raise wrong
            try:
                value: Any = int(str(raw).strip())
            except ValueError:
                raise wrong from None
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise wrong
        else:
            value = str(raw).strip().lower()
        if self.choices is not None and value not in self.choices:
            raise wrong
        return value


def resolve_options(game: Game, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """All of a game's options, defaults filled in, every given value checked."""
    given = dict(given or {})
    resolved: dict[str, Any] = {}
    unknown = sorted(set(given) - set(game.options))
    if unknown:
        known = ", ".join(sorted(game.options)) or "none"
        raise IllegalAction(f"{game.title} has no option {unknown[0]!r}. Its options are: {known}.")
    for name, option in game.options.items():
        resolved[name] = option.parse(name, given[name]) if name in given else option.default
    return resolved


# ---------------------------------------------------------------------------
# Outcome


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: a score per seat, the winners, and why.

    ``notes`` carries the tie-breaks applied and any score breakdown, one line
    each, in plain words.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(tuple(data["scores"]), tuple(data["winners"]), data["reason"], tuple(data.get("notes", ())))


# ---------------------------------------------------------------------------
# Seeded randomness that lives in the state


_MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64: a tiny, fast generator whose whole state is one integer.

    It is stored inside game states (``to_json``/``from_json``), so replaying a
    game's actions from its seed draws exactly the same tiles, cards and dice.
    The algorithm is fixed here rather than borrowed from ``random`` so that a
    Python upgrade can never change a stored game.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & _MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer from ``low`` to ``high`` inclusive (a die: 1, 6)."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        result = list(items)
        self.shuffle(result)
        return result

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.shuffled(items)[:k]

    def fork(self) -> Rng:
        return Rng(self.state)

    def to_json(self) -> int:
        return self.state

    @classmethod
    def from_json(cls, value: Any) -> Rng:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= _MASK64:
            raise StateError("the random generator's state must be a 64-bit integer")
        rng = cls(0)
        rng.state = value
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng({self.state:#x})"


# ---------------------------------------------------------------------------
# The contract


@runtime_checkable
class Game(Protocol):
    """What the table service may call on a game: the contract, then the
    optional capabilities (``BaseGame`` gives every one a default, so the
    service reads them directly instead of probing with ``getattr``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Option]

    def new(self, players: int, options: dict[str, Any], seed: int) -> Any: ...
    def to_move(self, state: Any) -> list[int]: ...
    def legal(self, state: Any, seat: int) -> list[str]: ...
    def play(self, state: Any, seat: int, action: str) -> Any: ...
    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def dump(self, state: Any) -> dict[str, Any]: ...
    def load(self, data: Mapping[str, Any]) -> Any: ...
    def describe(self, state: Any, seat: int, action: str) -> str: ...

    # -- optional capabilities (defaults in BaseGame) ----------------------

    bot_levels: tuple[str, ...]
    rulebook_levels: tuple[str, ...]
    stand_in_level: str | None
    hidden_information: bool
    cheap_legal: bool
    legal_comes_with_play: bool
    step_separator: str | None

    @property
    def rules_text(self) -> str: ...
    def seat_name(self, state: Any, seat: int) -> str: ...
    def label(self, state: Any, seat: int, action: str) -> str: ...
    def reveals(self, before: Any, seat: int, action: str, after: Any) -> bool: ...
    def choose(self, state: Any, seat: int, level: str, seed: int, budget: float = 2.0) -> str: ...
    def private_view(self, state: Any, seat: int) -> Any: ...
    def reading(self, state: Any) -> AbstractContextManager[object]: ...
    def reaction_window(self, state: Any) -> str | None: ...
    def menu_path(self, state: Any, seat: int, action: str) -> tuple[str, ...]: ...
    def composed_actions(self, state: Any, seat: int) -> list[str]: ...


AI_SEATS = "ai_seats"
"""The option key under which the table passes the seats of ``rulebook_levels``
bots to ``new`` (a sorted list of seat numbers; never set by players)."""

SEAT_COLOURS = ("Blue", "Orange", "Green", "Purple", "Yellow", "Cyan", "Red")
"""Default seat colours, in an order whose first entries stay distinct for the
common colour-vision deficiencies (the palette itself lives in ``render``)."""


class BaseGame:
    """Defaults for the optional members and a few checks every game needs.

    Subclasses set the class attributes and implement the contract methods.
    """

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: dict[str, Option] = {}
    bot_levels: tuple[str, ...] = ("random",)
    rulebook_levels: tuple[str, ...] = ()
    """Bot levels whose seats the rules themselves run (a rulebook's own AI
    players): the table lists those seats in ``options[AI_SEATS]`` when the
    game starts, ``new`` sets them up as the rulebook says and ``to_move``
    never waits for them."""
    stand_in_level: str | None = None
    """The bot level that plays for a person who missed a deadline or
    resigned; None takes the middle of ``bot_levels`` (never a rulebook level)."""
    hidden_information: bool = True
    """False for games without secrets: the table then sends no DMs and may
    show a seat's choices in the channel."""
    cheap_legal: bool = True
    """False when ``legal()`` is too slow to call on every move (the table then
    stores the action as typed instead of its canonical form)."""
    legal_comes_with_play: bool = False
    """True when ``legal()`` on a state ``play`` just returned is nearly free
    (the move worked the next movers' lists out already): the table then
    asks for them at once, before another game's move can take their place."""
    step_separator: str | None = None
    """What joins a seat's consecutive steps into one command (``play`` takes
    ``"a, b"`` as ``a`` then ``b``, refusing the whole when someone else must
    decide in between or a step but the last reveals something); None when
    the game plays one step a command. See ``own_steps_state``."""

    # -- optional members -------------------------------------------------

    def seat_name(self, state: Any, seat: int) -> str:
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def label(self, state: Any, seat: int, action: str) -> str:
        """Wording of an action for the acting player's own eyes (may name
        that player's secrets). Defaults to the public ``describe``."""
        return self.describe(state, seat, action)

    def reveals(self, before: Any, seat: int, action: str, after: Any) -> bool:
        """Whether taking this action back would un-show something: by default,
        any draw from the state's random generator."""
        return state_rng(before) != state_rng(after)

    def private_view(self, state: Any, seat: int) -> Any:
        """Only the ``private`` entry of ``view(state, seat)``. Games override
        it with something cheaper when the whole view costs much: the table
        asks for every seat's secrets after every move."""
        return self.view(state, seat).get("private")

    def reading(self, state: Any) -> AbstractContextManager[object]:
        """A block in which ``state`` is only read: the game may keep answers
        about it from one view to the next (the table works out the public
        view and every seat's secrets of a move's state inside one). Nothing
        is kept by default."""
        return nullcontext()

    def reaction_window(self, state: Any) -> str | None:
        """The name of the short reaction window open now ("sell", "casting"…),
        or None. The table keeps such a window open for the time its settings
        give that name, then plays ``pass`` for the seats that did not answer."""
        return None

    def menu_path(self, state: Any, seat: int, action: str) -> tuple[str, ...]:
        """The steps of the menus that lead to ``action``, in plain words. By
        default the notation's tokens: "move b2 c3" is ("move", "b2", "c3")."""
        return tuple(action.split())

    def composed_actions(self, state: Any, seat: int) -> list[str]:
        """Actions ``play`` takes beyond ``legal``'s list that make several
        of the seat's decisions at once (a whole order of attacks): the menus
        offer them beside the single steps, while ``legal`` (and so the bots
        and the fuzzers) keeps to single steps. None by default."""
        return []

    @property
    def rules_text(self) -> str:
        module = __import__(type(self).__module__, fromlist=["__doc__"])
        package = __import__(module.__package__ or module.__name__, fromlist=["__doc__"])
        return (package.__doc__ or module.__doc__ or self.title).strip()

    def choose(self, state: Any, seat: int, level: str, seed: int, budget: float = 2.0) -> str:
        """An AI seat's action. The base bot plays uniformly at random."""
        actions = self.legal(state, seat)
        if not actions:
            raise IllegalAction(f"{self.seat_name(state, seat)} has nothing to do right now.")
        return random.Random(seed).choice(actions)

    # -- the contract (each game implements these) -------------------------

    def to_move(self, state: Any) -> list[int]:
        raise NotImplementedError

    def legal(self, state: Any, seat: int) -> list[str]:
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def describe(self, state: Any, seat: int, action: str) -> str:
        raise NotImplementedError

    # -- helpers for subclasses -------------------------------------------

    def require_turn(self, state: Any, seat: int) -> None:
        """Raise the standard message when ``seat`` may not act now."""
        movers = self.to_move(state)
        if seat in movers:
            return
        if not movers:
            raise IllegalAction("The game is over; no more actions can be played.")
        names = " and ".join(self.seat_name(state, s) for s in movers)
        verb = "are" if len(movers) > 1 else "is"
        raise IllegalAction(f"It is not your turn: {names} {verb} to act.")


def state_rng(state: Any) -> Any:
    """The ``Rng`` of a state, found as attribute or key ``rng`` (None if none)."""
    if isinstance(state, Mapping):
        return state.get("rng")
    return getattr(state, "rng", None)


def own_steps_state(game: Game, state: Any, seat: int, steps: Sequence[str]) -> Any | None:
    """The state after ``seat`` plays ``steps`` in a row, when the seat may
    still add a next step to the same command: the game joins steps
    (``step_separator``), each step is legal where the one before it left
    the game, the seat alone decides after each, none reveals anything
    (dice, a card) and the game is not over. None otherwise: the steps are
    then the whole command. The same conditions as the game's own ``"a, b"``
    (which checks them again when the command is played)."""
    if game.step_separator is None or not steps:
        return None
    after = state
    for step in steps:
        if game.to_move(after) != [seat]:
            return None
        before = after
        try:
            after = game.play(before, seat, step)
        except IllegalAction:
            return None
        if game.reveals(before, seat, step, after):
            return None
    return after if game.outcome(after) is None and game.to_move(after) == [seat] else None


# ---------------------------------------------------------------------------
# Action text


_SPACES = re.compile(r"\s+")


def normalize_action(text: str) -> str:
    """Lower case with single spaces: the form canonical notation uses."""
    return _SPACES.sub(" ", str(text).strip().lower())


def match_action(text: str, legal: Sequence[str]) -> str | None:
    """The canonical legal action a player's typing means, or None.

    Accepts case and spacing variants and a trailing " - label" that
    autocomplete may have pasted along with the action.
    """
    wanted = normalize_action(text)
    if wanted in legal:
        return wanted
    wanted = wanted.split(" - ", 1)[0].strip()
    return wanted if wanted in legal else None


def reject_unknown(text: str, legal: Sequence[str], what: str = "action") -> IllegalAction:
    """The standard message for an action that is not legal here, with hints."""
    wanted = normalize_action(text)
    if not wanted:
        return IllegalAction(f"Type an {what}; `legal` lists what you can do now.")
    verb = wanted.split(" ", 1)[0]
    same_verb = [a for a in legal if a.split(" ", 1)[0] == verb]
    shown = _short(wanted, 40)
    if same_verb:
        examples = ", ".join(f"`{a}`" for a in same_verb[:5])
        more = "" if len(same_verb) <= 5 else f" (and {len(same_verb) - 5} more)"
        return IllegalAction(f"`{shown}` is not legal now. You can: {examples}{more}.")
    verbs = sorted({a.split(" ", 1)[0] for a in legal})
    if not verbs:
        return IllegalAction(f"`{shown}` is not legal: you have nothing to do right now.")
    return IllegalAction(f"`{shown}` is not an {what} you can take now. Start with one of: {', '.join(verbs)}.")


def _short(value: Any, limit: int = 30) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------------------
# JSON helpers


def clone(value: T) -> T:
    """A deep copy of a JSON-like tree (dicts, lists, scalars) — several times
    faster than ``copy.deepcopy`` for game states built from those."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}  # type: ignore[return-value]
    if isinstance(value, list):
        return [clone(v) for v in value]  # type: ignore[return-value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return copy.deepcopy(value)


def canonical_json(data: Any) -> str:
    """Stable JSON text (sorted keys, no spaces): equal states, equal strings."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def require(condition: bool, message: str) -> None:
    """For ``load``: raise ``StateError`` unless the stored data is well formed."""
    if not condition:
        raise StateError(message)


def usable(game: Game, state: T) -> T:
    """For the end of ``load``: the state, once every call the table makes on
    a loaded game works on it. A snapshot that passed the shape checks but
    breaks a rule's assumptions (a missing key deep inside, a wrong type)
    raises ``StateError`` here, so the table replays the log instead of
    trusting a state that would fail on the next move. Range checks stay in
    ``load``: this cannot catch a value that makes ``legal`` run away."""
    try:
        game.view(state, None)
        for seat in game.to_move(state):
            game.legal(state, seat)
            game.view(state, seat)
        game.outcome(state)
    except (LookupError, TypeError, ValueError, AttributeError, AgoraError) as error:
        raise StateError(f"the stored state does not work: {type(error).__name__}: {error}") from None
    return state


def data_path(game: str, *parts: str) -> Traversable:
    """A game's component data, ``data/<game>/...``, found through
    ``importlib.resources`` so that an installed wheel has it as a checkout does."""
    return resources.files("data").joinpath(game, *parts)


def load_toml(game: str, filename: str) -> dict[str, Any]:
    return tomllib.loads(data_path(game, filename).read_text(encoding="utf-8"))


def replay(game: Game, players: int, options: dict[str, Any], seed: int, actions: Iterable[tuple[int, str]]) -> Any:
    """The state reached by playing ``actions`` from a fresh set-up."""
    state = game.new(players, options, seed)
    for seat, action in actions:
        state = game.play(state, seat, action)
    return state


__all__ = [
    "AgoraError",
    "IllegalAction",
    "StateError",
    "Option",
    "resolve_options",
    "Outcome",
    "Rng",
    "Game",
    "BaseGame",
    "SEAT_COLOURS",
    "state_rng",
    "normalize_action",
    "match_action",
    "reject_unknown",
    "clone",
    "canonical_json",
    "require",
    "usable",
    "data_path",
    "load_toml",
    "replay",
]
