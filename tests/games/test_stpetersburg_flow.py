"""Digest checks 19–22: the end of an action step, deals and refills, rounds, and the end of the game."""

from __future__ import annotations

import json

import pytest

from tests.games.stp_helpers import SEATS, G, end_step, on_board, play, position


def test_check_19_r1_rulebook_action_step():
    state = position(
        4,
        phase="aristocrats",
        turn=0,
        markers={"workers": 1, "buildings": 2, "aristocrats": 0, "trading": 3},
        board=[
            "Administrator",
            "Administrator",
            "Secretary",
            "Ship Builder",
            "St Isaac's Cathedral",
        ],
        hands={2: ["Warehouse Manager"]},
        money={0: 30, 1: 30, 2: 30, 3: 30},
    )
    turns = [
        ("A", "buy Administrator", 0),
        ("B", "pass", 1),
        ("C", "buy Administrator", 0),
        ("D", "take Secretary", 0),
        ("A", "take Ship Builder", 0),
        ("B", "take St Isaac's Cathedral", 0),
        ("C", "play Warehouse Manager", 0),
        ("D", "pass", 1),
        ("A", "pass", 2),
        ("B", "pass", 3),
    ]
    for seat, move, counter in turns:
        state = play(state, (seat, move))
        assert state.phase == "aristocrats"
        assert state.passes == counter
    state = play(state, ("C", "pass"))
    assert state.phase == "trading"  # the step ended after C's pass on turn 11


def test_check_19_r2_online_manual_run_of_passes_starts_at_any_player():
    state = position(4, phase="workers", turn=0, markers={"workers": 0}, board=["Lumberjack"] * 4)
    state = play(state, ("A", "buy Lumberjack"), ("B", "buy Lumberjack"))
    for seat in ("C", "D", "A"):
        state = play(state, (seat, "pass"))
        assert state.phase == "workers"
    state = play(state, ("B", "pass"))
    assert state.phase == "buildings"


def test_check_19_solo_single_pass_ends_the_step():
    state = position(1, phase="workers")
    state = play(state, ("A", "pass"))
    assert state.phase == "buildings"


@pytest.mark.parametrize(("players", "dealt"), [(4, 8), (3, 6), (2, 4), (1, 2)])
def test_check_20_first_worker_deal(players, dealt):
    state = G.new(list(SEATS[:players]), seed=3)
    assert len(on_board(state)) == dealt
    assert all(not slot.old for slot in on_board(state))
    assert state.board[dealt:] == (None,) * (8 - dealt)  # the spaces left empty are the last
    assert len(state.stacks["workers"]) == 31 - dealt


def test_check_20_later_refills_fill_the_board_to_eight():
    state = end_step(G.new(["A", "B"], seed=3))
    assert state.phase == "buildings"
    assert len(on_board(state)) == 8
    assert sum(1 for s in on_board(state) if s.card in G_BUILDINGS) == 4


G_BUILDINGS = {
    "market",
    "customs_house",
    "firehouse",
    "hospital",
    "library",
    "theater",
    "academy",
    "potjomkins_village",
    "pub",
    "warehouse",
    "observatory",
}


def test_check_21_end_of_round():
    state = position(
        3,
        phase="trading",
        turn=0,
        markers={"workers": 0, "buildings": 1, "aristocrats": 2, "trading": 0},
        old=["Market", "Author"],
        board=["Bank", "Pope", "Wharf"],
    )
    next_workers = state.stacks["workers"][:5]
    state = end_step(state)
    assert state.round == 2 and state.phase == "workers"
    assert {"market", "author"} <= set(state.discard)
    # The old cards left their spaces (0 and 1) empty; the rest stay where they lay, and the
    # new workers fill the gaps from the left.
    assert [(s.card, s.old) for s in on_board(state)] == [
        (next_workers[0], False),
        (next_workers[1], False),
        ("bank", True),
        ("pope", True),
        ("wharf", True),
        *((c, False) for c in next_workers[2:]),
    ]
    assert state.markers == {"workers": 1, "buildings": 2, "aristocrats": 0, "trading": 1}
    assert state.turn == 1


def test_check_22_trading_stack_runs_out_then_final_scoring_without_worker_deal():
    state = position(
        2,
        phase="aristocrats",
        board=["Lumberjack", "Market", "Author"],
        stacks={"trading": ["Bank", "Pope", "Wharf"]},
    )
    workers_left = len(state.stacks["workers"])
    state = end_step(state)
    assert state.phase == "trading"
    assert len(on_board(state)) == 6  # only 3 trading cards could be dealt into the 5 free spaces
    assert state.stacks["trading"] == ()
    assert not state.finished
    state = end_step(state)
    assert state.finished
    assert G.outcome(state) is not None
    assert len(state.stacks["workers"]) == workers_left  # no further worker deal
    assert G.to_act(state) == frozenset()


def test_check_22_worker_stack_running_out_in_the_opening_deal_plays_the_whole_round():
    state = position(
        2,
        phase="trading",
        board=["Lumberjack", "Shepherd", "Market", "Author"],
        stacks={"workers": ["Gold Miner", "Fur Trapper"]},
    )
    state = end_step(state)  # end of round 1: the deal takes the last 2 workers
    assert state.stacks["workers"] == () and state.round == 2 and state.phase == "workers"
    for phase in ("buildings", "aristocrats", "trading"):
        state = end_step(state)
        assert not state.finished and state.phase == phase
    state = end_step(state)
    assert state.finished


def test_markers_rotate_one_seat_each_round_in_a_two_player_game():
    state = position(
        2, phase="trading", markers={"workers": 0, "buildings": 0, "aristocrats": 1, "trading": 1}
    )
    state = end_step(state)
    assert state.markers == {"workers": 1, "buildings": 1, "aristocrats": 0, "trading": 0}


def test_marker_shares_per_player_count():
    for n, shares in ((1, [4]), (2, [2, 2]), (3, [2, 1, 1]), (4, [1, 1, 1, 1])):
        for seed in range(10):
            markers = G.new(list(SEATS[:n]), seed=seed).markers
            counts = sorted((list(markers.values()).count(s) for s in range(n)), reverse=True)
            assert counts == shares


def test_three_player_double_marker_goes_to_different_seats_across_seeds():
    doubles = set()
    for seed in range(30):
        markers = G.new(["A", "B", "C"], seed=seed).markers
        values = list(markers.values())
        doubles.add(next(s for s in range(3) if values.count(s) == 2))
    assert doubles == {0, 1, 2}


def test_market_spaces_keep_their_places_and_refills_fill_the_gaps():
    state = position(2, phase="workers", board=["Lumberjack", "Shepherd", "Gold Miner"])
    before = state.board
    state = play(state, ("A", "take Shepherd"))
    assert state.board[1] is None  # an empty space where the card was taken
    assert state.board[0] == before[0] and state.board[2] == before[2]
    next_buildings = state.stacks["buildings"][:6]
    state = end_step(state)
    assert state.phase == "buildings"
    cards = [slot.card for slot in state.board if slot is not None]
    assert cards == ["lumberjack", next_buildings[0], "gold_miner", *next_buildings[1:]]


def test_a_state_saved_before_the_market_kept_its_spaces_loads_with_the_free_spaces_last():
    state = position(2, phase="workers", board=["Lumberjack", "Shepherd", "Gold Miner"])
    saved = json.loads(state.model_dump_json())
    saved["board"] = [slot for slot in saved["board"] if slot is not None]  # the old form
    loaded = G.load(json.dumps(saved))
    assert loaded == state
    loaded = end_step(loaded)
    assert len(on_board(loaded)) == 8  # the refill still fills the board
