"""`[games.<id>] data = "file"`: a game's corrected data file, read and checked at start-up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import games
from bot.__main__ import main
from bot.service.config import ConfigError, load_settings, use_game_data
from tests.bot.testgames import TALLY


@pytest.fixture(autouse=True)
def shipped_tally() -> Iterator[None]:
    yield
    games.register(TALLY)  # whatever a test registered, the next one sees the shipped test game


def config(tmp_path: Path, data: str, *, game: str = "tally") -> Path:
    (tmp_path / "data").mkdir(exist_ok=True)
    (tmp_path / "data" / "amounts.toml").write_text(data)
    path = tmp_path / "config.toml"
    path.write_text(f'[games.{game}]\ndata = "data/amounts.toml"\n')
    return path


def test_a_data_file_replaces_the_shipped_game(tmp_path: Path) -> None:
    settings = load_settings(config(tmp_path, "amounts = [1, 5]\n"), environ={})
    assert settings.games["tally"].data == tmp_path / "data" / "amounts.toml"
    assert use_game_data(settings) == ["tally"]
    tally = games.get("tally")
    state = tally.new(["a"], seed=1)
    assert [tally.format(m) for m in tally.legal_moves(state, "a")] == ["add 1", "add 5", "pass"]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ("amounts = [1, -2]\n", "amounts.toml: amounts[1]: -2 is not a positive whole number."),
        ("amounts = 3\n", "amounts.toml: amounts: a list of whole numbers is needed."),
        ("amounts = [1,\n", "amounts.toml: not TOML:"),
    ],
)
def test_a_bad_data_file_is_refused_in_one_line(tmp_path: Path, data: str, expected: str) -> None:
    settings = load_settings(config(tmp_path, data), environ={})
    with pytest.raises(ConfigError) as raised:
        use_game_data(settings)
    message = str(raised.value)
    assert message.startswith("games.tally.data: ") and "\n" not in message
    assert expected in message and str(tmp_path / "data" / "amounts.toml") in message
    assert games.get("tally") is TALLY


def test_an_unknown_game_id_is_refused_naming_the_known_ones(tmp_path: Path) -> None:
    settings = load_settings(config(tmp_path, "amounts = [1]\n", game="chess"), environ={})
    with pytest.raises(
        ConfigError, match=r"games\.chess: no game has that id; known games: .*tally"
    ):
        use_game_data(settings)


def test_a_missing_data_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[games.tally]\ndata = "nowhere.toml"\n')
    with pytest.raises(ConfigError, match=r"games\.tally\.data: .*nowhere\.toml: cannot be read"):
        use_game_data(load_settings(path, environ={}))


def test_the_bot_does_not_start_with_a_bad_data_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = config(tmp_path, "amounts = [0]\n")
    assert main(["--config", str(path), "console"]) == 2
    error = capsys.readouterr().err
    assert "games.tally.data: " in error and "amounts[0]: 0 is not a positive whole number" in error
