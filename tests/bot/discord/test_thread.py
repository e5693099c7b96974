"""A calm game thread: one board per change of whoever acts, no stale buttons, one live panel per
player, every private notice delivered, and boards a crash kept back posted after the restart."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord

from tests.bot.discord.conftest import World
from tests.bot.discord.driver import bot_messages, components_of, latest_board, pick, to_act


def is_board(message: discord.Message) -> bool:
    return "To act:" in message.content or "game is over" in message.content


def find(thread: simcord.ChannelHandle, message_id: int, viewer: Any) -> discord.Message | None:
    return next((m for m in thread.history(viewer=viewer) if m.id == message_id), None)


def move_components(message: Any) -> list[dict[str, Any]]:
    # "My hand" and the final board's Rematch and Review buttons play no move.
    return [
        c
        for c in components_of(message)
        if not c["custom_id"].startswith(("spt:hand", "spt:rm:", "spt:rev"))
    ]


@dataclass
class Figures:
    """What a game cost its players in clicks and messages."""

    clicks: int = 0
    moves: int = 0
    stale_seen: int = 0  # boards or panels still clickable while not the latest, seen after a move
    panels: dict[int, int] = field(default_factory=dict)  # member -> their panel's message id


async def act(member: Any, message: Any, figures: Figures) -> simcord.InteractionResult:
    """One move from a board or panel, as the simple player of driver.pick chooses it."""
    choice = pick(components_of(message))
    assert choice is not None, f"nothing to do on {message.content!r}"
    kind, component, value = choice
    figures.clicks += 1
    if kind == "select":
        result = await member.select(message, [value], custom_id=component["custom_id"])
    else:
        result = await member.click(message, custom_id=component["custom_id"])
    assert result.acknowledged and not result.followups, [f.content for f in result.followups]
    return result


async def take_turn(
    member: Any, thread: simcord.ChannelHandle, figures: Figures
) -> simcord.InteractionResult:
    """A player coming back to the game: their live panel if it offers moves, else "My hand"."""
    panel_id = figures.panels.get(member.id)
    panel = find(thread, panel_id, member) if panel_id is not None else None
    if panel is None or not move_components(panel):
        board = latest_board(thread)
        hand = next(c for c in components_of(board) if c["custom_id"].startswith("spt:hand"))
        figures.clicks += 1
        opened = await member.click(board, custom_id=hand["custom_id"])
        assert opened.response is not None and opened.response.ephemeral
        figures.panels[member.id] = opened.response.id
        panel = find(thread, opened.response.id, member)
        assert panel is not None
    figures.moves += 1
    return await act(member, panel, figures)


def clickable(thread: simcord.ChannelHandle, viewer: Any) -> list[discord.Message]:
    return [m for m in bot_messages(thread, viewer) if move_components(m)]


async def test_a_three_player_game_is_calm_and_cheap_to_play(world: World) -> None:
    alice, bob, carol = (world.member(n) for n in ("alice", "bob", "carol"))
    members = {m.id: m for m in (alice, bob, carol)}
    for member in members.values():
        await member.slash(world.channel, "join")
    await alice.slash(world.channel, "start stpetersburg")  # money is secret
    (thread,) = world.channel.threads
    first = latest_board(thread)
    assert "starts" in first.content and "Round 1" in first.content

    figures = Figures()
    for turn in range(1500):
        board = latest_board(thread)
        if "game is over" in board.content:
            break
        (acting,) = to_act(board)
        await take_turn(members[acting], thread, figures)
        if turn % 4 == 0:  # reading a whole thread is slow in SimCord: look every 4th move
            # Only the latest board, and at most one panel per member, can be clicked.
            latest = latest_board(thread).id
            for member in members.values():
                live = clickable(thread, member)
                boards = [m for m in live if not m.flags.ephemeral]
                panels = [m for m in live if m.flags.ephemeral]
                figures.stale_seen += len([m for m in boards if m.id != latest])
                figures.stale_seen += max(0, len(panels) - 1)
    else:
        raise AssertionError("the game did not end")

    log = await world.bot.service.log("t1")
    seats = [entry.seat for entry in log]
    turns = 1 + sum(1 for a, b in itertools.pairwise(seats) if a != b)
    boards = [m for m in bot_messages(thread) if is_board(m)]
    private = {
        m.name: len([x for x in bot_messages(thread, m) if x.flags.ephemeral])
        for m in members.values()
    }
    per_move = figures.clicks / figures.moves
    print(
        f"\n3-player game: {len(log)} moves, {turns} changes of the player to act, "
        f"{len(boards)} board messages ({len(boards) / turns:.2f} per change, "
        f"{len(bot_messages(thread))} public messages in all), "
        f"{figures.clicks} clicks ({per_move:.2f} per move), "
        f"ephemeral messages now present per member {private}, stale seen {figures.stale_seen}"
    )
    assert figures.moves == len(log)
    assert figures.stale_seen == 0
    assert not any(move_components(m) for m in bot_messages(thread))
    assert len(boards) == turns + 1  # one ping per change of the player to act, and the end
    assert per_move <= 1.3
    assert all(count <= 1 for count in private.values())  # one panel each, updated in place


async def secret_money_game(world: World) -> tuple[Any, Any, dict[int, Any], Any]:
    """alice and bob at Sankt Petersburg with secret money, in the game's thread."""
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start stpetersburg")
    (thread,) = world.channel.threads
    return alice, bob, {alice.id: alice, bob.id: bob}, thread


async def test_every_private_income_reaches_its_owner_at_the_top_of_their_panel(
    world: World,
) -> None:
    alice, bob, members, thread = await secret_money_game(world)
    figures = Figures()
    seen: dict[int, list[str]] = {alice.id: [], bob.id: []}
    # Play until the first scoring has passed, reading each panel as it is shown.
    for _ in range(60):
        board = latest_board(thread)
        (acting,) = to_act(board)
        member = members[acting]
        figures.panels.pop(member.id, None)  # open "My hand" afresh, as after two days away
        await take_turn(member, thread, figures)
        for other in members.values():
            panel_id = figures.panels.get(other.id)
            panel = find(thread, panel_id, other) if panel_id else None
            if panel is not None and "Since you last looked" in panel.content:
                seen[other.id].append(panel.content)
        if all(any("received" in text for text in texts) for texts in seen.values()):
            break
    for member in members.values():
        texts = "\n".join(seen[member.id])
        assert re.search(r"received \d+ rubles?", texts), f"{member.name} never learnt an income"
        other = next(m for m in members.values() if m is not member)
        assert f"{other.name} received" not in texts  # only their own money


async def test_a_board_lost_in_a_crash_is_posted_after_the_restart_with_its_ping(
    world: World,
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start stpetersburg", public_money=True)
    (thread,) = world.channel.threads
    board = latest_board(thread)
    members = {alice.id: alice, bob.id: bob}
    mover = members[to_act(board)[0]]
    waiting = bob if mover is alice else alice
    # The move is committed, then the process dies before it posts the board.
    await world.bot.service.act("t1", str(mover.id), "pass")
    assert latest_board(thread).id == board.id
    await world.restart()
    await world.env.advance_time(1)
    after = latest_board(thread)
    assert after.id != board.id
    assert f"{mover.name} passed" in after.content
    assert to_act(after) == [waiting.id]  # the next player is pinged after all
    assert not move_components(next(m for m in thread.history() if m.id == board.id))
    # Draining again posts nothing twice.
    await world.restart()
    await world.env.advance_time(1)
    assert len([m for m in bot_messages(thread) if is_board(m)]) == 2


async def test_a_member_who_asks_gets_their_private_notices_by_dm(world: World) -> None:
    alice, bob, members, thread = await secret_money_game(world)
    answer = await bob.slash(thread, "notices", dm=True)
    assert answer.response is not None and "DM" in answer.response.content
    # Both type their moves (buying what they can, as /move's autocomplete offers), never opening
    # a panel, until the first scoring.
    for _ in range(80):
        dms = [m.content for m in bob.user.dm_channel.history()]
        if any("received" in text for text in dms):
            break
        board = latest_board(thread)
        assert to_act(board), board.content
        mover = members[to_act(board)[0]]
        offered = await mover.autocomplete(thread, "move", "notation", "buy")
        move = offered[0]["value"] if offered else "pass"
        await mover.slash(thread, "move", notation=move)
    dms = "\n".join(m.content for m in bob.user.dm_channel.history())
    assert re.search(r"bob received \d+ rubles?", dms) and "alice received" not in dms
    assert not [m for m in alice.user.dm_channel.history() if m.author.bot]  # she did not ask


def test_board_nonces_fit_discord_and_differ_per_table_and_version() -> None:
    from bot.discord.board import NONCE_MAX, board_nonce

    long_a, long_b = "a" * 30 + "x", "a" * 30 + "y"
    nonces = {board_nonce(t, v) for t in ("t1", "t2", long_a, long_b) for v in (0, 7, 10**8)}
    assert len(nonces) == 12 and all(len(n) <= NONCE_MAX for n in nonces)


async def test_ai_moves_in_a_row_are_one_post_that_narrates_them(world: World) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "start stpetersburg", bots=2, public_money=True)
    (thread,) = world.channel.threads
    boards_before = len([m for m in bot_messages(thread) if is_board(m)])
    await alice.slash(thread, "move", notation="pass")
    boards = [m for m in bot_messages(thread) if is_board(m)]
    assert len(boards) == boards_before + 1
    text = boards[-1].content
    assert "alice passed" in text and "Bot 1" in text and "Bot 2" in text
    assert to_act(boards[-1]) == [alice.id]
