"""Venedig's working table keeps what a scan of its board would find, and gold conversions
depend only on the tiles held: the kernel's shortcuts checked against the definitions."""

from __future__ import annotations

import random
from itertools import product

from games.venedig import GAME
from games.venedig.catalog import conversions
from games.venedig.core import locations, out, out_by_type
from games.venedig.data import DATA, TYPES
from games.venedig.models import FREE, SWAMP, Convert, free_spaces, swamp_spaces
from games.venedig.rules import Table

PIECES = (FREE, SWAMP, *(str(kind) for kind in range(len(TYPES))))


def test_a_table_keeps_its_free_and_swamp_spaces_as_a_scan_finds_them() -> None:
    dice = random.Random(27)
    checked = 0
    for seed in range(40):
        state = GAME.new(["a", "b", "c"], seed=seed)
        table = Table(state, GAME.catalog, record=False)
        if seed % 2:  # known from the start: kept up to date by every put
            assert table.free == free_spaces(table.board)
            assert table.swamps == swamp_spaces(table.board)
        for _ in range(60):
            board = table.board
            if dice.random() < 0.7:  # what the rules do: drain a swamp, build on free spaces
                swamps = [s for s, c in enumerate(board) if c == SWAMP]
                free = [s for s, c in enumerate(board) if c == FREE]
                if dice.random() < 0.5 and swamps:
                    spaces, piece = (dice.choice(swamps),), FREE
                elif free:
                    count = min(len(free), dice.randint(1, 3))
                    spaces, piece = tuple(dice.sample(free, count)), dice.choice(PIECES[2:])
                else:
                    continue
            else:  # anything on any spaces, even twice the same
                count = dice.randint(1, 3)
                spaces = tuple(dice.randrange(len(board)) for _ in range(count))
                piece = dice.choice(PIECES)
            table.put(spaces, piece)
            expected = list(board)
            for s in spaces:
                expected[s] = piece
            assert table.board == "".join(expected)
            if dice.random() < 0.3:  # read now and then, so some tables learn them late
                assert table.free == free_spaces(table.board)
                assert table.swamps == swamp_spaces(table.board)
            checked += 1
        assert table.free == free_spaces(table.board)
        assert table.swamps == swamp_spaces(table.board)
    assert checked > 2000


def _conversions_by_definition(values: tuple[int, ...], per_step: int) -> list[Convert]:
    """Every sub-multiset of the non-zero tiles worth at least a step, least waste first, then
    most steps, then the values in order: the definition the cached listing must match."""
    counts: dict[int, int] = {}
    for v in values:
        if v > 0:
            counts[v] = counts.get(v, 0) + 1
    kinds = sorted(counts)
    found = []
    for picks in product(*(range(counts[v] + 1) for v in kinds)):
        chosen = tuple(v for v, n in zip(kinds, picks, strict=True) for _ in range(n))
        if sum(chosen) >= per_step:
            found.append((sum(chosen) % per_step, -(sum(chosen) // per_step), chosen))
    return [Convert(values=chosen) for _, _, chosen in sorted(found)]


def test_conversions_depend_only_on_the_tiles_held_not_their_order() -> None:
    dice = random.Random(2703)
    tiles = (*DATA.swamp_values, *DATA.treasure_values)
    for _ in range(600):
        held = [dice.choice(tiles) for _ in range(dice.randint(0, 7))]
        shuffled = list(held)
        dice.shuffle(shuffled)
        expected = _conversions_by_definition(tuple(held), DATA.gold_per_step)
        assert list(conversions(tuple(held), DATA.gold_per_step)) == expected
        assert list(conversions(tuple(shuffled), DATA.gold_per_step)) == expected


def test_free_locations_are_those_whose_spaces_are_all_free() -> None:
    dice = random.Random(2704)
    cat = GAME.catalog
    for _ in range(150):
        board = "".join(dice.choice((FREE, FREE, SWAMP, "1", "3")) for _ in DATA.cells)
        for kind in range(1, len(TYPES)):
            free = {s for s, c in enumerate(board) if c == FREE}
            expected = tuple(
                i for i, spaces in enumerate(cat.location_spaces[kind]) if free.issuperset(spaces)
            )
            assert locations(cat, board, kind) == expected


def test_out_by_type_is_out_of_each_type() -> None:
    for seed, players in product(range(6), (2, 3, 5)):
        dice = random.Random(seed)
        state = GAME.new([f"p{i}" for i in range(players)], seed=seed)
        for _ in range(120):
            if GAME.outcome(state) is not None:
                break
            assert out_by_type(state) == [out(state, kind) for kind in range(len(TYPES))]
            seat = min(GAME.to_act(state))
            state = GAME.apply(state, seat, dice.choice(GAME.legal_moves(state, seat)))
