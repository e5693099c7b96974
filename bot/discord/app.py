"""The Discord bot: a commands.Bot given its TableService and settings, the command translator,
and the entry points `run_discord(settings)` and `sync_commands(settings, guild)`.

Resources are opened in `run_discord` and handed to the bot (discord.py's advanced_startup
example); commands are synced only on demand or to the configured development guild.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.discord import metrics as interaction_metrics
from bot.discord.board import (
    as_edit,
    clip_lines,
    default_renderer,
    error_text,
    hand_panel,
    publish_update,
    tell,
    user_lang,
)
from bot.discord.cogs import EXTENSIONS
from bot.discord.components import DYNAMIC_ITEMS, choice_index
from bot.discord.host import Renderer
from bot.discord.panels import UNKNOWN_INTERACTION, Panels, answered
from bot.discord.stopping import serve_until_stopped
from bot.discord.texts import DISCORD, dt
from bot.service import errors, metrics
from bot.service.config import Settings, review_budget, table_defaults, thinking_settings
from bot.service.limits import RateLimiter
from bot.service.memory import tune_for_serving
from bot.service.store import open_store
from bot.service.tables import TableService
from bot.service.thinking import Thinker
from bot.service.updates import TableInfo

log = logging.getLogger(__name__)

T = TypeVar("T")

# Japanese names of commands and options (Discord shows them to Japanese clients).
JA_NAMES: dict[str, str] = {
    "join": "参加",
    "leave": "退出",
    "start": "開始",
    "status": "盤面",
    "hand": "手札",
    "move": "手",
    "log": "棋譜",
    "abandon": "中止",
    "kick": "交代",
    "remind": "リマインダー",
    "games": "ゲーム一覧",
    "rules": "ルール",
    "game": "ゲーム",
    "bots": "ボット数",
    "ai": "ボットの種類",
    "remind_hours": "通知時間",
    "notation": "手",
    "player": "プレイヤー",
    "hours": "時間",
    "takeover_hours": "代打ち時間",
    "takeover": "代打ち",
    "notices": "通知",
    "dm": "dm",
}


class Translator(app_commands.Translator):
    """English is written in the code. Japanese comes with the string (`ja=`, for what a game
    declares: generated commands, options, choices) or from the adapter's catalogue by key."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.japanese:
            return None
        return japanese(string)


def japanese(string: app_commands.locale_str) -> str | None:
    given = string.extras.get("ja")
    if given is not None:
        return str(given)
    key = string.extras.get("key")
    if key is None:
        return None
    if key.startswith("name."):
        return JA_NAMES.get(key.removeprefix("name."))
    if key.startswith("game."):
        try:
            return games.get(key.removeprefix("game.")).names.get("ja")
        except KeyError:
            return None
    entry = DISCORD.get(key)
    return entry.get("ja") if entry else None


class Bot(commands.AutoShardedBot):
    """The Discord adapter around one TableService; holds no game state of its own.

    It runs the shards the settings give it (`shard_count`, `shard_ids`; by default as many as
    Discord advises). Any process serves any table: what it posts on its own (owed boards,
    reminders, notices by DM) is addressed by channel or user id, fetched through the REST API
    when its shards do not hold it, so a table whose server is on another process's shard is
    served all the same.
    """

    def __init__(
        self,
        *,
        service: TableService,
        settings: Settings,
        renderer: Renderer | bool | None = True,
        render_scale: float = 1.0,
        tick_seconds: float = 60.0,
        background: bool = True,
        sync_on_start: bool = True,
        retry_delay: float = 1.0,
    ) -> None:
        intents = discord.Intents.default()  # guilds and guild messages; nothing privileged
        intents.message_content = False
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = list(settings.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            # Nobody is pinged unless a message names whom (boards and reminders do).
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.service = service
        self.settings = settings
        self.renderer: Renderer | None = (
            default_renderer() if renderer is True else (renderer or None)
        )
        self.render_scale = render_scale
        self.tick_seconds = tick_seconds
        self.background = background
        self.sync_on_start = sync_on_start
        self.retry_delay = retry_delay
        self.panels = Panels()
        self._board_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        limits = settings.limits
        self.command_limit = RateLimiter(limits.commands_per_minute, 60.0)
        self.click_limits = (
            RateLimiter(limits.clicks_per_10_seconds, 10.0),
            RateLimiter(limits.clicks_per_minute, 60.0),
        )
        self.stopping = False  # set on SIGTERM: interactions are refused from then on
        self.metrics: metrics.MetricsServer | None = None

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        if event_name == "interaction":
            interaction_metrics.watch(args[0])  # before any handler answers it
        super().dispatch(event_name, *args, **kwargs)

    async def close(self) -> None:
        if self.metrics is not None:
            await self.metrics.stop()
            self.metrics = None
        await super().close()

    async def setup_hook(self) -> None:
        if self.background and self.metrics is None:
            self.metrics = metrics.serve(
                self.settings.metrics_port, self.settings.metrics_host, self.service.store
            )
        await self.tree.set_translator(Translator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self.tree.interaction_check = self.within_limits  # type: ignore[method-assign]
        guild_id = self.settings.sync_guild
        if self.sync_on_start and guild_id is not None:
            # Development: the configured guild sees changes at once; global sync stays manual.
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild_id)

    async def sync_tree(self, guild_id: int | None = None) -> list[app_commands.AppCommand]:
        """Sync the command tree globally, or to one guild (copying the global commands there)."""
        if guild_id is None:
            return await self.tree.sync()
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        return await self.tree.sync(guild=guild)

    # ---------------------------------------------------------------- Discord calls

    async def send_with_retry(
        self,
        send: Callable[..., Awaitable[T]],
        payload: Callable[[], dict[str, Any]],
        *,
        attempts: int = 3,
    ) -> T:
        """Call `send(**payload())`, waiting and retrying when Discord answers 429 (rate limited)."""
        for attempt in range(attempts):
            try:
                return await send(**payload())
            except discord.RateLimited as error:
                delay = error.retry_after
                if attempt == attempts - 1:
                    raise
            except discord.HTTPException as error:
                if error.status != 429 or attempt == attempts - 1:
                    raise
                delay = self.retry_delay
            log.warning("rate limited by Discord; retrying in %.1f s", delay)
            await asyncio.sleep(min(delay, 30.0))
        raise AssertionError("unreachable")

    async def within_limits(self, interaction: discord.Interaction[Any]) -> bool:
        """Each member may run so many commands a minute in a channel; the rest are refused
        privately (autocomplete, which runs while typing, is not counted)."""
        if interaction.type == discord.InteractionType.autocomplete:
            return True
        if await self.refused_while_stopping(interaction):
            return False
        key = f"{interaction.user.id}:{interaction.channel_id}"
        if self.command_limit.allow(key):
            return True
        await tell(interaction, dt("error.slow_down", user_lang(interaction)))
        return False

    async def refused_while_stopping(self, interaction: discord.Interaction[Any]) -> bool:
        if self.stopping:
            await tell(interaction, dt("error.stopping", user_lang(interaction)))
        return self.stopping

    async def click_within_limits(self, interaction: discord.Interaction[Any]) -> bool:
        """Each member may click so many buttons and menus per 10 seconds and per minute (in
        any channel: clicks are cheap to make in bulk); the rest are refused privately."""
        if await self.refused_while_stopping(interaction):
            return False
        key = str(interaction.user.id)
        if all(limit.allow(key) for limit in self.click_limits):
            return True
        await tell(interaction, dt("error.slow_down_clicks", user_lang(interaction)))
        return False

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Errors no command handled: a short answer to the user, and the log for the rest."""
        original = getattr(error, "original", error)
        lang = user_lang(interaction)
        if isinstance(original, errors.TableError):
            await tell(interaction, error_text(original, lang))
            return
        if not isinstance(original, errors.TableError):
            metrics.failed(type(original).__name__)
        if isinstance(original, discord.Forbidden):
            log.warning(
                "Discord refused %s: %s",
                interaction.command and interaction.command.qualified_name,
                original.text,
            )
            await tell(interaction, dt("error.discord_forbidden", lang))
            return
        if isinstance(original, discord.NotFound) and original.code == UNKNOWN_INTERACTION:
            log.warning(
                "interaction %s expired before it was answered (%s); dropped",
                interaction.id,
                interaction.command and interaction.command.qualified_name,
            )
            return
        if isinstance(original, discord.HTTPException):
            log.warning(
                "Discord error in %s: %s %s",
                interaction.command and interaction.command.qualified_name,
                original.status,
                original.text,
            )
            key = "error.discord_rate_limited" if original.status == 429 else "error.discord_failed"
            await tell(interaction, dt(key, lang))
            return
        if isinstance(original, app_commands.CheckFailure):
            await tell(interaction, dt("error.server_only", lang))
            return
        log.error(
            "command %s failed",
            interaction.command and interaction.command.qualified_name,
            exc_info=original,
        )
        await tell(interaction, dt("error.internal", lang))
        raise original

    # ---------------------------------------------------------------- component clicks

    async def play_click(
        self, interaction: discord.Interaction[Any], table_id: str, version: int, choice: str
    ) -> None:
        """A move button or select: defer invisibly, let TableService judge, post the next board.

        A click in a private panel makes that panel the seat's live one: it is edited in place
        with what comes next instead of a new message.
        """
        lang = user_lang(interaction)
        user = str(interaction.user.id)
        if not await answered(interaction.response.defer()):
            return
        try:
            notation = choice
            if choice.startswith("#"):
                # The index is read against the moves the board of `version` offered (an older
                # board's click may still count); a forged `#abc` or `#-1` is refused.
                moves = await self.service.offered_at(table_id, user, version)
                index = choice_index(choice, len(moves))
                if index is None:
                    raise errors.StaleBoard()
                notation = moves[index]
            update = await self.service.act(table_id, user, notation, version=version)
        except errors.TableError as error:
            await tell(interaction, error_text(error, lang))
            return
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            self.panels.keep(table_id, user, interaction, lang)
        await self.after_move(interaction, update, lang)

    async def after_move(
        self, interaction: discord.Interaction[Any], update: Any, lang: str
    ) -> None:
        """The board goes to everyone. The mover's private notices go to them alone: in their
        live panel when they have one, else in an ephemeral reply."""
        user = str(interaction.user.id)
        if not self.panels.live(update.table.id, user):
            unseen = await self.service.unseen(update.table.id, user)
            if unseen.texts:
                await tell(interaction, "\n".join(t.get(lang) for t in unseen.texts)[:2000])
                await self.service.mark_seen(update.table.id, unseen.seat, unseen.version)
        await publish_update(self, update, interaction=interaction)

    async def hand_click(
        self, interaction: discord.Interaction[Any], table_id: str, version: int
    ) -> None:
        """'My hand': the private panel, for the clicking player only; it replaces their last."""
        lang = user_lang(interaction)
        user = str(interaction.user.id)
        if not await answered(interaction.response.defer(ephemeral=True, thinking=True)):
            return
        try:
            panel = await hand_panel(self, table_id, user, lang)
        except errors.TableError as error:
            await interaction.followup.send(error_text(error, lang), ephemeral=True)
            return
        info = await self.service.info(table_id)
        if info.version != version:
            panel["content"] = dt("reply.old_board_hand", lang) + "\n" + panel["content"]
        await self.send_with_retry(interaction.edit_original_response, lambda: as_edit(panel))
        if "view" in panel:
            panel["view"].stop()
        await self.panels.replace(table_id, user, interaction, lang)

    async def refresh_panels(self, table: TableInfo) -> None:
        """Bring every live private panel of the table up to date (after a new board)."""
        for seat in table.seats:
            if seat.user is None:
                continue
            live = self.panels.live(table.id, seat.user)
            if live is None:
                continue
            interaction, lang = live
            try:
                panel = await hand_panel(self, table.id, seat.user, lang)
                await interaction.edit_original_response(**as_edit(panel))
            except errors.TableError:
                self.panels.drop(table.id, seat.user, interaction)
            except discord.HTTPException as error:
                # That panel only: the member may have opened a newer one meanwhile (which
                # deleted this one), and the newer one goes on being updated.
                log.info("panel of %s at %s not updated: %s", seat.user, table.id, error)
                self.panels.drop(table.id, seat.user, interaction)
            else:
                if "view" in panel:
                    panel["view"].stop()
        await self.deliver_notices(table)

    async def deliver_notices(self, table: TableInfo) -> None:
        """Private notices by direct message, for members who asked (/notices) and have no live
        panel; if their DMs are closed the notices wait for their next "My hand"."""
        users = [s.user for s in table.seats if s.user and not s.is_ai]
        wanted = await self.service.notices_by_dm(users)
        wanted -= await self.service.quiet_now(list(wanted))  # they wait for the quiet to end
        for seat in table.seats:
            if seat.user is None or seat.user not in wanted:
                continue
            if self.panels.live(table.id, seat.user) is not None:
                continue
            unseen = await self.service.unseen(table.id, seat.user)
            if not unseen.texts:
                continue
            where = f"<#{table.thread or table.channel}>"
            lines = [dt("reply.dm_notices", seat.lang, where=where)]
            lines.extend(f"• {text.get(seat.lang)}" for text in unseen.texts)
            try:
                user = self.get_user(int(seat.user)) or await self.fetch_user(int(seat.user))
                await user.send(clip_lines(lines))
            except discord.HTTPException as error:
                log.info("notices for %s at %s not sent by DM: %s", seat.user, table.id, error)
                continue
            await self.service.mark_seen(table.id, unseen.seat, unseen.version)

    def board_lock(self, table_id: str) -> asyncio.Lock:
        """Held while a table's board is posted, so it is posted once however many ask."""
        lock = self._board_locks.get(table_id)
        if lock is None:
            lock = self._board_locks[table_id] = asyncio.Lock()
        return lock


async def run_discord(settings: Settings) -> None:
    """Run the bot until it is stopped: open the store, build the service, log in, serve."""
    token = settings.token_value()
    if not token:
        raise SystemExit("No Discord token: set SPIELTISCH_TOKEN (or `token` in config.toml).")
    thinker = Thinker(thinking_settings(settings))
    thinker.start()
    try:
        async with await open_store(settings.database) as store:
            service = TableService(
                store,
                defaults=table_defaults(settings),
                thinker=thinker,
                review_budget=review_budget(settings),
            )
            async with Bot(service=service, settings=settings) as bot:
                tune_for_serving()
                await serve_until_stopped(bot, bot.start(token))
    finally:
        thinker.close()


async def sync_commands(settings: Settings, guild_id: int | None = None) -> list[str]:
    """`python -m bot sync [--guild ID]`: register the slash commands with Discord, then exit."""
    token = settings.token_value()
    if not token:
        raise SystemExit("No Discord token: set SPIELTISCH_TOKEN (or `token` in config.toml).")
    async with await open_store(settings.database) as store:
        service = TableService(store, defaults=table_defaults(settings))
        bot = Bot(
            service=service, settings=settings, background=False, sync_on_start=False, renderer=None
        )
        async with bot:
            await bot.login(token)  # runs setup_hook: translator and cogs, no gateway
            synced = await bot.sync_tree(guild_id)
    names = sorted(command.name for command in synced)
    where = f"guild {guild_id}" if guild_id is not None else "globally"
    log.info("synced %d commands %s: %s", len(names), where, ", ".join(names))
    return names
