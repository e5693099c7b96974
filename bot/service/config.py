"""Settings: the pydantic model of config.toml, with secrets also taken from environment variables."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

import games
from bot.service.table_core import TableDefaults
from bot.service.thinking import ThinkingSettings
from games.base import InvalidData
from games.review import ReviewBudget

DEFAULT_PATH = Path("config.toml")
# Environment variables that override a setting (the token should live here, not in a file).
ENVIRONMENT: dict[str, str] = {
    "SPIELTISCH_TOKEN": "token",
    "SPIELTISCH_DATABASE": "database",
    # One config file for several processes: each is told its shards by its environment.
    "SPIELTISCH_SHARD_COUNT": "shard_count",
    "SPIELTISCH_SHARD_IDS": "shard_ids",
}
CONFIG_VARIABLE = "SPIELTISCH_CONFIG"
MAX_SHARDS = 65536


class ConfigError(Exception):
    """A setting that cannot be used; the message names the file (or variable) and the key."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ReminderSettings(_Strict):
    """How long a table waits for a player before reminding, and before moving for them."""

    remind_after_hours: float = Field(default=24.0, gt=0, le=720)
    takeover_after_hours: float | None = Field(default=None, gt=0, le=720)
    takeover: Literal["off", "pass", "ai"] = "off"

    @model_validator(mode="after")
    def _takeover_needs_a_time(self) -> ReminderSettings:
        if self.remind_after_hours * 60 < 1:
            raise ValueError("remind_after_hours must be at least one minute (0.0167)")
        if self.takeover != "off" and self.takeover_after_hours is None:
            raise ValueError("takeover needs takeover_after_hours")
        if (
            self.takeover_after_hours is not None
            and self.takeover_after_hours < self.remind_after_hours
        ):
            raise ValueError("takeover_after_hours must not be shorter than remind_after_hours")
        return self


class LimitSettings(_Strict):
    """What one member may ask of the bot."""

    open_tables_per_member: int = Field(default=5, ge=1, le=1000)
    commands_per_minute: int = Field(default=20, ge=1, le=1000)  # per member and channel
    # Component clicks (buttons, menus) per member: a burst limit and a per-minute one. The
    # lower bounds keep a click every second always allowed.
    clicks_per_10_seconds: int = Field(default=15, ge=10, le=1000)
    clicks_per_minute: int = Field(default=90, ge=60, le=10000)
    away_days_max: int = Field(default=14, ge=1, le=365)  # the longest /away a member may set


_REVIEW = ReviewBudget()  # the defaults of the review's budget are the game review's own


class ReviewSettings(_Strict):
    """How hard the strong AI looks back at one finished game (`/review`, the Review button).

    Counts of sampled worlds (games.review.ReviewBudget): more worlds, steadier verdicts and a
    longer review. A review's figures are repeatable: its budget is kept with it.
    """

    worlds: int = Field(default=_REVIEW.worlds, ge=2, le=2000)
    # A comparison still in doubt (or costly, to size it) gets `worlds` more at a time up to this.
    max_worlds: int = Field(default=_REVIEW.max_worlds, ge=2, le=10000)
    screen_worlds: int = Field(default=_REVIEW.screen_worlds, ge=1, le=2000)
    chart_worlds: int = Field(default=_REVIEW.chart_worlds, ge=1, le=2000)
    chart_points: int = Field(default=_REVIEW.chart_points, ge=2, le=200)
    z: float = Field(default=_REVIEW.z, ge=0, le=10)
    min_gap: float = Field(default=_REVIEW.min_gap, ge=0, le=1)
    # None: the verdicts' and the chart's playouts run to the end of the game; a number cuts
    # them after so many moves and scores them with the game's estimate (faster, but biased
    # where the cut falls at different phases of the game for the moves compared).
    playout_moves: int | None = Field(default=_REVIEW.playout_moves, ge=1, le=5000)


class GameSettings(_Strict):
    """Settings of one game: `[games.<id>]`."""

    data: Path | None = None  # a corrected component data file, read by the game's with_data


class Settings(_Strict):
    """Every setting of the bot; config.example.toml documents each one."""

    token: SecretStr | None = None  # Discord bot token; prefer SPIELTISCH_TOKEN
    # The SQLite file, or a PostgreSQL URL (postgresql://user@host:port/name) for several processes.
    database: Path | str = Path("data/spieltisch.sqlite3")
    language: Literal["en", "ja"] = "en"  # for tables and messages when no locale is known
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    # "text" (one readable line per record) or "json" (one object per line, for a log shipper).
    log_format: Literal["text", "json"] = "text"
    # Prometheus metrics at http://metrics_host:metrics_port/metrics; None: no endpoint.
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    metrics_host: str = Field(default="127.0.0.1", min_length=1)
    sync_guild: int | None = Field(default=None, gt=0)  # sync slash commands to this guild only
    console_images: Path = Path("out/boards")  # where the console writes board images
    reminders: ReminderSettings = ReminderSettings()
    limits: LimitSettings = LimitSettings()
    review: ReviewSettings = ReviewSettings()
    games: dict[str, GameSettings] = {}  # per game id; see use_game_data
    # The slow computer players (`strong`): seconds per move, worker processes, and how much
    # longer than its budget the bot waits for a move before the greedy AI moves instead.
    ai_seconds: float = Field(default=1.0, gt=0, le=60)
    ai_workers: int = Field(default=1, ge=1, le=64)
    ai_margin_seconds: float = Field(default=5.0, gt=0, le=600)
    # The computer player that moves for an absent player (takeover "ai" or "pass" with no pass);
    # a game that does not offer this kind uses its greedy AI.
    ai_takeover: str = Field(default="greedy", min_length=1)
    # Discord shards: how many the bot has in all, and which of them this process runs
    # (None: shards 0 to shard_count - 1; with shard_count None too, as many as Discord advises).
    shard_count: int | None = Field(default=None, ge=1, le=MAX_SHARDS)
    shard_ids: tuple[int, ...] | None = None

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _ids_from_text(cls, value: Any) -> Any:
        """SPIELTISCH_SHARD_IDS gives them as text: "0,1" or "0 1"."""
        if isinstance(value, str):
            parts = value.replace(",", " ").split()
            if not all(part.isdigit() for part in parts):
                raise ValueError("expected shard numbers separated by commas, such as 0,1")
            return tuple(int(part) for part in parts)
        return value

    @field_validator("shard_ids")
    @classmethod
    def _ids_within_count(
        cls, value: tuple[int, ...] | None, info: ValidationInfo
    ) -> tuple[int, ...] | None:
        if value is None:
            return None
        count = info.data.get("shard_count")
        if count is None:
            if "shard_count" in info.data:  # not merely invalid itself: reported on its own
                raise ValueError("needs shard_count (the number of shards in all)")
            return value
        if not value:
            raise ValueError("must name at least one shard")
        if len(set(value)) != len(value):
            raise ValueError("each shard may be named only once")
        if not all(0 <= shard < count for shard in value):
            raise ValueError(f"shard numbers go from 0 to {count - 1} (shard_count - 1)")
        return value

    @field_validator("database", mode="plain")
    @classmethod
    def _path_unless_url(cls, value: Any) -> Path | str:
        if isinstance(value, Path) or (isinstance(value, str) and is_postgres(value)):
            return value
        if isinstance(value, str) and value.strip():
            return Path(value)
        raise ValueError("expected a file path or a postgresql:// URL")

    @model_validator(mode="before")
    @classmethod
    def _blank_token_is_none(cls, data: Any) -> Any:
        token = data.get("token") if isinstance(data, dict) else None
        if isinstance(token, str) and not token.strip():
            data = {**data, "token": None}
        return data

    def token_value(self) -> str | None:
        return self.token.get_secret_value() if self.token is not None else None


def _explain(
    error: ValidationError, source: str, names: Mapping[str, str] | None = None
) -> ConfigError:
    """One line per bad value: source, dotted key and the kind of value expected (never the value)."""
    lines = []
    for problem in error.errors():
        key = ".".join(str(part) for part in problem["loc"]) or "(top level)"
        key = (names or {}).get(key, key)
        if problem["type"] == "extra_forbidden":
            lines.append(f"{source}: {key}: unknown setting")
            continue
        # The value given is never shown: a token put under the wrong key must not be printed.
        lines.append(f"{source}: {key}: {problem['msg']}")
    return ConfigError("\n".join(lines))


def load_settings(
    path: str | Path | None = None, environ: Mapping[str, str] | None = None
) -> Settings:
    """Settings from `path` (default: $SPIELTISCH_CONFIG or ./config.toml) and the environment.

    A missing default file means all defaults; a missing file named explicitly is an error.
    Relative paths in the file are relative to the file's folder.
    """
    environ = os.environ if environ is None else environ
    explicit = path is not None or CONFIG_VARIABLE in environ
    config_path = Path(path if path is not None else environ.get(CONFIG_VARIABLE, DEFAULT_PATH))
    data: dict[str, Any] = {}
    if config_path.is_file():
        try:
            data = tomllib.loads(config_path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{config_path}: not valid TOML: {error}") from None
        except (OSError, UnicodeDecodeError) as error:
            raise ConfigError(f"{config_path}: cannot be read: {error}") from None
    elif explicit:
        raise ConfigError(f"{config_path}: no such config file")
    try:
        settings = Settings.model_validate(data)
    except ValidationError as error:
        raise _explain(error, str(config_path)) from None
    base = config_path.parent if data else Path()
    overrides: dict[str, Any] = {
        "database": (
            settings.database
            if isinstance(settings.database, str)
            else _relative_to(settings.database, base)
        ),
        "console_images": _relative_to(settings.console_images, base),
        "games": {
            game_id: {"data": None if each.data is None else _relative_to(each.data, base)}
            for game_id, each in settings.games.items()
        },
    }
    for variable, key in ENVIRONMENT.items():
        value = environ.get(variable)
        if value is not None and value.strip():
            overrides[key] = value.strip()
    try:
        return Settings.model_validate({**settings.model_dump(), **overrides})
    except ValidationError as error:
        variables = {key: variable for variable, key in ENVIRONMENT.items()}
        raise _explain(error, "environment", variables) from None


def use_game_data(settings: Settings) -> list[str]:
    """Read each `[games.<id>] data` file and register the game built from it in place of the
    shipped one; the ids changed. ConfigError (one line: file, record, reason) if any fails."""
    known = {game.id for game in games.all()}
    changed: list[str] = []
    for game_id, each in sorted(settings.games.items()):
        if game_id not in known:
            raise ConfigError(
                f"games.{game_id}: no game has that id; known games: {', '.join(sorted(known))}"
            )
        if each.data is None:
            continue
        try:
            text = each.data.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
            message = f"games.{game_id}.data: {each.data}: cannot be read: {reason}"
            raise ConfigError(message) from None
        try:
            games.register(games.get(game_id).with_data(text, source=str(each.data)))
        except InvalidData as error:
            reason = " ".join(error.message("en").split())  # one line, whatever the game wrote
            raise ConfigError(f"games.{game_id}.data: {reason}") from None
        changed.append(game_id)
    return changed


def table_defaults(settings: Settings) -> TableDefaults:
    """What a new table starts with, from the settings."""
    reminders = settings.reminders
    after = reminders.takeover_after_hours
    return TableDefaults(
        lang=settings.language,
        remind_after=reminders.remind_after_hours * 3600,
        takeover_after=None if after is None else after * 3600,
        takeover=reminders.takeover,
        open_tables_per_member=settings.limits.open_tables_per_member,
        away_days_max=settings.limits.away_days_max,
    )


def thinking_settings(settings: Settings) -> ThinkingSettings:
    """The budget and pool of the slow computer players, from the settings."""
    return ThinkingSettings(
        seconds=settings.ai_seconds,
        margin=settings.ai_margin_seconds,
        workers=settings.ai_workers,
        takeover_kind=settings.ai_takeover,
    )


def review_budget(settings: Settings) -> ReviewBudget:
    """The budget of a game review, from the settings."""
    return ReviewBudget(**settings.review.model_dump())


def is_postgres(database: str | Path) -> bool:
    """Whether the database setting names a PostgreSQL server rather than a SQLite file."""
    return isinstance(database, str) and database.startswith(("postgresql://", "postgres://"))


def _relative_to(path: Path, base: Path) -> Path:
    return path if path.is_absolute() else base / path
