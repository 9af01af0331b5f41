"""Step-by-step menus on (simulated) Discord, issue 16: "SimCord scenarios
pick a Thebes dig and a Hellenica army move through the menus alone", "the
same menus in the channel post, in the private reply and in DMs", "persistent
across restarts like today's buttons; a stale menu (the game moved on) says
so". The set-up moves are played through the service; every choice under
test is made by clicks alone, nothing typed.
"""

from __future__ import annotations

import random
from typing import Any

import discord

from cogs.utils.menu_tree import (
    BUTTON_TEXT_LIMIT,
    MENU_LIMIT,
    OPTION_TEXT_LIMIT,
    build_menu,
    steps,
)
from cogs.utils.step_menus import (
    BACK,
    MENU_MARK,
    PLAY,
    STEP_ITEMS,
    Place,
    PlayButton,
    StepButton,
    StepSelect,
    read_trails,
    seat_step_menu,
    step_menu,
)
from tests.discord.test_scenarios import open_game

TRADE_AND_MAGIC = ("offer", "ask", "give", "cancel", "accept", "decline", "invoke")
"""Hellenica steps the set-up avoids: side business that is not the game's main line."""


async def post_menu(table, player, tables, game_id, where=None):
    """The mover's menus as a post (in the channel, or ``where``), as the
    courier sends them. The one place to switch once the courier posts step
    menus itself: then this is the game's newest post."""
    seat = (await tables.record(game_id)).seat_of(player.id)
    menu = await seat_step_menu(tables, game_id, seat)
    assert menu is not None
    bot = table.env.bot
    bot.add_dynamic_items(*STEP_ITEMS)  # the lead registers them in setup_hook
    channel = where if where is not None else bot.get_channel(table.channel.id)
    return await channel.send(menu.text, view=menu.view)


def entries(message) -> list[tuple[str, str, str | None, str]]:
    """(kind, text, select value, custom id) of every entry of a message's
    components, raw (a reply) or parsed (a post)."""
    found = []
    for row in message.components:
        children = row["components"] if isinstance(row, dict) else row.children
        for child in children:
            raw = child if isinstance(child, dict) else child.to_dict()
            if raw.get("options"):
                found += [("select", o["label"], o["value"], raw["custom_id"]) for o in raw["options"]]
            else:
                found.append(("button", raw.get("label", ""), None, raw["custom_id"]))
    return found


async def pick(player, message, words: str):
    """Click the entry whose text contains ``words`` (the first such)."""
    for entry in entries(message):
        if words.lower() in entry[1].lower():
            return await choose(player, message, entry)
    raise AssertionError(f"no entry with {words!r} in {[e[1] for e in entries(message)]}")


async def pick_first(player, message):
    return await choose(player, message, entries(message)[0])


async def choose(player, message, entry):
    kind, _text, value, custom_id = entry
    if kind == "select":
        return await player.select(message, [value], custom_id=custom_id)
    return await player.click(message, custom_id=custom_id)


def shown(result):
    """The message a click answered with (a private reply, or the edit of one)."""
    return result.followups[-1] if result.followups else result.response


async def set_up(tables, game_id: int, users: dict[int, Any], until, rng: random.Random, prefer=None, moves: int = 400):
    """Play random moves through the service (among ``prefer``'s picks when
    it has any) until ``until(legal)`` holds for the seat the game waits
    for; that seat's player. (The game's seed is new every run.)"""
    for _ in range(moves):
        seat = (await tables.waiting_seats(game_id))[0]
        labelled = await tables.legal(game_id, users[seat].id)
        legal = [action for action, _ in labelled]
        if until(legal):
            return users[seat]
        plain = (
            (prefer(labelled) if prefer else []) or [a for a in legal if a.split()[0] not in TRADE_AND_MAGIC] or legal
        )
        await tables.play(game_id, users[seat].id, rng.choice(plain))
    raise AssertionError("the set-up never reached the decision under test")


async def last_action(tables, game_id: int) -> str:
    """The action the log holds last (what the clicks played)."""
    return (await tables.store.actions(game_id))[-1].action


def many_digs(legal: list[str]) -> bool:
    return len(legal) > MENU_LIMIT and any(a.startswith("dig ") for a in legal)


def knowledge(labelled: list[tuple[str, str]]) -> list[str]:
    """Buying knowledge cards soon makes many digs possible."""
    return [action for action, label in labelled if action.startswith("buy ") and "knowledge" in label]


CUSTOM_ID_LIMIT = 100


def components(menu) -> list[discord.ui.Item]:
    """The buttons and selects of a menu (inside their ``DynamicItem``s)."""
    return [child.item for child in menu.view.children]


class TestComponents:
    """What Discord accepts: "custom_id <= 100 chars", at most 25 options a
    select, option labels and descriptions <= 100, button labels <= 80."""

    def big_menu(self):
        long = "A very long step name that goes on and on, well past what a button or an option may hold " * 2
        return [(f"take {n}", f"{long} {n}", (long, f"item {n}")) for n in range(700)] + [("pass", "Pass", ("Pass",))]

    def test_every_step_fits_discords_limits(self):
        choices = self.big_menu()
        tree = build_menu(choices)
        game_id, seq = 10**18, 10**9
        for trail, _node in steps(tree):
            menu = step_menu(game_id, seq, 6, choices, trail)
            assert menu is not None and menu.text.startswith(MENU_MARK) and len(menu.text) <= 2000
            for item in components(menu):
                assert len(item.custom_id) <= CUSTOM_ID_LIMIT
                if isinstance(item, discord.ui.Select):
                    assert 0 < len(item.options) <= MENU_LIMIT
                    assert all(
                        len(o.label) <= OPTION_TEXT_LIMIT and len(o.description or "") <= OPTION_TEXT_LIMIT
                        for o in item.options
                    )
                else:
                    assert 0 < len(item.label) <= BUTTON_TEXT_LIMIT
            backs = [i for i in components(menu) if isinstance(i, discord.ui.Button) and i.label == BACK]
            assert len(backs) == (1 if trail else 0)

    def test_custom_ids_carry_the_game_the_seq_the_seat_and_the_clicks(self):
        menu = step_menu(42, 7, 1, self.big_menu(), (1,))
        select, *_, back = components(menu)
        assert select.custom_id == "agora:steps:42:7:1:1"
        assert back.label == BACK and back.custom_id == "agora:step:42:7:1:"
        assert StepSelect.__discord_ui_compiled_template__.fullmatch(select.custom_id)
        assert StepButton.__discord_ui_compiled_template__.fullmatch(back.custom_id)
        assert not StepButton.__discord_ui_compiled_template__.fullmatch(select.custom_id)

    def test_buttons_that_play_say_what_they_play(self):
        """ "the finished action shown before it is played" """
        menu = step_menu(
            1,
            1,
            0,
            [("pass", "Blue passes and takes 2 Commerce", ("Pass",)), ("done", "Blue ends the turn", ("Done",))],
        )
        assert [i.label for i in components(menu)] == ["Pass", "Done"]
        assert "**Pass**: Blue passes and takes 2 Commerce" in menu.text

    def test_the_steps_chosen_for_a_command_travel_in_the_custom_id(self):
        """A menu after a restart rebuilds the same command from its id alone."""
        place = Place(42, 7, 1, ((3, 1), (0,)))
        assert place.custom_id("steps", (2,)) == "agora:steps:42:7:1:31.0.2"
        assert read_trails("31.0.2") == (((3, 1), (0,)), (2,))
        assert read_trails("") == ((), ()) and read_trails("5") == ((), (5,))
        play = PlayButton(place)
        assert play.item.custom_id == "agora:chain:42:7:1:31.0"
        assert PlayButton.__discord_ui_compiled_template__.fullmatch(play.item.custom_id)
        assert not StepButton.__discord_ui_compiled_template__.fullmatch(play.item.custom_id)
        huge = Place(10**18, 10**9, 6, ((35, 35, 35),) * 13)
        assert len(huge.custom_id("steps", (1,))) <= CUSTOM_ID_LIMIT
        assert not huge.room_for_another_step((1, 2, 3)), "a command stops growing before its ids outgrow Discord's"

    def test_nothing_to_choose_no_menu(self):
        assert step_menu(1, 1, 0, []) is None


class TestThebesDig:
    async def test_a_dig_among_more_than_25_choices_by_clicks_alone(self, table):
        tables, game_id = await open_game(table, game="thebes")
        users = {0: table.alice, 1: table.bob}
        player = await set_up(tables, game_id, users, many_digs, random.Random(5), knowledge)
        before = (await tables.record(game_id)).seq
        message = await post_menu(table, player, tables, game_id)
        assert MENU_MARK in message.content
        clicks = 0
        result = await pick(player, message, "Dig")
        clicks += 1
        while not result.response.content.startswith("✅"):
            step = shown(result)
            assert step.ephemeral and MENU_MARK in step.content, step.content
            selects = [e for e in entries(step) if e[0] == "select"]
            assert len(selects) <= MENU_LIMIT
            assert any(text == BACK for _, text, _, _ in entries(step)), "a way back at every step below the top"
            result = await pick_first(player, step)
            clicks += 1
        assert clicks <= 4
        assert (await tables.record(game_id)).seq == before + 1
        assert (await last_action(tables, game_id)).startswith("dig ")

    async def test_back_stale_and_other_players(self, table, new_bot):
        tables, game_id = await open_game(table, game="thebes")
        users = {0: table.alice, 1: table.bob}
        player = await set_up(tables, game_id, users, many_digs, random.Random(6), knowledge)
        other = table.bob if player is table.alice else table.alice
        before = (await tables.record(game_id)).seq
        message = await post_menu(table, player, tables, game_id)

        refused = await pick(other, message, "Dig")
        assert refused.response.ephemeral and "These choices are" in refused.response.content
        refused = await pick(table.carol, message, "Dig")
        assert "not playing in this game" in refused.response.content

        result = await pick(player, message, "Dig")
        step = shown(result)
        top_texts = [e[1] for e in entries(message)]
        back = await player.click(step, label=BACK)
        again = shown(back)
        assert again.id == step.id, "a private step is edited in place"
        assert [e[1] for e in entries(again)] == top_texts
        assert "Your choices" in again.content

        # The menu survives a restart (its custom ids say everything).
        await table.env.restart_bot(new_bot())
        table.env.bot.add_dynamic_items(*STEP_ITEMS)  # the lead registers them in setup_hook
        tables = table.env.bot.service
        result = await pick(player, again, "Replace the display")
        assert result.response.content.startswith("✅"), result.response.content
        assert (await tables.record(game_id)).seq == before + 1

        stale = await pick(player, message, "Dig")
        assert "out of date" in stale.response.content
        assert (await tables.record(game_id)).seq == before + 1


class TestHellenicaArmy:
    async def test_supply_and_move_an_army_in_one_command_by_clicks_alone(self, table, new_bot):
        """An army move is a Supply, then a move per unit type, all picked
        from the menus; "Fewer, bigger decisions": the seat decides again
        after its Supply, so the menus keep the steps and send them as one
        command ("▶ Play"), a post instead of one a step."""
        tables, game_id = await open_game(table, game="hellenica")
        users = {0: table.alice, 1: table.bob}

        def can_supply(legal):
            return any(a.startswith("supply ") and " from " in a and not a.startswith("supply commerce") for a in legal)

        player = await set_up(tables, game_id, users, can_supply, random.Random(2))
        before = (await tables.record(game_id)).seq
        step = await post_menu(table, player, tables, game_id)
        while "Your command so far" not in step.content:
            texts = [text for _, text, _, _ in entries(step)]
            words = next((w for w in ("Supply", "from") if any(w in text for text in texts)), texts[0])
            result = await pick(player, step, words)
            assert not result.response.content.startswith("✅"), "the Supply waits for the steps after it"
            step = shown(result)
        assert "`supply " in step.content and PLAY in [e[1] for e in entries(step)]
        assert (await tables.record(game_id)).seq == before, "nothing is played before ▶ Play"

        # "◀ Back" takes the Supply back to the step it was chosen in, then forward again.
        back = shown(await player.click(step, label=BACK))
        assert "Your command so far" not in back.content and PLAY not in [e[1] for e in entries(back)]
        step = shown(await pick(player, back, "from"))
        while "`move " not in step.content:
            moves = any(text.startswith("Move") for _, text, _, _ in entries(step))
            result = await pick(player, step, "Move") if moves else await pick_first(player, step)
            if result.response.content.startswith("✅"):  # the Movement had no step after this move
                break
            step = shown(result)
        else:
            # The menus survive a restart: the custom ids carry the chosen steps.
            await table.env.restart_bot(new_bot())
            table.env.bot.add_dynamic_items(*STEP_ITEMS)  # the lead registers them in setup_hook
            tables = table.env.bot.service
            result = await player.click(step, label=PLAY)
        assert result.response.content.startswith("✅"), result.response.content
        assert (await tables.record(game_id)).seq == before + 1, "one command"
        command = await last_action(tables, game_id)
        supplied, moved = command.split(", ")[:2]
        assert supplied.startswith("supply ") and " from " in supplied and "commerce" not in supplied
        assert moved.startswith("move ")

    async def test_a_step_after_which_another_seat_decides_is_played_at_once(self, table):
        """The game's rule for one command: nobody else decides in between."""
        tables, game_id = await open_game(table, game="hellenica")
        users = {0: table.alice, 1: table.bob}
        player = await set_up(tables, game_id, users, lambda legal: "pass" in legal, random.Random(3))
        before = (await tables.record(game_id)).seq
        message = await post_menu(table, player, tables, game_id)
        result = await pick(player, message, "Pass")
        while not result.response.content.startswith("✅"):
            assert "Your command so far" not in shown(result).content
            result = await pick(player, shown(result), "Pass")
        assert (await tables.record(game_id)).seq == before + 1


class TestDirectMessages:
    async def test_menus_work_in_a_dm(self, table):
        tables, game_id = await open_game(table, game="thebes")
        users = {0: table.alice, 1: table.bob}
        player = await set_up(tables, game_id, users, many_digs, random.Random(7), knowledge)
        before = (await tables.record(game_id)).seq
        user = await table.env.bot.fetch_user(player.id)
        channel = await user.create_dm()
        message = await post_menu(table, player, tables, game_id, where=channel)
        result = await pick(player.user, message, "Dig")
        while not result.response.content.startswith("✅"):
            result = await pick_first(player.user, shown(result))
        assert (await tables.record(game_id)).seq == before + 1
        assert (await last_action(tables, game_id)).startswith("dig ")
