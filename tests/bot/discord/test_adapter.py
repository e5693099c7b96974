"""The Discord adapter's promises: restarts, refusals, privacy, reminders, Discord errors, schema."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
import pytest
import simcord

from bot.discord.components import (
    CUSTOM_ID_MAX,
    HAND_TEMPLATE,
    MOVE_TEMPLATE,
    SELECT_TEMPLATE,
    Choice,
    build_view,
    move_custom_id,
)
from bot.service.tables import TableService
from games.adapters import MoveGroup
from tests.bot.discord.conftest import GUILD_ID, World, virtual_now
from tests.bot.discord.driver import bot_messages, components_of, latest_board, to_act


async def two_player_game(
    world: World, channel: simcord.ChannelHandle | None = None, **options: Any
) -> tuple[Any, Any, simcord.ChannelHandle]:
    channel = channel or world.channel
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(channel, "join")
    await bob.slash(channel, "join")
    await alice.slash(channel, "start stpetersburg", **options)
    (thread,) = channel.threads
    return alice, bob, thread


def thread_table(world: World) -> str:
    return "t1"  # the first table of a test world (see conftest.make_bot)


def pass_button_of(panel: Any) -> str:
    return next(c["custom_id"] for c in components_of(panel) if c["custom_id"].endswith(":pass"))


def pass_button(board: discord.Message) -> str:
    return next(c["custom_id"] for c in components_of(board) if c["custom_id"].endswith(":pass"))


async def test_old_board_buttons_work_after_a_restart(world: World) -> None:
    alice, bob, thread = await two_player_game(world)
    board = latest_board(thread)
    first = {alice.id: alice, bob.id: bob}[to_act(board)[0]]
    await world.restart()
    assert world.bot.service is not None
    result = await first.click(board, custom_id=pass_button(board))
    assert result.acknowledged and not result.followups  # no refusal: the move was played
    after = latest_board(thread)
    assert after.id != board.id and f"{first.name} passed" in after.content


async def test_spectator_out_of_turn_and_stale_clicks_are_refused_ephemerally(
    world: World, locales: dict[int, str]
) -> None:
    alice, bob, thread = await two_player_game(world)
    carol = world.member("carol")
    locales[carol.id] = "ja"
    board = latest_board(thread)
    members = {alice.id: alice, bob.id: bob}
    first = members[to_act(board)[0]]
    second = bob if first is alice else alice

    spectator = await carol.click(board, custom_id=pass_button(board))
    (refusal,) = spectator.followups
    assert refusal.ephemeral and "参加者ではありません" in refusal.content

    early = await second.click(board, custom_id=pass_button(board))
    (refusal,) = early.followups
    assert refusal.ephemeral and "not your turn" in refusal.content.casefold()

    hand_id = next(c["custom_id"] for c in components_of(board) if "hand" in c["custom_id"])
    panel = (await first.click(board, custom_id=hand_id)).response
    assert panel is not None and panel.ephemeral
    world.bot.panels.drop(thread_table(world), str(first.id))  # as when its token has expired
    await first.click(board, custom_id=pass_button(board))  # the board is now old
    old = next(m for m in thread.history() if m.id == board.id)
    assert not components_of(old)  # only the latest board can be clicked
    stale = await first.click(panel, custom_id=pass_button_of(panel))
    (refusal,) = stale.followups
    assert refusal.ephemeral and refusal.content
    assert latest_board(thread).content.count("passed") == 1  # nothing else was played
    # Nobody but the clicker sees a refusal.
    for other in (alice, bob, carol):
        visible = [m.content for m in thread.history(viewer=other)]
        assert ("参加者ではありません" in "".join(visible)) == (other is carol)


async def test_hand_and_money_never_reach_another_member(world: World) -> None:
    alice, bob, thread = await two_player_game(world)
    members = {alice.id: alice, bob.id: bob}
    secrets: dict[int, list[str]] = {}
    for _ in range(6):
        board = latest_board(thread)
        mover = members[to_act(board)[0]]
        hand_id = next(
            c["custom_id"] for c in components_of(board) if c["custom_id"].startswith("spt:hand")
        )
        panel = await mover.click(board, custom_id=hand_id)
        private = panel.response
        assert private is not None and private.ephemeral and "money" in private.content
        secrets.setdefault(mover.id, []).append(private.content)
        takes = [c for c in components_of(board) if ":take" in c["custom_id"]]
        if takes:
            await mover.select(
                board, [takes[0]["options"][0]["value"]], custom_id=takes[0]["custom_id"]
            )
        else:
            await mover.click(board, custom_id=pass_button(board))
        await mover.slash(thread, "hand")
    for member, other in ((alice, bob), (bob, alice)):
        seen_by_other = "\n".join(m.content for m in thread.history(viewer=other))
        own = [m for m in thread.history(viewer=member) if m.flags.ephemeral]
        assert own, "the owner sees their private panels"
        for message in own:
            assert message.content not in seen_by_other
        for line in secrets.get(member.id, []):
            assert line not in seen_by_other
    public = "\n".join(m.content for m in thread.history())
    assert "money" not in public


async def test_a_player_is_reminded_after_the_configured_time(world: World) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start stpetersburg", remind_hours=1.0)
    (thread,) = world.channel.threads
    waiting = to_act(latest_board(thread))[0]
    before = len(bot_messages(thread))
    await world.env.advance_time(50 * 60)
    assert len(bot_messages(thread)) == before
    await world.env.advance_time(15 * 60)
    reminders = [m for m in bot_messages(thread)[before:] if "waiting for your move" in m.content]
    assert len(reminders) == 1 and f"<@{waiting}>" in reminders[0].content


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
async def test_a_reminder_recorded_before_a_crash_is_sent_once_after_the_restart(
    world: World,
) -> None:
    *_, thread = await two_player_game(world, remind_hours=1.0)
    waiting = to_act(latest_board(thread))[0]
    before = len(bot_messages(thread))
    # A process whose clock is past the reminder time records the reminder and dies before
    # sending it.
    dying = TableService(world.store, clock=lambda: virtual_now() + 3700)
    assert len((await dying.tick()).reminders) == 1
    assert len(bot_messages(thread)) == before
    for _ in range(2):  # the next process sends it; the one after finds nothing owed
        await world.restart()
        await world.env.advance_time(1)
        sent = [m for m in bot_messages(thread)[before:] if "waiting for your move" in m.content]
        assert len(sent) == 1 and f"<@{waiting}>" in sent[0].content
    assert await world.bot.service.owed_reminder_tables() == []


async def test_a_rate_limit_and_a_missing_permission_are_survived(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    alice, bob, thread = await two_player_game(world)
    members = {alice.id: alice, bob.id: bob}
    caplog.set_level(logging.WARNING)

    board = latest_board(thread)
    world.env.inject_error(
        "POST",
        f"/channels/{thread.id}/messages",
        status=429,
        code=0,
        message="You are being rate limited.",
    )
    await members[to_act(board)[0]].click(board, custom_id=pass_button(board))
    assert latest_board(thread).id != board.id  # retried and posted
    assert "rate limited" in caplog.text

    # A second game: its first pass hands the turn over, so a new board must be posted (while
    # the same player keeps acting their board is edited in place instead).
    alice, bob, thread = await two_player_game(world, world.guild.create_text_channel("more"))
    members = {alice.id: alice, bob.id: bob}
    board = latest_board(thread)
    world.env.inject_error(
        "POST",
        f"/channels/{thread.id}/messages",
        status=403,
        code=50013,
        message="Missing Permissions",
    )
    result = await members[to_act(board)[0]].click(board, custom_id=pass_button(board))
    assert result.acknowledged
    # The bot may not post: the board comes as the interaction's own follow-up instead.
    assert any("To act:" in m.content and not m.ephemeral for m in result.followups)
    assert "may not post the board" in caplog.text


async def test_without_thread_permission_the_game_stays_in_the_channel(world: World) -> None:
    world.env.inject_error(
        "POST", "/channels/*/threads", status=403, code=50013, message="Missing Permissions"
    )
    alice = world.member("alice")
    result = await alice.slash(world.channel, "start stpetersburg")
    assert result.acknowledged and not world.channel.threads
    assert "To act:" in latest_board(world.channel).content


async def test_synced_commands_have_names_options_and_japanese_localisations(world: World) -> None:
    commands = {c["name"]: c for c in world.env.backend.commands[GUILD_ID].values()}
    expected = {
        "join",
        "leave",
        "start",
        "status",
        "hand",
        "move",
        "log",
        "abandon",
        "kick",
        "remind",
        "games",
        "rules",
        "stp",
    }
    assert expected <= set(commands)
    assert "game" not in {o["name"] for o in commands["start"]["options"]}
    assert commands["join"]["name_localizations"]["ja"] == "参加"
    assert commands["hand"]["description_localizations"]["ja"].startswith("手札")
    # /start has one sub-command per game, with the adapter's options and the game's own.
    per_game = {o["name"]: o for o in commands["start"]["options"]}
    assert {"stpetersburg"} <= set(per_game)
    assert per_game["stpetersburg"]["name_localizations"]["ja"] == "サンクトペテルブルグ"
    start = {o["name"]: o for o in per_game["stpetersburg"]["options"]}
    assert {"bots", "ai", "public_money", "remind_hours"} <= set(start)
    assert start["public_money"]["type"] == 5  # boolean
    assert start["public_money"]["name_localizations"]["ja"] == "所持金公開"
    assert {"random", "greedy"} <= {c["value"] for c in start["ai"]["choices"]}
    assert start["bots"]["max_value"] == 3
    move = commands["move"]["options"][0]
    assert move["autocomplete"] and move["name_localizations"]["ja"] == "手"
    stp = {o["name"]: o for o in commands["stp"]["options"]}
    assert set(stp) == {"buy", "take", "play", "pass", "observe", "drawn", "pub"}
    assert stp["buy"]["options"][0]["autocomplete"]
    assert stp["observe"]["options"][0]["choices"][0]["name_localizations"]["ja"] == "職人"
    for command in commands.values():
        assert len(command["description"]) <= 100
        assert all(len(v) <= 100 for v in command.get("description_localizations", {}).values())


async def test_move_autocomplete_offers_the_callers_legal_moves(
    world: World, locales: dict[int, str]
) -> None:
    alice = world.member("alice")
    locales[alice.id] = "ja"
    await alice.slash(world.channel, "start stpetersburg")
    (thread,) = world.channel.threads
    choices = await alice.autocomplete(thread, "move", "notation", "")
    assert choices and all(c["name"] for c in choices)
    assert any(c["value"] == "pass" and c["name"] == "パス" for c in choices)
    buys = await alice.autocomplete(thread, "stp buy", "card", "")
    assert buys and all(c["value"].startswith("buy ") for c in buys)
    result = await alice.slash(thread, "stp pass")
    assert result.response is not None and result.response.ephemeral


def test_components_stay_within_discord_limits() -> None:
    many = [Choice(i, f"buy Card {i}", f"buy Card {i}", "buy") for i in range(60)]
    many += [Choice(100 + i, f"play Card {i}", f"play Card {i}", "play") for i in range(30)]
    many += [Choice(200, "pass", "pass", "pass")]
    buy = MoveGroup(key="buy", texts={"en": "Buy a card", "ja": "カードを購入"}, menu=True)
    view = build_view("t1234567", 123456, many, lang="en", groups=(buy,), hand_button=True)
    rows = view.to_components()
    assert len(rows) <= 5
    menus = [c for row in rows for c in row["components"] if c["type"] == 3]
    assert [m["custom_id"] for m in menus[:3]] == [
        f"spt:sel:t1234567:123456:buy{p}" for p in range(3)
    ]
    for row in rows:
        items = row["components"]
        assert len(items) <= 5
        for item in items:
            assert len(item["custom_id"]) <= CUSTOM_ID_MAX
            assert len(item.get("options", [])) <= 25
            assert any(
                re.fullmatch(t, item["custom_id"])
                for t in (MOVE_TEMPLATE, SELECT_TEMPLATE, HAND_TEMPLATE)
            )
    long = "buy old " + "x" * 120
    assert move_custom_id("t1", 3, long, 17) == "spt:mv:t1:3:#17"
    assert move_custom_id("t1", 3, "pass", 0) == "spt:mv:t1:3:pass"
    match = re.fullmatch(MOVE_TEMPLATE, move_custom_id("abc", 42, "buy old Theater", 1))
    assert match and (match["table"], match["version"], match["choice"]) == (
        "abc",
        "42",
        "buy old Theater",
    )
