"""Right words in the right language: table language in public, the member's own in private."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
from simcord import interactions as sim_interactions

from bot.discord.panels import UNKNOWN_INTERACTION, answered
from tests.bot.discord.conftest import World
from tests.bot.discord.driver import bot_messages, components_of, latest_board


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Per-user Discord client locales (SimCord sends en-US unless told otherwise)."""
    chosen: dict[int, str] = {}
    original = sim_interactions.base_payload

    def with_locale(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        if kwargs["user_id"] in chosen:
            payload["locale"] = chosen[kwargs["user_id"]]
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", with_locale)
    return chosen


def answer(result: Any) -> Any:
    """What the member saw in reply: the last follow-up, or the (deferred) response itself."""
    return result.followups[-1] if result.followups else result.response


def japanese_board(thread: Any) -> discord.Message:
    return [m for m in bot_messages(thread) if "手番：" in m.content][-1]


async def test_a_japanese_table_speaks_japanese_in_public_whoever_acts(
    world: World, locales: dict[int, str]
) -> None:
    hana, bob = world.member("hana"), world.member("bob")
    locales[hana.id] = "ja"
    await hana.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    await hana.slash(world.channel, "start stpetersburg", public_money=True)
    (thread,) = world.channel.threads
    members = {hana.id: hana, bob.id: bob}
    board = japanese_board(thread)
    if f"<@{bob.id}>" not in board.content.splitlines()[-1]:
        await hana.slash(thread, "move", notation="pass")
        board = japanese_board(thread)
    assert f"<@{bob.id}>" in board.content.splitlines()[-1]  # the English member is to act
    labels = [c.get("label") for c in components_of(board) if c["type"] == 2]
    assert "パス" in labels and "Pass" not in labels and "自分の手札" in labels
    log = (await bob.slash(thread, "log")).response
    assert log is not None and log.ephemeral
    if "パス" not in log.content:  # the table's language, not bob's
        assert "まだ手はありません" in log.content
    refusal = answer(await hana.slash(thread, "move", notation="pass"))
    assert "あなたの手番ではありません" in refusal.content  # her own locale
    refusal = (await bob.slash(world.channel, "abandon")).response
    assert refusal is not None and "host" in refusal.content.casefold()  # his
    del members


async def test_played_reply_and_a_bare_verb_say_the_right_thing(world: World) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "start stpetersburg", public_money=True)
    (thread,) = world.channel.threads
    bare = await alice.slash(thread, "move", notation="play")  # nothing in hand to play
    text = answer(bare).content
    assert "Unknown card" not in text and "play" in text
    played = await alice.slash(thread, "move", notation="pass")
    assert answer(played).content == "You played: pass"  # no "alice: pass"


async def test_status_answers_the_asker_alone_and_points_to_the_latest_board(
    world: World,
) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "start stpetersburg")
    (thread,) = world.channel.threads
    before = len(bot_messages(thread))
    reply = answer(await alice.slash(thread, "status"))
    assert reply is not None and reply.ephemeral
    board = latest_board(thread)
    assert f"/{board.id}" in reply.content and "To act: alice" in reply.content
    assert len([m for m in bot_messages(thread) if not m.flags.ephemeral]) == len(
        [m for m in bot_messages(thread)[:before] if not m.flags.ephemeral]
    )


async def test_log_and_status_still_answer_in_the_thread_of_a_finished_game(world: World) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "start tally", target=3)
    (thread,) = world.channel.threads
    await alice.slash(thread, "move", notation="add 3")
    assert "game is over" in latest_board(thread).content
    log = (await alice.slash(thread, "log")).response
    assert log is not None and "1. alice: add 3" in log.content
    reply = answer(await alice.slash(thread, "status"))
    assert reply is not None and "Final scores" in reply.content


async def test_my_hand_after_abandon_offers_no_moves(world: World) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "start tally", target=9)
    (thread,) = world.channel.threads
    board = latest_board(thread)
    hand = next(c for c in components_of(board) if c["custom_id"].startswith("spt:hand"))
    opened = (await alice.click(board, custom_id=hand["custom_id"])).response
    assert opened is not None and components_of(opened)  # her moves, before the abandon
    await alice.slash(thread, "abandon")
    live = next(m for m in thread.history(viewer=alice) if m.id == opened.id)
    assert "your turn" not in live.content and not components_of(live)  # updated in place
    old = next(m for m in thread.history() if m.id == board.id)
    assert not components_of(old)  # the board of a closed table offers nothing to click
    panel = (await alice.slash(thread, "hand")).response
    assert panel is not None
    assert "your turn" not in panel.content and not components_of(panel)


async def test_takeover_without_hours_says_what_is_missing(world: World) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "start tally", target=9)
    (thread,) = world.channel.threads
    result = await alice.slash(thread, "remind", takeover="ai")
    assert result.response is not None
    assert "takeover_hours" in result.response.content and ": -" not in result.response.content


async def test_an_expired_interaction_is_one_log_line(caplog: pytest.LogCaptureFixture) -> None:
    class Expired(discord.NotFound):
        def __init__(self) -> None:
            self.code, self.status, self.text = UNKNOWN_INTERACTION, 404, "Unknown interaction"

    async def expire() -> None:
        raise Expired()

    with caplog.at_level(logging.WARNING):
        assert not await answered(expire())
    assert len(caplog.records) == 1 and caplog.records[0].exc_info is None


def test_ctrl_c_stops_the_bot_quietly(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    import bot.__main__ as entry
    import bot.discord.app as app

    async def interrupted(settings: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(app, "run_discord", interrupted)
    monkeypatch.setenv("SPIELTISCH_TOKEN", "x")
    config = tmp_path / "config.toml"
    config.write_text(f'database = "{tmp_path / "db.sqlite3"}"\n')
    assert entry.main(["--config", str(config)]) == 0


async def test_clicks_and_commands_expired_in_an_outage_log_one_line_each(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "start tally", target=9)
    (thread,) = world.channel.threads
    board = latest_board(thread)
    hand = next(c for c in components_of(board) if c["custom_id"].startswith("spt:hand"))
    expired = {"status": 404, "code": UNKNOWN_INTERACTION, "message": "Unknown interaction"}
    caplog.set_level(logging.WARNING)
    world.env.inject_error("POST", "/interactions/*/callback", **expired)
    await alice.click(board, custom_id=hand["custom_id"])
    world.env.inject_error("POST", "/interactions/*/callback", **expired)
    await alice.slash(thread, "log")
    world.env.inject_error("POST", "/interactions/*/callback", **expired)
    await alice.slash(thread, "status")
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert len(caplog.records) == 3
    assert all("expired" in r.getMessage() for r in caplog.records)
