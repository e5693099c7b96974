"""Every game counts in good English: "1 card", "2 cards", never "1 cards" or "card(s)", in its
narration, its text board and its move descriptions, over seeded random games."""

from __future__ import annotations

import random
import re

import pytest

import games
from games.base import counted

GAMES = [g.id for g in games.builtins()]
NOUNS = "cards|steps|houses|roads|knights|points|rubles|tiles|buildings|moves|players"
WRONG = re.compile(rf"(?<![\d.,])\b1 (?:[a-z]+ )?(?:{NOUNS})\b|\(s\)")


def test_counted_says_one_and_many() -> None:
    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert counted(1, "house") == "1 house" and counted(3, "ox", "oxen") == "3 oxen"


@pytest.mark.parametrize("game_id", GAMES)
def test_no_wrong_plural_in_what_a_game_says(game_id: str) -> None:
    game = games.get(game_id)
    players = game.max_players
    found: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new([f"s{i}" for i in range(players)], seed=seed)
        while game.outcome(state) is None:
            seat = sorted(game.to_act(state))[0]
            moves = game.legal_moves(state, seat)
            view = game.view(state, seat)
            texts = [game.board_text(view, lang="en")]
            texts += [
                offer.label + " " + (offer.detail or "") for offer in game.offers(view, moves)
            ]
            move = rng.choice(moves)
            state = game.apply(state, seat, move)
            texts += [game.describe(event, lang="en") for event in game.events(state)]
            found.update(m.group(0) for text in texts for m in WRONG.finditer(text))
    assert not found, sorted(found)


@pytest.mark.parametrize("game_id", GAMES)
def test_no_wrong_plural_in_a_games_glossary(game_id: str) -> None:
    found: set[str] = set()
    for entry in games.get(game_id).glossary():
        for texts in (entry.kind, entry.cost, entry.values, entry.text, entry.note):
            found.update(m.group(0) for m in WRONG.finditer((texts or {}).get("en", "")))
    assert not found, sorted(found)
