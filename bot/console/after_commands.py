"""The console's /replay (a finished game's board at an earlier move) and end-of-game chart."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service import afterplay
from bot.service.after_errors import NoFinishedGame

if TYPE_CHECKING:
    from bot.console.app import Console

COMMANDS = ("/replay",)


async def run(console: Console, command: str, args: list[str], channel: str) -> None:
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
