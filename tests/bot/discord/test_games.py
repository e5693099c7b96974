"""Whole Sankt Petersburg games played through slash commands, buttons and select menus."""

from __future__ import annotations

import pytest

from bot.discord.board import default_renderer
from tests.bot.discord.conftest import World
from tests.bot.discord.driver import (
    DISCORD_ANSWER_LIMIT,
    Timing,
    components_of,
    play_to_the_end,
)


async def test_two_members_play_a_whole_game_to_the_final_score(world: World) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    timing = Timing()
    await timing.run(alice.slash(world.channel, "join"))
    await timing.run(bob.slash(world.channel, "join"))
    await timing.run(alice.slash(world.channel, "start stpetersburg", public_money=True))
    (thread,) = world.channel.threads
    final = await play_to_the_end(thread, {alice.id: alice, bob.id: bob}, timing)
    assert "1. " in final.content and "points" in final.content
    assert "alice" in final.content and "bob" in final.content
    # No moves are offered on the final board: only Rematch and Review (it has the strong AI).
    assert [c["custom_id"][:8] for c in components_of(final)] == ["spt:rm:t", "spt:rev:"]
    assert timing.slowest < DISCORD_ANSWER_LIMIT
    assert len(timing.times) > 50


# The adapter's tests run on SQLite; this one also on PostgreSQL, the store of several processes.
@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
async def test_one_member_plays_a_solo_game(world: World) -> None:
    alice = world.member("alice")
    timing = Timing()
    await timing.run(alice.slash(world.channel, "start stpetersburg"))
    (thread,) = world.channel.threads
    final = await play_to_the_end(thread, {alice.id: alice}, timing)
    assert "game is over" in final.content
    assert timing.slowest < DISCORD_ANSWER_LIMIT


async def test_one_member_and_three_ai_seats_play_a_four_player_game_in_time(world: World) -> None:
    alice = world.member("alice")
    timing = Timing()
    await timing.run(alice.slash(world.channel, "start stpetersburg", bots=3))
    (thread,) = world.channel.threads
    final = await play_to_the_end(thread, {alice.id: alice}, timing)
    assert "game is over" in final.content
    for seat in ("Bot 1", "Bot 2", "Bot 3", "alice"):
        assert seat in final.content
    print(f"4-player game: {len(timing.times)} interactions, slowest {timing.slowest:.3f} s")
    assert timing.slowest < DISCORD_ANSWER_LIMIT


async def test_the_four_player_game_with_board_images_answers_in_time(world: World) -> None:
    """The same game with the real renderer: every board carries its image, drawn off the loop."""
    world.bot.renderer = default_renderer()
    assert world.bot.renderer is not None
    alice = world.member("alice")
    timing = Timing()
    await timing.run(alice.slash(world.channel, "start stpetersburg", bots=3))
    (thread,) = world.channel.threads
    final = await play_to_the_end(thread, {alice.id: alice}, timing)
    boards = [m for m in thread.history() if "To act:" in m.content or "game is over" in m.content]
    assert all(m.attachments and m.attachments[0].filename == "board.png" for m in boards)
    assert "game is over" in final.content
    print(f"with images: {len(timing.times)} interactions, slowest {timing.slowest:.3f} s")
    assert timing.slowest < DISCORD_ANSWER_LIMIT
