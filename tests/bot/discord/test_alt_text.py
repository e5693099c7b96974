"""The board image's description (alt text) at the largest table of every game, late in a game
and with the longest names: within Discord's 1,024 characters, it still gives the phase, who
acts, and every seat's public standing (the full text board stays in "My hand" and /status)."""

from __future__ import annotations

import random

import pytest

import games
from bot.discord.board import ALT_TEXT_MAX, alt_text
from bot.service.table_core import NAME_LENGTH

GAMES = [g.id for g in games.builtins()]


def long_names(count: int, lang: str) -> list[str]:
    stem = "とても長い名前のメンバー" if lang == "ja" else "A long-named member "
    return [f"{stem}{i}".ljust(NAME_LENGTH, "x")[:NAME_LENGTH] for i in range(count)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_alt_text_names_the_phase_who_acts_and_every_seat(game_id: str, lang: str) -> None:
    game = games.get(game_id)
    names = long_names(game.max_players, lang)
    longest = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new(names, seed=seed)
        for step in range(2000):
            if game.outcome(state) is not None:
                break
            seat = sorted(game.to_act(state))[0]
            state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
            if step % 25:
                continue
            view = game.view(state, None)
            board = game.board_text(view, lang=lang)
            described = alt_text(view, lang)
            assert described is not None and len(described) <= ALT_TEXT_MAX
            lines = described.splitlines()
            assert lines[0] == board.splitlines()[0]  # the phase (and turn) line
            for acting in game.to_act(state):
                assert acting in described
            for name in names:
                assert any(line.startswith(name) for line in lines), (name, described)
            longest = max(longest, len(board))
    assert longest > 0
