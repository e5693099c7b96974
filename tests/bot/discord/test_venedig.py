"""Whole Venedig games in Discord: two members with the virtual third player, and one member with
three AI seats; a restart in the middle of a turn; stale boards refused."""

from __future__ import annotations

import pytest
from simcord.backend.errors import SetupError

from bot.discord.board import default_renderer
from tests.bot.discord.conftest import World
from tests.bot.discord.driver import (
    DISCORD_ANSWER_LIMIT,
    Timing,
    bot_messages,
    components_of,
    latest_board,
    play_from_panel,
    play_to_the_end,
    to_act,
)

# Build first (the game ends when the Casas run out), then draw, drain, and end the step.
PREFER = (
    "place",
    "build",
    "resolve",
    "solo",
    "casa",
    "keep",
    "convert",
    "swap",
    "draw",
    "play",
    "drain",
    "done",
)
# Moves that come first whenever they are offered on the public board: no panel needed.
PUBLIC = ("place", "build", "resolve", "keep", "drain")


async def test_two_members_and_the_virtual_player_play_to_the_end(world: World) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    members = {alice.id: alice, bob.id: bob}
    timing = Timing()
    await timing.run(alice.slash(world.channel, "join"))
    await timing.run(bob.slash(world.channel, "join"))
    await timing.run(alice.slash(world.channel, "start venedig"))
    (thread,) = world.channel.threads
    first = latest_board(thread)
    assert "virtual third player" in first.content
    # A few moves in, restart in the middle of someone's turn, and go on from the old board.
    for _ in range(6):
        board = latest_board(thread)
        await play_from_panel(members[to_act(board)[0]], board, timing, PREFER)
    board = latest_board(thread)
    await world.restart()
    mover = members[to_act(board)[0]]
    await play_from_panel(mover, board, timing, PREFER)
    now = latest_board(thread)
    # The board shown now (a new post, or the same message edited in place while the same member
    # goes on acting) carries the table's new version in every control.
    assert [c["custom_id"] for c in components_of(now)] != [
        c["custom_id"] for c in components_of(board)
    ]
    # The controls of the board before that move are stale: refused, or gone, nothing is played.
    stale_button = next(
        (c for c in components_of(board) if c["custom_id"].startswith("spt:mv")), None
    )
    if stale_button is not None:
        if now.id != board.id:
            result = await mover.click(board, custom_id=stale_button["custom_id"])
            assert result.followups and result.followups[0].ephemeral
        else:
            with pytest.raises(SetupError, match="No matching component"):
                await mover.click(board, custom_id=stale_button["custom_id"])
        assert latest_board(thread).id == now.id
    final = await play_to_the_end(thread, members, timing, prefer=PREFER, public=PUBLIC)
    assert "game is over" in final.content and "1. " in final.content
    told = "\n".join(m.content for m in bot_messages(thread))
    assert "The virtual player receives" in told
    # No moves are offered on the final board: only Rematch and Review (it has the strong AI).
    assert [c["custom_id"][:7] for c in components_of(final)] == ["spt:rm:", "spt:rev"]
    print(f"venedig 2 players: {len(timing.times)} interactions, slowest {timing.slowest:.3f} s")
    assert timing.slowest < DISCORD_ANSWER_LIMIT


async def test_one_member_and_three_ai_seats_with_board_images(world: World) -> None:
    world.bot.renderer = default_renderer()
    alice = world.member("alice")
    timing = Timing()
    await timing.run(alice.slash(world.channel, "start venedig", bots=3))
    (thread,) = world.channel.threads
    board = latest_board(thread)
    for _ in range(200):
        board = latest_board(thread)
        if "game is over" in board.content:
            break
        await play_from_panel(alice, board, timing, PREFER)
        hand = await world.bot.service.hand("t1", str(alice.id))
        if hand.to_act and not any(e.kind == "turn" for e in hand.view.events):
            break  # alice's turn goes on after her move: restart here, mid-turn
    assert to_act(latest_board(thread)) == [alice.id]
    assert hand.view.turn == hand.seat.seat and hand.view.phase != "over"
    drawn = [m for m in thread.history() if "To act:" in m.content]
    assert all(m.attachments and m.attachments[0].filename == "board.png" for m in drawn)
    await world.restart()  # the new process runs without a renderer: text boards from here
    final = await play_to_the_end(thread, {alice.id: alice}, timing, prefer=PREFER, public=PUBLIC)
    assert "game is over" in final.content
    for seat in ("Bot 1", "Bot 2", "Bot 3", "alice"):
        assert seat in final.content
    print(f"venedig 4 players: {len(timing.times)} interactions, slowest {timing.slowest:.3f} s")
    assert timing.slowest < DISCORD_ANSWER_LIMIT


async def test_hand_log_and_rules_in_english_and_japanese(
    world: World, locales: dict[int, str]
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    locales[bob.id] = "ja"
    members = {alice.id: alice, bob.id: bob}
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start venedig")
    (thread,) = world.channel.threads
    for _ in range(4):
        board = latest_board(thread)
        await play_from_panel(members[to_act(board)[0]], board, Timing(), PREFER)
    for member, words in ((alice, ("Hand:", "Gold:")), (bob, ("手札:", "金:"))):
        hand = await member.slash(thread, "hand")
        assert hand.response is not None and hand.response.ephemeral
        assert all(word in hand.response.content for word in words)
        log = await member.slash(thread, "log")
        text = log.response.content if log.response is not None else log.followups[0].content
        assert "1. " in text
    english = await alice.slash(world.channel, "rules", game="venedig")
    japanese = await bob.slash(world.channel, "rules", game="venedig")
    assert "5 gold = 1 step" in english.response.content
    assert "`/venedig" in english.response.content
    assert "5金で1マス" in japanese.response.content
    # Nobody else sees a private answer.
    seen_by_bob = "\n".join(m.content for m in thread.history(viewer=bob))
    assert "Hand:" not in seen_by_bob
