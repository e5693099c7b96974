"""The console's /replay, end-of-game chart, and /undo with /agree and /refuse."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service import afterplay, errors
from bot.service.after_errors import NoFinishedGame

if TYPE_CHECKING:
    from bot.console.app import Console

COMMANDS = ("/replay", "/undo", "/agree", "/refuse")


async def run(console: Console, command: str, args: list[str], channel: str) -> None:
    if command != "/replay":
        await undo(console, command, channel)
        return
    table = await console.service.find(channel, closed_too=True)
    if table is None:
        raise NoFinishedGame()
    words = [a.removeprefix("move:") for a in args]
    if words and not words[0].isdigit():
        console.say("Usage: /replay [MOVE]  (0: the start; default: the end)")
        return
    move = int(words[0]) if words else None
    board = await afterplay.board_at(console.service.store, table.id, move)
    console.say(board.title(console.lang), board.game.board_text(board.view, lang=console.lang))
    console.write_image(board.view, f"{table.id}-replay-{board.move:04d}")


async def write_chart(console: Console, table_id: str) -> None:
    """The end-of-game chart as an image file beside the boards (when images are written)."""
    if console.renderer is None or console.images is None:
        return
    from render.chart import chart_text, render_chart

    found = await afterplay.chart(console.service.store, table_id)
    if found is None:
        return
    series, seats = found
    path = console.images / f"{table_id}-chart.png"
    console.images.mkdir(parents=True, exist_ok=True)
    path.write_bytes(render_chart(series, lang=console.lang, seats=seats))
    console.say(chart_text(series, console.lang), f"Chart image: {path}")


async def undo(console: Console, command: str, channel: str) -> None:
    """/undo asks for the player at the keyboard; /agree and /refuse answer for them."""
    table = await console.service.find(channel)
    if table is None:
        raise errors.NoTableHere()
    user = console.user(console.player)
    if command == "/undo":
        result = await console.service.ask_undo(table.id, user)
    else:
        result = await console.service.answer_undo(table.id, user, command == "/agree")
    if result.update is not None:
        console.show_update(result.update)
    else:
        console.say(result.text.get(console.lang))
