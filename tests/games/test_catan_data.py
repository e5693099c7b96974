"""Catan card game data: the shipped file's status marks, and corrected files given to with_data."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from games.base import InvalidData
from games.catan.data import status_report
from tests.games.catan_helpers import G

SHIPPED = resources.files("games.catan").joinpath("cards.json").read_text("utf-8")


def edited(change) -> str:
    raw = json.loads(SHIPPED)
    change(raw)
    return json.dumps(raw)


def test_every_record_says_confirmed_or_reconstructed():
    report = status_report(G.data)
    assert set(report) >= {f"S{i:02d}" for i in range(1, 16)}
    assert report["X3"] == ("mark", "vp", "copies") and "R1" not in report
    assert G.data.destiny.reconstructed == ("direction",)


def test_a_corrected_file_is_used_by_the_new_game_object():
    def swap(raw):
        raw["destiny"]["direction"] = {"white": "counterclockwise", "other": "clockwise"}

    game = G.with_data(edited(swap), source="fixed.json")
    assert not game.data.clockwise(True) and G.data.clockwise(True)
    state = game.new(["a", "b", "c"], seed=1)
    assert game.view(state, None).clockwise is False


def _card(raw, card_id):
    return next(c for c in raw["cards"] if c["id"] == card_id)


@pytest.mark.parametrize(
    ("change", "record", "reason"),
    [
        (lambda raw: _card(raw, "X1").update(vp=5), "card X1", "3 or 4 VP"),
        (lambda raw: raw["cards"].pop(0), "kind road", "8 cards, expected 9"),
        (lambda raw: _card(raw, "S06").update(city_event="robber"), "city events", "expected"),
        (lambda raw: _card(raw, "R1").update(status="reconstructed"), "card R1", "status"),
        (
            lambda raw: (_card(raw, "X6").update(mark=None), _card(raw, "X1").update(mark=3)),
            "card X6",
            "marked",
        ),
        (lambda raw: raw["resources"].update(ore=15), "resources", "67"),
        (lambda raw: _card(raw, "K1").update(kind="dragon"), "card K1", "kind"),
    ],
)
def test_bad_files_are_refused_naming_file_record_and_reason(change, record, reason):
    with pytest.raises(InvalidData) as error:
        G.with_data(edited(change), source="bad.json")
    message = str(error.value)
    assert message.startswith("bad.json: ") and record in message and reason in message
    assert error.value.message("ja")


def test_text_that_is_not_json_is_refused_with_its_line():
    with pytest.raises(InvalidData, match=r"broken\.json: line 2"):
        G.with_data('{\n  "game": ,\n}', source="broken.json")
