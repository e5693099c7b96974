"""What the console reads through the game contract: typed `/start` options and a game's move
commands (`/<group> <command> [words] [key:value ...]`), the same ones Discord generates."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from bot.service import errors
from bot.service.errors import game_text
from bot.service.i18n import Text
from bot.service.table_core import AnyGame
from games.adapters import MoveCommand, Param, coerce_option, text_in
from games.base import InvalidOptions, normalise


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


def game_options(game: AnyGame | None, named: Mapping[str, str]) -> dict[str, Any]:
    """Typed `key:value` options: offered ones coerced by the game's spec (refused by name with
    what is allowed), others (set positions for tests) read as JSON for the game to judge."""
    specs = {spec.name: spec for spec in game.option_specs()} if game is not None else {}
    options: dict[str, Any] = {}
    for key, value in named.items():
        spec = specs.get(key)
        try:
            options[key] = coerce_option(spec, value) if spec else parse_value(value)
        except InvalidOptions as error:
            raise errors.BadOptions(detail=game_text(error)) from None
    return options


def find_command(game: AnyGame, word: str) -> MoveCommand | None:
    """The game's move command named `word` (in any language), if any."""
    if game.commands is None:
        return None
    wanted = normalise(word)
    for command in game.commands.commands:
        if wanted in {normalise(n) for n in command.names.values()}:
            return command
    return None


def is_group(game: AnyGame, word: str) -> bool:
    """Whether `/word` is the game's command group (by its name in any language)."""
    if game.commands is None:
        return False
    return normalise(word.removeprefix("/")) in {normalise(n) for n in game.commands.names.values()}


def command_text(game: AnyGame, command: MoveCommand, words: list[str]) -> str:
    """The move a console command line means: `key:value` options by name, the plain words for
    the first option not named; ints and choices checked like Discord's typed options."""
    plain, named = split_arguments(words)
    values: dict[str, object] = {}
    rest = " ".join(plain).strip()
    for param in command.params:
        raw = named.get(param.name)
        if raw is None and rest:
            raw, rest = rest, ""
        if raw is None:
            if param.required:
                raise errors.BadSetting(name=param.name, detail=_allowed(param))
            continue
        values[param.name] = _typed(param, raw)
    return game.command_text(command, values)


def _typed(param: Param, raw: str) -> object:
    if param.kind == "int":
        try:
            number = int(raw)
        except ValueError:
            raise errors.BadSetting(name=param.name, detail=_allowed(param)) from None
        low = param.minimum if param.minimum is not None else number
        high = param.maximum if param.maximum is not None else number
        if not low <= number <= high:
            raise errors.BadSetting(name=param.name, detail=_allowed(param))
        return number
    if param.kind == "choice":
        wanted = normalise(raw)
        for choice in param.choices:
            if wanted in {normalise(choice.value), *(normalise(t) for t in choice.texts.values())}:
                return choice.value
        raise errors.BadSetting(name=param.name, detail=_allowed(param))
    return raw


def _allowed(param: Param) -> Text:
    if param.kind == "int":
        return Text.plain(f"{param.minimum}–{param.maximum}")
    if param.kind == "choice":
        return Text.plain(", ".join(c.value for c in param.choices))
    return Text.plain(text_in(param.texts, "en"))


def command_help(game: AnyGame, lang: str) -> list[str]:
    """Help lines for the game's options and move commands."""
    lines = []
    specs = game.option_specs()
    if specs:
        lines.append(f"/start game:{game.id} options:")
        for spec in specs:
            lines.append(
                f"  {spec.name}:{spec.allowed(lang)}".ljust(31) + " " + text_in(spec.texts, lang)
            )
    if game.commands is not None:
        group = game.commands
        lines.append(f"{text_in(group.texts, lang)}:")
        for command in group.commands:
            options = " ".join(
                f"{p.name}:…" if p.required else f"[{p.name}:…]" for p in command.params
            )
            usage = f"  /{group.name} {command.name} {options}".rstrip()
            lines.append(usage.ljust(31) + " " + text_in(command.texts, lang))
    return lines
