"""Ratings (openskill Plackett-Luce) and stats from finished-game records, with
known outcomes: the rules quoted are those of engine/ratings.py's docstring and
of issue 17 ("ratings that move the right way after a win and a loss")."""

from __future__ import annotations

import random

import pytest

from engine.core import Outcome
from engine.ratings import (
    FinishedGame,
    Rating,
    SeatResult,
    Turn,
    all_stats,
    finished_game,
    leaderboard,
    partner_teams,
    places,
    player_stats,
    rate,
    rebuild,
    seat_results,
    turns_from_log,
)


def seats_of(scores, winners, users=None, teams=None):
    users = users if users is not None else [100 + s for s in range(len(scores))]
    teams = teams if teams is not None else list(range(len(scores)))
    return tuple(SeatResult(s, users[s], float(scores[s]), s in winners, teams[s]) for s in range(len(scores)))


def test_winner_goes_up_loser_goes_down():
    """A win raises the winner's rating and lowers the loser's."""
    new = rate(seats_of([1, 0], [0]), {})
    assert new[100].mu > Rating().mu > new[101].mu
    assert new[100].displayed > Rating().displayed


def test_a_tie_moves_little():
    """A draw between equals leaves both means where they were; only the
    uncertainty shrinks. A draw moves far less than a win."""
    tie = rate(seats_of([5, 5], [0, 1]), {})
    win = rate(seats_of([6, 5], [0]), {})
    for user in (100, 101):
        assert abs(tie[user].mu - Rating().mu) < 1e-9
        assert tie[user].sigma < Rating().sigma
    assert abs(win[100].mu - Rating().mu) > 1


def test_a_draw_with_a_stronger_player_helps_the_weaker():
    strong, weak = Rating(35.0, 3.0), Rating(20.0, 3.0)
    new = rate(seats_of([5, 5], [0, 1]), {100: strong, 101: weak})
    assert new[100].mu < strong.mu and new[101].mu > weak.mu


def test_five_players_order_by_place():
    """Winners first; "the other seats follow by score"."""
    new = rate(seats_of([40, 10, 30, 20, 0], [0]), {})
    order = sorted(new, key=lambda user: -new[user].mu)
    assert order == [100, 102, 103, 101, 104]
    assert new[100].mu > Rating().mu > new[104].mu


def test_winner_by_tie_break_places_ahead_of_an_equal_score():
    """The winners share first place even when a tie-break decided it."""
    assert places(seats_of([7, 7, 3], [1])) == {1: 1, 0: 2, 2: 3}
    assert places(seats_of([7, 7, 3], [0, 1])) == {0: 1, 1: 1, 2: 3}


def test_santorini_teams_win_together():
    """2 vs 2: "the players across the table (seats 0+2 and 1+3)" — "if
    either of you wins or loses the game, you both do"."""
    outcome = Outcome((1.0, 0.0, 1.0, 0.0), (0, 2), "Blue reached level 3")
    seats = seat_results("santorini", {"mode": "teams"}, outcome, [10, 11, 12, 13])
    assert [s.team for s in seats] == [0, 1, 0, 1]
    new = rate(seats, {})
    assert new[10].mu > 25 and new[12].mu > 25 and new[11].mu < 25 and new[13].mu < 25
    assert abs(new[10].mu - new[12].mu) < 1e-9
    assert partner_teams("santorini", {"mode": "agora"}, 4) == [0, 1, 2, 3]


def test_bot_seats_are_left_out_and_people_ranked_among_themselves():
    """ "Seats a bot played from the start are left out: the people are ranked
    among themselves, by the places they reached"."""
    seats = seats_of([30, 20, 10], [0], users=[None, 101, 102])
    new = rate(seats, {})
    assert set(new) == {101, 102}
    assert new[101].mu > 25 > new[102].mu


def test_unrated_games():
    """ "A game is rated only when at least two people sat in it on different
    sides and no person held two seats"."""
    assert rate(seats_of([1, 0], [0], users=[100, None]), {}) == {}
    assert rate(seats_of([1, 0], [0], users=[100, 100]), {}) == {}
    assert rate(seats_of([1, 0, 1, 0], [0, 2], users=[1, None, 2, None], teams=[0, 1, 0, 1]), {}) == {}


def test_rate_does_not_change_its_input():
    before = {100: Rating(30.0, 5.0)}
    rate(seats_of([1, 0], [0]), before)
    assert before == {100: Rating(30.0, 5.0)}


def random_history(count: int, seed: int) -> list[FinishedGame]:
    rng = random.Random(seed)
    games = []
    for game_id in range(count):
        players = rng.randint(2, 7)
        users = rng.sample(range(30), players)
        if rng.random() < 0.2:
            users[rng.randrange(players)] = None
        scores = [rng.randint(0, 10) for _ in range(players)]
        best = max(scores)
        winners = [s for s in range(players) if scores[s] == best]
        game = rng.choice(["hellenica", "thera", "santorini"])
        games.append(FinishedGame(game_id, game, 1000.0 + game_id, seats_of(scores, winners, users)))
    return games


def test_rebuild_equals_incremental_updates():
    """ "Ratings are recomputable from the logs (... a test checks the rebuild
    equals the live values)": the live path rates each game as it ends."""
    history = random_history(300, seed=3)
    live: dict[str, dict[int, Rating]] = {}
    for record in history:
        table = live.setdefault(record.game, {})
        table.update(rate(record.seats, table))
    shuffled = list(history)
    random.Random(1).shuffle(shuffled)
    assert rebuild(shuffled) == live


def test_stats_played_won_average_score_and_times():
    """Played, won, average score, average time to move, share of turns before
    the deadline (a turn waited at most ``deadline_hours``)."""
    hour = 3600.0
    turns = turns_from_log([(0, 1 * hour), (0, 1.5 * hour), (1, 4 * hour), (0, 30 * hour)], started_at=0.0)
    assert turns == (Turn(0, 1 * hour), Turn(1, 2.5 * hour), Turn(0, 26 * hour))
    first = FinishedGame(1, "thera", 10.0, seats_of([10, 4], [0]), turns, deadline_hours=24)
    second = FinishedGame(
        2, "thera", 20.0, seats_of([2, 8], [1]), (Turn(0, 100.0, by_stand_in=True),), deadline_hours=24
    )
    [mine] = player_stats([first, second], 100, "thera")
    assert (mine.played, mine.won, mine.average_score) == (2, 1, 6.0)
    assert mine.turns == 3 and mine.average_wait == pytest.approx((1 * hour + 26 * hour + 100) / 3)
    assert mine.on_time_share == pytest.approx(1 / 3)
    assert mine.rating == rebuild([first, second])["thera"][100]
    no_deadline = FinishedGame(3, "thera", 30.0, seats_of([1, 0], [0]), turns)
    assert player_stats([no_deadline], 100)[0].on_time_share is None


def test_leaderboard_orders_by_rating_and_hides_private_players():
    history = [FinishedGame(i, "thera", float(i), seats_of([1, 0, 0], [0], users=[1, 2, 3])) for i in range(5)]
    board = leaderboard(history, "thera")
    assert [e.user_id for e in board][0] == 1 and board[0].won == 5
    assert 1 not in [e.user_id for e in leaderboard(history, "thera", hidden=frozenset({1}))]
    assert all_stats(history)[("thera", 2)].won == 0


def test_stats_from_live_ratings_equal_the_rebuilt_ones():
    """The service passes the ratings it keeps live; the stats are the same as
    when every game is re-rated."""
    history = random_history(200, seed=5)
    live = rebuild(history)
    assert all_stats(history, live) == all_stats(history)
    mine = player_stats(history, 3, ratings=live)
    assert mine == player_stats(history, 3) and {entry.game for entry in mine} <= {"hellenica", "thera", "santorini"}
    assert all(entry.user_id == 3 for entry in mine)
    assert leaderboard(history, "thera", ratings=live) == leaderboard(history, "thera")


def test_finished_game_record_from_stored_fields():
    """The service's path: outcome, seats' users and the log's timestamps."""
    outcome = Outcome((1.0, 0.0, 1.0, 0.0), (0, 2), "Blue wins", ())
    record = finished_game(
        9,
        "santorini",
        {"mode": "teams"},
        outcome,
        [5, 6, None, 8],
        started_at=100.0,
        finished_at=500.0,
        actions=[(0, 160.0), (1, 220.0), (1, 230.0), (3, 400.0)],
        deadline_hours=1,
        names=["a", "b", "c", "d"],
    )
    assert [(s.user_id, s.won, s.team, s.name) for s in record.seats] == [
        (5, True, 0, "a"),
        (6, False, 1, "b"),
        (None, True, 0, "c"),
        (8, False, 1, "d"),
    ]
    assert record.turns == (Turn(0, 60.0), Turn(1, 60.0), Turn(3, 170.0))
    new = rate(record.seats, {})
    assert set(new) == {5, 6, 8} and new[5].mu > 25 > new[6].mu
