"""The console table: scripted games on a pipe, local players, private notices kept private."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from pathlib import Path

import games
from bot.console.app import run_console
from bot.console.commands import parse_value, split_arguments
from bot.service.config import Settings
from games.stpetersburg.ai import GreedyPlayer

ROOT = Path(__file__).resolve().parents[3]


async def play(script: str, tmp_path: Path, **options: object) -> str:
    out = io.StringIO()
    settings = Settings(database=tmp_path / "console.sqlite3", console_images=tmp_path / "img")
    code = await run_console(
        settings,
        stdin=io.StringIO(script),
        stdout=out,
        seed=7,
        player="alice",
        **options,  # type: ignore[arg-type]
    )
    assert code == 0
    return out.getvalue()


async def test_a_scripted_solo_game_is_played_to_its_end(tmp_path: Path) -> None:
    output = await play(
        "/start game:tally target:5\nadd 2\n/move add 2\n/hand\nadd 1\n/log\n/status\n",
        tmp_path,
    )
    assert "Tally begins. Seats in order: alice." in output
    assert "alice added 2." in output
    assert "The game is over." in output
    assert "1. alice:" in output
    assert "1. alice: add 2\n2. alice: add 2\n3. alice: add 1" in output
    assert "Your moves: add 1, pass" in output


async def test_private_notices_wait_for_their_owner(tmp_path: Path) -> None:
    script = "\n".join(
        [
            "/join",
            "as bob",
            "/join",
            "as alice",
            "/start game:tally target:9",
            "add 1",  # alice draws a secret token, then the prompt moves to bob
            "add 1",  # bob's token waits: the prompt moves back to alice
            "/status",
            "as bob",  # now bob reads his token
        ]
    )
    lines = (await play(script, tmp_path)).splitlines()
    alice_secret = [i for i, line in enumerate(lines) if line.startswith("  [alice only]")]
    bob_secret = [i for i, line in enumerate(lines) if line.startswith("  [bob only]")]
    assert len(alice_secret) == 1 and len(bob_secret) == 1
    alice_moves = lines.index("alice> add 1")
    bob_moves = lines.index("bob> add 1")
    assert alice_moves < alice_secret[0] < bob_moves  # alice read hers before handing over
    assert bob_secret[0] > lines.index("alice> as bob")  # bob's waited for bob
    assert "drew token" in lines[bob_secret[0]]
    public = [line for line in lines if "only]" not in line]
    assert not any("drew token" in line for line in public)


async def test_mistakes_get_short_answers_and_the_console_goes_on(tmp_path: Path) -> None:
    output = await play(
        "/move add 1\n/start game:chess\n/start game:tally target:1\n/start game:tally\n"
        "frobnicate\n/moves\n/nonsense\n/lang ja\nadd 9\n",
        tmp_path,
    )
    assert "! There is no table in this channel." in output
    assert "! There is no game called chess." in output
    assert "! Those options do not work: Option target cannot be 1; allowed: 3–200." in output
    assert "! That is not a move: Not a Tally move: 'frobnicate'." in output
    assert "add 1, add 2, add 3, pass" in output
    assert "Unknown command /nonsense." in output
    assert "! 今はそれはできません：目標を超えてしまいます。" in output


async def test_a_console_game_continues_after_quitting(tmp_path: Path) -> None:
    await play("/start game:tally target:5 bots:1\nadd 1\n/quit\n", tmp_path)
    output = await play("/log\nadd 1\n", tmp_path)
    assert "A game is in progress here:" in output
    assert "1. alice: add 1" in output


def test_arguments_and_values_are_read_like_slash_command_options() -> None:
    assert split_arguments(["game:stpetersburg", "bots:2", "extra"]) == (
        ["extra"],
        {"game": "stpetersburg", "bots": "2"},
    )
    assert parse_value("true") is True and parse_value("3") == 3
    assert parse_value('{"workers": 0}') == {"workers": 0}
    assert parse_value("Lumberjack") == "Lumberjack"


def solo_script(seed: int) -> list[str]:
    """The moves a greedy player makes in a solo Sankt Petersburg game with this seed."""
    game = games.get("stpetersburg")
    state = game.new(["alice"], seed=seed)
    rng = random.Random(seed)
    moves = []
    while game.outcome(state) is None:
        move = GreedyPlayer().choose(game, state, "alice", rng)
        moves.append(game.format(move))
        state = game.apply(state, "alice", move)
    return moves


def test_python_m_bot_console_plays_a_solo_stpetersburg_game_on_a_pipe(tmp_path: Path) -> None:
    moves = solo_script(7)
    script = "/start game:stpetersburg\n" + "".join(f"/move {m}\n" for m in moves) + "/status\n"
    result = subprocess.run(
        [
            *(sys.executable, "-m", "bot", "console", "--db", str(tmp_path / "db.sqlite3")),
            *("--seed", "7", "--name", "alice", "--images", str(tmp_path / "boards")),
        ],
        input=script,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "!" not in "".join(line[:1] for line in result.stdout.splitlines())
    assert "The game is over." in result.stdout
    assert "1. alice:" in result.stdout and "points" in result.stdout
    images = sorted((tmp_path / "boards").glob("*.png"))
    assert len(images) >= len(moves)
    assert images[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


async def test_reminder_hours_that_are_no_number_are_refused_at_the_console(
    tmp_path: Path,
) -> None:
    """Issue 10 finding 8: `/remind hours:nan` is refused with an error line, not a crash."""
    output = await play(
        "/start game:tally bots:1\n/remind hours:nan\n/remind hours:inf\n"
        "/remind takeover_hours:nan takeover:ai\n/remind hours:2\n",
        tmp_path,
    )
    assert output.count("! Bad value for") == 3
    assert "Reminders" in output.split("/remind hours:2")[-1]
