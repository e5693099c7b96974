"""The README and docs/ cannot drift from the code: every command, option, setting and link they
name exists, and every slash command, command-line command and setting is documented."""

from __future__ import annotations

import argparse
import asyncio
import re
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

import games
from bot.service.config import CONFIG_VARIABLE, ENVIRONMENT, Settings

ROOT = Path(__file__).parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").rglob("*.md"))
PAGES = [README, *DOCS]
SHIPPED = ("stpetersburg", "catherine", "venedig", "catan")


def text_of(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def code_spans(text: str) -> list[str]:
    """Inline code and the lines of fenced blocks."""
    fenced = re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S)
    inline = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S))
    return inline + [line for block in fenced for line in block.splitlines()]


def name_of(path: Path) -> str:
    return str(path.relative_to(ROOT))


# ---------------------------------------------------------------- links


def slug(heading: str) -> str:
    """GitHub's anchor of a heading."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(m) for m in re.findall(r"(?m)^#+ (.+)$", text_of(path))}


def test_every_relative_link_resolves() -> None:
    broken = []
    for page in PAGES:
        for target in re.findall(r"\]\(([^)\s]+)\)", text_of(page)):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:
            file_part, _, anchor = target.partition("#")
            linked = (page.parent / file_part).resolve() if file_part else page
            if not linked.exists():
                broken.append(f"{name_of(page)}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{name_of(page)}: {target} (no such heading)")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_the_readme_is_a_short_guide_without_work_diaries() -> None:
    assert len(text_of(README).splitlines()) < 300
    diaries = [
        f"{name_of(page)}: {found}"
        for page in PAGES
        for found in re.findall(r"(?i)\bissue \d+|\bissues? #\d+|\bround \(issue", text_of(page))
    ]
    assert not diaries, "issue numbers in documents users read:\n" + "\n".join(diaries)


def test_every_shipped_game_has_its_page_linked_from_the_readme() -> None:
    readme = text_of(README)
    missing = [
        f"docs/games/{game_id}.md"
        for game_id in SHIPPED
        if f"(docs/games/{game_id}.md)" not in readme
        or not (ROOT / f"docs/games/{game_id}.md").exists()
    ]
    assert not missing, f"games without a page linked from the README: {missing}"


# ---------------------------------------------------------------- slash commands


@cache
def discord_tree() -> dict[str, tuple[str | None, tuple[str, ...], tuple[str, ...]]]:
    """Every top-level slash command: its Japanese name, sub-commands and options."""
    from bot.discord.app import Bot, japanese
    from bot.service.store import open_store
    from bot.service.tables import TableService

    async def build() -> dict[str, tuple[str | None, tuple[str, ...], tuple[str, ...]]]:
        with tempfile.TemporaryDirectory() as folder:
            async with await open_store(Path(folder) / "docs.sqlite3") as store:
                bot = Bot(
                    service=TableService(store),
                    settings=Settings(),
                    renderer=None,
                    background=False,
                    sync_on_start=False,
                )
                async with bot:
                    await bot.setup_hook()
                    found = {}
                    for command in bot.tree.get_commands():
                        locale = getattr(command, "_locale_name", None)
                        subs = tuple(c.name for c in getattr(command, "commands", ()))
                        params = tuple(
                            str(p.display_name) for p in getattr(command, "parameters", ())
                        )
                        found[command.name] = (
                            japanese(locale) if locale else None,
                            subs,
                            params,
                        )
                    return found

    return asyncio.run(build())


def game_groups() -> dict[str, str]:
    """The move command group of each shipped game: group name -> game id."""
    return {
        game.commands.name: game.id
        for game in games.all()
        if game.id in SHIPPED and game.commands is not None
    }


def readme_command_rows() -> dict[str, str]:
    """Rows of the README's slash command table, by each `/name` in their first cell."""
    rows = {}
    for line in text_of(README).splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 3 and cells[1].startswith("`/"):
            for name in re.findall(r"`/([a-z_]+)", cells[1]):
                rows[name] = line
    return rows


def test_every_slash_command_is_in_the_readme_with_its_japanese_name() -> None:
    rows = readme_command_rows()
    test_games = {  # games the test suite registers (tests/bot/testgames.py) are not shipped
        game.commands.name
        for game in games.all()
        if game.id not in SHIPPED and game.commands is not None
    }
    problems = []
    for name, (ja, _subs, _params) in discord_tree().items():
        if name in test_games:
            continue
        if name not in rows:
            problems.append(f"/{name}: no row in the README's command table")
            continue
        if ja and f"/{ja}" not in rows[name]:
            problems.append(f"/{name}: its Japanese name /{ja} is not in its README row")
    assert not problems, "undocumented slash commands:\n" + "\n".join(problems)


def test_each_games_move_commands_are_on_its_page() -> None:
    tree = discord_tree()
    problems = []
    for group, game_id in game_groups().items():
        page = text_of(ROOT / f"docs/games/{game_id}.md")
        if f"/{group}" not in page:
            problems.append(f"docs/games/{game_id}.md: /{group} not named")
        for sub in tree[group][1]:
            if not re.search(rf"`/{group}[^`]*\b{sub}\b", page):
                problems.append(f"docs/games/{game_id}.md: /{group} {sub} not named")
    assert not problems, "undocumented move commands:\n" + "\n".join(problems)


@cache
def console_commands() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "bot" / "console").glob("*.py"):
        found.update(re.findall(r'"/([a-z]+)', text_of(path)))
    return found


def test_every_slash_command_the_docs_name_exists() -> None:
    known = set(discord_tree()) | console_commands()
    ja_names = {ja for ja, _, _ in discord_tree().values() if ja}
    unknown = []
    for page in PAGES:
        for span in code_spans(text_of(page)):
            for name in re.findall(r"(?:^|\s)/([^\s/`.:\[\]()]+)(?=\s|$)", span):
                if name not in known and name not in ja_names and not name.startswith("<"):
                    unknown.append(f"{name_of(page)}: /{name} (in `{span}`)")
    assert not unknown, "slash commands that do not exist:\n" + "\n".join(sorted(set(unknown)))


def test_every_option_the_readme_gives_a_slash_command_exists() -> None:
    tree = discord_tree()
    unknown = []
    for name, row in readme_command_rows().items():
        first = row.split("|")[1]
        if name not in tree:
            continue
        _ja, _subs, params = tree[name]
        for option in re.findall(r"(?:\[|\s)([a-z_]+):", first):
            if option not in params and option not in ("game",):
                unknown.append(f"/{name} {option}:")
    assert not unknown, "options named in the README that do not exist:\n" + "\n".join(unknown)


# ---------------------------------------------------------------- command line


def bot_parser() -> argparse.ArgumentParser:
    from bot import __main__ as entry

    captured: dict[str, argparse.ArgumentParser] = {}
    original = argparse.ArgumentParser.parse_args

    def keep(self: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> Any:
        captured.setdefault("parser", self)
        return original(self, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(argparse.ArgumentParser, "parse_args", keep)
        entry.parse_arguments([])
    return captured["parser"]


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def options_of(parser: argparse.ArgumentParser) -> set[str]:
    return {flag for action in parser._actions for flag in action.option_strings}


def test_every_command_line_command_and_option_the_docs_name_exists() -> None:
    parser = bot_parser()
    commands = subcommands(parser)
    unknown = []
    for page in PAGES:
        for span in code_spans(text_of(page)):
            for found in re.finditer(
                r"python -m bot(?:\s+(--config \S+))?((?:\s+[^\s|;&]+)*)", span
            ):
                words = found.group(2).split()
                if not words:
                    continue
                command = words[0]
                if command.startswith(("--", "<")):
                    continue
                if command not in commands:
                    unknown.append(f"{name_of(page)}: python -m bot {command}")
                    continue
                known = options_of(commands[command]) | options_of(parser)
                for word in words[1:]:
                    flag = word.split("=")[0]
                    if flag.startswith("--") and flag not in known:
                        unknown.append(f"{name_of(page)}: python -m bot {command} {flag}")
    assert not unknown, "command-line commands or options that do not exist:\n" + "\n".join(
        sorted(set(unknown))
    )


def test_every_command_line_command_is_in_the_readme() -> None:
    readme = text_of(README)
    missing = [
        name
        for name in subcommands(bot_parser())
        if not re.search(rf"(?m)^\| `{re.escape(name)}[` ]", readme)
    ]
    assert not missing, f"command-line commands missing from the README's table: {missing}"


@cache
def bench_options(module: str) -> set[str]:
    shown = subprocess.run(
        [sys.executable, "-m", f"bench.{module}", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    return set(re.findall(r"(--[a-z][a-z0-9-]*)", shown))


def test_every_benchmark_option_the_docs_name_exists() -> None:
    unknown = []
    for page in PAGES:
        for span in code_spans(text_of(page)):
            for found in re.finditer(
                r"(?:python -m bench\.|bench/)(\w+)(?:\.py)?((?:\s+[^\s|;&`]+)*)", span
            ):
                module, rest = found.group(1), found.group(2)
                if not (ROOT / "bench" / f"{module}.py").exists():
                    unknown.append(f"{name_of(page)}: bench.{module}")
                    continue
                for flag in re.findall(r"(--[a-z][a-z0-9-]*)", rest):
                    if flag not in bench_options(module):
                        unknown.append(f"{name_of(page)}: bench.{module} {flag}")
    assert not unknown, "benchmarks or options that do not exist:\n" + "\n".join(
        sorted(set(unknown))
    )


# ---------------------------------------------------------------- settings


def setting_keys(model: type[BaseModel] = Settings, prefix: str = "") -> set[str]:
    keys = set()
    for name, field in model.model_fields.items():
        kind = field.annotation
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            keys |= setting_keys(kind, f"{prefix}{name}.")
        elif name == "games":
            keys.add(f"{prefix}games.<id>.data")
        else:
            keys.add(prefix + name)
    return keys


def test_every_setting_is_documented_and_every_documented_setting_exists() -> None:
    page = text_of(ROOT / "docs" / "configuration.md")
    documented = set(re.findall(r"(?m)^\| `([a-z0-9_.<>]+)` \|", page))
    keys = setting_keys()
    assert not keys - documented, (
        f"settings missing from docs/configuration.md: {sorted(keys - documented)}"
    )
    assert not documented - keys, (
        f"docs/configuration.md names settings that do not exist: {sorted(documented - keys)}"
    )
    example = text_of(ROOT / "config.example.toml")
    missing = [
        key
        for key in keys
        if not re.search(rf"(?m)^#? ?{re.escape(key.split('.')[-1])} =", example)
        and "<id>" not in key
    ]
    assert not missing, f"settings missing from config.example.toml: {sorted(missing)}"


def settings_in(table: dict[str, Any]) -> Iterator[str]:
    """Every key of a TOML example, sub-tables' keys too (but not the game ids under games)."""
    for key, value in table.items():
        yield key
        if isinstance(value, dict) and key != "games":
            yield from settings_in(value)


def test_every_setting_in_a_toml_example_of_the_docs_exists() -> None:
    keys = {key.split(".")[-1] for key in setting_keys()} | {"reminders", "limits", "games"}
    unknown = []
    for page in PAGES:
        for block in re.findall(r"```toml\n(.*?)```", text_of(page), flags=re.S):
            data = tomllib.loads(block)

            for key in settings_in(data):
                if key not in keys and not key.startswith("<"):
                    unknown.append(f"{name_of(page)}: {key}")
    assert not unknown, "settings in the docs' examples that do not exist:\n" + "\n".join(unknown)


def test_every_environment_variable_the_docs_name_exists() -> None:
    known = set(ENVIRONMENT) | {CONFIG_VARIABLE, "SPIELTISCH_PURE"}
    unknown = [
        f"{name_of(page)}: {name}"
        for page in PAGES
        for name in re.findall(r"\bSPIELTISCH_[A-Z_]+", text_of(page))
        if name not in known
    ]
    assert not unknown, "environment variables that do not exist:\n" + "\n".join(unknown)
    readme_and_config = text_of(README) + text_of(ROOT / "docs" / "configuration.md")
    undocumented = [name for name in ENVIRONMENT if name not in readme_and_config]
    assert not undocumented, f"environment variables not documented: {undocumented}"


def test_every_metric_is_documented() -> None:
    from bot.service.metrics import REGISTRY

    page = text_of(ROOT / "docs" / "operations.md")
    names = set()
    for metric in REGISTRY.collect():
        suffix = "_total" if metric.type == "counter" else ""
        names.add(metric.name + suffix)
    documented = set(re.findall(r"`(spieltisch_[a-z_]+)[{`]", page))
    assert names == documented, (
        f"undocumented metrics: {sorted(names - documented)}; "
        f"documented but not served: {sorted(documented - names)}"
    )


# ---------------------------------------------------------------- performance


def test_the_performance_page_is_what_bench_report_writes() -> None:
    from bench.report import RESULTS, render_page

    saved = sorted(path.stem for path in RESULTS.glob("*.json"))
    assert saved, "no saved benchmark figures in docs/performance/"
    page = text_of(ROOT / "docs" / "performance.md")
    assert page == render_page(), "docs/performance.md was edited: run `python -m bench report`"
    for name in saved:
        assert f"python -m bench.{name}" in page
    assert page.count("Machine: ") == len(saved)


def test_every_image_in_docs_is_shown_somewhere() -> None:
    shown = "".join(text_of(page) for page in PAGES)
    orphans = [path.name for path in (ROOT / "docs").glob("*.png") if path.name not in shown]
    assert not orphans, f"images no page shows: {orphans}"
