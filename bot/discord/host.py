"""What the board code, cogs and components need of the running bot, as a Protocol.

`bot.discord.app.Bot` provides it; everything else names `Host`, so no module imports the Bot
class back and the adapter's imports point one way (app -> cogs -> board -> components -> host).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import discord

from bot.service.tables import TableService
from bot.service.updates import TableInfo

if TYPE_CHECKING:
    from bot.discord.panels import Panels

T = TypeVar("T")
Renderer = Callable[..., bytes]


class Host(Protocol):
    """The Discord client as the adapter's modules see it."""

    service: TableService
    renderer: Renderer | None
    render_scale: float
    tick_seconds: float
    background: bool
    panels: Panels

    def get_channel(self, id: int, /) -> Any: ...

    def get_partial_messageable(self, id: int, /) -> Any: ...

    def board_lock(self, table_id: str) -> asyncio.Lock: ...

    async def refresh_panels(self, table: TableInfo) -> None: ...

    async def deliver_notices(self, table: TableInfo) -> None: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    async def wait_until_ready(self) -> None: ...

    async def send_with_retry(
        self,
        send: Callable[..., Awaitable[T]],
        payload: Callable[[], dict[str, Any]],
        *,
        attempts: int = 3,
    ) -> T: ...

    async def play_click(
        self, interaction: discord.Interaction[Any], table_id: str, version: int, choice: str
    ) -> None: ...

    async def after_move(
        self, interaction: discord.Interaction[Any], update: Any, lang: str
    ) -> None: ...

    async def click_within_limits(self, interaction: discord.Interaction[Any]) -> bool: ...

    async def hand_click(
        self, interaction: discord.Interaction[Any], table_id: str, version: int
    ) -> None: ...
