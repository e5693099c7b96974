"""The terminal table: local players drive the TableService with the same commands as on Discord.

Several people can share one terminal: `as alice` switches who is typing, and the prompt follows
whoever must act next. Private notices wait until their owner is at the prompt. Works on a pipe
(scripted stdin) as well as in a terminal. Board images are written to a folder when `render`
can draw the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from pydantic import BaseModel

import games
from bot.console import after_commands, member_commands, stats_commands
from bot.console.commands import (
    command_help,
    command_text,
    find_command,
    game_options,
    is_group,
    split_arguments,
)
from bot.service import errors, metrics
from bot.service.config import Settings, review_budget, table_defaults, thinking_settings
from bot.service.errors import TableError
from bot.service.i18n import lang_of, t
from bot.service.store import open_store
from bot.service.table_core import AnyGame
from bot.service.tables import TableService
from bot.service.thinking import Thinker
from bot.service.updates import Changed, SeatInfo, Update

CHANNEL = "console"
HELP = """Commands (as on Discord):
  /join [name]                  sit down at the table (opens it if there is none)
  as NAME                       switch to (or create) the local player NAME
  /game ID [key:value ...]      choose the game and its options (host)
  /bot [greedy|random|strong]   add a computer player (host); /unbot removes the last one
  /start [game:ID] [bots:N] [ai:KIND] [key:value ...]
                                start the game (host); the game's options as key:value
  /move TEXT   (or just TEXT)   play a move in notation (/moves lists yours)
  /GROUP COMMAND [words] [key:value ...]
                                the game's own move commands (listed below once a game is chosen)
  /hand                         your private view and your legal moves
  /position                     the game as one line of text: all of it once over, else what
                                you may see (docs/positions.md)
  /start game:ID position:"TEXT"  (testing) start from a position text, the table's seats in
                                place of the text's own (the rest of the line is the text)
  /status                       the public board
  /log                          the moves so far
  /leave                        leave (in a running game a computer takes your seat)
  /kick NAME [greedy|strong|..] hand a player's seat to the computer (host)
  /remind hours:H [takeover_hours:H] [takeover:off|pass|ai]   reminder settings (host)
  /abandon                      close the table (host)
  /stats [NAME] [GAME]          games played, wins, average place, rating, best score
  /leaderboard GAME             the best rated players of a game
  /history [NAME]               recent finished games
  /replay [MOVE]                the finished game's board after MOVE moves (0: the start)
  /review                       the strong AI's review of the finished game: your costliest moves
  /undo, /agree, /refuse        take back your last move if the others agree (nothing revealed)
  /mygames                      your tables, those waiting for you first
  /rematch [hours:H]            a rematch of the game that ended (host: start after H hours)
  /card NAME                    what a card, building or tile of the table's game does
  /away DAYS [note], /away off  away: no reminders or takeovers for your seats meanwhile
  /settings [timezone:ZONE] [quiet:23-08|off]   your time zone and quiet hours (no pings then)
  /lang en|ja                   language of the messages
  /games                        the games you can play
  /help [game], /quit"""

Renderer = Callable[..., bytes]


def load_renderer() -> Renderer | None:
    """`render.render_view` if the render package is installed and importable."""
    try:
        from render import render_view
    except Exception:
        return None
    return render_view


class Console:
    """One terminal table in the channel 'console', driven line by line."""

    def __init__(
        self,
        service: TableService,
        out: TextIO,
        *,
        player: str = "player",
        lang: str = "en",
        images: Path | None = None,
        renderer: Renderer | None = None,
    ) -> None:
        self.service = service
        self.out = out
        self.player = player
        self.lang = lang
        self.images = images
        self.renderer = renderer
        self.pending: dict[str, list[str]] = {}  # private notices per local player, not yet shown
        self.render_warned = False
        self.marks: dict[str, str] = {}  # seat -> "away until ..." at the current table

    # ---------------------------------------------------------------- output

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out)
        self.out.flush()

    @staticmethod
    def user(name: str) -> str:
        return f"console:{name}"

    def switch(self, name: str) -> None:
        if name != self.player:
            self.player = name
            self.say(f"-- now playing as {name} --")
        self.flush_private()

    def flush_private(self) -> None:
        for line in self.pending.pop(self.player, []):
            self.say(f"  [{self.player} only] {line}")

    def show_update(self, update: Update) -> None:
        self.say(*update.public_lines(self.lang))
        for notice in update.private:
            if notice.user is not None:
                owner = notice.user.removeprefix("console:")
                self.pending.setdefault(owner, []).append(notice.text.get(self.lang))
        self.write_image(update.view, f"{update.table.id}-{update.version:04d}")
        self.flush_private()  # whoever is at the keyboard reads their own notices first
        if update.finished:
            return
        self.say(t("turn.next", self.lang, seats=self.named(update.to_act)))
        humans = [s for s in update.to_act if not s.is_ai and s.user]
        if len(humans) == 1 and humans[0].user is not None:
            self.switch(humans[0].user.removeprefix("console:"))

    def named(self, seats: Sequence[SeatInfo]) -> str:
        """Seats to act, each marked "away until ..." while its player is away."""
        return ", ".join(
            s.label(self.lang) + (f" ({self.marks[s.seat]})" if s.seat in self.marks else "")
            for s in seats
        )

    def write_image(self, view: BaseModel, stem: str) -> None:
        if self.renderer is None or self.images is None:
            return
        game_id = getattr(view, "game", None)
        if not isinstance(game_id, str) or not games.get(game_id).renderer:
            return  # a game without a drawing (a test game): text only
        try:
            png = self.renderer(view, lang=self.lang)
            self.images.mkdir(parents=True, exist_ok=True)
            path = self.images / f"{stem}.png"
            path.write_bytes(png)
        except Exception as error:  # rendering is a convenience here, never a reason to stop
            if not self.render_warned:
                self.say(f"(no board image: {type(error).__name__}: {error})")
                self.render_warned = True
            return
        self.say(f"Board image: {path}")

    # ---------------------------------------------------------------- input

    async def run(self, read_line: Callable[[str], str], *, interactive: bool) -> None:
        """Read and handle commands until /quit or end of input; `read_line(prompt)` reads one."""
        await self.greet()
        while True:
            prompt = f"{self.player}> "
            line = await asyncio.to_thread(read_line, prompt if interactive else "")
            if not line:
                break
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if not interactive:
                self.say(f"{prompt}{line}")  # echo, so a scripted session reads like a terminal
            if not await self.handle(line):
                break

    async def greet(self) -> None:
        self.say("Spieltisch console table. Type /help for the commands.")
        for update in await self.service.recover():
            self.show_update(update)
        table = await self.service.find(CHANNEL)
        if table is None:
            self.say(
                "No table yet: /start game:ID for a solo game (/games lists them), or /join first."
            )
        elif table.status == "lobby":
            self.say(f"An open lobby is waiting: {', '.join(s.label() for s in table.seats)}")
        else:
            self.say("A game is in progress here:")
            await self.status(table.id)

    async def handle(self, line: str) -> bool:
        """Run one command line; False when the console should stop."""
        line, position = _position_argument(line)
        try:
            words = shlex.split(line)
        except ValueError as error:
            self.say(f"Cannot read that line: {error}")
            return True
        if not words:
            return True
        command, args = words[0].casefold(), words[1:]
        if command in ("/quit", "/exit", "quit", "exit"):
            return False
        try:
            await self.dispatch(command, args, line, position=position)
        except TableError as error:
            self.say(f"! {error.message(self.lang)}")
        return True

    async def dispatch(
        self, command: str, args: list[str], line: str, *, position: str | None = None
    ) -> None:
        user = self.user(self.player)
        # Looking at a game that just ended still works; playing needs an open table.
        looking = command in ("/hand", "/status", "/log", "/moves", "/position")
        table = await self.service.find(CHANNEL, closed_too=looking)
        self.marks = {}
        if table is not None and table.status == "playing":
            self.marks = await member_commands.away_marks(self, table.id)
        if command in ("as", "/as"):
            if not args:
                self.say("Usage: as NAME")
                return
            self.switch(" ".join(args))
        elif command == "/help":
            self.say(HELP)
            chosen = self.game_named(args[0]) if args else await self.table_game(table)
            if chosen is not None:
                self.say(*command_help(chosen, self.lang))
        elif command == "/games":
            for game in games.all():
                name = game.names.get(self.lang, game.names["en"])
                self.say(f"{game.id}: {name} ({game.min_players}-{game.max_players} players)")
        elif command == "/lang":
            self.lang = lang_of(args[0] if args else "en")
            self.say(f"Language: {self.lang}")
        elif command == "/join":
            name = " ".join(args) or self.player
            self.show_changed(await self.service.join(CHANNEL, user, name=name, lang=self.lang))
        elif command == "/leave":
            result = await self.service.leave(CHANNEL, user)
            if isinstance(result, Update):
                self.show_update(result)
            else:
                self.show_changed(result)
        elif command == "/game":
            plain, named = split_arguments(args)
            game_id = named.pop("game", plain[0] if plain else "")
            options = game_options(self.game_named(game_id), named)
            self.show_changed(await self.service.choose_game(CHANNEL, user, game_id, options))
        elif command == "/bot":
            kind = args[0] if args else "greedy"
            self.show_changed(await self.service.add_bot(CHANNEL, user, kind))
        elif command == "/unbot":
            self.show_changed(await self.service.remove_bot(CHANNEL, user))
        elif command == "/start":
            await self.start(user, args, position)
        elif command in stats_commands.COMMANDS:
            await stats_commands.run(self, command, args)
        elif command in member_commands.COMMANDS:
            await member_commands.run(self, command, args, CHANNEL)
        elif command in after_commands.COMMANDS:
            await after_commands.run(self, command, args, CHANNEL)
        elif table is None:
            raise errors.NoTableHere()
        elif command in ("/move", "/play"):
            await self.move(table.id, user, " ".join(args))
        elif command == "/hand":
            await self.hand(table.id, user)
        elif command == "/moves":
            hand = await self.service.hand(table.id, user)
            self.say(", ".join(hand.legal_moves) or "(no moves now)")
        elif command == "/status":
            await self.status(table.id)
        elif command == "/position":
            self.say(await self.service.position(table.id, user))
        elif command == "/log":
            entries = await self.service.log(table.id, user)
            if not entries:
                self.say("No moves yet.")
            self.say(*(e.line(self.lang) for e in entries))
        elif command == "/kick":
            target = args[0] if args else ""
            kind = args[1] if len(args) > 1 else "greedy"
            self.show_update(await self.service.replace_with_ai(table.id, user, target, kind))
        elif command == "/remind":
            await self.remind(table.id, user, args)
        elif command == "/abandon":
            self.show_changed(await self.service.abandon(table.id, user))
        elif (current := await self.table_game(table)) is not None and is_group(current, command):
            await self.game_command(table.id, user, current, args)
        elif command.startswith("/"):
            self.say(f"Unknown command {command}. Type /help.")
        else:
            await self.move(table.id, user, line)

    def show_changed(self, changed: Changed) -> None:
        self.say(changed.text.get(self.lang))
        seats = ", ".join(s.label(self.lang) for s in changed.table.seats)
        game = changed.table.game or "(no game chosen)"
        self.say(f"Table {changed.table.id} [{changed.table.status}] {game}: {seats}")

    async def start(self, user: str, args: list[str], position: str | None = None) -> None:
        plain, named = split_arguments(args)
        game_id = named.pop("game", plain[0] if plain else None)
        try:
            bots = int(named.pop("bots", "0"))
        except ValueError:
            self.say("bots must be a number, e.g. bots:2")
            return
        chosen = self.game_named(game_id) if game_id else await self.table_game(None)
        default_kind = chosen.ai_kinds()[0].key if chosen is not None else "greedy"
        kind = named.pop("ai", named.pop("bot", default_kind))
        options = game_options(chosen, named)
        update = await self.service.start(
            CHANNEL,
            user,
            game=game_id,
            options=options or None,
            bots=bots,
            bot_kind=kind,
            name=self.player,
            lang=self.lang,
            position=position,
        )
        self.show_update(update)

    @staticmethod
    def game_named(game_id: str) -> AnyGame | None:
        try:
            return games.get(game_id)
        except KeyError:
            return None  # the service says so, in the player's language

    async def table_game(self, table: Any) -> AnyGame | None:
        """The game of the console's table (open or chosen in the lobby), if any."""
        if table is None:
            table = await self.service.find(CHANNEL)
        return self.game_named(table.game) if table is not None and table.game else None

    async def game_command(self, table_id: str, user: str, game: AnyGame, args: list[str]) -> None:
        """`/<group> <command> ...`: one of the game's move commands, played like /move."""
        found = find_command(game, args[0]) if args else None
        if found is None:
            self.say(*command_help(game, self.lang))
            return
        await self.move(table_id, user, command_text(game, found, args[1:]))

    async def move(self, table_id: str, user: str, text: str) -> None:
        if not text.strip():
            self.say("Usage: /move TEXT, e.g. /move pass")
            return
        update = await self.service.act(table_id, user, text)
        self.show_update(update)
        if update.finished:
            await after_commands.write_chart(self, table_id)

    async def hand(self, table_id: str, user: str) -> None:
        hand = await self.service.hand(table_id, user)
        self.say(f"[{self.player} only]")
        board = games.get(hand.table.game or "").board_text(hand.view, lang=self.lang)
        self.say(*("  " + line for line in board.splitlines()))
        if hand.to_act:
            self.say("  Your moves: " + ", ".join(hand.legal_moves))
        else:
            self.say("  (not your turn)")
        self.write_image(hand.view, f"{table_id}-{hand.table.version:04d}-{hand.seat.seat}")

    async def status(self, table_id: str) -> None:
        status = await self.service.status(table_id)
        self.say(games.get(status.table.game or "").board_text(status.view, lang=self.lang))
        if status.outcome is not None:
            for standing in status.outcome.standings:
                self.say(
                    t(
                        "game.standing",
                        self.lang,
                        rank=standing.rank,
                        seat=standing.seat,
                        score=standing.score,
                    )
                )
        else:
            self.say(t("turn.next", self.lang, seats=self.named(status.to_act)))
        self.write_image(status.view, f"{table_id}-{status.table.version:04d}")

    async def remind(self, table_id: str, user: str, args: list[str]) -> None:
        _, named = split_arguments(args)
        settings: dict[str, Any] = {}
        try:
            if "hours" in named:
                settings["remind_after"] = float(named["hours"]) * 3600
            if "takeover_hours" in named:
                hours = named["takeover_hours"]
                settings["takeover_after"] = None if hours == "off" else float(hours) * 3600
        except ValueError:
            self.say("Hours are numbers, e.g. /remind hours:12 takeover_hours:48")
            return
        if "takeover" in named:
            settings["takeover"] = named["takeover"]
        self.show_changed(await self.service.set_reminders(table_id, user, **settings))


async def run_console(
    settings: Settings,
    *,
    stdin: TextIO,
    stdout: TextIO,
    database: Path | None = None,
    seed: int | None = None,
    player: str = "player",
    lang: str | None = None,
    images: Path | None = None,
    interactive: bool | None = None,
) -> int:
    """Open the store and play at the console until /quit or end of input; the exit status."""
    store = await open_store(database or settings.database)
    thinker = Thinker(thinking_settings(settings))
    serving = metrics.serve(settings.metrics_port, settings.metrics_host, store)
    try:
        service = TableService(
            store,
            defaults=table_defaults(settings),
            new_seed=(lambda: seed) if seed is not None else _random_seed,
            thinker=thinker,
            review_budget=review_budget(settings),
        )
        console = Console(
            service,
            stdout,
            player=player,
            lang=lang or settings.language,
            images=images if images is not None else settings.console_images,
            renderer=load_renderer(),
        )
        tty = stdin.isatty() if interactive is None else interactive
        await console.run(
            _terminal_reader if tty and stdin is sys.stdin else _reader(stdin), interactive=tty
        )
    finally:
        if serving is not None:
            await serving.stop()
        thinker.close()
        await store.close()
    return 0


def _position_argument(line: str) -> tuple[str, str | None]:
    """A `/start` line's `position:` argument, taken raw (a position has quotes and
    apostrophes of its own), and the line without it."""
    head, found, rest = line.partition(" position:")
    if not found or not head.strip().casefold().startswith("/start"):
        return line, None
    text = rest.strip()
    if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    return head, text


def _reader(stream: TextIO) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        return stream.readline()

    return read


def _terminal_reader(prompt: str) -> str:
    """A line typed at the terminal, with line editing and history where readline exists."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (importing it is what enables editing in input())
    try:
        return input(prompt) + "\n"  # a blank line is "\n", not the end of input
    except EOFError:
        return ""


def _random_seed() -> int:
    return secrets.randbits(48)
