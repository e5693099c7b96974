"""Catherine's component data: the shipped file passes §2.9, corrected files are checked the same
way, and a bad file is refused naming the file, the record and the reason."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from games.base import InvalidData
from games.catherine.data import DATA, shipped_text
from tests.games.cat_helpers import G, start


def corrected(change: Callable[[dict[str, Any]], None]) -> str:
    raw = json.loads(shipped_text())
    change(raw)
    return json.dumps(raw)


def refused(change: Callable[[dict[str, Any]], None]) -> str:
    with pytest.raises(InvalidData) as error:
        G.with_data(corrected(change), source="owner.json")
    text = str(error.value)
    assert text.startswith("owner.json: ") and error.value.message("ja").startswith("owner.json: ")
    return text


def test_shipped_data_is_complete_and_marked():
    assert len(DATA.cards) == 102 and len(DATA.cities) == 18 and len(DATA.roads) == 28
    assert len(DATA.orders) == 8 and len(DATA.track) == 13
    assert DATA.statuses["rules"] == "confirmed"
    for section in ("cities", "roads", "favour_track", "order_cards", "plan_cards"):
        assert DATA.statuses[section] == "reconstructed"
    raw = json.loads(shipped_text())
    for section in ("regions", "cities", "roads", "favour_track", "order_cards", "plan_cards"):
        assert all(r["status"] in ("confirmed", "reconstructed") for r in raw[section])


def test_a_corrected_file_is_used_by_the_new_game_object():
    def rename(raw: dict[str, Any]) -> None:
        raw["cities"][0]["en"] = "Sankt Peterburg"

    game = G.with_data(corrected(rename), source="owner.json")
    assert game.data.city["stp"].en == "Sankt Peterburg"
    assert game.parse("build sankt peterburg").city == "stp"
    assert G.data.city["stp"].en == "St. Petersburg"  # the shipped game is untouched
    state = game.new(["a", "b"], seed=1)
    assert state.players[0].hand


def test_missing_record_is_named():
    def drop_city(raw: dict[str, Any]) -> None:
        raw["cities"] = [c for c in raw["cities"] if c["id"] != "kha"]

    text = refused(drop_city)
    assert "regions (west)" in text and "expected 6 cities, found 5" in text


def test_broken_consistency_checks_are_named():
    def order_of_eight(raw: dict[str, Any]) -> None:
        raw["order_cards"][2]["goods"]["iron"] = 3

    assert "order_cards (O3)" in refused(order_of_eight)
    assert "not 7" in refused(order_of_eight)

    def road_to_nowhere(raw: dict[str, Any]) -> None:
        raw["roads"][5]["b"] = "paris"

    assert "roads[5] (kie-paris)" in refused(road_to_nowhere)

    def falling_track(raw: dict[str, Any]) -> None:
        raw["favour_track"][4]["hand_limit"] = 2

    assert "favour_track[4]: D13: hand_limit decreases" in refused(falling_track)

    def city_of_another_region(raw: dict[str, Any]) -> None:
        raw["plan_cards"][0]["top"]["cities"][0] = "mos"

    assert "plan_cards (W01): D6" in refused(city_of_another_region)

    def market_with_a_bonus(raw: dict[str, Any]) -> None:
        raw["plan_cards"][14]["bonus"] = {"vp": 2, "pay": {"discard": 1}}

    assert "plan_cards (W15): D8: markets have no bonus" in refused(market_with_a_bonus)


def test_malformed_files_are_refused():
    with pytest.raises(InvalidData, match=r"owner\.json: file: not valid JSON"):
        G.with_data("{", source="owner.json")

    def wrong_type(raw: dict[str, Any]) -> None:
        raw["cities"][3]["x"] = "far"

    assert "cities[3] (smo): x:" in refused(wrong_type)

    def no_cards(raw: dict[str, Any]) -> None:
        del raw["plan_cards"]

    assert "plan_cards: missing or empty list" in refused(no_cards)


def test_design_checks_leave_confirmed_records_alone():
    """A confirmed (real) card list need not repeat our reconstruction's icon counts."""

    def real_card(raw: dict[str, Any]) -> None:
        card = next(c for c in raw["plan_cards"] if c["id"] == "W24")
        card["top"] = {"icons": {"iron": 1}}
        card["status"] = "confirmed"

    G.with_data(corrected(real_card), source="owner.json")

    def our_card(raw: dict[str, Any]) -> None:
        card = next(c for c in raw["plan_cards"] if c["id"] == "W24")
        card["top"] = {"icons": {"iron": 1}}

    assert "D10" in refused(our_card)


def test_player_counts_follow_the_rules():
    assert start(2).jokers == 0 and start(3).jokers == 6
    assert set(start(4).city_tiles.values()) == {4}
