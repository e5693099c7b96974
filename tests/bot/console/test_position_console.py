"""Console `/position` (a finished game whole; a running one as the asking seat's view, no one
else's secrets) and `/start game:ID position:"…"` (a testing aid)."""

from __future__ import annotations

from pathlib import Path

import games
from games.position import with_seats
from tests.bot.console.test_console import play
from tests.games.test_conformance import random_game

G = games.get("stpetersburg")


def real_position(moves: int = 12) -> str:
    """The position after `moves` random moves of a seeded 2-seat game."""
    for index, (state, _, _) in enumerate(random_game(G, 2, seed=4)):
        if index == moves:
            return G.position_text(state)
    raise AssertionError("the game ended early")


def answer_to(output: str, player: str, command: str) -> str:
    return output.split(f"{player}> {command}\n", 1)[1].split("\n", 1)[0]


async def test_a_game_starts_from_a_position_and_each_seat_sees_only_its_view(
    tmp_path: Path,
) -> None:
    text = real_position()
    script = (
        "/join\nas bob\n/join\nas alice\n"
        f'/start game:stpetersburg position:"{text}"\n'
        "/position\nas bob\n/position\n"
    )
    output = await play(script, tmp_path)
    state = G.from_position(with_seats(text, ["alice", "bob"]))
    assert "! " not in output
    assert answer_to(output, "alice", "/position") == G.view_text(state, "alice")
    assert answer_to(output, "bob", "/position") == G.view_text(state, "bob")
    bob_hand = state.players[1].hand
    alice_sees = answer_to(output, "alice", "/position")
    assert "workers=#" in alice_sees and "rng=" not in alice_sees
    if bob_hand:
        assert f"2.hand=#{len(bob_hand)}" in alice_sees


async def test_a_refused_position_names_the_part(tmp_path: Path) -> None:
    text = real_position().replace("; 1.hand=", "; 1.hnd=")
    script = f'/join\nas bob\n/join\nas alice\n/start game:stpetersburg position:"{text}"\n'
    output = await play(script + "/status\n", tmp_path)
    assert "! That position cannot start a game: seats: 2 in the position, 1 at the table" in (
        await play(f'/start game:stpetersburg position:"{text}"\n', tmp_path / "solo")
    )
    assert "! That position cannot start a game: 1.hnd: unknown part (did you mean '1.hand'?)" in (
        output
    )


async def test_a_finished_game_shows_its_whole_position(tmp_path: Path) -> None:
    script = "/start game:tally target:5\nadd 2\n/position\nadd 2\nadd 1\n/position\n"
    output = await play(script, tmp_path)
    running, shown = output.split("alice> /position\n")[1:]
    # A game without a notation of its own: its view's JSON, then its state's (the defaults).
    assert running.startswith('tally/json view; view={"game":"tally"')
    shown = shown.split("\n", 1)[0]
    tally = games.get("tally")
    state = tally.from_position(shown)
    assert tally.outcome(state) is not None and tally.position_text(state) == shown
