"""Catherine through the Discord adapter: secret placements from private panels, the reveal, AI
seats, restarts between a placement and the reveal, reminders, /hand, /log and /rules."""

from __future__ import annotations

import random
from typing import Any

import pytest
import simcord
from simcord.backend.errors import SetupError

from tests.bot.discord.conftest import World
from tests.bot.discord.driver import (
    DISCORD_ANSWER_LIMIT,
    Timing,
    bot_messages,
    components_of,
    latest_board,
    offered,
    open_panel,
    play_offered,
    to_act,
)


def public_text(thread: simcord.ChannelHandle, since: int = 0) -> str:
    return "\n".join(m.content for m in thread.history()[since:] if not m.flags.ephemeral)


async def move_from_panel(
    member: Any, thread: simcord.ChannelHandle, timing: Timing, rng: random.Random
) -> str:
    """Open the member's panel on the latest board and play one of its moves at random."""
    panel = await open_panel(member, latest_board(thread), timing)
    moves = offered(panel)
    assert moves, panel.content
    # Run actions rather than decline them when there is a choice, so the game moves.
    runs = [m for m in moves if not m[2].startswith(("decline", "pass"))]
    move = rng.choice(runs or moves)
    await play_offered(member, panel, move, timing)
    return move[2]


async def test_three_players_two_of_them_ai_play_to_the_final_scoring(world: World) -> None:
    alice = world.member("alice")
    timing = Timing()
    rng = random.Random(5)
    await timing.run(alice.slash(world.channel, "start catherine", bots=2))
    (thread,) = world.channel.threads
    first = latest_board(thread)
    assert "Game started" in first.content and to_act(first) == [alice.id]
    assert "Bot 1 has chosen an action row" in first.content  # AI seats choose at once
    played = 0
    while "game is over" not in latest_board(thread).content:
        board = latest_board(thread)
        assert to_act(board) == [alice.id], board.content
        before = len(thread.history())
        move = await move_from_panel(alice, thread, timing, rng)
        played += 1
        if move.startswith("row "):
            # Her first card stays secret: no public message names it.
            assert move.split()[1] not in public_text(thread, before)
        assert played < 400
    final = latest_board(thread).content
    assert "Final scoring" in final and "network" in final
    for seat in ("alice", "Bot 1", "Bot 2"):
        assert seat in final
    assert played > 30
    assert timing.slowest < DISCORD_ANSWER_LIMIT


async def test_two_members_play_rounds_with_a_restart_before_the_reveal(
    world: World, locales: dict[int, str]
) -> None:
    alice, bob = world.member("alice"), world.member("bob")
    locales[bob.id] = "ja"
    members = {alice.id: alice, bob.id: bob}
    timing = Timing()
    rng = random.Random(11)
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start catherine", remind_hours=1.0)
    (thread,) = world.channel.threads
    assert sorted(to_act(latest_board(thread))) == sorted(members)
    # The setup choice: both at once, revealed when the second has chosen.
    await move_from_panel(alice, thread, timing, rng)
    assert "Action rows revealed" not in public_text(thread)
    await move_from_panel(bob, thread, timing, rng)
    assert "Action rows revealed" in public_text(thread)

    # Round 1: alice places both cards; nobody else can see which.
    before = len(thread.history())
    row = await move_from_panel(alice, thread, timing, rng)
    board = latest_board(thread)
    assert sorted(to_act(board)) == sorted(members)  # she still owes her second card
    old_panel = await open_panel(alice, latest_board(thread), timing)
    places = [m for m in offered(old_panel) if m[2].startswith("place ")]
    await play_offered(alice, old_panel, places[0], timing)
    place = places[0][2]
    secret = {row.split()[-1], place.split()[1]}
    board = latest_board(thread)
    assert to_act(board) == [bob.id] and "alice has placed both cards" in board.content
    seen_by_bob = "\n".join(m.content for m in thread.history(viewer=bob)[before:])
    assert not any(card in seen_by_bob for card in secret)

    # A reminder pings exactly the member who still owes a placement.
    count = len(bot_messages(thread))
    await world.env.advance_time(65 * 60)
    reminders = [m.content for m in bot_messages(thread)[count:] if "<@" in m.content]
    assert reminders and all(f"<@{bob.id}>" in r for r in reminders)
    assert not any(f"<@{alice.id}>" in r for r in reminders)

    # A restart between her placement and the reveal loses nothing.
    await world.restart()
    # Her panel was updated in place when she placed: the other placements it offered are gone,
    # so no member can click a stale choice there any more.
    with pytest.raises(SetupError, match="No matching component"):
        await play_offered(alice, old_panel, places[1], timing)
    assert "Revealed:" not in public_text(thread)
    # Bob places with the private per-move commands, autocompleted from his own moves.
    rows = await bob.autocomplete(thread, "cat play", "card", "")
    assert rows and all(c["value"].startswith("row ") for c in rows)
    played = await timing.run(bob.slash(thread, "cat play", card=rows[0]["value"]))
    assert played.response is not None and played.response.ephemeral
    places = await bob.autocomplete(thread, "cat place", "act", "")
    assert places and all(c["value"].startswith("place ") for c in places)
    await timing.run(bob.slash(thread, "cat place", act=places[0]["value"]))
    reveal = [m.content for m in bot_messages(thread) if "Revealed:" in m.content]
    assert reveal and all(card in reveal[-1] for card in secret)

    # Several rounds more, each member deciding from the private panel.
    rounds = 0
    while rounds < 40 and "Round 4" not in public_text(thread):
        acting = to_act(latest_board(thread))
        assert acting, latest_board(thread).content
        await move_from_panel(members[acting[0]], thread, timing, rng)
        rounds += 1
    assert "Round 4" in public_text(thread)

    # /hand, /log and /rules, in English and Japanese.
    hand = await alice.slash(thread, "hand")
    assert (
        hand.response is not None and hand.response.ephemeral and "Hand:" in hand.response.content
    )
    log = await bob.slash(thread, "log")
    assert log.response is not None and log.response.content
    rules_en = await alice.slash(world.channel, "rules", game="catherine")
    assert (
        "Catherine" in rules_en.response.content and "/start catherine" in rules_en.response.content
    )
    rules_ja = await bob.slash(world.channel, "rules", game="catherine")
    assert "キャサリン" in rules_ja.response.content
    assert timing.slowest < DISCORD_ANSWER_LIMIT
    for message in thread.history(viewer=alice):
        if message.flags.ephemeral:
            assert message.content not in public_text(thread)
    assert components_of(latest_board(thread))
