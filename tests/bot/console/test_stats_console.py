"""The console's /stats, /leaderboard and /history after two finished games, in English and Japanese."""

from __future__ import annotations

from pathlib import Path

from tests.bot.console.test_console import play

TWO_GAMES = [
    "/join",
    "as bob",
    "/join",
    "as alice",
    "/start game:tally target:4",
    "add 3",  # alice
    "add 1",  # bob reaches the target
    "as alice",
    "/join",
    "as bob",
    "/join",
    "as alice",
    "/start game:tally target:4",
    "add 2",
    "add 2",
    "as alice",
]


async def test_stats_leaderboard_and_history_after_two_games(tmp_path: Path) -> None:
    script = [
        *TWO_GAMES,
        "/stats",
        "/stats bob tally",
        "/leaderboard tally",
        "/history bob",
        "/leaderboard",
        "/stats carol",
    ]
    output = await play("\n".join(script) + "\n", tmp_path)
    assert output.count("The game is over.") == 2
    assert "Statistics of alice" in output
    assert "**Tally**: 2 played" in output
    assert "Statistics of bob" in output
    lines = output.splitlines()
    board = lines.index("Leaderboard: Tally")
    assert lines[board + 1].startswith("1. ")
    assert lines[board + 2].startswith("2. ")
    assert {lines[board + 1].split(":")[0][3:], lines[board + 2].split(":")[0][3:]} == {
        "alice",
        "bob",
    }
    history = lines.index("Recent games of bob")
    assert lines[history + 1].count("**Tally**") == 1
    assert "alice" in lines[history + 1] and "bob" in lines[history + 1]
    assert "There is no game ?." in output
    assert "carol has no finished games here yet." in output


async def test_statistics_in_japanese(tmp_path: Path) -> None:
    output = await play(
        "\n".join([*TWO_GAMES, "/lang ja", "/stats", "/leaderboard tally"]) + "\n", tmp_path
    )
    assert "alice の成績" in output
    assert "2戦" in output
    assert "ランキング:" in output


async def test_replay_shows_an_earlier_board_of_the_finished_game(tmp_path: Path) -> None:
    script = [*TWO_GAMES, "/replay 1", "/replay", "/replay 9", "/replay x", "/lang ja", "/replay 0"]
    output = await play("\n".join(script) + "\n", tmp_path)
    assert "Board after move 1 of 2: alice add 2" in output
    assert "Board after move 2 of 2: bob add 2" in output
    assert "There is no move 9: give a number from 0 (the setup) to 2." in output
    assert "Usage: /replay [MOVE]" in output
    assert "開始時の盤面" in output


async def test_a_finished_game_writes_its_chart_beside_the_boards(tmp_path: Path) -> None:
    script = [
        "/join",
        "as bob",
        "/join",
        "as alice",
        "/start game:handful turns:1",
        "/move draw",
        "/move draw",
    ]
    output = await play("\n".join(script) + "\n", tmp_path, images=tmp_path / "img")
    assert "The game is over." in output
    chart = next((tmp_path / "img").glob("*-chart.png"))
    assert chart.read_bytes().startswith(b"\x89PNG")
    assert f"Chart image: {chart}" in output
    assert "Score: " in output


async def test_undo_in_the_console(tmp_path: Path) -> None:
    script = [
        "/join",
        "as bob",
        "/join",
        "as alice",
        "/start game:stpetersburg public_money:yes",
        "/undo",
    ]
    output = await play("\n".join(script) + "\n", tmp_path)
    assert "You have no move to take back" in output
    # Whoever moves first takes a card, asks to take it back, and the other agrees.
    first = "alice" if "To act: alice" in output.split("/undo")[0] else "bob"
    other = "bob" if first == "alice" else "alice"
    script = [f"as {first}", "/moves"]
    shown = await play("\n".join(script) + "\n", tmp_path)
    take = next(m for m in shown.split("\n")[-2].split(", ") if m.startswith("take"))
    script = [f"as {first}", take, f"as {first}", "/undo", f"as {other}", "/agree", "/log"]
    output = await play("\n".join(script) + "\n", tmp_path)
    assert f"{first} asks to take back their move 1" in output
    assert f"{first} took back move 1" in output
    assert "2. " in output and ": took back move 1" in output
