"""Buttons and select menus built from legal_moves, as DynamicItems that survive restarts.

Every custom_id carries the table id, the state version the board showed, and the choice:

    spt:mv:<table>:<version>:<notation or #index>   a move button (pass, play, decisions)
    spt:sel:<table>:<version>:<group><page>         a select menu; each value is a move's notation
    spt:hand:<table>:<version>                      "My hand": the private panel, ephemeral

Nothing is kept in memory: a click is decoded from its custom_id and judged by TableService
(`act(..., version=...)`), so a board posted before a restart still works and an old board is
refused politely. Discord's limits are kept here: 25 options per select, 5 rows of 5 buttons,
100-character custom ids and option values, 80-character button labels.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.texts import dt
from games.adapters import MoveGroup, Offer, clip, text_in

if TYPE_CHECKING:
    from bot.discord.host import Host

CUSTOM_ID_MAX = 100
OPTION_VALUE_MAX = 100
OPTION_LABEL_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
ROWS_MAX = 5
BUTTONS_PER_ROW = 5

_TABLE = r"(?P<table>[A-Za-z0-9_-]{1,32})"
_VERSION = r"(?P<version>[0-9]{1,9})"
MOVE_TEMPLATE = rf"spt:mv:{_TABLE}:{_VERSION}:(?P<choice>.{{1,60}})"
SELECT_TEMPLATE = rf"spt:sel:{_TABLE}:{_VERSION}:(?P<group>[a-z]{{1,8}})(?P<page>[0-9])"
HAND_TEMPLATE = rf"spt:hand:{_TABLE}:{_VERSION}"
REMATCH_TEMPLATE = rf"spt:rm:{_TABLE}"

OTHER_GROUP = "other"  # the select that holds buttons which did not fit
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


_INDEX = re.compile(r"#(?P<index>[0-9]{1,3})")


def choice_index(choice: str, count: int) -> int | None:
    """The legal-move index a `#index` choice names, if it is well formed and below `count`."""
    match = _INDEX.fullmatch(choice)
    if match is None:
        return None
    index = int(match["index"])
    return index if index < count else None


def move_custom_id(table: str, version: int, notation: str, index: int) -> str:
    """The custom_id of a move button: its notation when it fits, else its index in legal_moves."""
    custom_id = f"spt:mv:{table}:{version}:{notation}"
    if len(custom_id) <= CUSTOM_ID_MAX and re.fullmatch(MOVE_TEMPLATE, custom_id):
        return custom_id
    return f"spt:mv:{table}:{version}:#{index}"


def select_custom_id(table: str, version: int, group: str, page: int) -> str:
    return f"spt:sel:{table}:{version}:{group}{page}"


def hand_custom_id(table: str, version: int) -> str:
    return f"spt:hand:{table}:{version}"


def option_value(notation: str, index: int) -> str:
    return notation if len(notation) <= OPTION_VALUE_MAX else f"#{index}"


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal move as a component shows it."""

    index: int  # position in the seat's legal_moves
    notation: str  # canonical English notation (what TableService.act resolves)
    label: str  # the move in the reader's language
    group: str  # the key of the game's MoveGroup it belongs to
    description: str | None = None


# ---------------------------------------------------------------- the dynamic items


class CountedClick:
    """Mixed into every dynamic item: a click counts against the member's click limits (as a
    command does against theirs); one over them is refused privately and runs nothing."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        host: Host = interaction.client
        return await host.click_within_limits(interaction)


class MoveButton(
    CountedClick, discord.ui.DynamicItem[discord.ui.Button[Any]], template=MOVE_TEMPLATE
):
    """A button that plays one move on the board version it was posted with."""

    def __init__(
        self,
        table: str,
        version: int,
        choice: str,
        *,
        label: str = "?",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        self.table = table
        self.version = version
        self.choice = choice
        super().__init__(
            discord.ui.Button(
                label=clip(label, BUTTON_LABEL_MAX),
                style=style,
                custom_id=f"spt:mv:{table}:{version}:{choice}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> MoveButton:
        return cls(match["table"], int(match["version"]), match["choice"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: Host = interaction.client
        await bot.play_click(interaction, self.table, self.version, self.choice)


class MoveSelect(
    CountedClick, discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE
):
    """A select menu of alike moves (one of the game's menu groups); each value is a notation."""

    def __init__(
        self,
        table: str,
        version: int,
        group: str,
        page: int,
        *,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        self.table = table
        self.version = version
        self.group = group
        self.page = page
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=select_custom_id(table, version, group, page),
            placeholder=placeholder,
            options=list(options) or [discord.SelectOption(label="-", value="-")],
            min_values=1,
            max_values=1,
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> MoveSelect:
        made = cls(match["table"], int(match["version"]), match["group"], int(match["page"]))
        if isinstance(item, discord.ui.Select):
            made.item = item
        return made

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: Host = interaction.client
        values = self.item.values
        if not values:
            await interaction.response.defer()
            return
        await bot.play_click(interaction, self.table, self.version, values[0])


class HandButton(
    CountedClick, discord.ui.DynamicItem[discord.ui.Button[Any]], template=HAND_TEMPLATE
):
    """'My hand': answers the clicking player alone with their private board and moves."""

    def __init__(self, table: str, version: int, *, label: str = "My hand") -> None:
        self.table = table
        self.version = version
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=hand_custom_id(table, version),
                emoji="\N{PLAYING CARD BLACK JOKER}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> HandButton:
        return cls(match["table"], int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: Host = interaction.client
        await bot.hand_click(interaction, self.table, self.version)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REMATCH_TEMPLATE):
    """'Rematch' on a final board: the clicking player accepts a rematch of that table."""

    def __init__(self, table: str, *, label: str = "Rematch") -> None:
        self.table = table
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                custom_id=f"spt:rm:{table}",
                emoji="\N{CLOCKWISE RIGHTWARDS AND LEFTWARDS OPEN CIRCLE ARROWS}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RematchButton:
        return cls(match["table"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot.discord.rematch import rematch_click  # it posts boards: imported when clicked

        await rematch_click(interaction, self.table)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveButton,
    MoveSelect,
    HandButton,
    RematchButton,
)


# ---------------------------------------------------------------- laying moves out


def choices_for(offers: Sequence[Offer], *, public_only: bool = False) -> list[Choice]:
    """A game's offers (one per legal move, in order) as choices; `public_only` keeps those the
    game says may be shown on the public board."""
    return [
        Choice(
            index=index,
            notation=offer.move,
            label=offer.label,
            group=offer.group,
            description=offer.detail,
        )
        for index, offer in enumerate(offers)
        if offer.public or not public_only
    ]


def _pages(items: Sequence[Choice]) -> list[list[Choice]]:
    return [
        list(items[i : i + SELECT_OPTIONS_MAX]) for i in range(0, len(items), SELECT_OPTIONS_MAX)
    ]


def build_view(
    table: str,
    version: int,
    choices: Iterable[Choice],
    *,
    lang: str,
    groups: Sequence[MoveGroup] = (),
    hand_button: bool = False,
) -> discord.ui.View:
    """A view (no timeout) of the choices within Discord's limits: menus first, then buttons.

    Choices of a menu group (`MoveGroup.menu`) go into select menus of at most 25 options (paged),
    in the order the game declares its groups. Other moves are buttons in their group's tone, five
    to a row; when rows run short, the buttons that do not fit are put into an "Other moves"
    select. At most 5 rows in all; what still does not fit is left to /move.
    """
    choices = list(choices)
    menus = [g for g in groups if g.menu]
    menu_keys = {g.key for g in menus}
    tones = {g.key: g.tone for g in groups}
    placeholders = {g.key: text_in(g.texts, lang) + "…" for g in menus}
    placeholders[OTHER_GROUP] = dt("ui.other", lang)
    buttons = [c for c in choices if c.group not in menu_keys]
    select_pages: list[tuple[str, list[Choice]]] = [
        (g.key, page) for g in menus for page in _pages([c for c in choices if c.group == g.key])
    ]
    fixed = 1 if hand_button else 0

    def rows(selects: int, button_count: int) -> int:
        return selects + -(-(button_count + fixed) // BUTTONS_PER_ROW)

    if rows(len(select_pages), len(buttons)) > ROWS_MAX:
        # Keep as many buttons as fit beside an "Other moves" select holding the rest.
        for keep in range(len(buttons), -1, -1):
            spilled = _pages(buttons[keep:])
            if rows(len(select_pages) + len(spilled), keep) <= ROWS_MAX or keep == 0:
                break
        select_pages.extend((OTHER_GROUP, page) for page in spilled)
        buttons = buttons[:keep]
    while select_pages and rows(len(select_pages), len(buttons)) > ROWS_MAX:
        select_pages.pop()  # what does not fit at all is left to /move

    view = discord.ui.View(timeout=None)
    counts: dict[str, int] = {}
    for group, _page in select_pages:
        counts[group] = counts.get(group, 0) + 1
    seen: dict[str, int] = {}
    for row, (group, page) in enumerate(select_pages):
        seen[group] = seen.get(group, 0) + 1
        label = placeholders[group]
        if counts[group] > 1:
            label = dt("ui.page", lang, label=label, page=seen[group], pages=counts[group])
        options = [
            discord.SelectOption(
                label=clip(c.label, OPTION_LABEL_MAX),
                value=option_value(c.notation, c.index),
                description=clip(c.description, OPTION_LABEL_MAX) if c.description else None,
            )
            for c in page
        ]
        item = MoveSelect(
            table, version, group, seen[group] - 1, options=options, placeholder=clip(label, 150)
        )
        item.row = row
        view.add_item(item)
    first_button_row = len(select_pages)
    position = 0
    for choice in buttons:
        button = MoveButton(
            table,
            version,
            _choice_part(table, version, choice),
            label=choice.label,
            style=STYLES[tones.get(choice.group, "secondary")],
        )
        button.row = first_button_row + position // BUTTONS_PER_ROW
        view.add_item(button)
        position += 1
    if hand_button:
        hand = HandButton(table, version, label=dt("ui.my_hand", lang))
        hand.row = first_button_row + position // BUTTONS_PER_ROW
        view.add_item(hand)
    return view


def _choice_part(table: str, version: int, choice: Choice) -> str:
    custom_id = move_custom_id(table, version, choice.notation, choice.index)
    return custom_id.split(":", 4)[4]


def view_custom_ids(view: discord.ui.View) -> list[str]:
    """Every custom_id in a view (for tests and limit checks)."""
    ids = []
    for row in view.to_components():
        for component in row.get("components", []):
            if "custom_id" in component:
                ids.append(component["custom_id"])
    return ids
