"""Fuzzing: random and adversarial input into every argument a player can type,
and corrupted snapshots into every game's ``load``.

- Actions: empty, whitespace, control characters, invisible and right-to-left
  marks, emoji and full-width letters, huge strings and numbers, injection
  strings, every other game's notation, and mutations of the real legal
  actions (a token dropped, doubled, swapped, glued, out of range). The pure
  engine must refuse each with ``IllegalAction`` (or accept it only as an
  obvious variant of a listed action, with the same effect) and never touch
  its input; the service must answer every one with an ``AgoraError`` that
  has a message, leaving every stored row of the game and its cached state
  exactly as they were.
- Command options: game names, option names and values (text, numbers,
  unicode, wrong JSON types, other games' values), bot levels and table
  settings: an ``AgoraError`` and nothing created, or a value the option
  allows; a game created with odd but accepted options either starts or
  refuses to with a message.
- Snapshots: structural and deep random corruptions of real dumps. ``load``
  raises ``StateError`` or returns a state that works (dumps, lists moves,
  shows views); never another exception. The service replays the log for a
  game whose stored snapshot it cannot read, after a restart or not.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable
from typing import Any

import pytest

from engine.core import AgoraError, Game, IllegalAction, StateError, match_action, normalize_action
from engine.games import REGISTRY
from engine.tables import Tables
from tests.stress.conftest import (
    Seating,
    dumped,
    fingerprint,
    game_params,
    memory_ceiling,
    open_table,
    random_state,
    seatings,
    stored_state_matches_cache,
    stress_games,
    user_of,
)

OUTSIDER = 99

ADVERSARIAL_TEXT = [
    "",
    " ",
    "\t\n\r ",
    "\x00",
    "pass\x00",
    "\x00pass",
    "\x1b[2J\x1b[H",
    "\u200b",
    "\u200bpass",
    "\ufeffpass",
    "\u202epass",
    "pass\u202e",
    "p\u0308ass",
    "ｐａｓｓ",
    "𝐩𝐚𝐬𝐬",
    "🎲",
    "🏛️ move",
    "Ωμέγα",
    "ß",
    "İ",
    "\ud800",
    "x" * 201,
    "x" * 10_000,
    "move " + "a1 " * 4_000,
    "9" * 5_000,
    "-1",
    "0",
    "-0",
    "1e309",
    "nan",
    "inf",
    "None",
    "null",
    "true",
    "[]",
    "{}",
    '{"action": "pass"}',
    "'; DROP TABLE actions; --",
    "%s%s%s%n",
    "{0}{1}",
    "${jndi:ldap://x}",
    "<@123>",
    "@everyone",
    "||pass||",
    "`pass`",
    "```",
    "\\",
    "../../etc/passwd",
    "pass;pass",
    "pass pass",
    "- pass",
    " - ",
    "pass - ",
    "move",
    "move move move",
]


def other_notation(game: Game) -> list[str]:
    """Legal actions of every other game, from a few positions of each (a
    game that cannot be played right now lends none: its own tests say why)."""
    found: list[str] = []
    for other in stress_games():
        if other.name == game.name:
            continue
        try:
            seating = seatings(other)[0]
            for depth in (0, 15):
                state = random_state(seating, seed=3, steps=depth)
                for seat in other.to_move(state):
                    found.extend(other.legal(state, seat)[:6])
        except Exception:  # noqa: BLE001
            continue
    return sorted(set(found))


def mutations(action: str, rng: random.Random) -> list[str]:
    """Near misses of a real action."""
    tokens = action.split()
    out = [
        action.upper(),
        action + "\x00",
        action.replace(" ", "\t"),
        action.replace(" ", ""),
        action + "x",
        action[: max(1, len(action) // 2)],
        f"{action} - a pasted label",
        f"{action} {tokens[-1]}",
        " ".join(reversed(tokens)),
        " ".join(tokens[:-1]),
        f"{tokens[0]} zz9",
        f"{action} 0",
        action + " " + "".join(rng.choice("abcxyz0189-") for _ in range(4)),
    ]
    for index, token in enumerate(tokens):
        if any(ch.isdigit() for ch in token):
            for replacement in ("99", "-1", "0", "999999999999999999999"):
                out.append(" ".join(tokens[:index] + [replacement] + tokens[index + 1 :]))
    return out


def garbage_for(game: Game, state: Any, rng: random.Random, foreign: list[str]) -> list[str]:
    """The adversarial corpus for one position."""
    legal = sorted({a for seat in game.to_move(state) for a in game.legal(state, seat)})
    near = [m for action in rng.sample(legal, min(4, len(legal))) for m in mutations(action, rng)]
    random_text = [
        "".join(
            chr(rng.choice((rng.randrange(32, 127), rng.randrange(0x80, 0x3000)))) for _ in range(rng.randrange(1, 30))
        )
        for _ in range(8)
    ]
    return ADVERSARIAL_TEXT + near + random_text + rng.sample(foreign, min(25, len(foreign)))


def fuzz_positions(game: Game) -> list[tuple[Seating, Any]]:
    """A few positions per game: start, early and mid-game, fewest and most players."""
    chosen = seatings(game)
    chosen = chosen[:1] + chosen[-1:] if len(chosen) > 1 else chosen
    return [(s, random_state(s, seed=5, steps=depth)) for s in chosen for depth in (0, 6, 40)]


def effect_of_listed(game: Game, state: Any, seat: int) -> set[str]:
    return {dumped(game, game.play(state, seat, action)) for action in game.legal(state, seat)}


@pytest.mark.parametrize("game", game_params())
def test_engine_refuses_garbage_and_never_mutates(game):
    rng = random.Random(11)
    foreign = other_notation(game)
    with memory_ceiling():
        for seating, state in fuzz_positions(game):
            before = dumped(game, state)
            movers = game.to_move(state)
            bystanders = [s for s in range(seating.players) if s not in movers][:1]
            for text in garbage_for(game, state, rng, foreign):
                for seat in movers + bystanders:
                    where = f"{seating.id}: seat {seat} playing {text[:60]!r}"
                    try:
                        after = game.play(state, seat, text)
                    except IllegalAction as error:
                        assert str(error).strip(), f"{where}: refused without a message"
                    except Exception as error:  # noqa: BLE001 — would escape to Discord
                        pytest.fail(f"{where}: raised {type(error).__name__}: {error}")
                    else:  # out of turn too, when the game lists an out-of-turn action for the seat
                        assert dumped(game, after) in effect_of_listed(game, state, seat), (
                            f"{where}: accepted, but it does not do what any action listed for the seat does"
                        )
                    assert dumped(game, state) == before, f"{where}: play() changed its input state"


@pytest.mark.parametrize("game", game_params())
async def test_service_answers_garbage_with_a_message_and_changes_nothing(game, quiet_tables):
    rng = random.Random(12)
    foreign = other_notation(game)
    seating = seatings(game)[0]
    table = await open_table(quiet_tables, seating, seed=5, channel_id=1)
    for _ in range(6):
        seat, action = await table.random_move(rng)
        await quiet_tables.play(table.game_id, user_of(seat), action)
    state = await table.state()
    stored = await fingerprint(quiet_tables, table.game_id)
    movers = game.to_move(state)
    users = [user_of(s) for s in movers] + [user_of(s) for s in range(seating.players) if s not in movers][:2]
    for text in garbage_for(game, state, rng, foreign):
        for user in users + [OUTSIDER]:
            seat = user - user_of(0)
            if user != OUTSIDER and may_play(game, state, seat, text):
                continue  # an obvious variant of an action listed for the seat: the engine test covers it
            where = f"user {user} playing {text[:60]!r}"
            try:
                await quiet_tables.play(table.game_id, user, text)
            except AgoraError as error:
                assert str(error).strip(), f"{where}: refused without a message"
            except Exception as error:  # noqa: BLE001 — would escape to Discord
                pytest.fail(f"{where}: raised {type(error).__name__}: {error}")
            else:
                pytest.fail(f"{where}: accepted")
            assert await fingerprint(quiet_tables, table.game_id) == stored, f"{where}: the stored game changed"
    assert await quiet_tables.verify(table.game_id)


def may_play(game: Game, state: Any, seat: int, text: str) -> bool:
    """Whether ``seat`` may play ``text`` by the contract: the engine accepts it
    as the service passes it on, and the seat is to move or the game lists it
    as one of the seat's out-of-turn actions."""
    wanted = normalize_action(text)
    if len(wanted) > 200:
        return False
    if seat not in game.to_move(state) and match_action(wanted, game.legal(state, seat)) is None:
        return False
    try:
        game.play(state, seat, wanted)
    except AgoraError:
        return False
    return True


# ---------------------------------------------------------------------------
# Command options


JUNK_VALUES: list[Any] = [
    "",
    " ",
    "\x00",
    "\u202e",
    "🎲",
    "ＴＲＵＥ",
    "yes please",
    "x" * 10_000,
    "9" * 5_000,
    "-1",
    "1.5",
    "1e309",
    "nan",
    "inf",
    "0x10",
    "٣",
    "None",
    "null",
    "[]",
    "{}",
    "'; DROP TABLE games; --",
    ",",
    ",,,",
    "a,b,c,d,e,f,g",
    None,
    [],
    {},
    [1, 2],
    {"a": 1},
    1.5,
    math.nan,
    math.inf,
    -1,
    0,
    10**30,
    True,
    False,
]


def option_values(game: Game) -> Iterable[tuple[str, Any]]:
    """Junk for each option, plus every other option's and game's values."""
    known = {v for g in REGISTRY.values() for o in g.options.values() for v in (o.choices or (o.default,))}
    for name in game.options:
        for value in JUNK_VALUES + sorted(known, key=repr):
            yield name, value
        yield name, f" {game.options[name].default} "


def allowed(game: Game, name: str, value: Any) -> bool:
    option = game.options[name]
    if not isinstance(value, option.kind) or (option.kind is int and isinstance(value, bool)):
        return False
    if option.choices is not None and value not in option.choices:
        return False
    if option.minimum is not None and value < option.minimum:
        return False
    return option.maximum is None or value <= option.maximum


async def create_or_refuse(tables: Tables, channel: int, **kwargs: Any):
    """``create`` must answer with an AgoraError and create nothing, or make
    a lobby; returns the record or None."""
    count = await tables.store.count_games()
    what = f"create({repr(kwargs)[:120]})"
    try:
        return await tables.create(channel_id=channel, user_id=user_of(0), name="p0", **kwargs)
    except AgoraError as error:
        assert str(error).strip(), f"{what} refused without a message"
        assert await tables.store.count_games() == count and await tables.in_channel(channel) is None, (
            f"{what} refused but left a game behind"
        )
        return None
    except Exception as error:  # noqa: BLE001 — would escape to Discord
        pytest.fail(f"{what} raised {type(error).__name__}: {error}")


OPTION_BUGS: dict[str, str] = {}


@pytest.mark.parametrize("game", game_params(known_bugs=OPTION_BUGS))
async def test_option_values_are_checked_or_refused(game, quiet_tables):
    channel = 0
    for name, value in option_values(game):
        channel += 1
        record = await create_or_refuse(quiet_tables, channel, game=game.name, options={name: value}, seed=1)
        if record is None:
            continue
        stored = record.options[name]
        assert allowed(game, name, stored), f"{game.name}: option {name}={value!r} was stored as {stored!r}"
        for seat in range(1, game.min_players):
            await quiet_tables.join(record.id, user_of(seat), f"p{seat}")
        where = f"{game.name}: starting with {name}={repr(value)[:60]}"
        try:
            await quiet_tables.start(record.id, user_of(0))
        except AgoraError as error:
            assert str(error).strip(), f"{where} refused without a message"
            assert (await quiet_tables.record(record.id)).status == "lobby", f"{where} refused but changed the game"
        except Exception as error:  # noqa: BLE001 — would escape to Discord
            pytest.fail(f"{where} raised {type(error).__name__}: {error}")
        await quiet_tables.abandon(record.id, user_of(0))


async def test_game_names_option_names_bot_levels_and_settings(quiet_tables):
    tables = quiet_tables
    names = ["", " ", "chess", "santorini\x00", "ＳＡＮＴＯＲＩＮＩ", "x" * 10_000, "🎲", "../thera", "engine.games"]
    for channel, name in enumerate(names, start=1):
        assert await create_or_refuse(tables, channel, game=name) is None, f"game {name!r} was created"
    game = stress_games()[0]
    for channel, key in enumerate(["", "x" * 10_000, "__class__", "\x00", "Ωμέγα", "seed"], start=100):
        assert await create_or_refuse(tables, channel, game=game.name, options={key: "1"}) is None, (
            f"option name {key!r} was accepted"
        )
    record = await tables.create(channel_id=500, user_id=user_of(0), name="p0", game=game.name)
    lobby = await fingerprint(tables, record.id)
    for level in JUNK_VALUES[:22]:
        if level:  # an empty level means the default one
            with pytest.raises(AgoraError):
                await tables.add_bot(record.id, user_of(0), level)
    assert await fingerprint(tables, record.id) == lobby
    for key in ("remind_hours", "deadline_hours", "window_hours", "fallback", "colour", "", "x" * 1000):
        for value in JUNK_VALUES:
            if value is None:
                continue  # configure() reads None as "leave unchanged"
            try:
                settings = (await tables.configure(record.id, user_of(0), **{key: value})).settings
            except AgoraError as error:
                assert str(error).strip()
                continue
            accepted = settings[key]
            assert accepted in ("bot", "pass") if key == "fallback" else math.isfinite(accepted), (
                f"setting {key}={value!r} was accepted as {accepted!r}"
            )


# ---------------------------------------------------------------------------
# Corrupted snapshots


JUNK_NODES: list[Any] = [None, "", "x", "🎲", -1, 0, 10**30, 1.5, math.nan, True, [], {}, [None], {"x": None}]


def corruptions(data: dict[str, Any], rng: random.Random, deep: int) -> list[tuple[str, Any]]:
    """Named corruptions of a dumped state: structural ones, every top-level
    key dropped or given each junk value, and ``deep`` random edits anywhere."""
    out: list[tuple[str, Any]] = [("not a dict: " + repr(junk), junk) for junk in (None, [], "state", 7, True)]
    out.append(("empty", {}))
    for key in data:
        out.append((f"without {key!r}", {k: v for k, v in data.items() if k != key}))
        for junk in JUNK_NODES:
            out.append((f"{key!r} = {junk!r}", {**data, key: junk}))
    for number in range(deep):
        copy = json.loads(json.dumps(data))
        path = edit_somewhere(copy, rng)
        out.append((f"deep edit {number} at {path}", copy))
    return out


def edit_somewhere(tree: Any, rng: random.Random) -> str:
    """Change one random node of a JSON tree in place; returns its path."""
    path, node = "", tree
    while True:
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        if not children:
            return path + " (empty, left)"
        key, child = rng.choice(children)
        if isinstance(child, (dict, list)) and child and rng.random() < 0.75:
            path, node = f"{path}/{key}", child
            continue
        how = rng.randrange(4)
        if how == 0 and isinstance(node, dict):
            del node[key]
            return f"{path}/{key} deleted"
        if how == 1 and isinstance(node, list):
            node.append(rng.choice(JUNK_NODES))
            return f"{path} appended"
        if how == 2 and isinstance(child, (dict, list)) and child:
            half = len(child) // 2
            node[key] = child[:half] if isinstance(child, list) else dict(list(child.items())[:half])
            return f"{path}/{key} halved"
        node[key] = rng.choice(JUNK_NODES)
        return f"{path}/{key} = {node[key]!r}"


def load_or_refuse(game: Game, data: Any, what: str) -> Any:
    """``load`` raises StateError or returns a state; nothing else."""
    try:
        return game.load(data)
    except StateError:
        return None
    except Exception as error:  # noqa: BLE001 — this is exactly what must never happen
        raise AssertionError(
            f"{game.name}: load() of a snapshot {what} raised {type(error).__name__}: {error}"
        ) from error


def assert_usable(game: Game, state: Any, what: str) -> None:
    """A state ``load`` accepted must work: the service trusts it instead of
    replaying the log, so one that breaks later bricks the game."""
    try:
        json.dumps(game.dump(state))
        game.view(state, None)
        for seat in game.to_move(state):
            game.legal(state, seat)
            game.view(state, seat)
        game.outcome(state)
    except Exception as error:  # noqa: BLE001
        raise AssertionError(
            f"{game.name}: load() accepted a snapshot {what}, which then breaks the game: "
            f"{type(error).__name__}: {error}"
        ) from None


def corrupted_snapshots(game: Game) -> Iterable[tuple[str, str, Any]]:
    """(seating id, what was done, corrupted data) for a few real positions."""
    rng = random.Random(13)
    for seating, state in fuzz_positions(game):
        data = json.loads(json.dumps(game.dump(state)))
        for what, corrupt in corruptions(data, rng, deep=60):
            yield seating.id, what, corrupt


@pytest.mark.parametrize("game", game_params())
def test_load_raises_nothing_but_state_error(game):
    with memory_ceiling():
        for seating_id, what, corrupt in corrupted_snapshots(game):
            loaded = load_or_refuse(game, corrupt, what)
            if what.startswith(("not a dict", "empty")):
                assert loaded is None, f"{seating_id}: load() accepted a snapshot {what}"
        other = next((g for g in REGISTRY.values() if g.name != game.name), None)
        if other is not None:
            foreign = other.dump(other.new(other.min_players, {}, 1))
            assert load_or_refuse(game, foreign, f"of {other.name}") is None, f"{game.name} loaded a {other.name} state"


LOAD_BUGS: dict[str, str] = {}


@pytest.mark.parametrize("game", game_params(known_bugs=LOAD_BUGS))
def test_what_load_accepts_works(game):
    with memory_ceiling():
        for seating_id, what, corrupt in corrupted_snapshots(game):
            loaded = load_or_refuse(game, corrupt, what)
            if loaded is not None:
                assert_usable(game, loaded, f"{what} ({seating_id})")


async def corrupt_then_restart(tmp_path, courier, clock, game: Game, snapshot_sql: str, params: tuple) -> None:
    """Play a little, damage the stored snapshot, restart the service: the
    game loads by replaying its log, shows the same board and plays on."""
    path = str(tmp_path / f"{game.name}.sqlite3")
    tables = await Tables.open(path, courier=courier, clock=clock, run_bots=False)
    table = await open_table(tables, seatings(game)[0], seed=9, channel_id=1)
    rng = random.Random(9)
    for _ in range(5):
        seat, action = await table.random_move(rng)
        await tables.play(table.game_id, user_of(seat), action)
    board = await tables.public_view(table.game_id)
    await tables.store._write([(snapshot_sql, (*params, table.game_id))])
    await tables.close()

    tables = await Tables.open(path, courier=courier, clock=clock, run_bots=False)
    try:
        table.tables = tables
        assert await tables.public_view(table.game_id) == board
        seat, action = await table.random_move(rng)
        await tables.play(table.game_id, user_of(seat), action)
        assert await tables.verify(table.game_id) and await stored_state_matches_cache(tables, table.game_id)
    finally:
        await tables.close()


UNREADABLE_BY_LOAD = [
    pytest.param("UPDATE snapshots SET state = ? WHERE game_id = ?", ('{"damaged": true}',), id="not-this-game"),
    pytest.param("UPDATE snapshots SET state = ? WHERE game_id = ?", ("[]",), id="not-a-dict"),
    pytest.param("DELETE FROM snapshots WHERE game_id = ? AND ? = ?", (1, 1), id="missing"),
    pytest.param("UPDATE snapshots SET seq = seq - 1 WHERE ? = ? AND game_id = ?", (1, 1), id="stale"),
]


@pytest.mark.parametrize("sql,params", UNREADABLE_BY_LOAD)
@pytest.mark.parametrize("game", game_params())
async def test_service_replays_the_log_when_the_snapshot_is_unusable(game, sql, params, tmp_path, courier, clock):
    await corrupt_then_restart(tmp_path, courier, clock, game, sql, params)


async def test_service_replays_the_log_when_the_snapshot_is_not_json(tmp_path, courier, clock):
    game = stress_games()[0]
    await corrupt_then_restart(
        tmp_path, courier, clock, game, "UPDATE snapshots SET state = ? WHERE game_id = ?", ('{"truncated',)
    )


async def test_one_unloadable_game_does_not_stop_the_others(tmp_path, courier, clock):
    """A game whose snapshot is unreadable and whose log no longer replays
    (what a rules change does to an old game) must not take the others down."""
    seating = seatings(stress_games()[0])[0]
    path = str(tmp_path / "one-bad-game.sqlite3")
    tables = await Tables.open(path, courier=courier, clock=clock, run_bots=False)
    broken = await open_table(tables, seating, seed=1, channel_id=1)
    healthy = await open_table(tables, seating, seed=2, channel_id=2)
    rng = random.Random(3)
    seat, action = await broken.random_move(rng)
    await tables.play(broken.game_id, user_of(seat), action)
    await tables.store._write(
        [
            ("UPDATE snapshots SET state = ? WHERE game_id = ?", ('{"damaged": true}', broken.game_id)),
            ("UPDATE actions SET action = ? WHERE game_id = ? AND kind = 'play'", ("no such action", broken.game_id)),
        ]
    )
    await tables.close()

    tables = await Tables.open(path, courier=courier, clock=clock, run_bots=False)
    try:
        await tables.recover()
        healthy.tables = tables
        seat, action = await healthy.random_move(rng)
        await tables.play(healthy.game_id, user_of(seat), action)
        with pytest.raises(AgoraError, match="can no longer be loaded"):
            await tables.play(broken.game_id, user_of(0), "pass")
        with pytest.raises(AgoraError, match="Only the host"):
            await tables.abandon(broken.game_id, user_of(1))
        assert "abandoned" in await tables.abandon(broken.game_id, user_of(0))
        assert (await tables.store.game(broken.game_id)).status == "abandoned"
    finally:
        await tables.close()
