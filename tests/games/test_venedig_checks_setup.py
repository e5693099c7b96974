"""Venedig digest §4 checks 1–11: components, setup, board and points, cards and architects."""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.venedig import GAME
from games.venedig.core import points_for
from games.venedig.data import DATA, TYPES
from tests.games.venedig_helpers import (
    built,
    counts,
    drained,
    events,
    kinds,
    label,
    play,
    player,
    pos,
    space,
    start,
    with_architect,
    with_player,
)


def test_check_01_pieces_and_supply():
    assert dict(zip(TYPES, DATA.pieces, strict=True)) == {
        "casa": 19,
        "palazzo": 6,
        "campo": 6,
        "basilika": 5,
        "ponte": 6,
    }
    state = GAME.new(["a", "b", "c"], seed=4)
    assert dict(zip(TYPES, state.supply, strict=True)) == {
        "casa": 18,
        "palazzo": 5,
        "campo": 5,
        "basilika": 4,
        "ponte": 5,
    }


@pytest.mark.parametrize("players", [3, 4, 5])
def test_check_02_tiles_cards_pool_gondolas(players):
    state = GAME.new([f"p{i}" for i in range(players)], seed=players)
    assert len(state.swamp_bag) == 86 == state.board.count(".")
    assert len(state.treasure) == 18
    assert all(len(p.hand) == 3 for p in state.players)
    assert len(state.deck) == 42 - 3 * players
    assert sorted(state.deck + sum((p.hand for p in state.players), ())) == sorted(
        k for k, n in enumerate(DATA.cards) for _ in range(n)
    )
    assert state.pool == () and all(p.pos == 0 for p in state.players)


def test_check_03_board_consistency():
    free = DATA.initial_board()
    assert len(DATA.cells) == 100 == free.count(".") + 9 + len(DATA.material)
    assert len(DATA.material) == 5
    assert DATA.track_adjacent[0] == frozenset()
    assert all(DATA.track_adjacent[n] == frozenset() for n in range(57, 61))
    assert DATA.track_adjacent[10] == DATA.track_adjacent[45] == frozenset("ABCD")
    assert DATA.track_cells[10] == DATA.track_cells[45]
    for n in range(1, 57):
        if n not in (10, 45):
            assert 1 <= len(DATA.track_adjacent[n]) <= 2, n
    assert {d: len(s) for d, s in DATA.district_spaces.items()} == {
        "A": 20,
        "B": 20,
        "C": 20,
        "D": 16,
        "E": 24,
    }
    assert all(status in ("confirmed", "reconstructed") for status in DATA.status.values())
    assert DATA.status["board"] == "reconstructed" and DATA.status["rules"] == "confirmed"


def palazzo_example():
    """Digest check 4: A and B hold Palazzo cards, B is master builder; A is active."""
    state = start(3)
    state = with_player(state, "A", front=counts(palazzo=1))
    state = with_player(state, "B", front=counts(palazzo=2))
    state = with_architect(state, "palazzo", 1)
    return drained(state, (10, 4), (10, 5))


def test_check_04_palazzo_rulebook_example():
    state = palazzo_example()
    assert GAME.format(GAME.legal_moves(state, "A")[0]) == "resolve palazzo"
    state = play(state, "A", "resolve palazzo")
    assert GAME.to_act(state) == {"B"}
    at = f"{label(10, 4)}-{label(10, 5)}"
    state = play(state, "B", f"build palazzo {at}")
    assert events(state, "build")[0]["points"] == {"B": 5, "A": 2}
    assert (pos(state, "B"), pos(state, "A")) == (5, 2)
    assert state.architects[TYPES.index("palazzo")] is None
    assert GAME.to_act(state) == {"A"} and state.phase == "build"


def test_check_05_campo_on_material_space():
    state = palazzo_example()
    state = play(state, "A", "resolve palazzo")
    state = play(state, "B", f"build palazzo {label(10, 4)}-{label(10, 5)}")
    assert space(11, 4) in DATA.material
    state = with_player(state, "A", hand=kinds("campo", "campo", "campo"))
    state = play(state, "A", f"solo campo {label(11, 4)}")
    assert events(state, "build")[0]["points"] == {"A": 3}


def test_check_06_palazzo_neighbours_at_most_eight():
    a, b = space(3, 3), space(4, 3)
    around = {n for s in (a, b) for n in DATA.neighbours[s]} - {a, b}
    assert len(around) == 8
    assert max(len({n for s in p for n in DATA.neighbours[s]} - set(p)) for p in DATA.pairs) == 8


def ponte_example():
    """Digest check 7: Ponte on BE1; district B holds 2 Casas and E holds 5."""
    state = start(3)
    state = built(state, "casa", (8, 3), (9, 3), (15, 3), (17, 3), (18, 3), (19, 3))
    state = drained(state, (12, 2), (14, 2))
    state = with_player(state, "A", front=counts(ponte=2))
    state = with_player(state, "B", front=counts(ponte=1))
    return with_architect(state, "ponte", 0)


@pytest.mark.parametrize(("district", "points"), [("E", {"A": 5, "B": 2}), ("B", {"A": 2, "B": 1})])
def test_check_07_ponte_scores_the_chosen_district(district, points):
    state = ponte_example()
    state = play(state, "A", f"build ponte BE1 {district}")
    assert events(state, "build")[0]["points"] == points


def triangle(state):
    return drained(state, (15, 4), (16, 4), (15, 5))


def test_check_08_basilika_solo_and_shared():
    state = triangle(start(3))
    state = with_player(state, "A", hand=kinds(*["basilika"] * 4))
    at = f"{label(15, 4)}-{label(16, 4)}-{label(15, 5)}"
    solo = play(state, "A", f"solo basilika {at}")
    assert events(solo, "build")[0]["points"] == {"A": 7}
    shared = with_player(triangle(start(3)), "A", front=counts(basilika=2))
    shared = with_player(shared, "B", front=counts(basilika=1))
    shared = with_player(shared, "C", front=counts(basilika=1))
    shared = with_architect(shared, "basilika", 0)
    shared = play(shared, "A", f"build basilika {at}")
    assert events(shared, "build")[0]["points"] == {"A": 7, "B": 3, "C": 3}


def test_check_09_casa_one_point_card_discarded_three_in_a_turn():
    state = with_player(start(3), "A", hand=kinds("casa", "casa", "casa"))
    architects = state.architects
    for c, r in [(5, 2), (11, 4), (18, 4)]:
        state = play(state, "A", f"casa {label(c, r)}")
        assert events(state, "build")[0]["points"] == {"A": 1}
        assert state.architects == architects
    assert state.discard.count(0) == 3
    assert pos(state, "A") == 3 and state.supply[0] == 18 - 3
    assert player(state, "A").hand == ()


def basilika_led_by_a():
    state = start(3).model_copy(update={"turn": 1})
    state = with_player(state, "A", front=counts(basilika=1))
    state = with_player(state, "B", hand=kinds("basilika", "basilika", "basilika"))
    return with_architect(state, "basilika", 0)


def test_check_10_architect_needs_more_cards_and_the_cap_holds():
    one = play(basilika_led_by_a(), "B", "play basilika 1")
    assert one.architects[TYPES.index("basilika")] == 0
    two = play(basilika_led_by_a(), "B", "play basilika 2")
    assert two.architects[TYPES.index("basilika")] == 1
    capped = with_player(one, "B", hand=kinds("basilika", "basilika", "basilika"))
    capped = capped.model_copy(update={"turn": 1, "phase": "build"})
    with pytest.raises(IllegalMove, match="Only 2 more"):
        GAME.apply(capped, "B", GAME.parse("play basilika 3"))


def test_check_11_solo_play_leaves_the_group_alone():
    state = triangle(start(3)).model_copy(update={"turn": 2})
    state = with_player(state, "A", front=counts(basilika=2))
    state = with_player(state, "B", front=counts(basilika=1))
    state = with_architect(state, "basilika", 0)
    state = with_player(state, "C", hand=kinds(*["basilika"] * 4))
    at = f"{label(15, 4)}-{label(16, 4)}-{label(15, 5)}"
    state = play(state, "C", f"solo basilika {at}")
    assert events(state, "build")[0]["points"] == {"C": 7}
    assert player(state, "A").front == counts(basilika=2)
    assert player(state, "B").front == counts(basilika=1)
    assert state.architects[TYPES.index("basilika")] == 0
    board = state.board
    assert points_for(DATA, board, 3, (space(15, 4),), None) == 7
