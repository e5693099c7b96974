"""Venedig at the console: two local players (with the virtual third player) play a whole game
typed on a pipe, with /hand, /log, /status and the rules (/help venedig) in English and Japanese."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import games
from tests.bot.console.test_console import play


def scripted_game(seed: int) -> list[str]:
    """Console lines for a whole 2-player game: each seat's greedy moves, typed under its name."""
    game = games.get("venedig")
    state = game.new(["alice", "bob"], seed=seed)
    greedy = game.ai("greedy")
    rng = random.Random(seed)
    lines: list[str] = []
    typing = "alice"
    while game.outcome(state) is None:
        (seat,) = game.to_act(state)
        if seat != typing:
            lines.append(f"as {seat}")
            typing = seat
        move = greedy.choose(game, state, seat, rng)
        lines.append(f"/move {game.format(move)}")
        state = game.apply(state, seat, move)
    return lines


async def test_two_local_players_play_venedig_to_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Board images are the render tests' business; here the 150 boards stay text (and fast).
    monkeypatch.setattr("bot.console.app.load_renderer", lambda: None)
    moves = scripted_game(7)
    script = [
        "/join",
        "as bob",
        "/join",
        "as alice",
        "/start game:venedig",
        "/hand",
        *moves[:4],
        "/status",
        "/lang ja",
        "/status",
        "/hand",
        "/lang en",
        *moves[4:-1],
        "/log",
        moves[-1],
        "/help venedig",
        "/lang ja",
        "/help venedig",
    ]
    output = await play("\n".join(script) + "\n", tmp_path)
    errors = [line for line in output.splitlines() if line.startswith("!")]
    assert not errors, errors[:3]
    assert "virtual third player" in output
    assert "[alice only]" in output and "Hand:" in output
    assert "The game is over." in output
    assert "5 gold = 1 step" in output and "5金で1マス" in output  # the rules, en and ja
    assert "手札:" in output and "手番:" in output  # the Japanese text board
    assert "1. alice: " in output  # the log lists the moves in order
    public = [line for line in output.splitlines() if "only]" not in line]
    assert not any("worth" in line and "gold" in line for line in public)  # drained values
