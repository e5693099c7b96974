"""Venedig digest §4 checks 12–29: movement, gold, turn structure, the end and two players."""

from __future__ import annotations

import pytest

from games.base import IllegalMove
from games.position import items
from games.venedig import GAME
from games.venedig.core import advance
from games.venedig.data import DATA, TYPES
from games.venedig.models import VIRTUAL, Convert
from games.venedig.rules import virtual_card
from tests.games.positions import at
from tests.games.test_conformance import random_game
from tests.games.venedig_helpers import (
    counts,
    drained,
    events,
    kinds,
    label,
    play,
    player,
    pos,
    start,
    with_architect,
    with_player,
)


def test_check_12_occupied_spaces_are_not_counted():
    assert advance([20, 25], 0, 7) == 28
    assert advance([28, 25], 1, 3) == 29


def test_check_13_ten_and_forty_five_are_one_space():
    assert advance([10, 43], 1, 2) == 46


def test_check_14_posts_beyond_the_goal():
    assert advance([58, 60], 0, 5) == 64


def gold(swamp=(), treasure=()):
    return at(
        GAME, start(3), {"1.swamp": items(map(str, swamp)), "1.treasure": items(map(str, treasure))}
    )


def test_check_15_conversion():
    state = gold(swamp=(2,), treasure=(5,))
    assert Convert(values=(5,)) in GAME.legal_moves(state, "A")
    after = play(state, "A", "convert 2+5")
    assert pos(after, "A") == 1
    assert player(after, "A").swamp == () and player(after, "A").treasure == ()
    assert len(after.treasure) == len(state.treasure) + 1  # the treasure goes back
    assert len(after.swamp_bag) == len(state.swamp_bag)  # the swamp tile leaves the game
    assert play(gold(swamp=(1, 2, 2)), "A", "convert 1+2+2").players[0].pos == 1
    with pytest.raises(IllegalMove, match="not enough"):
        GAME.apply(gold(treasure=(4,)), "A", GAME.parse("convert 4"))
    assert pos(play(gold(treasure=(4, 6)), "A", "convert 4+6"), "A") == 2


def casa_at(position, c, r, stock=None):
    stocked = {} if stock is None else {"treasure": items(map(str, stock))}
    state = at(GAME, start(3), {"1.hand": "Casa", "1.pos": position, **stocked})
    return play(state, "A", f"casa {label(c, r)}")


@pytest.mark.parametrize(
    ("position", "cell", "draws"),
    [
        (21, (18, 4), True),  # 21 borders E only
        (21, (11, 4), False),
        (14, (5, 2), True),  # 14 borders A and B
        (14, (11, 4), True),
        (10, (5, 2), True),  # 10/45 borders A, B, C, D
        (10, (11, 8), True),
        (10, (18, 4), False),
        (0, (5, 2), False),
        (58, (11, 8), False),
    ],
)
def test_check_16_treasure_adjacency(position, cell, draws):
    state = casa_at(position, *cell)
    assert bool(events(state, "treasure")) is draws


def test_check_16_treasure_order_builder_first_and_stock_runs_out():
    state = at(
        GAME,
        start(3),
        {"1.front": "Palazzo", "1.pos": 15, "2.front": "Palazzo*2", "2.pos": 16},
    )
    state = at(GAME, state, {"architects": "Palazzo:2", "free": "+B13,B18", "treasure": "6"})
    state = play(state, "A", "resolve palazzo")
    state = play(state, "B", "build palazzo B13-B18")
    assert [e["seat"] for e in events(state, "treasure")] == ["B"]
    assert player(state, "B").treasure == (6,) and player(state, "A").treasure == ()


def test_check_17_treasure_is_decided_before_moving():
    state = casa_at(20, 18, 4)  # 20 borders B only; the move takes A to 21 beside E
    assert pos(state, "A") == 21 and not events(state, "treasure")


def test_check_18_two_type_limit_passes_the_architect():
    # The digest's Ponte with 2 + 1 cards would be a completed group (3 needed) that must be
    # built before step 1 ends; Basilika (4 needed) keeps the check's counts meaningful.
    state = at(
        GAME,
        start(3),
        {"1.front": "Palazzo,Campo,Basilika*2", "2.front": "Basilika", "architects": "Basilika:1"},
    )
    state = play(state, "A", "done")
    assert state.phase == "limit"
    assert {GAME.format(m) for m in GAME.legal_moves(state, "A")} == {
        "keep palazzo campo",
        "keep palazzo basilika",
        "keep campo basilika",
    }
    state = play(state, "A", "keep palazzo campo")
    assert player(state, "A").front == counts(palazzo=1, campo=1)
    assert state.architects[TYPES.index("basilika")] == 1
    assert state.discard.count(TYPES.index("basilika")) == 2
    assert state.phase == "drain"


def test_pauses_depend_only_on_what_everyone_sees():
    """A pause between moves is offered by the number of tiles held, never by their values."""
    base = start(3)
    base = with_player(base, "A", front=counts(palazzo=2), pos=3)
    base = with_player(base, "B", front=counts(palazzo=1), pos=30)
    base = with_architect(drained(base, (15, 4), (16, 4)), "palazzo", 0)
    at = f"build palazzo {label(15, 4)}-{label(16, 4)}"
    poor = play(with_player(base, "A", swamp=(0, 0, 0)), "A", at)
    rich = play(with_player(base, "A", swamp=(2, 2, 2)), "A", at)
    assert poor.phase == rich.phase == "pause"
    assert GAME.view(poor, "B").phase == GAME.view(rich, "B").phase
    none = play(with_player(base, "A", swamp=(2, 2)), "A", at)
    assert none.phase == "build" and pos(none, "B") > 30


def test_check_19_draining_at_most_two_values_private():
    state = start(3).model_copy(update={"phase": "drain"})
    first, second, third = (2, 2), (3, 2), (4, 2)
    state = play(state, "A", f"drain {label(*first)}")
    state = play(state, "A", f"drain {label(*second)}")
    assert state.phase == "draw" and player(state, "A").swamp
    with pytest.raises(IllegalMove):
        GAME.apply(state, "A", GAME.parse(f"drain {label(*third)}"))
    assert GAME.view(state, "A").players[0].swamp == player(state, "A").swamp
    for viewer in (None, "B"):
        view = GAME.view(state, viewer)
        assert view.players[0].swamp is None and view.players[0].swamp_count == 2
        assert all("value" not in e.data for e in view.events)


def drawing(hand, pool=()):
    state = with_player(start(3), "A", hand=kinds(*hand))
    return state.model_copy(update={"phase": "draw", "pool": kinds(*pool)})


def test_check_20_draw_options():
    three = drawing(["palazzo", "campo", "ponte"], pool=["casa"])
    assert any(m.kind == "swap" for m in GAME.legal_moves(three, "A"))
    after = play(three, "A", "swap palazzo take deck deck deck")
    assert len(player(after, "A").hand) == 5
    four = drawing(["palazzo", "campo", "ponte", "ponte"], pool=["casa"])
    assert {m.kind for m in GAME.legal_moves(four, "A")} == {"draw"}
    five = with_player(start(3), "A", hand=kinds("casa", "campo", "campo", "ponte", "ponte"))
    five = play(five.model_copy(update={"phase": "drain"}), "A", "done")
    assert events(five, "skip_draw") and GAME.to_act(five) == {"B"}
    pooled = drawing(["palazzo", "campo"], pool=["palazzo", "casa"])
    with pytest.raises(IllegalMove, match="not in the pool"):
        GAME.apply(pooled, "A", GAME.parse("swap palazzo take deck deck deck"))
    with pytest.raises(IllegalMove, match="just placed"):
        GAME.apply(pooled, "A", GAME.parse("swap campo take campo deck deck"))
    with pytest.raises(IllegalMove, match="pool cards first"):
        GAME.apply(pooled, "A", GAME.parse("swap campo take deck casa deck"))
    assert play(pooled, "A", "swap campo take casa deck deck").pool == kinds("palazzo", "campo")


def test_check_21_pool_of_four_types_is_wiped():
    state = drawing(["ponte"], pool=["casa", "palazzo", "campo"])
    discard = len(state.discard)
    state = play(state, "A", "swap ponte take deck deck deck")
    assert state.pool == () and len(state.discard) == discard + 4
    assert events(state, "wipe")[0]["cards"] == ["casa", "palazzo", "campo", "ponte"]


def test_check_22_no_location_for_a_completed_group():
    state = start(3)
    state = with_player(state, "A", front=counts(basilika=2), pos=3)
    state = with_player(state, "B", front=counts(basilika=2), pos=3 + 1)
    state = with_architect(state, "basilika", 0)
    moves = [GAME.format(m) for m in GAME.legal_moves(state, "A")]
    assert "build basilika none" in moves and "done" not in moves
    after = play(state, "A", "build basilika none")
    assert after.supply == state.supply and after.architects[3] is None
    assert after.discard.count(3) == 4
    assert not events(after, "move") and not events(after, "treasure")
    assert events(after, "nolocation")


def test_check_23_rulebook_turn_example():
    state = at(
        GAME,
        start(3),
        {
            "buildings": "Casa A1,Casa A2,Casa A3,Casa D7,Casa D8",
            "free": "+A11,A12,A19,D4",
            "1.hand": "Ponte*2,Casa*2,Palazzo",
            "1.pos": 13,
            "2.front": "Ponte",
            "2.pos": 21,
            "architects": "Ponte:2",
            "treasure": "5,3+",
            "pool": "Campo",
        },
    )
    # 1. A plays 2 Ponte cards, takes the architect (2 > 1): the group is complete.
    state = play(state, "A", "play ponte 2")
    assert state.architects[TYPES.index("ponte")] == 0 and events(state, "play")[0]["complete"]
    # 2. Two Casas in district A, which borders A's gondola: a treasure and a step each.
    state = play(state, "A", "casa A11")
    state = play(state, "A", "casa A12")
    assert player(state, "A").treasure == (3, 5) and pos(state, "A") == 15
    # 3. The Ponte between A (now 5 Casas) and D (2): A scores 5, no treasure on 15.
    state = play(state, "A", "build ponte AD2 A")
    assert events(state, "build")[0]["points"] == {"A": 5, "B": 2}
    assert not events(state, "treasure")
    # 4. A moves 5, then converts 5 gold between the moves for one more step, passing B.
    assert pos(state, "A") == 20 and state.phase == "pause"
    state = play(state, "A", "convert 5")
    assert pos(state, "A") == 22
    # A still holds a tile that could be worth a step, so the pause waits for `done` (whether
    # it does must not tell the table what A's tiles are worth).
    assert state.phase == "pause"
    state = play(state, "A", "done")
    # 5. B scores 2, moves 2, passing A again.  6. Cards discarded, architect back.
    assert pos(state, "B") == 24 and state.phase == "build"
    assert state.architects[TYPES.index("ponte")] is None
    assert state.discard.count(TYPES.index("ponte")) == 3
    # 7. Step 2: two swamp tiles.  8. Step 3: a Palazzo into the pool, 1 pool card, 2 deck cards.
    state = play(state, "A", "done")
    state = play(state, "A", "drain A10")
    state = play(state, "A", "drain A15")
    assert len(player(state, "A").swamp) == 2
    state = play(state, "A", "swap palazzo take campo deck deck")
    assert events(state, "draw")[0] | {"seat": None} == {
        "pool": ["campo"],
        "deck": 2,
        "placed": "palazzo",
        "seat": None,
    }
    assert len(player(state, "A").hand) == 3 and GAME.to_act(state) == {"B"}


def test_check_24_supply_trigger_ends_even_with_groups_waiting():
    state = start(3)
    state = state.model_copy(update={"supply": (1, *state.supply[1:])})
    state = with_player(state, "A", hand=kinds("casa"), front=counts(campo=3))
    state = with_architect(state, "campo", 0)
    state = play(state, "A", f"casa {label(5, 2)}")
    assert events(state, "trigger")[0]["reason"] == "supply"
    assert pos(state, "A") == 1 and GAME.outcome(state) is not None
    assert player(state, "A").front == counts(campo=3)


def test_check_25_goal_trigger_lets_the_others_move():
    state = at(
        GAME,
        start(3),
        {"1.front": "Palazzo*2", "1.pos": 58, "2.front": "Palazzo", "2.pos": 5},
    )
    state = at(GAME, state, {"architects": "Palazzo:1", "free": "+E14,E15"})
    state = play(state, "A", "build palazzo E14-E15")
    assert pos(state, "A") >= 60 and events(state, "trigger")[0]["reason"] == "goal"
    assert pos(state, "B") > 5
    assert GAME.outcome(state) is not None


def test_check_26_final_conversion_order():
    state = start(4).model_copy(update={"turn": 1})
    state = state.model_copy(update={"supply": (1, *state.supply[1:])})
    state = with_player(state, "B", hand=kinds("casa"))
    state = with_player(state, "C", swamp=(2, 2, 1))
    state = play(state, "B", f"casa {label(5, 2)}")
    assert [e["seat"] for e in events(state, "final")] == ["C", "D", "A", "B"]
    assert events(state, "final")[0]["steps"] == 1 and pos(state, "C") == 2  # B is on 1


def test_check_27_ranking_is_by_position():
    for seed in range(4):
        for final, seat, _ in random_game(GAME, 3, seed):
            if seat is None:
                outcome = GAME.outcome(final)
                positions = {p.id: p.pos for p in final.players}
                order = [s.seat for s in outcome.standings]
                assert [positions[s] for s in order] == sorted(positions.values(), reverse=True)
                moved = [p for p in positions.values() if p > 0]
                assert len(set(moved)) == len(moved)  # only the start holds several


def two_players(virtual, deck_top):
    return at(GAME, start(2), {"virtual": virtual, "deck": f"{deck_top}+"})


def test_check_28_virtual_players_card():
    events_: list = []
    third = two_players("Palazzo,Campo", "Ponte")
    after = virtual_card(third, GAME.catalog, events_)
    assert after.virtual == third.virtual and after.discard[-1] == TYPES.index("ponte")
    casa = virtual_card(two_players("", "Casa"), GAME.catalog, [])
    assert casa.phase == "vcasa" and GAME.to_act(casa) == {"A"}
    placed = play(casa, "A", f"place {label(5, 2)}")
    assert placed.supply[0] == casa.supply[0] - 1 and not events(placed, "move")
    assert placed.phase == "build"
    group = at(GAME, two_players("Basilika*2", "Basilika"), {"1.front": "Basilika"})
    group = at(GAME, group, {"architects": "Basilika:3"})
    group = virtual_card(group, GAME.catalog, [])
    assert group.virtual == counts(basilika=3)
    moves = GAME.legal_moves(group, "A")
    assert "done" not in [GAME.format(m) for m in moves]
    assert [GAME.format(m) for m in moves] == ["build basilika none"]


def test_check_29_virtual_master_builder():
    state = at(
        GAME,
        two_players("Palazzo*2", "Casa"),
        {"architects": "Palazzo:3", "1.hand": "Palazzo", "1.pos": 15},
    )
    state = at(GAME, state, {"free": "+B13,B18", "buildings": "Casa B7"})
    state = play(state, "A", "play palazzo 1")
    assert state.architects[TYPES.index("palazzo")] == 2
    state = play(state, "A", "build palazzo B13-B18")
    built_event = events(state, "build")[0]
    assert built_event["seat"] == VIRTUAL and built_event["points"] == {VIRTUAL: 0, "A": 2}
    assert [e["seat"] for e in events(state, "treasure")] == ["A"]
    assert [e["seat"] for e in events(state, "move")] == ["A"]
    assert pos(state, "A") == 17


def test_random_games_keep_every_card_piece_and_tile():
    total_cards = sum(DATA.cards)
    for players in (2, 3, 5):
        for state, _seat, _ in random_game(GAME, players, players * 7):
            held = sum(len(p.hand) + sum(p.front) for p in state.players)
            held += sum(state.virtual or ())
            cards = held + len(state.deck) + len(state.discard) + len(state.pool)
            assert cards <= total_cards  # cards are lost only when deck and discard are empty
            if state.deck or state.discard:
                assert cards == total_cards
            assert len(state.buildings) + len(DATA.preprinted) + sum(state.supply) == 42
            treasure = len(state.treasure) + sum(len(p.treasure) for p in state.players)
            assert treasure == 18
            assert state.board.count(".") == len(state.swamp_bag)
            positions = [p.pos for p in state.players if p.pos]
            folded = [10 if p == 45 else p for p in positions]
            assert len(set(folded)) == len(folded)


def test_random_seeds_start_different_players():
    starts = {GAME.new(["a", "b", "c"], seed=s).turn for s in range(20)}
    assert starts == {0, 1, 2}
