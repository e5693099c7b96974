"""The terminal table: local players drive the TableService with the same commands as on Discord.

Several people can share one terminal: `as alice` switches who is typing, and the prompt follows
whoever must act next. Private notices wait until their owner is at the prompt. Works on a pipe
(scripted stdin) as well as in a terminal. Board images are written to a folder when `render`
can draw the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import shlex
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

from pydantic import BaseModel

import games
from bot.service import errors
from bot.service.config import Settings, table_defaults
from bot.service.errors import TableError
from bot.service.i18n import lang_of, t
from bot.service.store import open_store
from bot.service.tables import TableService
from bot.service.updates import Changed, Update

CHANNEL = "console"
HELP = """Commands (as on Discord):
  /join [name]                  sit down at the table (opens it if there is none)
  as NAME                       switch to (or create) the local player NAME
  /game ID [key:value ...]      choose the game and its options (host)
  /bot [greedy|random]          add a computer player (host); /unbot removes the last one
  /start [game:ID] [bots:N] [bot:greedy|random] [key:value ...]
                                start the game (host); options as key:value
  /move TEXT   (or just TEXT)   play a move in notation, e.g. /move buy Lumberjack
  /hand                         your private view and your legal moves
  /status                       the public board
  /log                          the moves so far
  /leave                        leave (in a running game a computer takes your seat)
  /kick NAME [greedy|random]    hand a player's seat to the computer (host)
  /remind hours:H [takeover_hours:H] [takeover:off|pass|ai]   reminder settings (host)
  /abandon                      close the table (host)
  /lang en|ja                   language of the messages
  /games                        the games you can play
  /help, /quit"""

Renderer = Callable[..., bytes]


def load_renderer() -> Renderer | None:
    """`render.render_view` if the render package is installed and importable."""
    try:
        from render import render_view
    except Exception:
        return None
    return render_view


def parse_value(text: str) -> Any:
    """An option value as typed: true/false, a number, JSON, or else the text itself."""
    lowered = text.casefold()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return json.loads(text)
    except ValueError:
        return text


def split_arguments(words: Iterable[str]) -> tuple[list[str], dict[str, str]]:
    """Plain words and key:value pairs of a command line."""
    plain: list[str] = []
    named: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition(":")
        if sep and key and value and key.replace("_", "").isalnum():
            named[key] = value
        else:
            plain.append(word)
    return plain, named


def describe_view(view: BaseModel, skip: frozenset[str] = frozenset()) -> list[str]:
    """A view in plain lines: each field, nested models and lists compacted, empty fields left out."""
    lines = []
    for name, value in view:
        if name in {"game", "viewer", "events", *skip} or value in (None, (), {}, []):
            continue
        if isinstance(value, tuple | list) and value and isinstance(value[0], BaseModel):
            lines.append(f"{name}:")
            lines.extend(f"  - {_compact(item)}" for item in value)
        else:
            lines.append(f"{name}: {_compact(value)}")
    return lines


def _compact(value: Any) -> str:
    if isinstance(value, BaseModel):
        parts = [f"{k}={_compact(v)}" for k, v in value if v not in (None, (), {}, [], False)]
        return " ".join(parts)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_compact(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_compact(v)}" for k, v in value.items()) + "}"
    return str(value)


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
        names = ", ".join(s.label(self.lang) for s in update.to_act)
        self.say(t("turn.next", self.lang, seats=names))
        humans = [s for s in update.to_act if not s.is_ai and s.user]
        if len(humans) == 1 and humans[0].user is not None:
            self.switch(humans[0].user.removeprefix("console:"))

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
            self.say("No table yet: /start game:stpetersburg for a solo game, or /join first.")
        elif table.status == "lobby":
            self.say(f"An open lobby is waiting: {', '.join(s.label() for s in table.seats)}")
        else:
            self.say("A game is in progress here:")
            await self.status(table.id)

    async def handle(self, line: str) -> bool:
        """Run one command line; False when the console should stop."""
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
            await self.dispatch(command, args, line)
        except TableError as error:
            self.say(f"! {error.message(self.lang)}")
        return True

    async def dispatch(self, command: str, args: list[str], line: str) -> None:
        user = self.user(self.player)
        # Looking at a game that just ended still works; playing needs an open table.
        looking = command in ("/hand", "/status", "/log", "/moves")
        table = await self.service.find(CHANNEL, closed_too=looking)
        if command in ("as", "/as"):
            if not args:
                self.say("Usage: as NAME")
                return
            self.switch(" ".join(args))
        elif command == "/help":
            self.say(HELP)
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
            options = {key: parse_value(value) for key, value in named.items()}
            self.show_changed(await self.service.choose_game(CHANNEL, user, game_id, options))
        elif command == "/bot":
            kind = args[0] if args else "greedy"
            self.show_changed(await self.service.add_bot(CHANNEL, user, kind))
        elif command == "/unbot":
            self.show_changed(await self.service.remove_bot(CHANNEL, user))
        elif command == "/start":
            await self.start(user, args)
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
        elif command.startswith("/"):
            self.say(f"Unknown command {command}. Type /help.")
        else:
            await self.move(table.id, user, line)

    def show_changed(self, changed: Changed) -> None:
        self.say(changed.text.get(self.lang))
        seats = ", ".join(s.label(self.lang) for s in changed.table.seats)
        game = changed.table.game or "(no game chosen)"
        self.say(f"Table {changed.table.id} [{changed.table.status}] {game}: {seats}")

    async def start(self, user: str, args: list[str]) -> None:
        plain, named = split_arguments(args)
        game_id = named.pop("game", plain[0] if plain else None)
        try:
            bots = int(named.pop("bots", "0"))
        except ValueError:
            self.say("bots must be a number, e.g. bots:2")
            return
        kind = named.pop("bot", "greedy")
        options = {key: parse_value(value) for key, value in named.items()}
        update = await self.service.start(
            CHANNEL,
            user,
            game=game_id,
            options=options or None,
            bots=bots,
            bot_kind=kind,
            name=self.player,
            lang=self.lang,
        )
        self.show_update(update)

    async def move(self, table_id: str, user: str, text: str) -> None:
        if not text.strip():
            self.say("Usage: /move TEXT, e.g. /move pass")
            return
        self.show_update(await self.service.act(table_id, user, text))

    async def hand(self, table_id: str, user: str) -> None:
        hand = await self.service.hand(table_id, user)
        self.say(f"[{self.player} only]")
        self.say(*("  " + line for line in describe_view(hand.view)))
        if hand.to_act:
            self.say("  Your moves: " + ", ".join(hand.legal_moves))
        else:
            self.say("  (not your turn)")
        self.write_image(hand.view, f"{table_id}-{hand.table.version:04d}-{hand.seat.seat}")

    async def status(self, table_id: str) -> None:
        status = await self.service.status(table_id)
        self.say(*describe_view(status.view, skip=frozenset({"prices", "outcome"})))
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
            names = ", ".join(s.label(self.lang) for s in status.to_act)
            self.say(t("turn.next", self.lang, seats=names))
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
    try:
        service = TableService(
            store,
            defaults=table_defaults(settings),
            new_seed=(lambda: seed) if seed is not None else _random_seed,
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
        await store.close()
    return 0


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
