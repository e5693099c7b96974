"""The render benchmark: generic over the shipped games, and its figures come from real renders."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from PIL import Image

import games
from bench import render as bench


def test_the_benchmark_names_no_game() -> None:
    source = Path(bench.__file__).read_text(encoding="utf-8").casefold()
    for game in games.builtins():
        assert game.id not in source
        assert all(name.casefold() not in source for name in game.names.values())


def test_every_game_with_a_renderer_is_measured_for_each_player_count() -> None:
    for game in games.builtins():
        if not game.renderer:
            continue
        report = bench.bench_game(game, count=2, finals=1)
        counts = bench.player_counts(game)
        assert counts[0] >= game.min_players and counts[-1] == game.max_players
        for players in counts:
            kinds = report[f"{players}_seats"]
            assert set(kinds) == {"public_en", "public_ja", "private_en", "final_en"}
            for figures in kinds.values():
                assert figures["bytes_max"] > 1000
                assert figures["ms_p50"] > 0 and figures["floor_ms_p50"] > 0


def test_examples_are_written_for_every_game(tmp_path: Path) -> None:
    for game in games.builtins():
        if not game.renderer:
            continue
        written = bench.write_examples(game, tmp_path)
        assert [p.name for p in written] == [
            f"{game.id}-{kind}.png" for kind in ("board-en", "board-ja", "private", "final")
        ]
        for path in written:
            assert Image.open(BytesIO(path.read_bytes())).format == "PNG"
