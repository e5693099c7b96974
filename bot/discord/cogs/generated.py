"""Slash commands generated from the game contract: `/start <game> ...` and each game's move group.

Nothing here knows a game: `/start` gets one sub-command per registered game with the adapter's
own options (bots, ai, remind_hours) and the game's offered options (`Game.option_specs()`), typed
as bool, int ranges or choices; a game's `commands` (a `CommandGroup`) becomes `/<group> <command>`
whose options are autocompleted moves, int ranges or choices, and which plays
`game.command_text(command, values)` through the same path as `/move`. The callbacks are closures
given a built `__signature__`, which discord.py reads like a hand-written one.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.discord.cogs.common import (
    localised,
    localised_name,
    move_choices,
    name,
    text,
)
from bot.discord.cogs.lobby import start_table
from bot.discord.cogs.play import play_text
from bot.service.table_core import AnyGame
from games.adapters import Label, MoveCommand, OptionSpec, Param

log = logging.getLogger(__name__)

OPTIONS_MAX = 25  # options of one command, and choices of one option
REMIND_HOURS = app_commands.Range[float, 0.02, 720.0]
# The adapter's own /start options; a game option may not take these names.
ADAPTER_OPTIONS = ("bots", "ai", "remind_hours")

Callback = Any  # a coroutine function whose signature discord.py reads


def _parameter(name: str, annotation: Any, default: Any = inspect.Parameter.empty) -> Any:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
    )


def _with_signature(callback: Callback, parameters: Sequence[inspect.Parameter]) -> Callback:
    first = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    # Required options first: discord.py (and Discord) want them before optional ones.
    ordered = sorted(parameters, key=lambda p: p.default is not inspect.Parameter.empty)
    callback.__signature__ = inspect.Signature([first, *ordered])
    return callback


def _choices(labels: Sequence[Label]) -> list[app_commands.Choice[str]]:
    if len(labels) > OPTIONS_MAX:
        raise ValueError(f"more than {OPTIONS_MAX} choices: {[c.value for c in labels]}")
    return [app_commands.Choice(name=localised(c.texts), value=c.value) for c in labels]


def _int_type(minimum: int | None, maximum: int | None) -> Any:
    if minimum is None and maximum is None:
        return int
    return app_commands.Range[int, minimum, maximum]


# ---------------------------------------------------------------- /start <game>


def _option_parameter(spec: OptionSpec) -> tuple[inspect.Parameter, list[Any] | None]:
    if spec.kind == "bool":
        return _parameter(spec.name, bool | None, None), None
    if spec.kind == "int":
        return _parameter(spec.name, _int_type(spec.minimum, spec.maximum) | None, None), None
    return _parameter(spec.name, str | None, None), _choices(spec.choices)


def start_command(game: AnyGame, parent: app_commands.Group) -> app_commands.Command[Any, ..., Any]:
    """`/start <game> [bots:] [ai:] [remind_hours:] [<each offered option>:]`."""
    specs = game.option_specs()
    clash = [s.name for s in specs if s.name in ADAPTER_OPTIONS]
    if clash:
        raise ValueError(f"{game.id}: option {clash[0]!r} is a name /start uses itself")
    if len(specs) + len(ADAPTER_OPTIONS) > OPTIONS_MAX:
        raise ValueError(f"{game.id}: too many options for one command ({len(specs)})")
    kinds = game.ai_kinds()
    names = {spec.name for spec in specs}

    async def start(interaction: discord.Interaction[Any], **values: Any) -> None:
        options = {k: v for k, v in values.items() if k in names and v is not None}
        await start_table(
            interaction,
            game.id,
            bots=values.get("bots") or 0,
            ai=values.get("ai"),
            remind_hours=values.get("remind_hours"),
            options=options or None,
        )

    parameters = [
        _parameter("bots", app_commands.Range[int, 0, max(game.max_players - 1, 0)], 0),
        _parameter("ai", str | None, None),
        _parameter("remind_hours", REMIND_HOURS | None, None),
    ]
    choices: dict[str, list[Any]] = {
        "ai": [
            app_commands.Choice(
                name=localised({lang: f"{k.key}: {t}" for lang, t in k.texts.items()}),
                value=k.key,
            )
            for k in kinds[:OPTIONS_MAX]
        ]
    }
    descriptions = {
        "bots": text("How many computer players to add", "opt.bots"),
        "ai": text("How the computer players play", "opt.ai"),
        "remind_hours": text("Remind a player after this many hours", "opt.remind_hours"),
    }
    renames = {key: name(key) for key in ADAPTER_OPTIONS}
    for spec in specs:
        parameter, spec_choices = _option_parameter(spec)
        parameters.append(parameter)
        if spec_choices is not None:
            choices[spec.name] = spec_choices
        descriptions[spec.name] = localised(spec.texts)
        renames[spec.name] = localised_name(spec.names or {"en": spec.name})
    callback = _with_signature(start, parameters)
    callback = app_commands.choices(**choices)(callback)
    callback = app_commands.describe(**descriptions)(callback)
    callback = app_commands.rename(**renames)(callback)
    return app_commands.Command(
        name=localised_name({"en": game.id, "ja": game.names.get("ja", "")}),
        description=localised(game.names),
        callback=callback,
        parent=parent,
    )


def start_group() -> app_commands.Group:
    """`/start` with one sub-command per registered game (games differ in their options)."""
    group = app_commands.Group(
        name=name("start"),
        description=text("Start a game at this channel's table", "cmd.start"),
        guild_only=True,
    )
    for game in games.all()[:OPTIONS_MAX]:
        group.add_command(start_command(game, group))
    return group


# ---------------------------------------------------------------- a game's move commands


def _param_parameter(param: Param) -> tuple[inspect.Parameter, list[Any] | None]:
    default = inspect.Parameter.empty if param.required else None
    if param.kind == "move":
        annotation: Any = app_commands.Range[str, 1, 100]
        choices = None
    elif param.kind == "int":
        annotation = _int_type(param.minimum, param.maximum)
        choices = None
    else:
        annotation, choices = str, _choices(param.choices)
    if not param.required:
        annotation = annotation | None
    return _parameter(param.name, annotation, default), choices


def move_command(
    game: AnyGame, command: MoveCommand, parent: app_commands.Group
) -> app_commands.Command[Any, ..., Any]:
    """One `/<group> <command>`: plays `game.command_text(command, options)` like `/move`."""
    if len(command.params) > OPTIONS_MAX:
        raise ValueError(f"{game.id} {command.name}: more than {OPTIONS_MAX} options")

    async def play(interaction: discord.Interaction[Any], **values: Any) -> None:
        given = {k: v for k, v in values.items() if v is not None}
        await play_text(interaction, game.command_text(command, given))

    parameters, choices, descriptions, renames = [], {}, {}, {}
    for param in command.params:
        parameter, param_choices = _param_parameter(param)
        parameters.append(parameter)
        if param_choices is not None:
            choices[param.name] = param_choices
        descriptions[param.name] = localised(param.texts)
        renames[param.name] = localised_name(param.names)
    callback = _with_signature(play, parameters)
    if choices:
        callback = app_commands.choices(**choices)(callback)
    if descriptions:
        callback = app_commands.describe(**descriptions)(callback)
        callback = app_commands.rename(**renames)(callback)
    made: app_commands.Command[Any, ..., Any] = app_commands.Command(
        name=localised_name(command.names),
        description=localised(command.texts),
        callback=callback,
        parent=parent,
    )
    for param in command.params:
        if param.kind == "move":
            made.autocomplete(param.name)(_autocomplete(param.groups))
    return made


def _autocomplete(groups: Sequence[str]) -> Any:
    async def complete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, current, groups)

    return complete


def move_group(game: AnyGame) -> app_commands.Group | None:
    """The game's `/<group>` of move commands; None for a game that declares none."""
    declared = game.commands
    if declared is None:
        return None
    group = app_commands.Group(
        name=localised_name(declared.names),
        description=localised(declared.texts),
        guild_only=True,
    )
    for command in declared.commands[:OPTIONS_MAX]:
        group.add_command(move_command(game, command, group))
    return group


async def setup(bot: commands.Bot) -> None:
    """Add `/start` and every game's move group to the tree (loaded after the fixed commands)."""
    taken = {c.name for c in bot.tree.get_commands()}
    bot.tree.add_command(start_group())
    for game in games.all():
        group = move_group(game)
        if group is None:
            continue
        if group.name in taken:
            log.error("%s: command group /%s clashes with another; left out", game.id, group.name)
            continue
        taken.add(group.name)
        bot.tree.add_command(group)
