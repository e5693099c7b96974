"""Every ping earned: whole games with members (and AI seats) counting pings per decision owed,
board posts per move, clicks per move and panels that stopped following (see calm.py)."""

from __future__ import annotations

import asyncio
import inspect
import json
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.discord import app, components
from tests.bot.discord.calm import (
    Figures,
    click,
    count_pings,
    find,
    panel_for,
    play,
    play_game,
    together,
)
from tests.bot.discord.conftest import World
from tests.bot.discord.driver import components_of, latest_board, offered, to_act

# (game, members, AI seats, options): members act at once wherever the game lets them.
UNKNOWN_MESSAGE = {"code": 10008, "message": "Unknown Message"}
GAMES = [
    ("catherine", 3, 1, {}),
    ("stpetersburg", 2, 1, {}),
    ("catan", 2, 1, {}),
    ("venedig", 2, 1, {}),
]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("game", "humans", "bots", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_a_whole_game_pings_each_member_once_per_decision(
    world: World,
    locales: dict[int, str],
    lang: str,
    game: str,
    humans: int,
    bots: int,
    options: dict[str, object],
) -> None:
    """The same whole game with English and with Japanese clients (a Japanese table)."""
    members = [world.member(name) for name in ("alice", "bob", "carol", "dave")[:humans]]
    for member in members:
        locales[member.id] = lang
    figures = await play_game(world, game, members, bots=bots, **options)
    print("\n" + json.dumps({"lang": lang, **figures.summary()}, ensure_ascii=False))
    assert (await world.bot.service.info("t1")).lang == lang
    for member in members:
        assert figures.pings[member.id] <= figures.owed[member.id], figures.summary()
    assert figures.boards <= figures.human_moves
    assert figures.clicks <= 1.05 * figures.human_moves
    assert figures.stale_panels == 0 and figures.refused == 0
    assert figures.repeated == []


async def three_at_catherine(world: World) -> tuple[list[Any], Any]:
    """alice, bob and carol at Catherine, each with a live panel on the setup choice."""
    members = [world.member(name) for name in ("alice", "bob", "carol")]
    for member in members:
        await member.slash(world.channel, "join")
    await members[0].slash(world.channel, "start catherine")
    (thread,) = world.channel.threads
    return members, thread


def narrations_meet(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make two narrations of the table read the new moves of the log at the same moment (what
    happened, by timing, when a member opened "My hand" while a board was being posted): the
    first to ask waits, a while at most, for a second."""
    moves = world.store.moves
    asked: list[int] = []

    async def meeting(table_id: str, after: int | None = None) -> Any:
        if after is None:
            return await moves(table_id)
        asked.append(after)
        for _ in range(200):
            if asked.count(after) > 1:
                break
            await asyncio.sleep(0)
        return await moves(table_id, after=after)

    monkeypatch.setattr(world.store, "moves", meeting)


async def test_a_choice_and_a_hand_opened_at_once_post_the_board_and_keep_the_panel(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A member's choice arrives while another opens "My hand" and the panels are refreshed
    (the narration crash members met: NotYourTurn from catch-up): the board is edited with the
    choice, nothing fails, and the newest panel keeps following."""
    (alice, bob, carol), thread = await three_at_catherine(world)
    narrations_meet(world, monkeypatch)
    figures = Figures("catherine")
    board = latest_board(thread)
    panels = {m.id: await panel_for(world, thread, m, figures) for m in (alice, bob)}
    rows = offered(panels[bob.id])
    hand = next(c for c in components_of(board) if c["custom_id"].startswith("spt:hand"))
    # alice opens "My hand" again just as bob's choice is being processed.
    results = await together(
        world,
        [
            click(bob, panels[bob.id], rows[0]),
            type(alice).click.__wrapped__(alice, board, custom_id=hand["custom_id"]),
        ],
    )
    assert all(r.acknowledged for r in results)
    assert not results[0].followups  # bob's choice was taken, nothing refused
    now = latest_board(thread)
    assert now.id == board.id and "bob" in now.content  # the same board, edited
    newest = results[1].followups[-1] if results[1].followups else results[1].response
    # The next choices (carol's, then bob's... ) keep alice's newest panel up to date.
    carol_panel = await panel_for(world, thread, carol, figures)
    await play(carol, carol_panel, offered(carol_panel)[0])
    version = (await world.bot.service.info("t1")).version
    alice_panel = find(thread, newest.id, alice)
    assert alice_panel is not None and offered(alice_panel)
    assert all(f":{version}:" in c["custom_id"] + ":" for c in components_of(alice_panel))


async def test_a_panel_gone_404_is_dropped_alone_and_the_newest_panel_keeps_following(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refresh after bob's choice edits alice's panel just after she opened a new one (which
    deleted the old: 404 Unknown Message). Only that old panel is dropped; her new panel is
    brought up to date at every later board, so her next move is one click."""
    (alice, bob, carol), thread = await three_at_catherine(world)
    figures = Figures("catherine")
    board = latest_board(thread)
    panels = {m.id: await panel_for(world, thread, m, figures) for m in (alice, bob)}
    calls: list[str] = []  # which of alice's panels were held back
    made = app.hand_panel

    async def late_for_the_first(bot: Any, table_id: str, user: str, lang: str) -> Any:
        # alice's new panel is made once the refresh has taken her old one to edit, and the
        # refresh edits it only once the new panel has replaced it.
        refreshing = any(frame.function == "refresh_panels" for frame in inspect.stack())
        if user == str(alice.id) and len(calls) < 2:
            calls.append("refresh" if refreshing else "hand")
            for _ in range(400):
                if refreshing and bot.panels.live(table_id, user)[0] is not opened[0]:
                    break
                if not refreshing and "refresh" in calls:
                    break
                await asyncio.sleep(0)
        return await made(bot, table_id, user, lang)

    opened = [world.bot.panels.live("t1", str(alice.id))[0]]

    edit = discord.Interaction.edit_original_response

    async def gone(interaction: Any, **kwargs: Any) -> Any:
        # What Discord answers once the old panel was deleted (SimCord edits it all the same).
        if (
            interaction is opened[0]
            and world.bot.panels.live("t1", str(alice.id))[0] is not interaction
        ):
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), UNKNOWN_MESSAGE)
        return await edit(interaction, **kwargs)

    monkeypatch.setattr(discord.Interaction, "edit_original_response", gone)
    monkeypatch.setattr(app, "hand_panel", late_for_the_first)
    hand = next(c for c in components_of(board) if c["custom_id"].startswith("spt:hand"))
    results = await together(
        world,
        [
            click(bob, panels[bob.id], offered(panels[bob.id])[0]),
            type(alice).click.__wrapped__(alice, board, custom_id=hand["custom_id"]),
        ],
    )
    monkeypatch.setattr(app, "hand_panel", made)
    newest = results[1].followups[-1] if results[1].followups else results[1].response
    assert world.bot.panels.live("t1", str(alice.id)) is not None
    # More moves: carol chooses; alice's newest panel follows and offers her moves now.
    carol_panel = await panel_for(world, thread, carol, figures)
    await play(carol, carol_panel, offered(carol_panel)[0])
    version = (await world.bot.service.info("t1")).version
    alice_panel = find(thread, newest.id, alice)
    assert alice_panel is not None and offered(alice_panel)
    assert all(f":{version}" in c["custom_id"] for c in components_of(alice_panel))


async def test_a_choice_clicked_just_before_the_panel_refresh_is_taken(world: World) -> None:
    """bob and alice choose at the same moment: bob's choice is taken first, so alice's panel
    showed a version that is no longer the table's. Nothing she could see changed but that bob
    has chosen, and her choice is still legal: it is taken, not refused as out of date."""
    (alice, bob, carol), thread = await three_at_catherine(world)
    figures = Figures("catherine")
    panels = {m.id: await panel_for(world, thread, m, figures) for m in (alice, bob, carol)}
    before = (await world.bot.service.info("t1")).version
    results = await together(
        world, [click(m, panels[m.id], offered(panels[m.id])[0]) for m in (bob, alice)]
    )
    assert [r.followups for r in results] == [[], []], [
        f.content for r in results for f in r.followups
    ]
    assert (await world.bot.service.info("t1")).version == before + 2


async def test_the_last_chooser_of_a_step_is_pinged_with_the_others_for_the_next(
    world: World,
) -> None:
    """alice and bob make their setup choices, then carol, whose choice closes the step. All
    three owe the next step (placing two cards), carol too: she may have put her phone down
    after choosing, so its board is one new post pinging all three; the choices before hers
    edited the step's board and pinged nobody."""
    (alice, bob, carol), thread = await three_at_catherine(world)
    figures = Figures("catherine")
    count_pings(world, figures)
    first = latest_board(thread)
    for member in (alice, bob, carol):
        panel = await panel_for(world, thread, member, figures)
        await play(member, panel, offered(panel)[0])
        if member is not carol:
            assert latest_board(thread).id == first.id and figures.posts == []
    board = latest_board(thread)
    everyone = sorted(m.id for m in (alice, bob, carol))
    assert board.id != first.id and sorted(to_act(board)) == everyone
    assert [sorted(pinged) for _, pinged in figures.posts] == [everyone], figures.posts


async def test_an_index_button_clicked_just_before_the_panel_refresh_is_taken(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a move's notation is too long for a custom_id, its button names the move by its
    index in legal_moves. bob and alice choose at the same moment from panels naming every move
    by index: bob's choice is taken first, so alice's panel showed an older version. Her index
    is read against the moves of that version, and the move it names is still legal: taken,
    not refused as out of date. An index on an older board after anything else (her own
    choice) is still refused."""
    monkeypatch.setattr(components, "CUSTOM_ID_MAX", 0)
    monkeypatch.setattr(components, "OPTION_VALUE_MAX", 0)
    (alice, bob, _), thread = await three_at_catherine(world)
    figures = Figures("catherine")
    panels = {m.id: await panel_for(world, thread, m, figures) for m in (alice, bob)}
    moves = {member: offered(panel) for member, panel in panels.items()}
    assert all(value.startswith("#") for _, _, value in moves[alice.id] + moves[bob.id])
    before = (await world.bot.service.info("t1")).version
    hand = await world.bot.service.hand("t1", str(alice.id))
    chosen = moves[alice.id][-1]
    meant = hand.legal_moves[int(chosen[2][1:])]
    made = app.hand_panel

    async def written(count: int) -> None:
        for _ in range(400):
            if len(await world.store.moves("t1")) >= count:
                return
            await asyncio.sleep(0)

    async def held_for_alice(bot: Any, table_id: str, user: str, lang: str) -> Any:
        # Her panel follows bob's choice only once her click has been judged.
        if user == str(alice.id) and any(f.function == "refresh_panels" for f in inspect.stack()):
            await written(before + 2)
        return await made(bot, table_id, user, lang)

    async def alice_once_bob_chose() -> Any:
        await written(before + 1)
        return await click(alice, panels[alice.id], chosen)

    monkeypatch.setattr(app, "hand_panel", held_for_alice)
    results = await together(
        world, [click(bob, panels[bob.id], moves[bob.id][0]), alice_once_bob_chose()]
    )
    monkeypatch.setattr(app, "hand_panel", made)
    assert [r.followups for r in results] == [[], []], [
        f.content for r in results for f in r.followups
    ]
    logged = await world.store.moves("t1")
    assert len(logged) == before + 2
    assert (logged[-1].seat, logged[-1].notation) == (hand.seat.seat, meant)
    # The same index on the board of `before`, now that alice herself has chosen since.
    view = discord.ui.View()
    view.add_item(components.MoveButton("t1", before, chosen[2], label="old"))
    channel = world.bot.get_channel(thread.id)
    assert isinstance(channel, discord.Thread)
    old = await channel.send("old", view=view)
    refused = await alice.click(old, custom_id=f"spt:mv:t1:{before}:{chosen[2]}")
    (answer,) = refused.followups
    assert answer.ephemeral and "out of date" in answer.content
    assert len(await world.store.moves("t1")) == before + 2


async def test_a_venedig_turn_is_one_board_while_an_ai_places_what_the_member_resolved(
    world: World,
) -> None:
    """alice resolves a building whose master builder is an AI: it places it at once and her
    turn goes on. That is one board, edited, not a second post pinging her again."""
    alice = world.member("alice")
    figures = await play_game(world, "venedig", [alice], bots=2, seed=1, explore=0.3)
    moves = await world.store.moves("t1")
    seats = [m.seat for m in moves]
    inside = [
        i
        for i, m in enumerate(moves[:-2])
        if m.seat == "alice" and m.notation.startswith("resolve") and seats[i + 1] != "alice"
    ]
    assert inside, "no building of alice's was placed by an AI master builder in this game"
    again = [
        text
        for text, pinged in figures.posts
        if alice.id in pinged and text.startswith("alice has the")
    ]
    assert again == [], again[0]
    assert figures.pings[alice.id] <= figures.owed[alice.id]
