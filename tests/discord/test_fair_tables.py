"""Fair tables through Discord (issue 15, "Done when"): a non-host cannot
shorten the deadline, a deadline below the floor is refused, a warning
precedes the bot's takeover, a replaced player's successor gets the hand,
options with commas start a game, a banned pair of gods is refused at
``/game new``, an abandoned lobby reads "abandoned", and the rules come in
pages with nothing cut. The same through the service:
``tests/platform/test_fair_tables.py``."""

from __future__ import annotations

from tests.discord.test_scenarios import open_game


def bot_dms(user) -> list[str]:
    channel = user.dm_channel
    return [m.content for m in channel.history() if m.author.bot] if channel is not None else []


class TestFairTablesOnDiscord:
    async def test_a_non_host_only_proposes_a_deadline_and_none_below_an_hour(self, table):
        tables, game_id = await open_game(table)
        result = await table.bob.slash(table.channel, "game settings", deadline_hours=1.0)
        assert result.response.ephemeral and "Proposed a deadline of 1 h per turn" in result.response.content
        await tables.settle()
        assert any("bob proposes a deadline of 1 h per turn" in m.content for m in table.posts())
        assert (await tables.record(game_id)).settings["deadline_hours"] == 0, "nothing changes before all agree"
        result = await table.alice.slash(table.channel, "game settings", deadline_hours=0.5)
        assert result.response.ephemeral
        assert "deadline_hours must be between 1 and 1440 hours (0 for none)" in result.response.content
        assert (await tables.record(game_id)).settings["deadline_hours"] == 0

    async def test_the_channel_and_the_player_are_warned_before_a_bot_takes_the_seat(self, table):
        tables, game_id = await open_game(table)
        result = await table.alice.slash(table.channel, "game settings", deadline_hours=4.0)
        assert "a deadline of 4 h per turn" in result.response.content
        await table.env.advance_time(5 * 3600)
        await tables.settle()
        posts = [m.content for m in table.posts()]
        taken = next(i for i, text in enumerate(posts) if "missed the deadline" in text)
        assert any("runs out" in text for text in posts[:taken]), posts
        assert any("runs out" in text for text in bot_dms(table.alice.user))
        assert (await tables.record(game_id)).seats[0].away

    async def test_a_seat_handed_over_brings_its_successor_the_hand(self, table):
        tables, game_id = await open_game(table, game="thessaloniki")
        result = await table.bob.slash(table.channel, "game replace", new=table.carol)
        assert "carol takes over bob" in result.response.content, result.response.content
        await tables.settle()
        assert any("Here is what only you can see" in text for text in bot_dms(table.carol.user))
        result = await table.carol.slash(table.channel, "hand")
        assert result.response.ephemeral and "Your side of Thessaloniki" in result.response.content
        result = await table.bob.slash(table.channel, "hand")
        assert "not playing" in result.response.content

    async def test_options_with_commas_start_a_game(self, table):
        tables, game_id = await open_game(table, options="gods=artemis,demeter")
        assert (await tables.record(game_id)).options["gods"] == "artemis,demeter"
        assert (await tables.record(game_id)).status == "active"

    async def test_a_banned_pair_of_gods_is_refused_at_new(self, table):
        result = await table.alice.slash(table.channel, "game new", game="santorini", options="gods=pan,hades")
        assert result.response.ephemeral and "Pan and Hades ban each other" in result.response.content
        assert await table.env.bot.service.in_channel(table.channel.id) is None

    async def test_an_abandoned_lobby_reads_abandoned(self, table):
        await table.alice.slash(table.channel, "game new", game="santorini")
        await table.bob.slash(table.channel, "game join")
        result = await table.alice.slash(table.channel, "game abandon")
        assert "Really abandon this game for everyone?" in result.response.content
        await table.alice.click(result.response, label="Abandon")
        tables = table.env.bot.service
        await tables.settle()
        assert any("was abandoned" in m.content for m in table.posts())
        result = await table.alice.slash(table.channel, "game status")
        assert "— abandoned" in result.response.content, result.response.content
        assert "can no longer be loaded" not in result.response.content

    async def test_the_rules_come_in_pages_with_nothing_cut(self, table):
        """Issue 15: "`/game rules` pages (buttons) so nothing is cut" (Hellenica's
        rules run past one embed's 4,096 characters)."""
        game = table.env.bot.service.game_for("hellenica")
        assert len(game.rules_text) > 4096
        result = await table.alice.slash(table.channel, "game rules", game="hellenica")
        shown = [result.response.embeds[0]]
        pages = int(shown[0].footer.text.rsplit(" ", 1)[-1])
        assert shown[0].footer.text == f"Page 1 of {pages}" and pages >= 2
        message = result.response
        for _ in range(pages - 1):
            message = (await table.alice.click(message, label="Next ▶")).response
            shown.append(message.embeds[0])
        assert [embed.footer.text for embed in shown] == [f"Page {n} of {pages}" for n in range(1, pages + 1)]
        assert all(len(embed.description) <= 4096 for embed in shown)
        text = "\n".join(embed.description for embed in shown)
        assert text.split() == game.rules_text.split()  # every word, in order
        back = (await table.alice.click(message, label="◀ Back")).response
        assert back.embeds[0].footer.text == f"Page {pages - 1} of {pages}"
