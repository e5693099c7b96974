"""Issue 10 through Discord: forged component ids and refusals of /kick and /leave stay private."""

from __future__ import annotations

import discord
import pytest

from bot.discord.components import MoveButton, choice_index
from tests.bot.discord.conftest import World
from tests.bot.discord.driver import latest_board, to_act
from tests.bot.discord.test_adapter import two_player_game


@pytest.mark.parametrize(
    ("choice", "count", "expected"),
    [
        ("#0", 3, 0),
        ("#2", 3, 2),
        *((bad, 3, None) for bad in ("#3", "#-1", "#abc", "#1e3", "# 1", "#0001", "#", "1")),
    ],
)
def test_an_index_choice_is_read_only_when_well_formed_and_in_range(
    choice: str, count: int, expected: int | None
) -> None:
    assert choice_index(choice, count) == expected


async def test_forged_index_buttons_are_refused_privately_and_play_nothing(world: World) -> None:
    """Finding 3: `#abc` crashed the click and `#-1` played the last legal move."""
    alice, bob, thread = await two_player_game(world)
    board = latest_board(thread)
    mover = {alice.id: alice, bob.id: bob}[to_act(board)[0]]
    table = await world.bot.service.find(str(thread.id))
    assert table is not None
    view = discord.ui.View()
    forged = ("#abc", "#-1", "#999", "#1e3", "#-0")
    for choice in forged:
        view.add_item(MoveButton(table.id, table.version, choice, label=choice))
    channel = world.bot.get_channel(thread.id)
    assert isinstance(channel, discord.Thread)
    message = await channel.send("forged", view=view)
    for choice in forged:
        custom_id = f"spt:mv:{table.id}:{table.version}:{choice}"
        result = await mover.click(message, custom_id=custom_id)
        (refusal,) = result.followups
        assert refusal.ephemeral and "out of date" in refusal.content, choice
    assert latest_board(thread).id == board.id  # no new board: nothing was played
    assert (await world.bot.service.info(table.id)).version == table.version


async def test_refusals_of_kick_and_leave_are_ephemeral(world: World) -> None:
    """Finding 12: /kick and /leave deferred publicly, so their refusals were public."""
    alice, bob, thread = await two_player_game(world)
    carol = world.member("carol")
    refused = [
        await bob.slash(thread, "kick", player="alice"),
        await alice.slash(thread, "kick", player="nobody"),
        await carol.slash(thread, "leave"),
    ]
    for result in refused:
        answers = [m for m in (result.response, *result.followups) if m is not None]
        assert answers and all(m.ephemeral for m in answers)
    for member in (alice, bob, carol):
        public = [m for m in thread.history(viewer=member) if not m.flags.ephemeral]
        assert not any("host" in m.content or "Nobody" in m.content for m in public)
    kicked = await alice.slash(thread, "kick", player="bob")
    assert all(m.ephemeral for m in (kicked.response, *kicked.followups) if m is not None)
    assert "bob is now played by" in latest_board(thread).content


async def test_a_display_name_can_neither_ping_nor_spoof(world: World) -> None:
    """Finding 1: a nickname `<@bob>` or a markdown link is shown literally and pings nobody;
    a board pings exactly the players it asks to act."""
    alice, bob = world.member("alice"), world.member("bob")
    mallory = world.member(f"<@{bob.id}>")
    linker = world.member("[free](https://evil.example)")
    for member in (alice, bob, mallory, linker):
        await member.slash(world.channel, "join")
    replies = [m for m in world.channel.history() if m.author.id == world.bot.user.id]  # type: ignore[union-attr]
    assert len(replies) == 4 and not any(m.mentions for m in replies)
    assert f"<@{bob.id}>" not in "".join(m.content for m in world.channel.history())
    assert "](https://evil.example)" not in "".join(m.content for m in world.channel.history())
    await alice.slash(world.channel, "start stpetersburg")
    (thread,) = world.channel.threads
    board = latest_board(thread)
    assert {u.id for u in board.mentions} == set(to_act(board))
    assert "\\[free\\]" in board.content or "[free]" not in board.content


async def test_status_points_to_the_latest_board_instead_of_posting_another(world: World) -> None:
    """Finding 16: every /status rendered and posted a new public board. Now it answers the
    asker alone with a link to the latest board, however long ago that was posted."""
    _, bob, thread = await two_player_game(world)
    board = latest_board(thread)
    posted = len(thread.history())
    for _ in range(2):
        result = await bob.slash(thread, "status")
        assert result.response is not None and result.response.ephemeral
        assert str(board.id) in result.response.content
        assert latest_board(thread).id == board.id
        await world.env.advance_time(3600)
    assert len([m for m in thread.history() if not m.flags.ephemeral]) == len(
        [m for m in thread.history()[:posted] if not m.flags.ephemeral]
    )


async def test_a_member_flooding_commands_is_refused_privately(world: World) -> None:
    """Finding 16: commands per member and channel are limited; others are not held back."""
    alice, bob = world.member("alice"), world.member("bob")
    limit = world.settings.limits.commands_per_minute
    results = [await alice.slash(world.channel, "games") for _ in range(limit + 2)]
    refused = [r for r in results if r.response and "Too many commands" in r.response.content]
    assert len(refused) == 2 and all(r.response and r.response.ephemeral for r in refused)
    assert "Too many" not in ((await bob.slash(world.channel, "games")).response or "").content  # type: ignore[union-attr]
