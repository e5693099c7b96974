"""The "Review" button of a final board (`spt:rev:<table>`), for games with the strong AI.

Kept apart from the move components: a final board has no moves, only after-game buttons. The
click is answered by `bot.discord.cogs.review` (imported when clicked: the cogs import the board).
"""

from __future__ import annotations

import re
from typing import Any

import discord

import games
from bot.discord.components import _TABLE, RematchButton
from bot.service.i18n import t
from bot.service.review import offers_review
from bot.service.updates import TableInfo

REVIEW_TEMPLATE = rf"spt:rev:{_TABLE}"


def review_custom_id(table: str) -> str:
    return f"spt:rev:{table}"


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REVIEW_TEMPLATE):
    """Answers the clicking member alone with their review of the finished game."""

    def __init__(self, table: str, *, label: str = "Review") -> None:
        self.table = table
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=review_custom_id(table),
                emoji="\N{CHART WITH UPWARDS TREND}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ReviewButton:
        return cls(match["table"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot.discord.cogs.review import answer_review

        await answer_review(interaction, self.table)


def review_items(table: TableInfo) -> list[discord.ui.Item[Any]]:
    """The final board's review button, where the game offers the strong AI (else none)."""
    if table.game is None or not offers_review(games.get(table.game)):
        return []
    return [ReviewButton(table.id, label=t("review.button", table.lang))]


def final_view(table: TableInfo) -> discord.ui.View | None:
    """The components of a finished game's board: its after-game buttons (Rematch for a game
    that ended, not one abandoned; Review where the game has the strong AI), if any."""
    items = review_items(table)
    if table.status == "finished":
        items.insert(0, RematchButton(table.id, label=t("rematch.button", table.lang)))
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
