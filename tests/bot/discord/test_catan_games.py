"""Catan card games played through Discord: a 3-player game with 2 AI seats to the end, and a
2-human game with exchanges between them across a restart (private takes stay private)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord.backend.errors import SetupError

from tests.bot.discord.conftest import World
from tests.bot.discord.driver import (
    DISCORD_ANSWER_LIMIT,
    Timing,
    components_of,
    latest_board,
    to_act,
)

# What a simple player does from its private panel, in order: the group of a select menu to
# take the first option of, or the start of a button's move.
PREFERENCE = ("sel:build", "sel:return", "sel:discard", "sel:pick", "mv:end", "mv:draw")


def choose(components: list[dict[str, Any]]) -> dict[str, Any] | None:
    for wanted in PREFERENCE:
        kind, _, what = wanted.partition(":")
        for c in components:
            # custom_ids end with the select's group and page, or the button's move.
            choice = c["custom_id"].split(":", 4)[-1]
            if choice.startswith(what) and c["type"] == (3 if kind == "sel" else 2):
                return c
    return None


async def act_privately(member: Any, board: discord.Message, timing: Timing) -> None:
    """Open the private panel from the board and play the first preferred move there."""
    hand_button = next(c for c in components_of(board) if c["custom_id"].startswith("spt:hand"))
    panel = await timing.run(member.click(board, custom_id=hand_button["custom_id"]))
    private = panel.followups[-1] if panel.followups else panel.response
    assert private is not None and private.ephemeral
    component = choose(components_of(private))
    assert component is not None, private.content
    if component["type"] == 3:
        value = component["options"][0]["value"]
        await timing.run(member.select(private, [value], custom_id=component["custom_id"]))
    else:
        await timing.run(member.click(private, custom_id=component["custom_id"]))


async def play_to_the_end(
    thread: Any, members: dict[int, Any], timing: Timing, limit: int = 1500
) -> discord.Message:
    for _ in range(limit):
        board = latest_board(thread)
        if "game is over" in board.content:
            return board
        acting = to_act(board)
        assert acting, board.content
        await act_privately(members[acting[0]], board, timing)
    raise AssertionError("the game did not end")


async def test_one_member_and_two_ai_seats_play_a_three_player_game(world: World) -> None:
    alice = world.member("alice")
    timing = Timing()
    await timing.run(alice.slash(world.channel, "start catan", bots=2))
    (thread,) = world.channel.threads
    final = await play_to_the_end(thread, {alice.id: alice}, timing)
    assert "game is over" in final.content
    for seat in ("Bot 1", "Bot 2", "alice"):
        assert seat in final.content
    assert timing.slowest < DISCORD_ANSWER_LIMIT


def public_button(board: discord.Message, start: str) -> str | None:
    for c in components_of(board):
        if c["type"] == 2 and c["custom_id"].split(":", 4)[-1].startswith(start):
            return str(c["custom_id"])
    return None


async def test_two_members_exchange_across_a_restart_and_keep_takes_private(world: World) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start catan")
    (thread,) = world.channel.threads
    members = {alice.id: alice, bob.id: bob}
    timing = Timing()
    trades = 0
    restarted = False
    for _turn in range(6):
        board = latest_board(thread)
        mover = members[to_act(board)[0]]
        trade = public_button(board, "trade")
        if trade is not None:
            # The exchange is offered on the public board: taking reveals nothing of the hand.
            await timing.run(mover.click(board, custom_id=trade))
            trades += 1
            if trades == 2:
                # A new process while a return is owed: the panel and the return still work.
                await world.restart()
                restarted = True
            # The return is owed: it is offered only in the mover's private panel.
            board = latest_board(thread)
            assert public_button(board, "end") is None
            await act_privately(mover, board, timing)
        for _ in range(3):  # end the exchange phase, then draw (building if the panel offers)
            board = latest_board(thread)
            if members[to_act(board)[0]] is not mover:
                break
            await act_privately(mover, board, timing)
    assert trades >= 2 and restarted
    public = "\n".join(m.content for m in thread.history())
    assert "took a card at random from" in public
    assert "You took" not in public and "your " not in public
    takes = {
        member.id: [
            m.content
            for m in thread.history(viewer=member)
            if m.flags.ephemeral and "You took" in m.content
        ]
        for member in (alice, bob)
    }
    assert takes[alice.id] and takes[bob.id], "each taker learns the card privately"
    for member, other in ((alice, bob), (bob, alice)):
        seen_by_other = [m.content for m in thread.history(viewer=other)]
        assert not any(text in seen_by_other for text in takes[member.id])
    assert timing.slowest < DISCORD_ANSWER_LIMIT


async def test_a_click_on_an_old_board_is_refused_and_plays_nothing(world: World) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start catan")
    (thread,) = world.channel.threads
    members = {alice.id: alice, bob.id: bob}
    board = latest_board(thread)
    mover = members[to_act(board)[0]]
    trade = public_button(board, "trade")
    assert trade is not None
    await mover.click(board, custom_id=trade)  # that board is now old
    if latest_board(thread).id == board.id:
        # The same member goes on acting, so the board was edited in place (issue 9): the old
        # button is gone and nobody can click it any more.
        with pytest.raises(SetupError, match="No matching component"):
            await mover.click(board, custom_id=trade)
    else:
        again = await mover.click(board, custom_id=trade)
        (refusal,) = again.followups
        assert refusal.ephemeral and refusal.content
    public = "\n".join(m.content for m in thread.history())
    assert public.count("took a card at random from") == 1
