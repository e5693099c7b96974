"""What a whole game costs its members in pings, board posts and clicks, played through SimCord.

Members act the way people do: from their live private panel when it offers their moves, else by
opening "My hand" on the latest board; where several members owe a choice at once they click at
the same moment. Their moves are the game's greedy AI's choice (so games end in a sensible
number of moves), found among the controls the panel offers. Pings are counted as Discord
notifies: when a message is created with a user in its allowed mentions (an edit pings nobody).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import simcord

import games
from bot.service.players import choose_move
from tests.bot.discord.conftest import World
from tests.bot.discord.driver import (
    bot_messages,
    components_of,
    is_board,
    is_final,
    latest_board,
    offered,
    to_act,
)

PANEL_ERRORS = ("not updated", "not deleted")
EPHEMERAL = 1 << 6


@dataclass
class Figures:
    """A game's cost to its members."""

    game: str
    human_moves: int = 0
    clicks: int = 0
    refused: int = 0  # clicks answered with an error (e.g. "out of date")
    boards: int = 0  # board messages posted (not edits)
    pings: Counter[int] = field(default_factory=Counter)  # member -> pings, reminders aside
    owed: Counter[int] = field(default_factory=Counter)  # member -> decisions that became theirs
    panel_errors: int = 0  # panels the bot failed to update (logged)
    stale_panels: int = 0  # a member's kept panel met without their moves while they must act
    panels: dict[int, int] = field(default_factory=dict)  # member -> their panel's message id
    posts: list[tuple[str, list[int]]] = field(default_factory=list)  # (text, pinged) per post
    repeated: list[str] = field(default_factory=list)  # lines of news told on two boards

    @property
    def pings_per_decision(self) -> float:
        return max((self.pings[m] / self.owed[m] for m in self.owed if self.owed[m]), default=0.0)

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "human moves": self.human_moves,
            "pings": dict(self.pings),
            "decisions owed": dict(self.owed),
            "max pings per decision owed": round(self.pings_per_decision, 2),
            "board posts per human move": round(self.boards / self.human_moves, 2),
            "clicks per move": round(self.clicks / self.human_moves, 3),
            "refused clicks": self.refused,
            "panel errors": self.panel_errors,
            "unrecovered panels": self.stale_panels,
            "news told twice": len(self.repeated),
        }


def count_pings(world: World, figures: Figures) -> None:
    """Count, from now on, every user pinged by a newly created message."""
    backend = world.env.backend
    commit = backend.commit_message

    def counted(message: Any, **kwargs: Any) -> Any:
        for user in message.ping_user_ids:
            figures.pings[user] += 1
        if not message.flags & EPHEMERAL:
            figures.posts.append((message.content, list(message.ping_user_ids)))
        return commit(message, **kwargs)

    backend.commit_message = counted


class PanelErrors(logging.Handler):
    """Counts the log lines of panels the bot could not update."""

    def __init__(self, figures: Figures) -> None:
        super().__init__(logging.INFO)
        self.figures = figures

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith("panel of") and any(
            e in record.getMessage() for e in PANEL_ERRORS
        ):
            self.figures.panel_errors += 1


def find(thread: simcord.ChannelHandle, message_id: int, viewer: Any) -> Any:
    return next((m for m in thread.history(viewer=viewer) if m.id == message_id), None)


def moves_of(message: Any) -> list[tuple[str, dict[str, Any], str]]:
    return offered(message) if message is not None else []


async def panel_for(
    world: World, thread: simcord.ChannelHandle, member: Any, figures: Figures
) -> Any:
    """The member's panel offering their moves: the kept one, else "My hand" (one click)."""
    panel_id = figures.panels.get(member.id)
    panel = find(thread, panel_id, member) if panel_id is not None else None
    if panel is not None and moves_of(panel):
        return panel
    if panel is not None:
        figures.stale_panels += 1
    board = latest_board(thread)
    hand = next(c for c in components_of(board) if c["custom_id"].startswith("spt:hand"))
    figures.clicks += 1
    opened = await member.click(board, custom_id=hand["custom_id"])
    message = opened.followups[-1] if opened.followups else opened.response
    assert message is not None and message.ephemeral
    figures.panels[member.id] = message.id
    return find(thread, message.id, member)


async def state_of(world: World, table: str) -> Any:
    stored = await world.store.load(table)
    assert stored is not None and stored.record.game is not None
    return games.get(stored.record.game).load(stored.state)


async def choose(
    world: World, table: str, seat: str, panel: Any, rng: random.Random, explore: float = 0.0
) -> tuple[str, dict[str, Any], str]:
    """The greedy AI's move for `seat`, as the panel offers it (a random offered move if the
    panel shows it otherwise, e.g. by index, and with probability `explore`)."""
    moves = moves_of(panel)
    assert moves, panel.content
    if rng.random() < explore:
        return rng.choice(moves)
    stored = await world.store.load(table)
    assert stored is not None and stored.record.game is not None
    game = games.get(stored.record.game)
    state = game.load(stored.state)
    wanted = game.format(choose_move(game, state, seat, "greedy", rng), lang="en")
    return next((m for m in moves if m[2] == wanted), rng.choice(moves))


async def click(member: Any, message: Any, move: tuple[str, dict[str, Any], str]) -> Any:
    """One click or selection, without the guard that keeps SimCord operations apart."""
    kind, component, value = move
    if kind == "select":
        select = type(member).select.__wrapped__
        return await select(member, message, [value], custom_id=component["custom_id"])
    return await type(member).click.__wrapped__(member, message, custom_id=component["custom_id"])


async def play(member: Any, message: Any, move: tuple[str, dict[str, Any], str]) -> Any:
    """One click or selection, alone."""
    kind, component, value = move
    if kind == "select":
        return await member.select(message, [value], custom_id=component["custom_id"])
    return await member.click(message, custom_id=component["custom_id"])


async def together(world: World, clicks: list[Any], gap: int = 1) -> list[Any]:
    """Several members' clicks sent at the same moment: each arrives while the bot may still be
    working on the one before (as members acting at once do), `gap` turns of the event loop
    after it, then everything settles."""
    env = world.env
    settle = env._settle_internal

    async def not_yet(**kwargs: Any) -> None:
        for _ in range(gap):
            await asyncio.sleep(0)

    env._begin_operation("click")
    try:
        env._settle_internal = not_yet
        try:
            results = [await action for action in clicks]
        finally:
            env._settle_internal = settle
        await settle()
    finally:
        env._end_operation()
    return results


async def play_game(
    world: World,
    game: str,
    members: list[Any],
    *,
    bots: int = 0,
    seed: int = 1,
    limit: int = 3000,
    explore: float = 0.0,
    **options: Any,
) -> Figures:
    """Start `game` with the members (the first one starts it) and `bots` AI seats, and play it
    to the end; the members owing a choice at the same moment click together."""
    figures = Figures(game)
    handler = PanelErrors(figures)
    logging.getLogger("bot").addHandler(handler)
    try:
        await _play(world, game, members, figures, bots, seed, limit, explore, options)
    finally:
        logging.getLogger("bot").removeHandler(handler)
    return figures


async def _play(
    world: World,
    game: str,
    members: list[Any],
    figures: Figures,
    bots: int,
    seed: int,
    limit: int,
    explore: float,
    options: dict[str, Any],
) -> None:
    rng = random.Random(seed)
    by_id = {m.id: m for m in members}
    if len(members) > 1:
        for member in members:
            await member.slash(world.channel, "join")
    count_pings(world, figures)
    await members[0].slash(world.channel, f"start {game}", bots=bots, **options)
    (thread,) = world.channel.threads
    table = "t1"
    for _ in range(limit):
        board = latest_board(thread)
        if is_final(board):
            break
        acting = [by_id[i] for i in to_act(board) if i in by_id]
        assert acting, board.content
        panels = [await panel_for(world, thread, m, figures) for m in acting]
        seats = {m.id: (await world.bot.service.hand(table, str(m.id))).seat.seat for m in acting}
        chosen = [
            await choose(world, table, seats[m.id], p, rng, explore)
            for m, p in zip(acting, panels, strict=True)
        ]
        figures.clicks += len(acting)
        results = await together(
            world, [click(m, p, c) for m, p, c in zip(acting, panels, chosen, strict=True)]
        )
        for result in results:
            assert result.acknowledged
            figures.refused += len(result.followups)
    else:
        raise AssertionError("the game did not end")
    # The final board was read as such: the game is over indeed.
    assert (await world.bot.service.info(table)).status == "finished", board.content
    moves = await world.store.moves(table)
    seat_of = {s.seat: int(s.user) for s in (await world.bot.service.info(table)).seats if s.user}
    figures.human_moves = sum(1 for m in moves if m.by == "player")
    figures.owed = decisions_owed(moves, seat_of)
    boards = [m for m in bot_messages(thread) if is_board(m)]
    figures.boards = len(boards)
    figures.repeated = told_twice([m.content for m in boards])


# Lines that are news (a reveal, a scoring), in English and Japanese, and so are never worth
# telling twice; a move line ("Bob passed.") may rightly recur.
NEWS = ("Revealed", "Interim scoring", "Final scoring", "公開:", "中間決算", "最終得点")


def told_twice(boards: list[str]) -> list[str]:
    """News lines a board repeats from an earlier board of the thread."""
    seen: set[str] = set()
    repeated = []
    for text in boards:
        lines = {line for line in text.splitlines() if line.startswith(NEWS)}
        repeated += sorted(lines & seen)
        seen |= lines
    return repeated


def decisions_owed(moves: list[Any], seat_of: dict[str, int]) -> Counter[int]:
    """Per member: how often a decision became theirs: they were to act at a move and had not
    been at the move before, or they had, but others joined them (a new step opened: the last
    chooser of a simultaneous step owes the next one too)."""
    owed: Counter[int] = Counter()
    before: set[str] = set()
    for move in moves:
        acting = set(move.acting)
        for seat in acting if acting - before else ():
            if seat in seat_of:
                owed[seat_of[seat]] += 1
        before = acting
    return owed
