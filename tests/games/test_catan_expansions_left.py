"""Catan's expansions left are listed once per kind a player recognises: two Kirche cards (with
different marks) are "church ×2", not two "church" lines."""

from __future__ import annotations

import games
from games.catan.present import expansion_kinds


def test_alike_expansions_are_listed_once_with_their_count() -> None:
    game = games.get("catan")
    view = game.view(game.new(["a", "b"], seed=1), None)
    view = view.model_copy(update={"expansions": ("X2", "X6", "X7", "X8", "X1")})
    en = next(line for line in game.board_text(view).splitlines() if "Expansions" in line)
    assert en.count("church") == 1 and "church ×2" in en and "merchant guild ×2" in en
    ja = next(line for line in game.board_text(view, lang="ja").splitlines() if "都市開発" in line)
    assert "×2" in ja
    assert [count for _, count in expansion_kinds(view.expansions)] == [2, 2, 1]
