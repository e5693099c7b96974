"""Digest checks 23–32: scoring during play, the Pub, final scoring, ties and hidden money."""

from __future__ import annotations

import pytest

from games.base import IllegalMove, InvalidMove
from games.stpetersburg.data import aristocrat_bonus
from games.stpetersburg.models import PubPurchase
from tests.games.stp_helpers import G, end_step, money_of, play, position


def test_check_23_worker_scoring():
    state = position(
        1,
        phase="workers",
        areas={0: ["Lumberjack", "Lumberjack", "Weaving Mill", "Fur Shop"]},
        money={0: 0},
    )
    after = end_step(state)
    assert money_of(after, 0) == 15
    assert after.players[0].points == 2


def test_check_24_mariinskij_pays_per_orange_card():
    area = ["Mariinskij-Theater", "Author", "Administrator", "Secretary", "Senator"]
    state = position(1, phase="buildings", areas={0: area}, money={0: 0})
    after = end_step(state)
    assert money_of(after, 0) == 4
    assert after.players[0].points == 0


def test_check_25_tax_man_pays_per_green_card():
    area = ["Tax Man", "Lumberjack", "Lumberjack", "Shepherd", "Wharf", "Carpenter Workshop"]
    state = position(1, phase="aristocrats", areas={0: area}, money={0: 0})
    after = end_step(state)
    assert money_of(after, 0) == 5
    assert after.players[0].points == 0


def test_only_the_phase_colour_scores_and_trading_phase_scores_nothing():
    area = ["Lumberjack", "Market", "Author"]
    state = position(1, phase="buildings", areas={0: area}, money={0: 0})
    after = end_step(state)
    assert (money_of(after, 0), after.players[0].points) == (0, 1)
    trading = position(1, phase="trading", areas={0: area}, money={0: 0})
    after = end_step(trading)
    assert (money_of(after, 0), after.players[0].points) == (0, 0)


def pub_position(money: int, pubs: int = 1, seats: int = 1):
    return position(seats, phase="buildings", areas={0: ["Pub"] * pubs}, money={0: money})


def test_check_26_pub_with_seven_rubles_buys_at_most_three_points():
    state = end_step(pub_position(7))
    assert state.pending is not None and state.pending.kind == "pub"
    assert [G.format(m) for m in G.legal_moves(state, "A")] == ["pub 0", "pub 1", "pub 2", "pub 3"]
    with pytest.raises(IllegalMove, match="between 0 and 3"):
        play(state, ("A", "pub 4"))
    after = play(state, ("A", "pub 3"))
    assert (money_of(after, 0), after.players[0].points) == (1, 3)
    assert after.pending is None and after.phase == "aristocrats"


def test_check_26_two_pubs_and_25_rubles_allow_ten_points_for_twenty():
    state = end_step(pub_position(25, pubs=2))
    assert G.format(G.legal_moves(state, "A")[-1]) == "pub 10"
    after = play(state, ("A", "pub 10"))
    assert (money_of(after, 0), after.players[0].points) == (5, 10)


def test_check_26_points_are_never_sold_for_rubles():
    state = end_step(pub_position(25))
    with pytest.raises(InvalidMove):
        G.parse("pub -1")
    with pytest.raises(IllegalMove):
        G.apply(state, "A", PubPurchase(points=-1))
    assert all(m.points >= 0 for m in G.legal_moves(state, "A"))


def test_pub_may_spend_the_rubles_of_this_scoring_and_goes_in_marker_order():
    state = position(
        2,
        phase="buildings",
        markers={"buildings": 1},
        turn=1,
        areas={0: ["Pub", "Market"], 1: ["Pub", "Bank"]},
        money={0: 0, 1: 0},
    )
    state = end_step(state)
    # B holds the building marker: B decides first, with the 5 rubles the Bank just paid.
    assert G.to_act(state) == frozenset({"B"})
    assert G.format(G.legal_moves(state, "B")[-1]) == "pub 2"
    state = play(state, ("B", "pub 2"))
    # A earned no rubles (Market pays 1 point only), so A has no decision to make.
    assert state.pending is None and state.phase == "aristocrats"


@pytest.mark.parametrize(
    ("kinds", "bonus"), list(enumerate([0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 55, 55]))
)
def test_check_27_aristocrat_bonus(kinds, bonus):
    assert aristocrat_bonus(kinds) == bonus


def finish(state):
    """Play out to the end with passes only (the stacks given make it the last round)."""
    while not state.finished:
        (seat,) = G.to_act(state)
        moves = G.legal_moves(state, seat)
        state = G.apply(state, seat, moves[0] if moves[0].kind == "pub" else G.parse("pass"))
    return state


def final_position(area, money, hand=(), points=52):
    return position(
        1,
        phase="trading",
        areas={0: area},
        hands={0: list(hand)},
        money={0: money},
        points={0: points},
        stacks={"trading": []},
    )


def test_check_28_r3_rulebook_final_scoring():
    area = [
        "Author",
        "Administrator",
        "Warehouse Manager",
        "Warehouse Manager",
        "Secretary",
        "Controller",
        "Judge",
    ]
    state = finish(final_position(area, 17))
    standing = G.outcome(state).standings[0]
    assert standing.breakdown["aristocrats"] == 21
    assert standing.breakdown["money_points"] == 1
    assert standing.breakdown["hand_penalty"] == 0
    assert standing.score == 74
    assert standing.breakdown["money"] == 17 and money_of(state, 0) == 17


def test_check_29_twelve_kinds_47_rubles_two_cards_in_hand():
    area = [
        "Author", "Administrator", "Warehouse Manager", "Secretary", "Controller", "Judge",
        "Mistress of Ceremonies", "Pope", "Weapon Master", "Chamber Maid", "Builder", "Czar",
    ]  # fmt: skip
    state = finish(final_position(area, 47, hand=["Market", "Theater"], points=0))
    standing = G.outcome(state).standings[0]
    assert (standing.breakdown["aristocrats"], standing.breakdown["money_points"]) == (55, 4)
    assert standing.breakdown["hand_penalty"] == -10
    assert standing.score == 55 + 4 - 10


def two_player_final(money_a, money_b, total=80):
    # Track points chosen so that both final totals are `total` (money adds floor(money/10)).
    track = {0: total - money_a // 10, 1: total - money_b // 10}
    state = position(
        2, phase="trading", money={0: money_a, 1: money_b}, points=track, stacks={"trading": []}
    )
    return G.outcome(finish(state))


def test_check_30_tie_broken_by_money():
    outcome = two_player_final(23, 31)
    assert [s.score for s in outcome.standings] == [80, 80]
    assert outcome.winners == ("B",)
    assert [s.rank for s in outcome.standings] == [1, 2]


def test_check_30_full_tie_shares_first_place():
    outcome = two_player_final(31, 31)
    assert [s.score for s in outcome.standings] == [80, 80]
    assert set(outcome.winners) == {"A", "B"}
    assert [s.rank for s in outcome.standings] == [1, 1]


def test_negative_totals_allowed():
    state = finish(final_position([], 0, hand=["Market", "Theater", "Author"], points=3))
    assert G.outcome(state).standings[0].score == -12


def test_check_31_public_view_hides_money_and_ruble_amounts():
    state = position(2, board=["Lumberjack"], money={0: 25, 1: 25})
    state = play(state, ("A", "buy Lumberjack"))
    public = G.view(state, None)
    assert all(p.money is None for p in public.players)
    assert all(e.kind not in ("paid", "income") for e in public.events)
    other = G.view(state, "B")
    assert other.players[0].money is None and other.players[1].money == 25
    mine = G.view(state, "A")
    assert mine.players[0].money == 22
    assert any(e.kind == "paid" and e.data["amount"] == 3 for e in mine.events)
    text = " ".join(G.describe(e) for e in public.events)
    assert "ruble" not in text.lower()


def test_check_32_public_money_option_shows_all_money():
    state = position(2, board=["Lumberjack"], money={0: 25, 1: 25}, options={"public_money": True})
    state = play(state, ("A", "buy Lumberjack"))
    public = G.view(state, None)
    assert [p.money for p in public.players] == [22, 25]
    assert any(e.kind == "paid" and e.data["amount"] == 3 for e in public.events)


def test_final_scoring_reveals_money_to_everyone():
    state = finish(position(2, phase="trading", money={0: 12, 1: 30}, stacks={"trading": []}))
    assert [p.money for p in G.view(state, None).players] == [12, 30]
