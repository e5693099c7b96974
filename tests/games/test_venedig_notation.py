"""Venedig notation: every move in both languages, short input through resolve, clear refusals."""

from __future__ import annotations

import pytest

from games.base import IllegalMove, InvalidMove
from games.venedig import GAME
from tests.games.venedig_helpers import drained, kinds, label, play, start, with_player

EXAMPLES = [
    ("play palazzo 2", "出す 宮殿 2"),
    ("solo basilika C11-C12-C16", "単独 教会 C11-C12-C16"),
    ("solo ponte BE1 E", "単独 橋 BE1 E"),
    ("casa A7", "家 A7"),
    ("casa none", "家 なし"),
    ("build palazzo B13-B18", "建設 宮殿 B13-B18"),
    ("build basilika none", "建設 教会 なし"),
    ("resolve campo", "解決 広場"),
    ("convert 2+5", "換金 2+5"),
    ("done", "完了"),
    ("keep palazzo ponte", "残す 宮殿 橋"),
    ("drain E7", "干拓 E7"),
    ("draw deck", "引く 山札"),
    ("draw campo", "引く 広場"),
    ("swap palazzo take campo deck deck", "交換 宮殿 取る 広場 山札 山札"),
    ("place D3", "配置 D3"),
]


@pytest.mark.parametrize(("en", "ja"), EXAMPLES)
def test_each_move_reads_and_writes_in_both_languages(en, ja):
    move = GAME.parse(en)
    assert GAME.format(move) == en and GAME.format(move, lang="ja") == ja
    assert GAME.parse(ja) == move


def test_short_input_resolves_to_the_one_legal_move():
    state = with_player(start(3), "A", hand=kinds("casa", "palazzo", "palazzo"))
    state = drained(state, (10, 4), (10, 5))
    assert GAME.format(GAME.resolve(state, "A", "pl pal 2")) == "play palazzo 2"
    assert (
        GAME.format(GAME.resolve(state, "A", f"ca {label(10, 4).lower()}"))
        == f"casa {label(10, 4)}"
    )
    assert GAME.format(GAME.resolve(state, "A", "家 " + label(5, 2))) == f"casa {label(5, 2)}"
    with pytest.raises(IllegalMove) as error:
        GAME.resolve(state, "A", "casa")
    assert len(error.value.candidates) > 1
    drain = state.model_copy(update={"phase": "drain"})
    assert GAME.format(GAME.resolve(drain, "A", "dr e7")) == "drain E7"
    assert GAME.format(GAME.resolve(drain, "A", "do")) == "done"


def test_bad_text_is_refused_in_both_languages():
    for text in ("", "fly away", "play palazzo", "casa Z99-", "keep palazzo palazzo"):
        with pytest.raises(InvalidMove) as error:
            GAME.parse(text)
        assert error.value.message("ja") != str(error.value)


def test_every_event_is_told_in_both_languages():
    from tests.games.test_conformance import random_game

    seen = set()
    wipe = with_player(start(3), "A", hand=kinds("ponte"))
    wipe = wipe.model_copy(update={"phase": "draw", "pool": kinds("casa", "palazzo", "campo")})
    states = [play(wipe, "A", "swap ponte take deck deck deck")]
    states += [state for state, _, _ in random_game(GAME, 2, 3)]
    for state in states:
        for event in state.events:
            seen.add(event.kind)
            for lang in ("en", "ja"):
                told = GAME.describe(event, lang=lang, names={"A": "Ann"})
                assert told and told != event.kind
    assert {"wipe", "build", "move", "virtual", "final", "over"} <= seen


def test_move_commands_make_moves_from_whole_or_partial_options():
    commands = {c.name: c for c in GAME.commands.commands}
    state = with_player(start(3), "A", hand=kinds("casa"))
    for name, values in (
        ("casa", {"space": label(5, 2)}),
        ("casa", {"space": f"casa {label(5, 2)}"}),
        ("casa", {"space": f"家 {label(5, 2)}"}),
    ):
        text = GAME.command_text(commands[name], values)
        assert GAME.format(GAME.resolve(state, "A", text)) == f"casa {label(5, 2)}"
    play_text = GAME.command_text(commands["play"], {"type": "palazzo", "count": 2})
    assert GAME.parse(play_text) == GAME.parse("play palazzo 2")


def test_the_spaces_of_a_building_may_be_named_in_any_order() -> None:
    assert GAME.parse("build palazzo D8-D7") == GAME.parse("build palazzo D7-D8")
    assert GAME.parse("solo basilika C16-C11-C12") == GAME.parse("solo basilika C11-C12-C16")
    assert GAME.format(GAME.parse("casa a7")) == "casa A7"


def limit_step():
    from tests.games.venedig_helpers import counts, with_architect

    state = start(3)
    state = with_player(state, "A", front=counts(palazzo=1, campo=1, basilika=2))
    state = with_player(state, "B", front=counts(basilika=1))
    state = with_architect(state, "basilika", 0)
    return play(state, "A", "done")


@pytest.mark.parametrize("text", ["keep palazzo campo basilika", "keep a b c", "keep campo campo"])
def test_keeping_other_than_two_types_says_keep_exactly_two(text: str) -> None:
    # What a player typed that is no move is explained by the parser (the service shows it).
    with pytest.raises(InvalidMove) as refused:
        GAME.parse(text)
    assert "exactly two types" in str(refused.value)
    assert "ちょうど2種類" in refused.value.message("ja")


def test_keeping_two_types_not_in_front_says_which_may_be_kept() -> None:
    state = limit_step()
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, "A", GAME.parse("keep palazzo ponte"))
    assert "exactly two types" in str(refused.value) and "campo" in str(refused.value).lower()
