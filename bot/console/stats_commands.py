"""The console's /stats, /leaderboard and /history (the same figures and words as on Discord)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import games
from bot.service.stats_text import history_lines, leaderboard_lines, stats_lines, text

if TYPE_CHECKING:
    from bot.console.app import Console

COMMANDS = ("/stats", "/leaderboard", "/history")


def _split(args: list[str]) -> tuple[str | None, str | None]:
    """A name and a game id from the words, in any order (a word that is a game id is the game)."""
    ids = {g.id for g in games.all()}
    game = next((a for a in args if a in ids), None)
    rest = [a for a in args if a != game]
    return (" ".join(rest) or None), game


async def run(console: Console, command: str, args: list[str]) -> None:
    """One statistics command for the player at the keyboard (or the named one)."""
    service, lang = console.service.stats, console.lang
    name, game = _split(args)
    who = name or console.player
    user = console.user(who)
    say: Callable[..., None] = console.say
    if command == "/stats":
        say(*stats_lines(who, await service.player(None, user, game), lang))
    elif command == "/history":
        say(*history_lines(who, await service.history(None, user), lang))
    elif game is None:
        say(text("unknown.game", lang, game=" ".join(args) or "?"))
    else:
        say(*leaderboard_lines(game, await service.leaderboard(None, game), lang))
