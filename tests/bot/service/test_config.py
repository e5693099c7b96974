"""Settings: defaults without a file, environment secrets, and errors naming the file and key."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bot.service.config import (
    ConfigError,
    Settings,
    load_settings,
    table_defaults,
    thinking_settings,
)

ROOT = Path(__file__).resolve().parents[3]


def test_no_config_file_means_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    settings = load_settings(environ={})
    assert settings == Settings()
    assert settings.token is None
    assert settings.database == Path("data/spieltisch.sqlite3")
    defaults = table_defaults(settings)
    assert defaults.remind_after == 24 * 3600 and defaults.takeover == "off"


def test_the_token_comes_from_the_environment(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('token = "from-file"\n')
    assert load_settings(path, environ={}).token_value() == "from-file"
    settings = load_settings(path, environ={"SPIELTISCH_TOKEN": "from-env"})
    assert settings.token_value() == "from-env"
    assert "from-env" not in repr(settings)  # a secret is never printed
    assert (
        load_settings(tmp_path / "config.toml", environ={"SPIELTISCH_TOKEN": " "}).token_value()
        == "from-file"
    )


def test_a_blank_token_counts_as_none(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('token = ""\n')
    assert load_settings(path, environ={}).token is None


def test_relative_paths_are_relative_to_the_file(tmp_path: Path) -> None:
    path = tmp_path / "conf" / "config.toml"
    path.parent.mkdir()
    path.write_text('database = "db/x.sqlite3"\nconsole_images = "/abs/boards"\n')
    settings = load_settings(path, environ={})
    assert settings.database == tmp_path / "conf" / "db" / "x.sqlite3"
    assert settings.console_images == Path("/abs/boards")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('log_level = "LOUD"', "config.toml: log_level: Input should be"),
        ("language = 'fr'", "config.toml: language: Input should be 'en' or 'ja'"),
        ("tokn = 'x'", "config.toml: tokn: unknown setting"),
        ("sync_guild = -5", "config.toml: sync_guild: Input should be greater than 0"),
        ("[reminders]\nremind_after_hours = 0", "config.toml: reminders.remind_after_hours:"),
        ("[reminders]\ntakeover = 'ai'", "config.toml: reminders: Value error, takeover needs"),
        ("[reminders]\ntakeover = 'sometimes'", "config.toml: reminders.takeover: Input should"),
        ("database = [1]", "config.toml: database:"),
        ("database = ", "config.toml: not valid TOML: Invalid value (at line 1"),
        ("shard_ids = [0]", "config.toml: shard_ids: Value error, needs shard_count"),
        (
            "shard_count = 2\nshard_ids = [0, 2]",
            "config.toml: shard_ids: Value error, shard numbers",
        ),
        ("shard_count = 2\nshard_ids = [-1]", "config.toml: shard_ids: Value error, shard numbers"),
        ("shard_count = 2\nshard_ids = [1, 1]", "config.toml: shard_ids: Value error, each shard"),
        ("shard_count = 2\nshard_ids = []", "config.toml: shard_ids: Value error, must name at"),
        ("shard_count = 0", "config.toml: shard_count: Input should be greater than or equal"),
        ("shard_count = 'many'", "config.toml: shard_count: Input should be a valid integer"),
    ],
)
def test_a_bad_value_is_named_by_file_and_key(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text + "\n")
    with pytest.raises(ConfigError) as raised:
        load_settings(path, environ={})
    assert expected in str(raised.value)
    assert str(path) in str(raised.value)


@pytest.mark.parametrize(
    "text",
    [
        'sync_guild = "{secret}"',
        'language = "{secret}"',
        'log_level = "{secret}"',
        '[reminders]\ntakeover = "{secret}"',
        'database = ["{secret}"]',
    ],
)
def test_a_bad_value_is_never_printed(tmp_path: Path, text: str) -> None:
    """Issue 10 finding 2: a token under the wrong key is not echoed; the key is named."""
    secret = "MTAxNjY0.Gx9rQa.abcdefghijklmnopqrstuvwxyz0123"
    path = tmp_path / "config.toml"
    path.write_text(text.format(secret=secret) + "\n")
    with pytest.raises(ConfigError) as raised:
        load_settings(path, environ={})
    message = str(raised.value)
    assert secret not in message and secret[:8] not in message
    key = text.split(" =")[0].replace("[reminders]\n", "reminders.")
    assert f"config.toml: {key}: " in message


def test_a_missing_file_named_explicitly_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ConfigError, match=r"missing\.toml: no such config file"):
        load_settings(tmp_path / "missing.toml", environ={})
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=r"elsewhere\.toml: no such config file"):
        load_settings(environ={"SPIELTISCH_CONFIG": "elsewhere.toml"})
    (tmp_path / "elsewhere.toml").write_text("language = 'ja'\n")
    assert load_settings(environ={"SPIELTISCH_CONFIG": "elsewhere.toml"}).language == "ja"
    assert load_settings(environ={"SPIELTISCH_DATABASE": "/x/y.db"}).database == Path("/x/y.db")


def test_the_example_file_documents_every_setting_with_its_default(tmp_path: Path) -> None:
    example = ROOT / "config.example.toml"
    data = tomllib.loads(example.read_text())
    text = example.read_text()
    for name in Settings.model_fields:
        assert f"{name} =" in text or f"[{name}]" in text, name
    for name in Settings.model_fields["reminders"].annotation.model_fields:  # type: ignore[union-attr]
        assert f"{name} =" in text, name
    for name in Settings.model_fields["review"].annotation.model_fields:  # type: ignore[union-attr]
        assert f"{name} =" in text, name
    copy = tmp_path / "config.toml"
    copy.write_text(example.read_text())
    settings = load_settings(copy, environ={})
    assert settings.model_dump(exclude={"database", "console_images"}) == Settings().model_dump(
        exclude={"database", "console_images"}
    )
    assert data["database"] == str(Settings().database)


def test_the_ai_settings_become_the_thinkers_budget(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        "ai_seconds = 0.5\nai_workers = 2\nai_margin_seconds = 3\nai_takeover = 'strong'\n"
    )
    thinking = thinking_settings(load_settings(path, environ={}))
    assert (thinking.seconds, thinking.workers, thinking.timeout) == (0.5, 2, 3.5)
    assert thinking.takeover_kind == "strong"
    path.write_text("ai_seconds = 0\n")
    with pytest.raises(ConfigError, match="ai_seconds"):
        load_settings(path, environ={})


def test_the_database_may_be_a_postgresql_url(tmp_path: Path) -> None:
    url = "postgresql://bot@db.example:5432/spieltisch"
    assert load_settings(environ={"SPIELTISCH_DATABASE": url}).database == url
    path = tmp_path / "config.toml"
    path.write_text(f'database = "{url}"\n')
    assert load_settings(path, environ={}).database == url  # not made relative, nor a Path


def test_each_process_may_be_given_its_shards_by_the_environment(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("shard_count = 4\nshard_ids = [0, 1]\n")
    settings = load_settings(path, environ={})
    assert (settings.shard_count, settings.shard_ids) == (4, (0, 1))
    settings = load_settings(path, environ={"SPIELTISCH_SHARD_IDS": "2, 3"})
    assert (settings.shard_count, settings.shard_ids) == (4, (2, 3))
    settings = load_settings(
        environ={"SPIELTISCH_SHARD_COUNT": "8", "SPIELTISCH_SHARD_IDS": "7"}, path=path
    )
    assert (settings.shard_count, settings.shard_ids) == (8, (7,))
    with pytest.raises(ConfigError, match=r"environment: SPIELTISCH_SHARD_IDS: .*from 0 to 3"):
        load_settings(path, environ={"SPIELTISCH_SHARD_IDS": "4"})
    with pytest.raises(ConfigError, match=r"environment: SPIELTISCH_SHARD_IDS: .*separated by"):
        load_settings(path, environ={"SPIELTISCH_SHARD_IDS": "0;1"})
    assert Settings().shard_count is None and Settings().shard_ids is None  # Discord advises
