"""The console's /replay, end-of-game chart, /review, and /undo with /agree and /refuse."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.service import afterplay, errors
from bot.service.after_errors import NoFinishedGame
from bot.service.i18n import t
from bot.service.review_text import answer_lines, chart, costliest, seat_of

if TYPE_CHECKING:
    from bot.console.app import Console

COMMANDS = ("/replay", "/review", "/undo", "/agree", "/refuse")
PROGRESS_STEPS = 4  # progress lines printed while a review runs


async def run(console: Console, command: str, args: list[str], channel: str) -> None:
    if command == "/review":
        await review(console, channel)
        return
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


async def review(console: Console, channel: str) -> None:
    """The strong AI's review of the finished game here, for the player at the keyboard: the
    win-chance chart (as text, and as an image file) and their costliest decisions."""
    table = await console.service.find(channel, closed_too=True)
    if table is None:
        raise NoFinishedGame()
    lang = console.lang
    shown = -1

    async def progress(done: int, total: int) -> None:
        nonlocal shown
        step = done * PROGRESS_STEPS // max(1, total)
        if step != shown and done < total:
            shown = step
            console.say(t("review.progress", lang, done=done, total=total))

    reviewed = await console.service.reviews.review(table.id, progress)
    seat = seat_of(reviewed, console.user(console.player))
    from render.chart import chart_text, render_chart

    series, seats = chart(reviewed)
    console.say(*answer_lines(reviewed, seat, lang), chart_text(series, lang))
    for decision in costliest(reviewed, seat):
        console.write_image(decision.view, f"{table.id}-review-{decision.number}")
    if console.renderer is not None and console.images is not None:
        path = console.images / f"{table.id}-review-chart.png"
        console.images.mkdir(parents=True, exist_ok=True)
        path.write_bytes(render_chart(series, lang=lang, seats=seats))
        console.say(f"Chart image: {path}")


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
