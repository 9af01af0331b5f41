"""Secrecy: for every game with hidden information, at every step of seeded
random games played through the table service, nothing public names a
secret.

What counts as a secret, mechanically. At each moment, for every seat, take the
string leaves of ``view(state, seat)["private"]``. A *hidden identifier* is
such a string that

- has never occurred as a string (leaf or key) of the public view in this
  game so far: what is or was on the table is public knowledge (goods, a card
  taken from a display, a building type), and a word legitimately both private
  and public cannot be told from a leak. Knowledge only grows, because a log
  line may name what was public a step earlier ("takes the Oracle from the
  pool") and a turn's post gathers the lines of all its steps;
- has at least two characters and a letter in it: numbers and counts are left
  out on purpose, because a private "3" is indistinguishable from every other
  3 on the board (so a leaked number, such as a secret bid, is not caught here;
  games test that themselves).

Hidden identifiers must not occur as whole words (``c1`` is not found in
``c12``) in:

- any string of the public view (a prompt or a log-like field naming a card);
- any channel post: its text, names and mentions, and its view, which is the
  input of the channel picture and must be exactly the public view;
- any line of the game's log;
- the view returned to the acting player for an ephemeral picture.

A secret copied wholesale into the public view would pass the test above (its
strings become public vocabulary), so, structurally, at every step:

- no whole entry of a seat's private part (a hand, a list of objectives: any
  non-empty list or dict holding an identifier) appears verbatim in the public
  view (searched as canonical JSON text);
- ``view(seat)`` is exactly the public view plus ``seat`` and ``private``, so
  the private part is the complete list of what a seat sees extra;
- the public view has no ``private`` part and does not hold the state's random
  generator (which would predict every hidden draw);
- each private notice goes to its seat's own user and carries exactly that
  seat's current view.

Coverage: every step of the first ``STEPS_PER_SEATING`` actions of random
games through the service, for every seating (``AGORA_STRESS_SCALE`` plays
further, to whole games); and the last steps and the outcome of a whole random
game per seating, on the engine (``test_game_ends_name_no_secret``). The checks
themselves are shown to catch planted leaks (``test_planted_leaks_are_caught``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pytest

from engine.core import Game, Rng, canonical_json, state_rng
from engine.tables import Notice, Tables
from tests.stress.conftest import Seating, finished_random_game, open_table, scaled, seating_params, user_of

STEPS_PER_SEATING = scaled(60)
REMIND_EVERY = 40
"""Every so many actions the clock jumps half a day, so reminder texts are
produced and checked too."""


def strings_in(tree: Any, keys: bool = False) -> set[str]:
    """Every string leaf of a JSON-like tree (and its dict keys if asked)."""
    found: set[str] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            found.add(node)
        elif isinstance(node, dict):
            if keys:
                found.update(k for k in node if isinstance(k, str))
            stack.extend(node.values())
        elif isinstance(node, (list, tuple)):
            stack.extend(node)
    return found


def identifier_like(text: str) -> bool:
    return len(text.strip()) >= 2 and any(ch.isalpha() for ch in text)


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def mentioned(identifiers: Iterable[str], text: str) -> list[str]:
    """The identifiers that occur in ``text`` as whole words."""
    found = []
    for ident in identifiers:
        start = text.find(ident)
        while start >= 0:
            end = start + len(ident)
            clear_before = start == 0 or not (_is_word_char(ident[0]) and _is_word_char(text[start - 1]))
            clear_after = end == len(text) or not (_is_word_char(ident[-1]) and _is_word_char(text[end]))
            if clear_before and clear_after:
                found.append(ident)
                break
            start = text.find(ident, start + 1)
    return found


@dataclass
class Moment:
    """What is public and what is hidden at one instant of a game."""

    public: dict[str, Any]
    public_strings: set[str]
    public_json: str
    seat_views: list[dict[str, Any]]
    hidden: dict[str, int]
    """hidden identifier -> a seat whose private view holds it"""

    @classmethod
    def of(cls, game: Game, players: int, state: Any, vocabulary: set[str]) -> Moment:
        """The moment of ``state``; ``vocabulary`` (every public string so far)
        grows by this moment's public strings."""
        public = game.view(state, None)
        public_strings = strings_in(public, keys=True)
        vocabulary.update(public_strings)
        seat_views = [game.view(state, seat) for seat in range(players)]
        hidden: dict[str, int] = {}
        for seat, view in enumerate(seat_views):
            for text in strings_in(view.get("private")):
                if identifier_like(text) and text not in vocabulary:
                    hidden.setdefault(text, seat)
        return cls(public, public_strings, canonical_json(public), seat_views, hidden)

    def leaks(self, text: str) -> list[str]:
        return [f"{ident!r} (private to seat {self.hidden[ident]})" for ident in mentioned(self.hidden, text)]


def check_structure(game: Game, state: Any, moment: Moment, where: str) -> None:
    public = moment.public
    assert "private" not in public, f"{where}: the public view has a private part"
    for seat, view in enumerate(moment.seat_views):
        extra = {k: v for k, v in view.items() if k not in ("seat", "private")}
        assert view.get("seat") == seat and "private" in view, f"{where}: view({seat}) lacks seat/private"
        assert extra == public, f"{where}: view({seat}) differs from the public view outside its private part"
        for key, entry in (view.get("private") or {}).items():
            if isinstance(entry, (list, dict)) and entry and any(identifier_like(t) for t in strings_in(entry)):
                assert canonical_json(entry) not in moment.public_json, (
                    f"{where}: seat {seat}'s private {key!r} appears verbatim in the public view"
                )
    rng = state_rng(state)
    rng_value = rng.state if isinstance(rng, Rng) else rng
    if isinstance(rng_value, int) and rng_value > 1 << 20:  # small values could be anything
        assert mentioned([str(rng_value)], moment.public_json) == [], (
            f"{where}: the public view holds the random generator's state"
        )
    inner = moment.leaks("\n".join(moment.public_strings))
    assert not inner, f"{where}: public view strings name hidden identifiers: {inner}"


def check_notice(notice: Notice, moment: Moment, where: str, current: bool = True) -> None:
    """``current``: the notice is the latest one with a picture for its
    audience, so its view must be today's; an earlier one (a reminder that
    timed out a step plays ``pass`` for several seats, a post each) shows a
    moment already past and is checked for leaks only."""
    payload = notice.payload
    if notice.kind == "private":
        seat = payload.get("seat")
        assert notice.user_id == user_of(seat), f"{where}: seat {seat}'s private notice went to user {notice.user_id}"
        if current:
            assert payload.get("view") == moment.seat_views[seat], f"{where}: a private notice is not its seat's view"
        return
    if notice.kind == "reminder" and payload.get("dm"):
        return  # a DM to the one player concerned
    if "view" in payload:
        if current:
            assert payload["view"] == moment.public, f"{where}: a channel post's picture is not the public view"
        assert "private" not in payload["view"], f"{where}: a channel post's picture has a private part"
        leaks = moment.leaks("\n".join(strings_in(payload["view"], keys=True)))
        assert not leaks, f"{where}: a channel post's picture names hidden identifiers: {leaks}"
    public_part = {k: v for k, v in payload.items() if k != "view"}
    leaks = moment.leaks("\n".join(strings_in(public_part, keys=True)))
    assert not leaks, f"{where}: {notice.kind} post names hidden identifiers: {leaks}\n{notice.text}"


def latest_pictures(notices: list[Notice]) -> set[int]:
    """Indexes of the last notice with a view for each audience (the
    channel, or one seat)."""
    last: dict[Any, int] = {}
    for index, notice in enumerate(notices):
        if "view" in notice.payload:
            last[notice.payload.get("seat") if notice.kind == "private" else "channel"] = index
    return set(last.values())


async def play_and_check(tables: Tables, courier, clock, seating: Seating, seed: int, channel: int, budget: int) -> int:
    """One random game through the service, every step checked; returns the
    number of actions played (stops early when ``budget`` runs out)."""
    game = seating.game
    table = await open_table(tables, seating, seed, channel)
    rng = random.Random(seed)
    seen_notices = seen_lines = played = 0
    reminded_at = -1
    vocabulary: set[str] = set()
    returned_view = None  # what the last play() handed back for an ephemeral picture
    while True:
        await tables.settle()
        state = await table.state()
        moment = Moment.of(game, seating.players, state, vocabulary)
        where = f"{seating.id} seed {seed} after {played} actions"
        check_structure(game, state, moment, where)
        if returned_view is not None:
            assert returned_view == moment.public, f"{where}: the view returned to the player is not the public view"
        notices = courier.delivered[seen_notices:]
        latest = latest_pictures(notices)
        for index, notice in enumerate(notices):
            check_notice(notice, moment, where, current=index in latest)
        seen_notices = len(courier.delivered)
        rows = await tables.store.actions(table.game_id)
        for row in rows[seen_lines:]:
            leaks = moment.leaks(row.text)
            assert not leaks, f"{where}: log line {row.seq} names hidden identifiers: {leaks}\n{row.text}"
        seen_lines = len(rows)
        if (await tables.record(table.game_id)).status != "active" or played >= budget:
            return played
        if played and played % REMIND_EVERY == 0 and reminded_at != played:
            reminded_at = played
            clock.advance(13)
            await tables.remind()
            returned_view = None
            continue  # check what the reminders did (a timed-out step is passed) before the next move
        seat, action = await table.random_move(rng)
        returned_view = (await tables.play(table.game_id, user_of(seat), action)).view
        played += 1


@pytest.mark.parametrize("seating", seating_params(hidden_only=True))
async def test_nothing_public_names_a_secret(seating, quiet_tables, courier, clock):
    """Every step of random games through the service, from the start."""
    played, seed = 0, 0
    while played < STEPS_PER_SEATING:
        seed += 1
        played += await play_and_check(
            quiet_tables, courier, clock, seating, seed, channel=seed, budget=STEPS_PER_SEATING - played
        )


@pytest.mark.parametrize("seating", seating_params(hidden_only=True))
def test_game_ends_name_no_secret(seating):
    """The last steps of a whole random game (the one the random-play test
    played, when it ran first): views, log lines and the outcome's reason and
    notes, which the service posts in the channel."""
    played = finished_random_game(seating, seed=1)
    game, vocabulary = seating.game, set()
    for index, step in enumerate(played.tail):
        where = f"{seating.id} seed 1, {len(played.tail) - index} steps before the end"
        moment = Moment.of(game, seating.players, step.after, vocabulary)
        check_structure(game, step.after, moment, where)
        line = game.describe(step.before, step.seat, step.action)
        assert not moment.leaks(line), f"{where}: log line names hidden identifiers: {moment.leaks(line)}\n{line}"
    outcome = game.outcome(played.final)
    text = "\n".join([outcome.reason, *outcome.notes])
    assert not moment.leaks(text), f"{seating.id}: the outcome names hidden identifiers: {moment.leaks(text)}"


def test_mentioned_matches_whole_words_only():
    text = "Blue plays c12 and c1; Temple of Zeusx; wine."
    assert mentioned(["c1", "Temple of Zeus", "wine.", "c2"], text) == ["c1", "wine."]
    assert mentioned(["Zeus"], "Temple of Zeus") == ["Zeus"]


class LeakyGame:
    """A real game with one planted leak, to show the checks above notice it.

    ``leak`` is ``log`` (the log line names a secret of the acting seat),
    ``prompt`` (a public status string names one) or ``wholesale`` (seat 0's
    whole private part is shown to everyone)."""

    def __init__(self, inner: Game, leak: str):
        self.inner, self.leak = inner, leak

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def _secret(self, state: Any, seat: int) -> str:
        public = strings_in(self.inner.view(state, None), keys=True)
        private = strings_in(self.inner.view(state, seat).get("private"))
        return min((t for t in private if identifier_like(t) and t not in public), default="")

    def describe(self, state: Any, seat: int, action: str) -> str:
        line = self.inner.describe(state, seat, action)
        return f"{line} (holding {self._secret(state, seat)})" if self.leak == "log" else line

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        view = dict(self.inner.view(state, seat))
        if self.leak == "prompt":
            view["prompt"] = f"Blue ponders {self._secret(state, 0)}"
        elif self.leak == "wholesale":
            view["shown"] = self.inner.view(state, 0)["private"]
        return view


def leak_test_seating() -> Seating | None:
    """A hidden-information seating whose seat 0 holds a secret from the start."""
    for param in seating_params(hidden_only=True):
        seating = param.values[0]
        state = seating.game.new(seating.players, dict(seating.options), 1)
        private = seating.game.view(state, 0)["private"]
        if any(
            isinstance(v, (list, dict)) and v and any(identifier_like(t) for t in strings_in(v))
            for v in private.values()
        ):
            return seating
    return None


@pytest.mark.parametrize(
    "leak,message",
    [
        ("log", r"(log line \d+|channel post) names hidden identifiers"),
        ("prompt", "public view strings name hidden identifiers"),
        ("wholesale", "private .* appears verbatim in the public view"),
    ],
)
async def test_planted_leaks_are_caught(leak, message, tmp_path, courier, clock):
    seating = leak_test_seating()
    if seating is None:
        pytest.skip("no game with a secret dealt at set-up in this run")
    leaky = LeakyGame(seating.game, leak)
    tables = await Tables.open(
        str(tmp_path / "leaky.sqlite3"),
        courier=courier,
        clock=clock,
        run_bots=False,
        registry={seating.game.name: leaky},
    )
    try:
        with pytest.raises(AssertionError, match=message):
            await play_and_check(
                tables, courier, clock, Seating(leaky, seating.players, seating.options), seed=1, channel=1, budget=40
            )
    finally:
        await tables.close()
