"""Time controls through Discord (issue 15, item 2): a time bank set with
``/game settings``, a pause voted with ``/game pause`` and the proposal's
buttons, and a vacation with ``/away`` (from the channel or a DM)."""

from __future__ import annotations

from tests.discord.test_scenarios import open_game


class TestTimeControlsOnDiscord:
    async def test_a_time_bank_is_set_and_shown(self, table):
        tables, game_id = await open_game(table)
        result = await table.alice.slash(table.channel, "game settings", bank_hours=72.0, increment_hours=24.0)
        assert "time bank: 72 h, +24 h per turn" in result.response.content
        result = await table.bob.slash(table.channel, "game status")
        assert "Time banks (+24 h per turn): alice 3 days, bob 3 days." in result.response.content
        result = await table.alice.slash(table.channel, "game settings", bank_hours=0.2)
        assert "bank_hours must be between 1 and 1440 hours (0 for none)" in result.response.content

    async def test_a_pause_by_vote_stops_reminders(self, table):
        tables, game_id = await open_game(table)
        result = await table.bob.slash(table.channel, "game pause", days=2.0)
        assert "Proposed a pause of 2 days" in result.response.content
        proposal = next(m for m in reversed(table.posts()) if "proposes a pause of 2 days" in m.content)
        result = await table.alice.click(proposal, label="Accept")
        await tables.settle()
        assert any("All players agreed: a pause of 2 days" in m.content for m in table.posts())
        before = len(table.posts())
        await table.env.advance_time(36 * 3600)
        assert not [m for m in table.posts()[before:] if "waiting for you" in m.content]
        result = await table.alice.slash(table.channel, "game pause", days=0.0)
        assert "The clocks run again" in result.response.content
        await table.env.advance_time(13 * 3600)
        assert [m for m in table.posts()[before:] if "waiting for you" in m.content]

    async def test_away_from_a_dm_silences_reminders_in_every_game(self, table):
        tables, game_id = await open_game(table)
        result = await table.alice.user.slash("away")
        assert "You are not away" in result.response.content and "30 of 30" in result.response.content
        result = await table.alice.user.slash("away", days=3.0)
        assert result.response.ephemeral and "Days of vacation left: 27" in result.response.content
        await tables.settle()
        assert any("is away, back" in m.content for m in table.posts())
        before = len(table.posts())
        await table.env.advance_time(48 * 3600)
        assert not [m for m in table.posts()[before:] if "waiting for you" in m.content]
