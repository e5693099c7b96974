"""Digest checks 12–18: trading-card targets, the hand limit, the Warehouse and the Observatory."""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from tests.games.stp_helpers import G, end_step, money_of, play, position


def formatted(state, seat="A"):
    return {G.format(m) for m in G.legal_moves(state, seat)}


def test_check_12_gold_smelter_cannot_displace_a_lumberjack():
    state = position(areas={0: ["Lumberjack"]}, board=["Gold Smelter"], money={0: 40})
    assert not any(m.startswith("buy Gold Smelter") for m in formatted(state))
    with pytest.raises(IllegalMove, match="none it can replace"):
        play(state, ("A", "buy Gold Smelter > Lumberjack"))


def test_check_13_weaving_mill_can_displace_the_czar_and_carpenter():
    state = position(
        areas={0: ["Czar and Carpenter", "Shepherd"]}, board=["Weaving Mill"], money={0: 40}
    )
    moves = formatted(state)
    assert "buy Weaving Mill > Czar and Carpenter" in moves
    assert "buy Weaving Mill > Shepherd" in moves
    after = play(state, ("A", "buy Weaving Mill > Czar and Carpenter"))
    assert sorted(after.players[0].area) == ["shepherd", "weaving_mill"]
    assert "czar_and_carpenter" in after.discard


def test_check_14_blue_trading_card_targets_only_plain_buildings():
    state = position(
        areas={0: ["Administrator", "Bank", "Market"]}, board=["Peterhof"], money={0: 40}
    )
    moves = {m for m in formatted(state) if m.startswith("buy Peterhof")}
    assert moves == {"buy Peterhof > Market"}
    for target in ("Administrator", "Bank"):
        with pytest.raises(IllegalMove):
            play(state, ("A", f"buy Peterhof > {target}"))


def test_check_15_trading_card_without_target_can_be_taken_but_not_bought():
    state = position(areas={0: []}, board=["Senator"], money={0: 40})
    moves = formatted(state)
    assert "take Senator" in moves
    assert not any(m.startswith("buy Senator") for m in moves)
    after = play(state, ("A", "take Senator"))
    assert after.players[0].hand == ("senator",)
    assert not any(
        m.startswith("play") for m in formatted(after.model_copy(update={"turn": 0}), "A")
    )


def test_check_16_hand_limit_three_and_four_with_warehouse():
    full = position(hands={0: ["Market", "Market", "Author"]}, board=["Lumberjack"])
    assert not any(m.startswith("take") for m in formatted(full))
    with pytest.raises(IllegalMove, match="hand is full"):
        play(full, ("A", "take Lumberjack"))
    warehouse = position(
        areas={0: ["Warehouse"]}, hands={0: ["Market", "Market", "Author"]}, board=["Lumberjack"]
    )
    assert "take Lumberjack" in formatted(warehouse)
    four = play(warehouse, ("A", "take Lumberjack"))
    assert len(four.players[0].hand) == 4
    assert not any(m.startswith("take") for m in formatted(four.model_copy(update={"turn": 0})))


def test_check_17_warehouse_displaced_with_four_cards_in_hand():
    state = position(
        areas={0: ["Warehouse"]},
        hands={0: ["Market", "Market", "Author", "Lumberjack"]},
        board=["Bank", "Shepherd"],
        money={0: 40},
    )
    state = play(state, ("A", "buy Bank > Warehouse"))
    me = state.players[0]
    assert len(me.hand) == 4 and "warehouse" not in me.area
    state = state.model_copy(update={"turn": 0})
    assert not any(m.startswith("take") for m in formatted(state))
    # Playing two cards brings the hand to 2 (< 3): taking is legal again.
    state = play(state, ("A", "play Market"))
    state = play(state.model_copy(update={"turn": 0}), ("A", "play Lumberjack"))
    assert "take Shepherd" in formatted(state.model_copy(update={"turn": 0}))


def test_check_17_hand_of_three_after_losing_warehouse_cannot_take():
    state = position(
        areas={0: ["Warehouse"]},
        hands={0: ["Market", "Market", "Author", "Lumberjack"]},
        board=["Bank", "Shepherd"],
        money={0: 40},
    )
    state = play(state, ("A", "buy Bank > Warehouse"), ("B", "pass"), ("A", "play Market"))
    assert len(state.players[0].hand) == 3
    state = play(state, ("B", "pass"))
    assert not any(m.startswith("take") for m in formatted(state))


def test_check_18_observatory_only_in_building_phase():
    for phase in ("workers", "aristocrats", "trading"):
        state = position(phase=phase, areas={0: ["Observatory"]})
        assert not any(m.startswith("observe") for m in formatted(state))
        with pytest.raises(IllegalMove, match="only be used in the building phase"):
            play(state, ("A", "observe workers"))
    state = position(phase="buildings", areas={0: ["Observatory"]})
    assert {m for m in formatted(state) if m.startswith("observe")} == {
        "observe workers",
        "observe buildings",
        "observe aristocrats",
        "observe trading",
    }


def test_check_18_observatory_illegal_on_a_stack_of_one_card():
    state = position(
        phase="buildings", areas={0: ["Observatory"]}, stacks={"aristocrats": ["Author"]}
    )
    assert "observe aristocrats" not in formatted(state)
    with pytest.raises(IllegalMove, match="at least 2 cards"):
        play(state, ("A", "observe aristocrats"))


def test_check_18_used_observatory_scores_zero_unused_scores_one():
    used = position(
        phase="buildings",
        areas={0: ["Observatory"], 1: ["Observatory"]},
        stacks={"buildings": ["Market", "Firehouse", "Library"]},
    )
    used = play(used, ("A", "observe buildings"), ("A", "discard drawn"))
    after = end_step(used)
    assert after.players[0].points == 0  # used this round
    assert after.players[1].points == 1  # face up


def test_face_down_observatory_can_be_displaced_by_a_blue_trading_card():
    # Seed 000 (the Japanese rulebook): 「青の交換カードは、任意の配置している建築物と置き換えられます。」
    # A used Observatory is turned face down but stays a building, so it can be replaced.
    state = position(
        phase="buildings",
        areas={0: ["Observatory"]},
        board=["Bank"],
        money={0: 40},
        stacks={"buildings": ["Market", "Firehouse", "Library"]},
    )
    state = play(state, ("A", "observe buildings"), ("A", "take drawn"), ("B", "pass"))
    assert state.players[0].observatories_used == 1
    assert "buy Bank > Observatory" in formatted(state)
    state = play(state, ("A", "buy Bank > Observatory"))
    assert state.players[0].area == ("bank",)
    assert state.players[0].observatories_used == 0
    assert "observatory" in state.discard
    # 13 − 6 (the Observatory's printed cost)
    assert money_of(state, 0) == 40 - 7


def test_card_revealed_by_an_observatory_can_replace_that_observatory():
    state = position(
        phase="buildings",
        areas={0: ["Observatory"]},
        money={0: 40},
        stacks={"trading": ["Bank", "Harbor"]},
    )
    state = play(state, ("A", "observe trading"))
    assert "buy drawn > Observatory" in formatted(state)
    state = play(state, ("A", "buy drawn > Observatory"))
    assert state.players[0].area == ("bank",)
    assert state.players[0].observatories_used == 0


def test_displacing_one_of_two_observatories_gives_up_the_face_down_one():
    state = position(
        phase="buildings",
        areas={0: ["Observatory", "Observatory"]},
        board=["Bank"],
        money={0: 40},
        stacks={"buildings": ["Market", "Firehouse", "Library"]},
    )
    state = play(state, ("A", "observe buildings"), ("A", "discard drawn"), ("B", "pass"))
    state = play(state, ("A", "buy Bank > Observatory"))
    assert state.players[0].area == ("observatory", "bank")
    assert state.players[0].observatories_used == 0  # the one left is face up: usable, scores 1
    state = play(state, ("B", "pass"))
    assert any(m.startswith("observe") for m in formatted(state))


def test_two_observatories_each_used_once_per_round():
    state = position(
        1,
        phase="buildings",
        areas={0: ["Observatory", "Observatory"]},
        stacks={"buildings": ["Market", "Firehouse", "Library", "Theater"]},
    )
    state = play(state, ("A", "observe buildings"), ("A", "discard drawn"))
    assert any(m.startswith("observe") for m in formatted(state))
    state = play(state, ("A", "observe buildings"), ("A", "discard drawn"))
    assert not any(m.startswith("observe") for m in formatted(state))


def test_observatory_card_that_can_be_neither_paid_nor_held_must_be_discarded():
    state = position(
        phase="buildings",
        areas={0: ["Observatory"]},
        hands={0: ["Market", "Market", "Author"]},
        money={0: 3},
        stacks={"buildings": ["Theater", "Firehouse"]},
    )
    state = play(state, ("A", "observe buildings"))
    assert formatted(state) == {"discard drawn"}


def test_pending_decision_blocks_other_moves_with_a_clear_reason():
    state = position(
        phase="buildings", areas={0: ["Observatory"]}, stacks={"buildings": ["Market", "Firehouse"]}
    )
    state = play(state, ("A", "observe buildings"))
    with pytest.raises(IllegalMove, match="First buy, take or discard"):
        play(state, ("A", "pass"))
