"""`doctor`'s look at Discord: the token logs in, and the bot holds the permissions it needs in
each server it is in (the invite link in the README asks for exactly these)."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

import discord

Mark = Literal["✓", "✗", "–"]

# View Channels, Send Messages, Send Messages in Threads, Create Public Threads, Embed Links,
# Attach Files, Read Message History.
NEEDED = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)


def missing_in(granted: int) -> list[str]:
    """The needed permissions a server's `granted` bits lack (administrator lacks none)."""
    have = discord.Permissions(granted)
    if have.administrator:
        return []
    return [name for name, value in NEEDED if value and not getattr(have, name)]


async def _check(token: str) -> tuple[Mark, str]:
    client = discord.Client(intents=discord.Intents.none())
    try:
        await client.login(token)
        guilds: list[dict[str, Any]] = await client.http.get_guilds(200)  # type: ignore[assignment]
    except discord.LoginFailure:
        return "✗", "Discord: the token was refused; copy it again from the Developer Portal"
    except (discord.HTTPException, OSError) as error:
        return "✗", f"Discord: cannot be reached ({type(error).__name__}); check the network"
    finally:
        await client.close()
    lacking = {
        guild["name"]: missing_in(int(guild.get("permissions", 0)))
        for guild in guilds
        if missing_in(int(guild.get("permissions", 0)))
    }
    if lacking:
        named = "; ".join(
            f"{name}: {', '.join(perms)}" for name, perms in list(lacking.items())[:5]
        )
        return "✗", f"Discord: permissions missing ({named}); invite the bot again with the link"
    return "✓", f"Discord: token works; the bot has its permissions in all {len(guilds)} servers"


def check_permissions(token: str, timeout: float = 20.0) -> tuple[Mark, str]:
    try:
        return asyncio.run(asyncio.wait_for(_check(token), timeout))
    except TimeoutError:
        return "✗", "Discord: no answer within 20 s; check the network"
