"""The console's /mygames, /away and /settings: the same service calls as on Discord."""

from __future__ import annotations

from typing import TYPE_CHECKING

import games
from bot.console.commands import split_arguments
from bot.service import errors
from bot.service.glossary import card_lines, find_entry
from bot.service.i18n import Text
from bot.service.quiet import local_time
from bot.service.table_core import UNCHANGED

if TYPE_CHECKING:
    from bot.console.app import Console

COMMANDS = ("/mygames", "/away", "/settings", "/rematch", "/card")
USAGE = {
    "/away": "Usage: /away DAYS [note]  or  /away off",
    "/settings": "Usage: /settings [timezone:Asia/Tokyo] [quiet:23-08|off]",
    "/rematch": "Usage: /rematch  or (host)  /rematch hours:H",
    "/card": "Usage: /card NAME  (a card, building or tile of the table's game)",
}


async def run(console: Console, command: str, args: list[str], channel: str) -> None:
    service = console.service
    user = console.user(console.player)
    if command == "/rematch":
        await rematch(console, user, args, channel)
    elif command == "/card":
        await card(console, " ".join(a.removeprefix("name:") for a in args), channel)
    elif command == "/mygames":
        mine = await service.my_games(user, None)
        console.say(*mine.lines(console.lang))
    elif command == "/away":
        words = [a.removeprefix("days:") for a in args]
        if words and words[0].casefold() == "off":
            said = await service.end_away(user)
        elif words and words[0].lstrip("-").isdigit():
            said = await service.set_away(user, int(words[0]), " ".join(words[1:]) or None)
        else:
            console.say(USAGE["/away"])
            return
        console.say(said.get(console.lang))
    else:
        _, named = split_arguments(args)
        if set(named) - {"timezone", "quiet"}:
            console.say(USAGE["/settings"])
            return
        said = await service.set_quiet(
            user,
            timezone=named.get("timezone", UNCHANGED),
            quiet=named.get("quiet", UNCHANGED),
        )
        console.say(said.get(console.lang))


async def rematch(console: Console, user: str, args: list[str], channel: str) -> None:
    """/rematch accepts a rematch of the game that ended here; the host's hours:H starts it
    then (0: now) with the computer for whoever has not accepted."""
    table = await console.service.find(channel, closed_too=True)
    if table is None:
        raise errors.NoTableHere()
    _, named = split_arguments(args)
    if "hours" in named:
        try:
            hours = float(named["hours"])
        except ValueError:
            console.say(USAGE["/rematch"])
            return
        result = await console.service.rematch_after(table.id, user, hours * 3600)
    else:
        result = await console.service.rematch(table.id, user)
    console.say(result.text.get(console.lang))
    if result.started is not None:
        console.show_update(result.started)


async def card(console: Console, name: str, channel: str) -> None:
    """/card NAME: the entry of the table's game's glossary, in the console's language."""
    if not name.strip():
        console.say(USAGE["/card"])
        return
    table = await console.service.find(channel, closed_too=True)
    if table is None:
        raise errors.NoTableHere()
    if table.game is None:
        known = ", ".join(g.id for g in games.all())
        raise errors.NoGameChosen(example=games.all()[0].id, known=known)
    entry = find_entry(games.get(table.game), name)
    console.say(*card_lines(entry, console.lang))


async def away_marks(console: Console, table_id: str) -> dict[str, str]:
    """Seat -> "away until <date>" for the seats of away players, the date in the zone of
    whoever is at the keyboard."""
    marks = await console.service.away_marks(await console.service.info(table_id))
    if not marks:
        return {}
    zone = (await console.service.member(console.user(console.player))).timezone
    return {
        seat: Text.of("away.mark", until=local_time(until, zone)).get(console.lang)
        for seat, until in marks.items()
    }
