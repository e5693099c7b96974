"""Plays games through the Discord layer the way people do: reading boards, clicking, selecting."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from simcord.components import walk_components

from bot.service.i18n import CATALOGUE

# Discord drops an interaction not answered (or deferred) within 3 seconds.
DISCORD_ANSWER_LIMIT = 3.0
# How a board's "To act" line begins and how the final board ends, in every language.
TO_ACT = tuple(text.split("{")[0] for text in CATALOGUE["turn.next"].values())
GAME_OVER = tuple(text.rstrip(".。") for text in CATALOGUE["game.over"].values())


def components_of(message: Any) -> list[dict[str, Any]]:
    if isinstance(message, simcord.ResponseMessage):
        rows = message.components
    else:
        rows = [row.to_dict() for row in message.components]
    return [c for c in walk_components(rows) if c.get("type") in (2, 3)]


def bot_messages(channel: simcord.ChannelHandle, viewer: Any = None) -> list[discord.Message]:
    return [m for m in channel.history(viewer=viewer) if m.author.bot]


def is_board(message: discord.Message) -> bool:
    """Whether a message is a board (it says who is to act, or that the game is over)."""
    return any(mark in message.content for mark in TO_ACT + GAME_OVER)


def is_final(message: discord.Message) -> bool:
    """Whether a message is the final board: the game is over and nobody is to act (a board of
    a game about to end may say "the game ends after this build" above its "To act" line)."""
    lines = message.content.splitlines()
    return not any(line.startswith(TO_ACT) for line in lines) and any(
        mark in message.content for mark in GAME_OVER
    )


def latest_board(channel: simcord.ChannelHandle) -> discord.Message:
    boards = [m for m in bot_messages(channel) if is_board(m)]
    assert boards, "no board message posted"
    return boards[-1]


def to_act(board: discord.Message) -> list[int]:
    line = next((ln for ln in board.content.splitlines() if ln.startswith(TO_ACT)), "")
    return [int(x) for x in re.findall(r"<@(\d+)>", line)]


@dataclass
class Timing:
    """Wall-clock time of every interaction, from the member's action until everything settled."""

    times: list[float] = field(default_factory=list)

    async def run(self, action: Any) -> simcord.InteractionResult:
        started = time.perf_counter()
        result = await action
        self.times.append(time.perf_counter() - started)
        assert result.acknowledged, f"interaction not answered: {result!r}"
        return result

    @property
    def slowest(self) -> float:
        return max(self.times, default=0.0)


def pick(components: list[dict[str, Any]]) -> tuple[str, dict[str, Any], str | None] | None:
    """A simple player: buy when a buy menu is offered, else decide, else pass."""
    selects = [c for c in components if c["type"] == 3]
    buttons = [
        c for c in components if c["type"] == 2 and not c["custom_id"].startswith("spt:hand")
    ]
    for select in selects:
        if ":buy" in select["custom_id"]:
            return "select", select, select["options"][0]["value"]
    for button in buttons:
        choice = button["custom_id"].split(":", 4)[4]
        if choice.startswith(("pub", "take drawn", "discard drawn", "buy drawn")):
            return "click", button, None
    for button in buttons:
        if button["custom_id"].endswith(":pass"):
            return "click", button, None
    return None


async def play_turn(member: Any, board: discord.Message, timing: Timing) -> None:
    """One move by `member` from the public board, opening the private panel when needed."""
    components = components_of(board)
    choice = pick(components)
    if choice is None or (choice[0] == "click" and choice[1]["custom_id"].endswith(":pass")):
        hand_button = next(c for c in components if c["custom_id"].startswith("spt:hand"))
        panel = await timing.run(member.click(board, custom_id=hand_button["custom_id"]))
        private = panel.followups[-1] if panel.followups else panel.response
        assert private is not None and private.ephemeral
        inner = pick(components_of(private))
        if inner is not None:
            kind, component, value = inner
            if kind == "select":
                await timing.run(member.select(private, [value], custom_id=component["custom_id"]))
            else:
                await timing.run(member.click(private, custom_id=component["custom_id"]))
            return
    assert choice is not None, f"nothing to do on {board.content!r}"
    kind, component, value = choice
    if kind == "select":
        await timing.run(member.select(board, [value], custom_id=component["custom_id"]))
    else:
        await timing.run(member.click(board, custom_id=component["custom_id"]))


def choice_of(component: dict[str, Any]) -> str:
    """What a component offers: a select menu's group, or a move button's notation."""
    part = component["custom_id"].split(":", 4)[4]
    return part.rstrip("0123456789") if component["type"] == 3 else part


def pick_by(
    components: list[dict[str, Any]], prefer: Sequence[str]
) -> tuple[str, dict[str, Any], str | None] | None:
    """Any game's simple player: the first move whose menu group or button notation starts with
    one of `prefer`, tried in that order (a menu gives its first option)."""
    for key in prefer:
        for component in components:
            if component["custom_id"].startswith("spt:hand"):
                continue
            if choice_of(component).startswith(key):
                if component["type"] == 3:
                    return "select", component, component["options"][0]["value"]
                return "click", component, None
    return None


async def play_from_panel(
    member: Any,
    board: discord.Message,
    timing: Timing,
    prefer: Sequence[str],
    public: Sequence[str] = (),
) -> Any:
    """One move by `member` chosen by `pick_by`: straight from the board when one of the `public`
    kinds is offered there, else from their private panel (returned)."""
    shown = pick_by(components_of(board), public)
    if shown is not None:
        kind, component, value = shown
        if kind == "select":
            await timing.run(member.select(board, [value], custom_id=component["custom_id"]))
        else:
            await timing.run(member.click(board, custom_id=component["custom_id"]))
        return board
    hand_button = next(c for c in components_of(board) if c["custom_id"].startswith("spt:hand"))
    panel = await timing.run(member.click(board, custom_id=hand_button["custom_id"]))
    private = panel.followups[-1] if panel.followups else panel.response
    assert private is not None and private.ephemeral
    choice = pick_by(components_of(private), prefer)
    assert choice is not None, f"nothing to do in {private.content!r}"
    kind, component, value = choice
    if kind == "select":
        await timing.run(member.select(private, [value], custom_id=component["custom_id"]))
    else:
        await timing.run(member.click(private, custom_id=component["custom_id"]))
    return private


async def play_to_the_end(
    channel: simcord.ChannelHandle,
    members: dict[int, Any],
    timing: Timing,
    limit: int = 1500,
    prefer: Sequence[str] | None = None,
    public: Sequence[str] = (),
) -> discord.Message:
    """Plays until the final board: with `prefer`, every move from the private panel."""
    for _ in range(limit):
        board = latest_board(channel)
        if "game is over" in board.content:
            return board
        acting = to_act(board)
        assert acting, board.content
        if prefer is None:
            await play_turn(members[acting[0]], board, timing)
        else:
            await play_from_panel(members[acting[0]], board, timing, prefer, public)
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------- any game, from its controls


def offered(message: Any) -> list[tuple[str, dict[str, Any], str]]:
    """Every move a board or panel offers: (kind "select" or "click", component, move text)."""
    found: list[tuple[str, dict[str, Any], str]] = []
    for component in components_of(message):
        if component["type"] == 3:
            found += [("select", component, o["value"]) for o in component["options"]]
        elif not component["custom_id"].startswith("spt:hand"):
            found.append(("click", component, component["custom_id"].split(":", 4)[4]))
    return found


async def open_panel(member: Any, board: discord.Message, timing: Timing) -> Any:
    """The member's private panel ("My hand"), opened from a board."""
    hand_id = next(
        c["custom_id"] for c in components_of(board) if c["custom_id"].startswith("spt:hand")
    )
    result = await timing.run(member.click(board, custom_id=hand_id))
    panel = result.followups[-1] if result.followups else result.response
    assert panel is not None and panel.ephemeral
    return panel


async def play_offered(
    member: Any, message: Any, move: tuple[str, dict[str, Any], str], timing: Timing
) -> Any:
    """Play one offered move on the message that offers it."""
    kind, component, value = move
    if kind == "select":
        return await timing.run(member.select(message, [value], custom_id=component["custom_id"]))
    return await timing.run(member.click(message, custom_id=component["custom_id"]))
