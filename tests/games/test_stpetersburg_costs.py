"""Digest §1.6 and checks 1–11: every cost example, paid through a real Buy or Play."""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.stpetersburg import rules
from tests.games.stp_helpers import G, money_of, play, position


def paid(state, text: str, seat: str = "A") -> int:
    after = play(state, (seat, text))
    return money_of(state, 0) - money_of(after, 0)


@pytest.mark.parametrize(
    ("case", "area", "board", "old", "move", "expected"),
    [
        ("C1", [], ["Fur Trapper"], [], "buy Fur Trapper", 6),
        ("C2", ["Market", "Market"], ["Market"], [], "buy Market", 3),
        ("C3", [], [], ["Theater"], "buy old Theater", 19),
        ("C4", ["Gold Smelter"], ["Warehouse Manager"], [], "buy Warehouse Manager", 9),
        ("C5", ["Carpenter Workshop"], ["Firehouse"], [], "buy Firehouse", 10),
        ("C6", ["Theater", "Carpenter Workshop"], [], ["Theater"], "buy old Theater", 17),
        ("C8", ["Ship Builder"], ["Wharf"], [], "buy Wharf > Ship Builder", 5),
        ("C9 judge", ["Judge"], ["Senator"], [], "buy Senator > Judge", 1),
        (
            "C9 mistress",
            ["Mistress of Ceremonies"],
            ["Senator"],
            [],
            "buy Senator > Mistress of Ceremonies",
            1,
        ),
        ("C9 secretary", ["Secretary"], ["Senator"], [], "buy Senator > Secretary", 1),
        (
            "C10",
            ["Market", "Carpenter Workshop"],
            [],
            ["St Isaac's Cathedral"],
            "buy old St Isaac's Cathedral > Market",
            8,
        ),
        ("C11", ["Market"], ["Bank"], [], "buy Bank > Market", 8),
        (
            "identical discount, cost 8",
            ["Customs House"] * 2,
            ["Customs House"],
            [],
            "buy Customs House",
            6,
        ),
        (
            "check 2",
            ["Potjomkin's Village", "Carpenter Workshop"],
            ["Bank"],
            [],
            "buy Bank > Potjomkin's Village",
            6,
        ),
        (
            "check 3",
            ["Potjomkin's Village"],
            ["Mariinskij-Theater"],
            [],
            "buy Mariinskij-Theater > Potjomkin's Village",
            4,
        ),
        ("check 4", ["Academy"], ["Bank"], [], "buy Bank > Academy", 1),
        (
            "check 5",
            ["Czar and Carpenter"],
            ["Carpenter Workshop"],
            [],
            "buy Carpenter Workshop > Czar and Carpenter",
            1,
        ),
        ("check 6", ["Czar and Carpenter"], ["Wharf"], [], "buy Wharf > Czar and Carpenter", 4),
        (
            "check 7",
            ["Mistress of Ceremonies", "Gold Smelter"],
            ["Czar"],
            [],
            "buy Czar > Mistress of Ceremonies",
            5,
        ),
        ("check 8", ["Shepherd"], ["Weaving Mill"], [], "buy Weaving Mill > Shepherd", 3),
        ("check 9", ["Wharf", "Ship Builder"], [], ["Wharf"], "buy old Wharf > Ship Builder", 3),
        ("check 10 first", ["Carpenter Workshop"], ["Pub"], [], "buy Pub", 1),
        ("check 10 second", ["Pub", "Carpenter Workshop"], ["Pub"], [], "buy Pub", 1),
        ("check 11", ["Gold Smelter"], ["Author"], [], "buy Author", 3),
    ],
)
def test_cost_examples(case, area, board, old, move, expected):
    state = position(areas={0: area}, board=board, old=old, money={0: 40})
    assert paid(state, move) == expected, case


def test_c12_three_copies_of_a_cost_5_building():
    # "The player has 2 copies of a cost-5 building and buys a third": Market costs 5.
    state = position(areas={0: ["Market", "Market"]}, board=["Market"], money={0: 40})
    assert paid(state, "buy Market") == 3


def test_c7_lumberjack_bought_five_times_in_a_row():
    state = position(1, board=["Lumberjack"] * 5, money={0: 40})
    payments = []
    for _ in range(5):
        before = money_of(state, 0)
        state = play(state, ("A", "buy Lumberjack"))
        payments.append(before - money_of(state, 0))
    assert payments == [3, 2, 1, 1, 1]


def test_check_11_author_taken_while_old_then_played_gets_no_old_discount():
    state = position(1, old=["Author"], money={0: 40})
    state = play(state, ("A", "take old Author"))
    assert state.players[0].hand == ("author",)
    assert paid(state, "play Author") == 4


def test_observatory_drawn_card_gets_no_old_discount_but_other_discounts():
    state = position(
        1,
        phase="buildings",
        areas={0: ["Observatory", "Market", "Carpenter Workshop"]},
        stacks={"buildings": ["Market", "Firehouse"]},
        money={0: 40},
    )
    state = play(state, ("A", "observe buildings"))
    assert state.pending is not None and state.pending.card == "market"
    # 5 − 1 (one Market already) − 1 (Carpenter Workshop), no −1 for an old card.
    assert paid(state, "buy drawn") == 3


def test_cost_never_below_one_and_discounts_stack():
    # All six Lumberjacks in play (the market holds something else, or there would be seven).
    player = position(areas={0: ["Lumberjack"] * 6}, board=["Market"]).players[0]
    assert rules.cost(player, "lumberjack", old=True) == 1


def test_buy_refused_when_it_costs_more_than_the_money():
    state = position(board=["Theater"], money={0: 19})
    with pytest.raises(IllegalMove, match="costs you 20 rubles; you have 19"):
        play(state, ("A", "buy Theater"))
    assert G.view(state, "A").players[0].money == 19
