"""/stats, /leaderboard and /history through Discord (SimCord) after two finished games."""

from __future__ import annotations

from typing import Any

from tests.bot.discord.conftest import World


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
