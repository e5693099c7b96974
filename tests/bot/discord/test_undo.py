"""/undo through Discord (SimCord): accepted with the other's button, refused, refused after a reveal."""

from __future__ import annotations

from typing import Any

from tests.bot.discord.conftest import World
from tests.bot.discord.driver import components_of, latest_board, to_act


async def game_of_two(world: World) -> tuple[Any, Any, Any]:
    """A Sankt Petersburg game with open money; returns the thread, who moves first, the other."""
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, "start stpetersburg", public_money=True)
    thread = world.channel.threads[-1]
    first = alice if to_act(latest_board(thread))[0] == alice.id else bob
    return thread, first, bob if first is alice else alice


async def buy(world: World, thread: Any, member: Any) -> str:
    hand = await world.bot.service.hand("t1", str(member.id))
    move = next(m for m in hand.legal_moves if m.startswith("buy"))
    await member.slash(thread, "move", notation=move)
    return move


def vote_button(message: Any, vote: str) -> str:
    return next(c["custom_id"] for c in components_of(message) if c["custom_id"].endswith(vote))


async def test_an_undo_accepted_with_the_other_players_button(world: World) -> None:
    thread, first, other = await game_of_two(world)
    before = latest_board(thread).content
    move = await buy(world, thread, first)
    request = (await first.slash(thread, "undo")).response
    assert request is not None and not request.ephemeral
    assert f"<@{other.id}>" in request.content and f"move 1 ({move})" in request.content

    stranger = world.member("carol")
    refused = await stranger.click(request, custom_id=vote_button(request, "y"))
    assert refused.response is not None and refused.response.ephemeral
    assert "not yours to answer" in refused.response.content

    await other.click(request, custom_id=vote_button(request, "y"))
    board = latest_board(thread)
    assert "took back move 1" in board.content
    assert to_act(board) == [first.id]
    assert before.splitlines()[-1] == board.content.splitlines()[-1]  # the same player to act
    assert (await world.bot.service.verify("t1")).ok


async def test_an_undo_refused_by_the_other_player(world: World) -> None:
    thread, first, other = await game_of_two(world)
    await buy(world, thread, first)
    request = (await first.slash(thread, "undo")).response
    answer = await other.click(request, custom_id=vote_button(request, "n"))
    assert answer.response is not None and "move 1 stands" in answer.response.content
    assert to_act(latest_board(thread)) == [other.id]
    log = await world.bot.service.log("t1")
    assert len(log) == 1


async def test_an_undo_refused_because_a_card_was_revealed(world: World) -> None:
    thread, first, other = await game_of_two(world)
    await first.slash(thread, "move", notation="pass")
    await other.slash(thread, "move", notation="pass")  # the next phase's cards are dealt
    refusal = (await first.slash(thread, "undo")).response
    assert refusal is not None and refusal.ephemeral
    assert "revealed hidden information" in refusal.content
    assert not components_of(refusal)
