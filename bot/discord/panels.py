"""Live private panels: one "My hand" message per player, edited in place while Discord allows.

An ephemeral message can only be edited through the interaction that made it, for 15 minutes.
This process keeps, per table and member, the latest such interaction: the panel it shows is
updated after every board instead of a new ephemeral message per click. The handles are only a
convenience of this process (a restart forgets them and "My hand" opens a new panel); nothing
of the game lives here.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final

import discord

log = logging.getLogger(__name__)

# Discord's interaction token lasts 15 minutes; stop a little early so an edit never races it.
PANEL_LIFETIME: Final = 14 * 60.0
UNKNOWN_INTERACTION: Final = 10062  # the interaction expired (e.g. during a gateway outage)


async def answered(response: Awaitable[Any]) -> bool:
    """Await an interaction's first answer; False (and one log line) if it had already expired."""
    try:
        await response
    except discord.NotFound as error:
        if error.code != UNKNOWN_INTERACTION:
            raise
        log.warning("an interaction expired before it was answered; dropped")
        return False
    return True


class Panels:
    """Per (table, member): the interaction whose ephemeral panel can still be edited."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._live: dict[tuple[str, str], tuple[discord.Interaction[Any], str, float]] = {}

    def keep(
        self, table_id: str, user: str, interaction: discord.Interaction[Any], lang: str
    ) -> None:
        """`interaction` answered on (or with) the member's panel: it is the live one now."""
        self._live[(table_id, user)] = (interaction, lang, self.clock())
        self._forget_expired()

    async def replace(
        self, table_id: str, user: str, interaction: discord.Interaction[Any], lang: str
    ) -> None:
        """A new panel was opened: the old one, if it can still be reached, is deleted."""
        old = self.live(table_id, user)
        self.keep(table_id, user, interaction, lang)
        if old is not None and old[0] is not interaction:
            try:
                await old[0].delete_original_response()
            except discord.HTTPException as error:
                log.info("old panel of %s at %s not deleted: %s", user, table_id, error)

    def live(self, table_id: str, user: str) -> tuple[discord.Interaction[Any], str] | None:
        """The member's live panel interaction and its language, if its token still lives."""
        entry = self._live.get((table_id, user))
        if entry is None:
            return None
        interaction, lang, since = entry
        if self.clock() - since > PANEL_LIFETIME:
            del self._live[(table_id, user)]
            return None
        return interaction, lang

    def drop(
        self, table_id: str, user: str, interaction: discord.Interaction[Any] | None = None
    ) -> None:
        """Forget the member's live panel; given `interaction`, only if that is still the live
        one (a newer panel opened meanwhile keeps being updated)."""
        entry = self._live.get((table_id, user))
        if entry is not None and (interaction is None or entry[0] is interaction):
            del self._live[(table_id, user)]

    def _forget_expired(self) -> None:
        now = self.clock()
        for key in [k for k, (_, _, since) in self._live.items() if now - since > PANEL_LIFETIME]:
            del self._live[key]
