"""The game review through Discord (SimCord): the Review button on the final board, the progress
message, the private answer, the chart posted to the table; /review; English and Japanese."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord
import pytest

from bot.discord.board import default_renderer
from bot.service.thinking import Thinker, ThinkingSettings
from games.review import ReviewBudget
from tests.bot.discord.conftest import World
from tests.bot.discord.driver import bot_messages, components_of, latest_board

SMALL = ReviewBudget(worlds=6, max_worlds=12, screen_worlds=3, chart_worlds=3)


@pytest.fixture
def edits(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The content of every edit of an interaction's original response (the progress message
    is one message edited in place; SimCord keeps only its latest text)."""
    seen: list[str] = []
    original = discord.Interaction.edit_original_response

    async def spy(self: discord.Interaction[Any], **kwargs: Any) -> Any:
        seen.append(str(kwargs.get("content")))
        return await original(self, **kwargs)

    monkeypatch.setattr(discord.Interaction, "edit_original_response", spy)
    return seen


@pytest.fixture
def reviewing(world: World) -> Iterator[World]:
    """Reviews in a thread pool on a small budget; boards drawn (the test games' placeholder)."""
    with ThreadPoolExecutor(max_workers=1) as threads:
        world.bot.service.thinker = Thinker(ThinkingSettings(workers=1), executor=threads)
        world.bot.service.reviews.budget = SMALL
        world.bot.renderer = default_renderer()
        yield world


async def finished(
    world: World, game: str, locales: dict[int, str] | None = None
) -> tuple[Any, Any, Any]:
    """A one-turn game of two members in which both draw (a card they can never play: with
    one turn each, drawing scores nothing where a card in hand would have scored). With
    `locales`, alice (who opens the table) speaks Japanese."""
    alice, bob = world.member("alice"), world.member("bob")
    if locales is not None:
        locales[alice.id] = "ja"
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await alice.slash(world.channel, f"start {game}", turns=1)
    thread = world.channel.threads[-1]
    members = {alice.id: alice, bob.id: bob}
    for _ in range(2):
        await members[mover(board_of(thread))].slash(thread, "move", notation="draw")
    return thread, alice, bob


def board_of(thread: Any) -> Any:
    """The latest board, in either language."""
    marks = ("To act:", "game is over", "手番：", "ゲーム終了")
    return [m for m in bot_messages(thread) if any(mark in m.content for mark in marks)][-1]


def mover(board: Any) -> int:
    line = next(ln for ln in board.content.splitlines() if ln.startswith(("To act:", "手番：")))
    return int(re.findall(r"<@(\d+)>", line)[0])


def review_button(board: Any) -> dict[str, Any] | None:
    return next((c for c in components_of(board) if c["custom_id"].startswith("spt:rev:")), None)


async def test_the_review_button_shows_progress_then_a_private_answer_and_a_public_chart(
    reviewing: World, edits: list[str]
) -> None:
    thread, alice, bob = await finished(reviewing, "keen")
    final = latest_board(thread)
    assert "game is over" in final.content
    button = review_button(final)
    assert button is not None and button["label"] == "Review"

    result = await bob.click(final, custom_id=button["custom_id"])
    assert result.acknowledged and result.ephemeral
    progress = [e for e in edits if "looking back" in e]
    assert progress and "steps done" in progress[0]
    answer = result.response
    assert answer is not None and answer.ephemeral
    assert answer.content.startswith("**Review of Keen** by the strong AI")
    # Drawing on the only turn scored nothing where a card would have: the costliest decision.
    assert "Your costliest decisions:" in answer.content
    assert "**draw** here instead of **play" in answer.content
    assert "win chance" in answer.content
    names = [a.filename for a in answer.attachments]
    assert names[0] == "review-chart.png" and names[1] == "decision-1.png"
    assert answer.attachments[1].description.startswith("Board 1: what you saw before move")
    # The chart went to the table once, in public.
    posted = [m for m in thread.history() if "has reviewed this game" in m.content]
    assert len(posted) == 1 and not posted[0].flags.ephemeral
    assert [a.filename for a in posted[0].attachments] == ["review-chart.png"]

    # A second click is answered from the store at once: no progress, no second chart.
    edits.clear()
    again = await alice.click(final, custom_id=button["custom_id"])
    assert not [e for e in edits if "looking back" in e]
    assert again.response is not None and "Review of Keen" in again.response.content
    assert len([m for m in thread.history() if "has reviewed this game" in m.content]) == 1


async def test_review_in_japanese_and_by_command(
    reviewing: World, edits: list[str], locales: dict[int, str]
) -> None:
    thread, alice, _ = await finished(reviewing, "keen", locales)
    assert review_button(board_of(thread))["label"] == "振り返り"  # type: ignore[index]
    result = await alice.slash(thread, "review")
    assert any("振り返っています" in e for e in edits)
    answer = result.response
    assert answer is not None and answer.ephemeral
    assert "キーンの振り返り" in answer.content
    assert "あなたの損の大きかった手" in answer.content and "勝率が約" in answer.content
    assert [a.filename for a in answer.attachments][:2] == ["review-chart.png", "decision-1.png"]
    # The table speaks Japanese: so does the chart posted to it.
    posted = [m for m in thread.history() if "強いAIがこの対局を振り返りました" in m.content]
    assert len(posted) == 1 and [a.filename for a in posted[0].attachments] == ["review-chart.png"]
    # By table id from elsewhere in the server; a member who did not play gets the chart only.
    carol = reviewing.member("carol")
    table_id = review_button(board_of(thread))["custom_id"].split(":")[2]  # type: ignore[index]
    other = (await carol.slash(reviewing.channel, "review", table=table_id)).response
    assert other is not None and "did not play in this game" in other.content
    assert [a.filename for a in other.attachments] == ["review-chart.png"]


async def test_no_review_where_the_game_has_no_strong_ai_or_nothing_is_finished(
    reviewing: World, locales: dict[int, str]
) -> None:
    lonely = reviewing.member("dora")
    nothing = (await lonely.slash(reviewing.channel, "review")).response
    assert nothing is not None and "There is no finished game" in nothing.content
    thread, alice, _ = await finished(reviewing, "handful")
    final = latest_board(thread)
    assert "game is over" in final.content and review_button(final) is None
    refused = (await alice.slash(thread, "review")).response
    assert refused is not None and "has no strong AI" in refused.content
    locales[alice.id] = "ja"
    refused_ja = (await alice.slash(thread, "review")).response
    assert refused_ja is not None and "強いAIがない" in refused_ja.content
    unknown = (await alice.slash(thread, "review", table="nope")).response
    assert unknown is not None and "nope" in unknown.content


async def test_a_review_whose_worker_fails_says_so_and_carries_on_when_asked_again(
    reviewing: World,
) -> None:
    thread, _, bob = await finished(reviewing, "keen")
    button = review_button(latest_board(thread))
    assert button is not None
    working = reviewing.bot.service.thinker

    class Broken(Thinker):
        async def run(self, function: Any, *args: Any) -> Any:
            raise RuntimeError("the worker died")

    reviewing.bot.service.thinker = Broken(ThinkingSettings(workers=1))
    failed = (await bob.click(latest_board(thread), custom_id=button["custom_id"])).response
    assert failed is not None and failed.ephemeral and "stopped halfway" in failed.content
    reviewing.bot.service.thinker = working
    result = (await bob.click(latest_board(thread), custom_id=button["custom_id"])).response
    assert result is not None and "Review of Keen" in result.content


async def test_a_restarted_bot_finishes_an_unfinished_review_and_posts_its_chart(
    reviewing: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.service.table_core as table_core

    thread, _, bob = await finished(reviewing, "keen")
    button = review_button(latest_board(thread))
    assert button is not None

    class Broken(Thinker):
        async def run(self, function: Any, *args: Any) -> Any:
            raise RuntimeError("the process stopped")

    reviewing.bot.service.thinker = Broken(ThinkingSettings(workers=1))
    await bob.click(latest_board(thread), custom_id=button["custom_id"])
    assert await reviewing.store.reviews.unfinished() != []
    with ThreadPoolExecutor(max_workers=1) as threads:
        # The new process's pool (a thread here: the test game lives in this process only).
        monkeypatch.setattr(table_core, "Thinker", lambda: Thinker(executor=threads))
        restarted = await reviewing.restart()
        restarted.service.reviews.budget = SMALL
        for _ in range(200):  # the resume starts once the bot is ready
            if not await reviewing.store.reviews.unfinished():
                break
            await restarted.service.reviews.wait()
            await asyncio.sleep(0.01)
        await restarted.service.reviews.wait()
    assert await reviewing.store.reviews.unfinished() == []
    posted = [m for m in thread.history() if "has reviewed this game" in m.content]
    assert len(posted) == 1
