"""Venedig's board file: the shipped one passes digest §2.7, corrected files go through with_data."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from games.base import InvalidData
from games.venedig import GAME, Venedig

SOURCE = "servers/venice.json"


def shipped() -> dict:
    text = resources.files("games.venedig").joinpath("board.json").read_text("utf-8")
    return json.loads(text)


def test_with_data_takes_a_valid_board_and_plays_on_it():
    raw = shipped()
    raw["id"] = "corrected"
    game = GAME.with_data(json.dumps(raw), source=SOURCE)
    assert isinstance(game, Venedig) and game.data.id == "corrected"
    state = game.new(["a", "b", "c"], seed=2)
    assert game.legal_moves(state, game.players(state)[state.turn])


def broken(change) -> str:
    raw = shipped()
    change(raw)
    return json.dumps(raw)


def _set(path, value):
    def change(raw):
        target = raw
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


CASES = [
    ("{not json", "line 1", "not valid JSON"),
    (
        broken(
            _set(["board", "material_spaces"], [[5, 2], [11, 4], [11, 8], [4, 9], [18, 4], [2, 2]])
        ),
        "board",
        "85 swamp spaces, not 86",
    ),
    (
        broken(lambda raw: raw["board"]["bridge_sites"][0].update(spaces=[[6, 2], [6, 3]])),
        "board.bridge_sites[0] AB1",
        "check 9",
    ),
    (
        broken(lambda raw: raw["board"]["track"]["spaces"][3].update(adj=["A", "D"])),
        "board.track.spaces[3] n=3",
        "check 17",
    ),
    (
        broken(lambda raw: raw["board"]["track"]["spaces"][58].update(adj=["C"])),
        "board.track.spaces[58] n=58",
        "check 17",
    ),
    (broken(_set(["cards", "counts", "Casa"], 11)), "cards", "42 building cards"),
    (broken(_set(["board", "status"], "guessed")), "board", "status must be one of"),
    (
        broken(lambda raw: raw["board"]["districts"]["D"].append([1, 10])),
        "board.districts.D",
        "check 7",
    ),
]


@pytest.mark.parametrize(("text", "record", "reason"), CASES)
def test_bad_boards_are_refused_naming_file_record_and_reason(text, record, reason):
    with pytest.raises(InvalidData) as error:
        GAME.with_data(text, source=SOURCE)
    message = str(error.value)
    assert message.startswith(f"{SOURCE}: {record}:"), message
    assert reason in message
    assert SOURCE in error.value.message("ja")


def test_views_name_their_board_so_images_use_its_geometry():
    from games.venedig.data import BOARDS

    raw = shipped()
    raw["board"]["material_spaces"][0] = [6, 3]  # a corrected file with the same id
    game = GAME.with_data(json.dumps(raw), source=SOURCE)
    assert game.data.id == GAME.data.id and game.data.key != GAME.data.key
    for which in (GAME, game):
        view = which.view(which.new(["a", "b"], seed=1), None)
        assert BOARDS[view.board_id] is which.data
