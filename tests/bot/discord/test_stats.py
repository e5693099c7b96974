"""/stats, /leaderboard, /history, the end-of-game chart and /replay through Discord (SimCord)."""

from __future__ import annotations

from typing import Any

from bot.discord.board import default_renderer
from tests.bot.discord.conftest import World
from tests.bot.discord.driver import latest_board, to_act


async def two_player_tally(world: World, first: Any, second: Any, amount: int) -> Any:
    """A tally game to 3 that `first` ends at once with `add 3` (or loses with `add 1, add 2`)."""
    await first.slash(world.channel, "join")
    await second.slash(world.channel, "join")
    await first.slash(world.channel, "start tally", target=3)
    thread = world.channel.threads[-1]
    if amount == 3:
        await first.slash(thread, "move", notation="add 3")
    else:
        await first.slash(thread, "move", notation="add 1")
        await second.slash(thread, "move", notation="add 2")
    return thread


async def test_stats_leaderboard_and_history_after_two_games(
    world: World, locales: dict[int, str]
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    first = await two_player_tally(world, alice, bob, 3)  # alice wins
    await two_player_tally(world, alice, bob, 1)  # bob's add 2 ends it: bob has more

    mine = (await alice.slash(world.channel, "stats")).response
    assert mine is not None and mine.ephemeral
    assert "Statistics of alice" in mine.content
    assert "**Tally**: 2 played" in mine.content

    board = (await bob.slash(world.channel, "leaderboard", game="tally")).response
    assert board is not None and not board.ephemeral
    lines = board.content.splitlines()
    assert lines[0] == "Leaderboard: Tally"
    assert lines[1].startswith("1. <@") and lines[2].startswith("2. <@")
    assert {lines[1][5:].split(">")[0], lines[2][5:].split(">")[0]} == {str(alice.id), str(bob.id)}

    locales[bob.id] = "ja"
    history = (await bob.slash(world.channel, "history", member=alice)).response
    assert history is not None and history.ephemeral
    assert history.content.startswith("alice の最近のゲーム")
    newest, oldest = history.content.splitlines()[1:]
    assert "**タリー**: 1. bob 3, 2. alice 1" in newest
    assert "**タリー**: 1. alice 3, 2. bob 0" in oldest
    assert oldest.endswith(f"https://discord.com/channels/{world.guild.id}/{first.id}")


async def test_the_final_message_carries_the_chart_and_replay_shows_earlier_boards(
    world: World,
) -> None:
    world.bot.renderer = default_renderer()
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start handful", turns=1)
    thread = world.channel.threads[-1]
    first = latest_board(thread)
    members = {alice.id: alice, bob.id: bob}
    await members[to_act(first)[0]].slash(thread, "move", notation="draw")
    await members[to_act(latest_board(thread))[0]].slash(thread, "move", notation="draw")
    final = latest_board(thread)
    assert "game is over" in final.content
    assert [a.filename for a in final.attachments] == ["board.png", "chart.png"]
    assert final.attachments[1].description.startswith("Score: ")

    replay = (await bob.slash(thread, "replay", move=1)).response
    assert replay is not None and replay.ephemeral
    assert replay.content.startswith("**Board after move 1 of 2: ")
    assert [a.filename for a in replay.attachments] == ["board.png"]
    late = (await bob.slash(thread, "replay", move=5)).response
    assert late is not None and late.ephemeral and "There is no move 5" in late.content
