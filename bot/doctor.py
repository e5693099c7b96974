"""`python -m bot doctor`: one line per check, ✓ or ✗ with what to do; exit status 1 if any ✗.

It changes nothing: the database is opened read-only (no migration), the token is never printed,
and a bad setting is named by its key, never by its value. Lines marked – were skipped or are
for information, and say why.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TextIO

import games
from bot.service.config import (
    CONFIG_VARIABLE,
    DEFAULT_PATH,
    ConfigError,
    Settings,
    is_postgres,
    load_settings,
)
from bot.service.store.migrations import SCHEMA_VERSION
from games.base import InvalidData

MIN_FREE_BYTES = 1 << 30  # below this a busy server's WAL and backups may not fit
Mark = Literal["✓", "✗", "–"]


@dataclass(frozen=True)
class Check:
    mark: Mark
    text: str

    def __str__(self) -> str:
        return f"{self.mark} {self.text}"


def settings_check(path: Path | None) -> tuple[Check, Settings | None]:
    try:
        settings = load_settings(path)
    except ConfigError as error:
        keys = "; ".join(str(error).splitlines())
        return Check("✗", f"settings: {keys} (fix these keys; see config.example.toml)"), None
    where = Path(path or os.environ.get(CONFIG_VARIABLE) or DEFAULT_PATH)
    if not where.exists():
        return Check("✓", f"settings: no {where}, so every setting has its default"), settings
    return Check("✓", f"settings: {where} parses"), settings


def token_check(settings: Settings) -> Check:
    if settings.token_value():
        return Check("✓", "Discord token: set (not shown)")
    return Check(
        "✗",
        "Discord token: not set; put SPIELTISCH_TOKEN in the environment (the service's "
        "environment file) or token in config.toml; without it only the console table runs",
    )


def game_checks(settings: Settings) -> Iterator[Check]:
    """Each game's data: the shipped data was checked at import; a corrected file here."""
    known = {game.id: game for game in games.all()}
    for game_id in sorted(set(settings.games) - set(known)):
        yield Check("✗", f"games.{game_id}: no game has that id; known: {', '.join(sorted(known))}")
    for game_id, game in sorted(known.items()):
        data = settings.games.get(game_id)
        if data is None or data.data is None:
            yield Check("✓", f"game {game_id}: shipped data valid")
            continue
        try:
            text = data.data.read_text(encoding="utf-8")
            game.with_data(text, source=str(data.data))
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
            yield Check("✗", f"game {game_id}: {data.data} cannot be read: {reason}")
        except InvalidData as error:
            reason = " ".join(error.message("en").split())
            yield Check("✗", f"game {game_id}: {reason} (fix the file or remove games.{game_id})")
        else:
            yield Check("✓", f"game {game_id}: corrected data file {data.data} valid")


def database_checks(settings: Settings) -> Iterator[Check]:
    from bot.service.store.health import inspect_postgres, inspect_sqlite

    database = settings.database
    if is_postgres(database):
        assert isinstance(database, str)
        found = asyncio.run(inspect_postgres(database))
        name = "database (PostgreSQL)"
    else:
        assert isinstance(database, Path)
        found = inspect_sqlite(database)
        name = f"database {database}"
        yield disk_check(database)
    if found.problem is not None:
        yield Check("✗", f"{name}: {found.problem}")
        return
    if not found.exists:
        yield Check("✓", f"{name}: not created yet; the first start creates it")
        return
    busy = " (in use by a running bot or console)" if found.in_use else ""
    yield Check("✓", f"{name}: opens{busy}")
    pending = SCHEMA_VERSION - found.schema
    if pending < 0:
        yield Check(
            "✗",
            f"schema: version {found.schema} is newer than this program ({SCHEMA_VERSION}); "
            "install the newer version, or restore a backup taken before the upgrade",
        )
    elif pending:
        yield Check(
            "✓",
            f"schema: version {found.schema}, {pending} migration(s) pending; they run at the "
            "next start (or now: python -m bot migrate)",
        )
    else:
        yield Check("✓", f"schema: version {found.schema}, up to date")


def disk_check(database: Path) -> Check:
    folder = database.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    free = shutil.disk_usage(folder).free
    text = f"free disk: {free / 2**30:.1f} GiB where the database lives ({folder})"
    if free < MIN_FREE_BYTES:
        return Check("✗", f"{text}; free some space or move the database (at least 1 GiB)")
    return Check("✓", text)


def font_check() -> Check:
    from render.text import FONT_DIR, font, font_chain

    names = sorted(
        {name for lang in ("en", "ja") for bold in (False, True) for name in font_chain(lang, bold)}
    )
    missing = []
    for name in names:
        try:
            font(name, 14)
        except OSError:
            missing.append(name)
    if missing:
        return Check(
            "✗",
            f"fonts: {', '.join(missing)} missing or unreadable in {FONT_DIR}; "
            "reinstall from a fresh checkout",
        )
    return Check("✓", f"fonts: {len(names)} present")


def compiled_checks() -> Iterator[Check]:
    from games.compiled import compiled, stale

    for game in games.all():
        package_name = type(game).__module__.rsplit(".", 1)[0]
        package = sys.modules.get(package_name)
        names: tuple[str, ...] = getattr(package, "COMPILED", ())
        if package is None or not names:
            continue
        folder = Path(str(package.__file__)).parent
        used = [n for n in names if compiled(sys.modules.get(f"{package_name}.{n}"))]
        if len(used) == len(names):
            yield Check("✓", f"compiled modules: {package_name} ({', '.join(names)}) in use")
        elif os.environ.get("SPIELTISCH_PURE") == "1":
            yield Check(
                "–",
                f"compiled modules: {package_name} runs its Python source: "
                "SPIELTISCH_PURE=1 asks for it",
            )
        elif stale(folder, names):
            yield Check(
                "✗",
                f"compiled modules: {package_name} changed since it was compiled, "
                "so its Python source runs (slower); run the install command again",
            )
        else:
            yield Check(
                "–",
                f"compiled modules: {package_name} was not compiled (no C compiler "
                "or Python headers at install), so its Python source runs: same results, "
                "slower; install them and run the install command again to compile",
            )


def discord_check(settings: Settings, offline: bool) -> Check:
    if offline:
        return Check("–", "Discord: skipped (--offline)")
    token = settings.token_value()
    if not token:
        return Check("–", "Discord: permissions not checked (no token)")
    from bot.discord.check import check_permissions

    return Check(*check_permissions(token))


def checks(config: Path | None, offline: bool) -> Iterator[Check]:
    first, settings = settings_check(config)
    yield first
    if settings is None:
        yield Check("–", "the other checks need settings that parse: skipped")
        return
    yield token_check(settings)
    yield from database_checks(settings)
    yield font_check()
    yield from compiled_checks()
    yield from game_checks(settings)
    yield discord_check(settings, offline)


def doctor(config: Path | None, offline: bool = False, out: TextIO | None = None) -> int:
    """Print every check; 1 if any failed, else 0."""
    out = out or sys.stdout
    failed = False
    for check in checks(config, offline):
        print(check, file=out, flush=True)
        failed = failed or check.mark == "✗"
    return 1 if failed else 0


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "doctor", help="check settings, database, fonts and data; then exit"
    )
    parser.add_argument("--offline", action="store_true", help="skip the checks that use Discord")
