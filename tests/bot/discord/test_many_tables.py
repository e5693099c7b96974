"""Living with many tables on Discord: /mygames, /away and /settings with quiet hours, through
the commands a member types, in English and Japanese."""

from __future__ import annotations

from datetime import UTC
from typing import Any

import discord
import simcord

from tests.bot.discord.conftest import GUILD_ID, World
from tests.bot.discord.driver import bot_messages, components_of, latest_board, to_act
from tests.bot.discord.test_generated import COMBINED_MAX, check_option, combined

COMMAND_MAX = 100  # Discord's limit of global chat-input commands


def pinged(world: World, message: discord.Message) -> list[int]:
    """Whom Discord notified for a message (not merely named in it)."""
    stored = world.env.backend.get_message(message.channel.id, message.id)
    return list(stored.ping_user_ids)


def reply_text(result: simcord.InteractionResult) -> str:
    message = result.followups[-1] if result.followups else result.response
    assert message is not None and message.ephemeral
    return str(message.content)


async def game_in(world: World, channel: Any, first: Any, second: Any) -> Any:
    await first.slash(channel, "join")
    await second.slash(channel, "join")
    await first.slash(channel, "start stpetersburg")
    return channel.threads[-1]


async def test_the_new_commands_are_localised_and_within_discords_limits(world: World) -> None:
    commands = {c["name"]: c for c in world.env.backend.commands[GUILD_ID].values()}
    assert {"mygames", "away", "settings", "rematch", "card"} <= set(commands)
    assert len(commands) <= COMMAND_MAX
    for name in ("mygames", "away", "settings", "rematch", "card"):
        check_option(commands[name], f"/{name}")
        for lang in (None, "ja"):
            assert combined(commands[name], lang) <= COMBINED_MAX
    assert commands["mygames"]["name_localizations"]["ja"] == "自分のゲーム"
    assert commands["away"]["name_localizations"]["ja"] == "不在"
    options = {o["name"]: o for o in commands["settings"]["options"]}
    assert options["timezone"]["autocomplete"]


async def test_mygames_lists_the_members_tables_with_links_in_both_languages(
    world: World, locales: dict[int, str]
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    first = await game_in(world, world.channel, alice, bob)
    second = await game_in(world, world.guild.create_text_channel("more"), bob, alice)
    waiting = to_act(latest_board(first))[0]
    member = alice if waiting == alice.id else bob
    text = reply_text(await member.slash(world.channel, "mygames"))
    lines = text.splitlines()
    assert lines[0] == "**Waiting for you:**"
    assert "Sankt Petersburg" in lines[1] and "you to act" in lines[1]
    assert f"https://discord.com/channels/{GUILD_ID}/{first.id}/" in text
    assert f"/{second.id}/" in text
    assert lines[-1].startswith("Tables waiting for your move on all servers: ")
    # Nobody else sees it.
    assert all(
        text != m.content for m in world.channel.history(viewer=bob if member is alice else alice)
    )
    locales[member.id] = "ja"
    ja = reply_text(await member.slash(world.channel, "mygames"))
    assert (
        ja.splitlines()[0] == "**あなたの手番：**" and "全サーバーであなたの手番のテーブル：" in ja
    )


async def test_an_away_member_is_marked_and_not_reminded_until_they_move(
    world: World, locales: dict[int, str]
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    locales[bob.id] = "ja"
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    for member in (alice, bob):
        said = reply_text(await member.slash(world.channel, "away", days=3, note="holiday"))
    assert "まで不在にしました" in said and "メモ：holiday" in said
    assert "You are away until" in reply_text(await alice.slash(world.channel, "away", days=3))
    refused = reply_text(await bob.slash(world.channel, "away", days=30))
    assert refused == "不在は1日から14日までです。"
    await alice.slash(world.channel, "start stpetersburg", remind_hours=1.0)
    (thread,) = world.channel.threads
    board = latest_board(thread)
    assert "(away until <t:" in board.content
    status = reply_text(await alice.slash(thread, "status"))
    assert "away until <t:" in status
    before = len(bot_messages(thread))
    await world.env.advance_time(2 * 3600)
    assert not [m for m in bot_messages(thread)[before:] if "waiting for your move" in m.content]
    back = reply_text(await alice.slash(world.channel, "away", off=True))
    assert back == "Welcome back: you are no longer away."
    assert reply_text(await bob.slash(world.channel, "away", off=True)).startswith("おかえり")


def quiet_from_now(world: World) -> tuple[str, float]:
    """Quiet hours (in UTC) that hold now and end at the next full hour, and that moment (on
    the bot's clock, SimCord's virtual time)."""
    now = world.env.now().astimezone(UTC)
    ends = now.replace(minute=0, second=0, microsecond=0).timestamp() + 3600
    return f"{now.hour}-{(now.hour + 1) % 24}", ends


async def test_a_board_in_quiet_hours_names_without_pinging_and_pings_when_they_end(
    world: World, locales: dict[int, str]
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    locales[bob.id] = "ja"
    zones = await bob.autocomplete(world.channel, "settings", "timezone", "asia/tok")
    assert [c["value"] for c in zones] == ["Asia/Tokyo"]
    bad = reply_text(await bob.slash(world.channel, "settings", timezone="Mars/Base"))
    assert "タイムゾーンではありません" in bad
    quiet, ends = quiet_from_now(world)
    for member in (alice, bob):
        said = reply_text(
            await member.slash(world.channel, "settings", timezone="UTC", quiet=quiet)
        )
    assert said.startswith("タイムゾーン：UTC。静かな時間：")
    thread = await game_in(world, world.channel, alice, bob)
    board = latest_board(thread)
    waiting = to_act(board)[0]
    assert f"<@{waiting}>" in board.content  # named, so the board reads as before
    assert pinged(world, board) == []  # but nobody was notified
    await world.env.advance_time(ends - world.env.now().timestamp() - 120)
    assert not [m for m in bot_messages(thread) if "quiet hours are over" in m.content]
    await world.env.advance_time(180)
    mentions = [
        m
        for m in bot_messages(thread)
        if "quiet hours are over" in m.content or "静かな時間が終わりました" in m.content
    ]
    assert len(mentions) == 1 and mentions[0].content.startswith(f"<@{waiting}>")
    assert pinged(world, mentions[0]) == [waiting]
    if waiting == bob.id:
        assert "静かな時間が終わりました" in mentions[0].content
    await world.env.advance_time(120)  # delivered once
    assert len([m for m in bot_messages(thread) if m.content.startswith(f"<@{waiting}>")]) == 1


async def finished_tally(world: World, alice: Any, bob: Any) -> Any:
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start tally", target=3)
    thread = world.channel.threads[-1]
    await alice.slash(thread, "move", notation="add 3")
    return thread


def rematch_button(message: discord.Message) -> str:
    (custom_id,) = [c["custom_id"] for c in components_of(message) if ":rm:" in c["custom_id"]]
    return str(custom_id)


async def test_the_final_board_offers_a_rematch_that_starts_when_both_accept(
    world: World, locales: dict[int, str]
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    locales[bob.id] = "ja"
    thread = await finished_tally(world, alice, bob)
    final = latest_board(thread)
    assert "game is over" in final.content
    button = rematch_button(final)
    assert [c["label"] for c in components_of(final)] == ["Rematch"]
    asked = await bob.click(final, custom_id=button)
    assert "再戦に参加します" in reply_text(asked)
    assert any(
        "bob is in for a rematch. Waiting for: alice." in m.content for m in bot_messages(thread)
    )
    assert not [m for m in bot_messages(world.channel) if "To act:" in m.content]
    started = await alice.click(final, custom_id=button)
    assert "The rematch has started" in reply_text(started)
    (board,) = [m for m in bot_messages(world.channel) if "To act:" in m.content]
    assert "Tally begins. Seats in order: alice, bob." in board.content
    news = [m for m in bot_messages(thread) if "The rematch has started" in m.content]
    assert len(news) == 1 and board.jump_url in news[0].content  # linked from the old table
    again = await bob.click(final, custom_id=button)  # one rematch per finished table
    assert "すでに再戦しています" in reply_text(again)
    assert len([m for m in bot_messages(world.channel) if "To act:" in m.content]) == 1


async def test_the_host_starts_the_rematch_with_the_computer_after_the_time_they_chose(
    world: World,
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    thread = await finished_tally(world, alice, bob)
    refused = reply_text(await bob.slash(thread, "rematch", hours=1.0))
    assert refused.startswith("Only the host")
    said = reply_text(await alice.slash(thread, "rematch", hours=1.0))
    assert said.startswith("The rematch starts in 60 min")
    await world.env.advance_time(50 * 60)
    assert not [m for m in bot_messages(world.channel) if "To act:" in m.content]
    await world.env.advance_time(15 * 60)
    (board,) = [m for m in bot_messages(world.channel) if "To act:" in m.content]
    assert "bob (" in board.content  # bob's seat is played by the computer now
    running = reply_text(await alice.slash(world.channel, "rematch"))
    assert running == "A rematch can be asked for once the game here is over."


async def test_card_explains_the_tables_game_in_the_readers_language(
    world: World, locales: dict[int, str]
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    locales[bob.id] = "ja"
    thread = await game_in(world, world.channel, alice, bob)
    choices = await bob.autocomplete(thread, "card", "name", "酒")
    assert {"name": "酒場 (Pub)", "value": "pub"} in [
        {"name": c["name"], "value": c["value"]} for c in choices
    ]
    en = reply_text(await alice.slash(thread, "card", name="pub"))
    assert en.startswith("**Pub** (酒場) — Building (blue)\nCost: 1 ruble")
    ja = reply_text(await bob.slash(thread, "card", name="作家"))
    assert ja.startswith("**作家** (Author)") and "推定（再構成）：" in ja
    unknown = reply_text(await alice.slash(thread, "card", name="Dragon"))
    assert unknown.startswith("Sankt Petersburg has no card or tile called Dragon.")
    other = world.guild.create_text_channel("tally")
    await alice.slash(other, "start tally", target=9)
    none = reply_text(await bob.slash(other.threads[-1], "card", name="x"))
    assert none == "タリーにはまだカードの解説がありません。"
    assert await alice.autocomplete(other.threads[-1], "card", "name", "") == []
