"""The 33 checks of the Catherine digest (§3), one test each, named after its number.

Tests marked (R) in the digest read their expected values from the (reconstructed) data.
"""

from __future__ import annotations

import json
import random

from games.catherine.data import BOOK, CANNON, shipped_text
from games.catherine.models import Bonus, Market, State
from games.catherine.rules import Table, network, order_matched, order_vp, own
from tests.games.cat_helpers import (
    D,
    G,
    activating,
    events,
    interim,
    play,
    set_player,
    start,
)
from tests.games.positions import at
from tests.games.test_conformance import random_game


def position_with(**column: int) -> int:
    """The first favour position whose track values include `column` (e.g. hand_limit=6)."""
    for step in D.track:
        if all(getattr(step, key) == value for key, value in column.items()):
            return step.position
    raise AssertionError(column)


def placing(players: int = 2) -> State:
    """Round 1, phase B, with empty displays and hands for the test to fill."""
    empty = {
        f"{seat}.{part}": "" for seat in range(1, players + 1) for part in ("hand", "row", "below")
    }
    return at(G, start(players), {"phase": "place", "round": 1, **empty})


# ---------------------------------------------------------------- worked examples


def test_check_01_hand_limit_caps_action_draws_but_not_phase_a():
    favour = position_with(hand_limit=6)
    state = activating(
        "W28", "W01", row=("W23", "W16"), hand=("C01", "C02", "C03", "C04"), favour=favour
    )
    assert own(D, state.players[0].row, state.players[0].tiles)[BOOK] == 3
    after = play(state, "a", "execute")
    assert len(after.players[0].hand) == 6
    assert after.players[0].vp == 1
    # Phase A's two cards are taken even above the limit (3 at favour 0).
    full = set_player(start(2), 0, hand=("C01", "C02", "C03", "C04", "C05", "C06", "C07"))
    table = Table(D, full)
    table.start_round()
    assert len(table.seats[0].hand) == 9 and table.seats[0].vp == 0


def test_check_02_market_draws_per_owned_good():
    state = activating(
        "W15", "W01", row=("W30", "W17"), tiles=(2, 1, 0, 0), favour=position_with(hand_limit=7)
    )
    assert [m for m in G.legal_moves(state, "a") if isinstance(m, Market)][-1].count == 5
    after = play(state, "a", "market 5")
    assert len(after.players[0].hand) == 5 and after.players[0].vp == 0


def test_check_03_book_scoring_builds_jokers_and_ties():
    def books(*rows: tuple[str, ...]) -> State:
        state = start(4).model_copy(update={"phase": "activate", "round": 4, "events": ()})
        for seat, row in enumerate(rows):
            state = set_player(state, seat, row=row, below=("",) * len(row), hand=())
        return interim(state)

    state = books(("W23", "C23"), ("W23",), ("E23",), ("W16",))
    assert [p.todo for p in state.players] == ["books", "", "", ""]
    assert [p.jokers for p in state.players] == [0, 1, 1, 0]
    state = books(("W23", "C23"), ("W23",), ("E23",), ("C23",))
    assert [p.todo for p in state.players] == ["books", "", "", ""]
    assert [p.jokers for p in state.players] == [0, 0, 0, 0]
    state = books(("W23",), ("C23",), ("E23",), ("W23",))
    assert [p.todo for p in state.players] == ["books"] * 4


def test_check_04_network_of_eight_houses_one_isolated():
    houses = ("stp", "rig", "smo", "nov", "kie", "kha", "vor", "irk")
    assert network(D, houses) == 7
    state = set_player(start(2), 0, houses=houses, favour=position_with(multiplier=3))
    table = Table(D, state.model_copy(update={"round": 12}))
    table.final()
    assert table.seats[0].breakdown["network"] == 21


def test_check_05_order_card_scores_5_8_12():
    assert [order_vp(D, n) for n in (4, 5, 6, 7)] == [0, 5, 8, 12]


# ---------------------------------------------------------------- activation


def test_check_06_mismatch_and_declining_draw_one_card():
    state = placing()
    state = set_player(state, 0, hand=("W17", "C01", "C02"), row=("W16",), below=("",))
    state = set_player(state, 1, hand=("W18", "W01", "W02"), row=("W19",), below=("",))
    state = play(state, "a", "row W17", "place C01 under W17")
    state = play(state, "b", "row W18", "place W01 under W18")
    a = state.players[0]
    assert events(state, "mismatch")[0].seat == "a"
    assert len(a.hand) == 2 and a.todo == ""  # C02 and the compensation card
    assert state.players[1].todo == "action"
    declined = play(activating("W33", "W01", hand=("C01",)), "a", "decline")
    assert len(declined.players[0].hand) == 2 and declined.players[0].vp == 0


def test_check_07_bonus_only_after_the_action_and_once():
    state = activating("W33", "W01", hand=("C01", "C02"))
    assert not any(isinstance(m, Bonus) for m in G.legal_moves(state, "a"))
    state = play(state, "a", "execute")
    assert state.players[0].vp == 3 and state.players[0].todo == "bonus"
    state = play(state, "a", "bonus C01")
    assert state.players[0].vp == 7
    assert "a" not in G.to_act(state) and G.legal_moves(state, "a") == []


def test_check_08_only_action_row_tops_count_and_at_once():
    # W22 (2 cannons) lies in the activation row under W15 (1 cannon): 1 cannon owned.
    state = set_player(start(2), 0, row=("W15",), below=("W22",))
    assert G.view(state, None).players[0].own[CANNON] == 1
    # The iron on W30, placed in the action row this round, feeds this round's W16 market.
    state = placing()
    state = set_player(state, 0, hand=("W30", "W05"), row=("W16",), below=("",))
    state = set_player(state, 1, hand=("W18", "W01"), row=("W19",), below=("",))
    state = play(state, "a", "row W30", "place W05 under W16")
    state = play(state, "b", "row W18", "place W01 under W18")
    counts = [m.count for m in G.legal_moves(state, "a") if isinstance(m, Market)]
    assert counts == [0, 1]


def test_check_09_numbered_arrow_and_its_bonus():
    state = activating("W26", "W01", hand=("C01", "C02", "C03", "C04"))
    state = play(state, "a", "discard C01 C02")
    assert state.players[0].favour == 4
    state = play(state, "a", "bonus C03")
    assert state.players[0].favour == 5


def test_check_10_three_cards_for_ten_vp_and_the_colour_bonus():
    same = play(activating("W21", "W01", hand=("C01", "C02", "C03")), "a", "discard C01 C02 C03")
    assert same.players[0].vp == 10 and same.players[0].todo == "bonus"
    assert play(same, "a", "bonus").players[0].favour == 1
    mixed = play(activating("W21", "W01", hand=("C01", "C02", "E03")), "a", "discard C01 C02 E03")
    assert mixed.players[0].vp == 10 and mixed.players[0].todo == ""


def test_check_11_two_vp_per_book_even_with_none():
    state = play(activating("W23", "W01", row=("W16",)), "a", "execute")
    assert state.players[0].vp == 6
    # Every shipped T3 card shows a book itself; a corrected data file without one still
    # lets the action run for 0 VP and unlock its bonus (Y1).
    raw = json.loads(shipped_text())
    for card in raw["plan_cards"]:
        if card["id"] == "W24":
            card["top"] = {"icons": {"iron": 1}}
            card["status"] = "confirmed"
    game = G.with_data(json.dumps(raw), source="corrected.json")
    state = activating("W24", "W01", hand=("C01",))
    after = game.apply(state, "a", game.parse("execute"))
    assert after.players[0].vp == 0 and after.players[0].todo == "bonus"
    assert game.apply(after, "a", game.parse("bonus C01")).players[0].favour == 1
    declined = game.apply(state, "a", game.parse("decline"))
    assert len(declined.players[0].hand) == 2


def test_check_12_goods_sets_and_jokers_do_not_count():
    # Three seats: a 2-player game has no jokers.
    state = activating("W31", "W01", row=("W30", "W17"), tiles=(1, 1, 1, 1), jokers=3, players=3)
    assert play(state, "a", "execute").players[0].vp == 4
    state = activating("W31", "W01", row=("W30", "W17", "W29", "W18"), tiles=(1, 1, 1, 1))
    assert play(state, "a", "execute").players[0].vp == 8


def test_check_13_vp_per_own_house_in_the_region():
    state = activating("W04", "W01", houses=("stp", "rig", "tob"), hand=("C01", "C02"))
    state = play(state, "a", "build novgorod", "bonus C01 C02")
    west = sum(1 for c in state.players[0].houses if D.city[c].region == "west")
    assert west == 3 and state.players[0].vp == 3


# ---------------------------------------------------------------- houses


def test_check_14_no_second_own_house_in_a_city():
    state = activating("W01", "W02", houses=("stp",))
    state = set_player(state, 1, houses=("rig",))
    cities = [m.city for m in G.legal_moves(state, "a") if m.kind == "build"]
    assert cities == ["rig", "nov"]


def test_check_15_building_takes_one_goods_tile_if_any():
    state = play(activating("W01", "W02"), "a", "build riga")
    assert state.players[0].tiles == (0, 0, 1, 0)
    assert state.city_tiles["rig"] == 1  # 2 players: 2 tiles, one taken
    empty = activating("W01", "W02").model_copy(update={"city_tiles": {"rig": 0}})
    assert play(empty, "a", "build riga").players[0].tiles == (0, 0, 0, 0)


def test_check_16_crown_gives_one_favour_at_once():
    state = play(activating("W01", "W02"), "a", "build st")
    assert state.players[0].favour == 1


def test_check_17_empty_supply_draws_instead_without_bonus():
    houses = tuple(c.id for c in D.cities if c.region != "west")[: D.rules.houses]
    state = placing()
    state = set_player(state, 0, hand=("W02", "C01"), row=("W01",), below=("",), houses=houses)
    state = set_player(state, 1, hand=("W18", "W03"), row=("W19",), below=("",))
    state = play(state, "a", "row C01", "place W02 under W01")
    state = play(state, "b", "row W18", "place W03 under W18")
    assert events(state, "unable")[0].seat == "a"
    assert state.players[0].todo == "" and len(state.players[0].hand) == 1


# ---------------------------------------------------------------- favour


def test_check_18_favour_above_the_top_pays_vp():
    top = D.top
    state = activating("W26", "W01", hand=("C01", "C02"), favour=top - 1)
    state = play(state, "a", "discard C01", "bonus C02")
    assert state.players[0].favour == top and state.players[0].vp == 2


def test_check_19_track_values_follow_the_position():
    state = set_player(start(2), 0, favour=8)
    seen = G.view(state, None).players[0]
    step = D.track[8]
    assert (seen.hand_limit, seen.interim_vp, seen.multiplier) == (
        step.hand_limit,
        step.vp,
        step.multiplier,
    )
    assert (step.hand_limit, step.vp, step.multiplier) == (6, 4, 3)  # the digest's track


# ---------------------------------------------------------------- interim scoring


def cannons(*rows: tuple[str, ...]) -> dict[str, int]:
    state = start(len(rows)).model_copy(update={"phase": "activate", "round": 4, "events": ()})
    for seat, row in enumerate(rows):
        state = set_player(state, seat, row=row, below=("",) * len(row))
    vp: dict[str, int] = events(interim(state), "cannons")[0].data["vp"]
    return vp


def test_check_20_cannons_four_players_compare_left_and_right():
    assert cannons(("W22",), ("W22",), ("W15",), ("W22", "W15")) == {
        "a": 2,
        "b": 6,
        "c": 0,
        "d": 8,
    }


def test_check_21_cannons_three_players_compare_both_others():
    assert cannons(("W22", "W15"), ("W22", "W15"), ("W15",)) == {"a": 6, "b": 6, "c": 0}


def test_check_22_cannons_two_players_compare_once():
    assert cannons(("W22", "W15"), ("W15",)) == {"a": 4, "b": 0}
    assert cannons(("W22",), ("W22",)) == {"a": 2, "b": 2}
    assert cannons(("W17",), ("W18",)) == {"a": 2, "b": 2}


def finish_interim(state: State) -> State:
    """Interim scoring with nobody building in the book step (every builder passes)."""
    state = interim(state)
    for p in state.players:
        if p.todo == "books":
            state = play(state, p.id, "pass")
    return state


def test_check_23_houses_pay_one_and_one_more_in_one_cities():
    state = start(2).model_copy(update={"phase": "activate", "round": 4, "events": ()})
    state = set_player(state, 0, houses=("smo", "tve", "stp", "rig", "mos"))
    state = finish_interim(state)
    assert events(state, "houses")[0].data["vp"]["a"] == 7


def test_check_24_book_house_and_crown_count_in_the_same_scoring():
    state = start(2).model_copy(update={"phase": "activate", "round": 4, "events": ()})
    state = set_player(state, 0, row=("W23",), below=("",), houses=("rig", "nov"), favour=7)
    state = interim(state)
    state = play(state, "a", "build st. petersburg")
    assert events(state, "houses")[0].data["vp"]["a"] == 3
    assert events(state, "favour")[0].data["vp"]["a"] == D.track[8].vp


def test_check_25_cleanup_keeps_the_three_never_activated_cards():
    row = ("W15", "W16", "W17", "W18", "W19", "W20", "W21")
    below = ("C01", "", "C02", "", "C03", "", "C04")
    state = start(2).model_copy(update={"phase": "activate", "round": 4, "events": ()})
    state = set_player(state, 0, row=row, below=below)
    before = len(state.discard)
    state = finish_interim(state)
    assert state.players[0].row == ("W16", "W18", "W20")
    assert state.players[0].below == ("", "", "")
    cleared = events(state, "cleanup")[0].data["cards"]["a"]
    assert sorted(cleared) == sorted(("W15", "W17", "W19", "W21", "C01", "C02", "C03", "C04"))
    assert len(state.discard) + len(state.deck) >= before + 8 - 4  # the draws may reshuffle


def test_check_26_draw_two_after_decades_one_and_two_only():
    state = start(2).model_copy(update={"phase": "activate", "round": 4, "events": ()})
    state = set_player(state, 0, hand=("C01",))
    state = set_player(state, 1, hand=("C02", "C03", "C04"))  # at the limit of 3
    state = finish_interim(state)
    draws = {e.seat: e.data for e in events(state, "draw") if e.data["reason"] == "interim"}
    assert draws["a"]["count"] == 2 and draws["b"] == {"count": 0, "vp": 2, "reason": "interim"}
    last = start(2).model_copy(update={"phase": "activate", "round": 12, "events": ()})
    last = finish_interim(last)
    assert not [e for e in events(last, "draw") if e.data["reason"] == "interim"]
    assert last.phase == "over" and G.outcome(last) is not None


# ---------------------------------------------------------------- final scoring


def final(state: State) -> list[dict[str, int]]:
    table = Table(D, state.model_copy(update={"round": 12}))
    table.final()
    return [s.breakdown for s in table.seats]


def test_check_27_cards_in_hand_score_one_each():
    state = set_player(start(2), 0, hand=("C01", "C02", "C03"))
    assert final(state)[0]["hand"] == 3


def test_check_28_order_card_counts_tiles_and_jokers_not_tops():
    shown = D.orders["O1"]
    assert shown == (2, 2, 2, 1)  # (R)
    state = set_player(start(2), 0, order="O1", tiles=(1, 2, 1, 1), row=("W30", "W29"))
    assert final(state)[0]["order_matched"] == 5 and final(state)[0]["order"] == 5
    assert order_matched(D, "O1", (1, 2, 1, 1), 1) == 6
    state = set_player(state, 0, jokers=1)
    assert final(state)[0]["order"] == 8


def test_check_29_network_times_the_multiplier():
    houses = ("stp", "nov", "smo", "tve", "mos", "kaz")
    state = set_player(start(2), 0, houses=houses, favour=7)
    scored = final(state)[0]
    assert scored["network_size"] == 5
    assert scored["network"] == 5 * D.track[7].multiplier == 15


def test_check_30_equal_totals_share_first_place():
    state = start(2).model_copy(update={"phase": "over"})
    state = set_player(state, 0, vp=40)
    state = set_player(state, 1, vp=40)
    outcome = G.outcome(state)
    assert outcome is not None and set(outcome.winners) == {"a", "b"}


# ---------------------------------------------------------------- deck


def test_check_31_empty_deck_reshuffles_the_discard_pile():
    pile = ("C01", "C02", "C03", "C04", "C05")
    state = activating("W15", "W01", row=("W30", "W17"), tiles=(2, 1, 0, 0), favour=11)
    state = state.model_copy(update={"deck": (), "discard": pile})
    after = play(state, "a", "market 5")
    assert sorted(after.players[0].hand) == sorted(pile)
    assert events(after, "reshuffle")[0].data["count"] == 5
    # After an interim scoring too.
    late = start(2).model_copy(update={"phase": "activate", "round": 4, "deck": (), "events": ()})
    late = set_player(late, 0, hand=())
    late = set_player(late, 1, hand=())
    late = finish_interim(late.model_copy(update={"discard": pile}))
    assert events(late, "reshuffle")


def test_check_32_cards_are_conserved_and_the_deck_never_runs_dry():
    for players in (2, 3, 4):
        for seed in range(4):
            for state, _seat, _move in random_game(G, players, seed):
                on_table = sum(
                    len(p.hand) + len(p.row) + sum(1 for b in p.below if b) for p in state.players
                )
                assert len(state.deck) + len(state.discard) + on_table == D.rules.plan_cards
                assert state.deck or state.discard
                draws = events(state, "draw")
                # A draw that found no card would pay VP without a full hand: never happens.
                for e in draws:
                    if e.data["vp"]:
                        p = next(p for p in state.players if p.id == e.seat)
                        assert len(p.hand) >= D.track[p.favour].hand_limit or e.data["count"] == 0


def test_check_33_jokers_never_run_out():
    rng = random.Random(3)
    for players, most in ((4, 6), (2, 0)):
        for seed in range(6):
            state = None
            for state, _seat, _move in random_game(G, players, seed + rng.randrange(100)):
                handed = sum(p.jokers for p in state.players)
                assert handed <= most and handed + state.jokers == (0 if players == 2 else 6)
            assert state is not None and state.phase == "over"


def test_houses_tiles_and_favour_stay_within_the_components():
    """Beyond check 32: goods tiles are conserved, houses stay within supply and distinct per
    player, favour within the track, and every final breakdown adds up to the score."""
    for players in (2, 3, 4):
        for seed in range(3):
            state = None
            for state, _seat, _move in random_game(G, players, seed + 20):
                placed = {c: players for c in state.city_tiles}
                taken = [0, 0, 0, 0]
                for p in state.players:
                    assert len(p.houses) == len(set(p.houses)) <= D.rules.houses
                    assert 0 <= p.favour <= D.top
                    for kind, n in enumerate(p.tiles):
                        taken[kind] += n
                for kind, goods in enumerate(("iron", "food", "caviar", "fur")):
                    cities = [c for c in placed if D.city[c].goods == goods]
                    left = sum(state.city_tiles[c] for c in cities)
                    assert left + taken[kind] == players * len(cities)
            assert state is not None
            outcome = G.outcome(state)
            assert outcome is not None
            for standing in outcome.standings:
                b = standing.breakdown
                assert b["before"] + b["hand"] + b["order"] + b["network"] == standing.score
