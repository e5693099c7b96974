"""The Discord side of the metrics: every interaction counted, and the time to its first answer.

`Bot.dispatch` hands each interaction here as it arrives, before any handler has run (the command
tree and the component store only schedule theirs), so its response object can be one that
notes the moment it first answers. The handlers need not know.
"""

from __future__ import annotations

import time
from typing import Any

import discord

from bot.service import metrics

_KINDS = {
    discord.InteractionType.application_command: "command",
    discord.InteractionType.component: "component",
    discord.InteractionType.autocomplete: "autocomplete",
    discord.InteractionType.modal_submit: "modal",
}
_ANSWERS = ("defer", "send_message", "edit_message", "autocomplete", "send_modal", "pong")


class TimedResponse(discord.InteractionResponse):
    """An interaction's response that observes the time from arrival to its first answer."""

    __slots__ = ("_kind", "_received")

    def __init__(self, parent: discord.Interaction[Any], kind: str) -> None:
        super().__init__(parent)
        self._kind = kind
        self._received = time.perf_counter()

    def _answered(self) -> None:
        if self._received:
            metrics.ACK_SECONDS.labels(self._kind).observe(time.perf_counter() - self._received)
            self._received = 0.0


def _timed(name: str) -> Any:
    async def answer(self: TimedResponse, *args: Any, **kwargs: Any) -> Any:
        first = not self.is_done()
        result = await getattr(discord.InteractionResponse, name)(self, *args, **kwargs)
        if first:
            self._answered()
        return result

    answer.__name__ = name
    return answer


for _name in _ANSWERS:
    setattr(TimedResponse, _name, _timed(_name))


def watch(interaction: discord.Interaction[Any]) -> None:
    """Count `interaction` and time its first answer."""
    kind = _KINDS.get(interaction.type, "other")
    metrics.INTERACTIONS.labels(kind).inc()
    # discord.py caches the response object in this slot on first use; none has used it yet.
    if getattr(interaction, "_cs_response", None) is None:
        interaction._cs_response = TimedResponse(interaction, kind)  # type: ignore[attr-defined]
