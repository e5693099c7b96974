"""`python -m bot`: run the Discord bot, `console` the local terminal table, `simulate` AI games;
`backup`, `restore`, `verify`, `migrate` and `doctor` for the server owner."""

from __future__ import annotations

import argparse
import asyncio
import getpass
import logging
import sys
from pathlib import Path

from bot import upkeep
from bot.console.app import run_console
from bot.console.simulate import add_parser as add_simulate_parser
from bot.console.simulate import simulate
from bot.doctor import add_parser as add_doctor_parser
from bot.doctor import doctor
from bot.service import logs
from bot.service.config import ConfigError, Settings, load_settings, use_game_data
from bot.service.stats import StatsService
from bot.service.store import CannotOpen, open_store
from bot.service.store.copy import migrate as migrate_database
from bot.service.store.stats import RatingRow

NO_TOKEN = (
    "No Discord token configured (set SPIELTISCH_TOKEN or token in config.toml); "
    "opening the local console table instead."
)
HOW_TO_SET_TOKEN = (
    "No Discord token configured. Set the environment variable SPIELTISCH_TOKEN to your bot's "
    "token, or put token = '...' in config.toml (see config.example.toml). "
    "To play locally without Discord, run: python -m bot console"
)


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--config", type=Path, help="settings file (default: ./config.toml)")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("run", help="run the Discord bot (the default)")
    sync = commands.add_parser("sync", help="register the slash commands with Discord, then exit")
    sync.add_argument(
        "--guild", type=int, help="only this server (immediate); default: every server"
    )
    migrate = commands.add_parser(
        "migrate", help="bring the database to this version's schema (or copy one into another)"
    )
    migrate.add_argument(
        "--from", dest="source", help="copy every table from this database (sqlite:PATH or a URL)"
    )
    migrate.add_argument(
        "--to", dest="target", help="into this one (default: the database of the settings)"
    )
    console = commands.add_parser("console", help="play at a table in this terminal")
    console.add_argument("--db", type=Path, help="database file (default: from the settings)")
    console.add_argument("--seed", type=int, help="seed for new games (for repeatable games)")
    console.add_argument("--name", help="your player name (default: your login name)")
    console.add_argument("--lang", choices=("en", "ja"), help="language of the messages")
    console.add_argument("--images", type=Path, help="folder for board images")
    add_simulate_parser(commands)
    rebuild = commands.add_parser(
        "rebuild-ratings", help="recompute every rating from the finished games, then exit"
    )
    rebuild.add_argument("--db", type=Path, help="database file (default: from the settings)")
    upkeep.add_parsers(commands)
    add_doctor_parser(commands)
    return parser.parse_args(argv)


def _login_name() -> str:
    try:
        return getpass.getuser() or "player"
    except Exception:
        return "player"


def console(settings: Settings, arguments: argparse.Namespace) -> int:
    try:
        return asyncio.run(
            run_console(
                settings,
                stdin=sys.stdin,
                stdout=sys.stdout,
                database=getattr(arguments, "db", None),
                seed=getattr(arguments, "seed", None),
                player=getattr(arguments, "name", None) or _login_name(),
                lang=getattr(arguments, "lang", None),
                images=getattr(arguments, "images", None),
            )
        )
    except KeyboardInterrupt:  # the database was closed as the console's task was cancelled
        logging.getLogger("bot").info("stopped by Ctrl+C")
        return 0


async def rebuild_ratings(database: str | Path) -> list[RatingRow]:
    async with await open_store(database) as store:
        return await StatsService(store).rebuild()


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except CannotOpen as error:
        # One line for the supervisor's log; a non-zero status so it restarts us or alerts.
        print(f"Cannot start: {error}", file=sys.stderr)
        return 3


def _main(argv: list[str] | None) -> int:
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    if arguments.command == "simulate":
        return simulate(arguments)
    if arguments.command == "doctor":  # it reports bad settings itself, by key
        return doctor(arguments.config, offline=arguments.offline)
    try:
        settings = load_settings(arguments.config)
        use_game_data(settings)
    except ConfigError as error:
        print(f"Bad settings:\n{error}", file=sys.stderr)
        return 2
    logs.configure(settings.log_level, settings.log_format)
    if arguments.command in ("backup", "restore", "verify"):
        return upkeep.run(arguments, settings)
    if arguments.command == "console":
        return console(settings, arguments)
    if arguments.command == "rebuild-ratings":
        ratings = asyncio.run(rebuild_ratings(arguments.db or settings.database))
        print(f"Rebuilt {len(ratings)} ratings from the finished games.")
        return 0
    if arguments.command == "migrate":
        target = arguments.target or str(settings.database)
        for line in asyncio.run(migrate_database(target, arguments.source)):
            print(line)
        return 0
    if arguments.command == "sync":
        if settings.token_value() is None:
            print(HOW_TO_SET_TOKEN, file=sys.stderr)
            return 2
        from bot.discord.app import sync_commands

        names = asyncio.run(sync_commands(settings, arguments.guild))
        print(f"Synced {len(names)} commands: {', '.join(names)}")
        return 0
    if settings.token_value() is not None:
        from bot.discord.app import run_discord

        try:
            asyncio.run(run_discord(settings))
        except KeyboardInterrupt:
            # asyncio.run has cancelled the bot, which closed its connection and the database.
            logging.getLogger("bot").info("stopped by Ctrl+C")
        return 0
    if sys.stdin.isatty():
        print(NO_TOKEN)
        return console(settings, arguments)
    print(HOW_TO_SET_TOKEN, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
