"""The 30 checks of the Catan card game digest (§4), one scenario test each, named by number."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalMove
from games.catan.data import pool
from games.catan.rules import allowance
from tests.games.catan_helpers import G, hand, hand_of, play, position, vp
from tests.games.hidden_catan import perturb
from tests.games.test_conformance import random_game

# ---------------------------------------------------------------- components and setup


def test_check_01_components():
    data = G.data
    assert sum(data.resources.values()) == 67
    assert data.resources == {"clay": 11, "wood": 11, "ore": 16, "wool": 15, "grain": 14}
    kinds = [c.kind for c in data.cards]
    counts = [kinds.count(k) for k in ("road", "settlement_city", "knight", "city_expansion")]
    assert counts == [9, 15, 5, 9] and kinds.count("building_costs") == 4
    assert len(kinds) - kinds.count("destiny") == 42 and kinds.count("destiny") == 1


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (2, (5, 7, 2, 5, 67)),
        (3, (7, 11, 4, 7, 67)),
        (4, (9, 15, 5, 9, 67)),
        (5, (11, 19, 7, 9, 134)),
        (6, (13, 23, 8, 9, 134)),
    ],
)
def test_check_02_pools(players, expected):
    cards = pool(G.data, players)
    found = (
        cards.roads,
        len(cards.settlements),
        cards.knights,
        len(cards.expansions),
        len(cards.resources),
    )
    assert found == expected
    guilds = [x for x in cards.expansions if G.data.expansion(x).name == "Händlergilde"]
    assert len(guilds) == {2: 0, 3: 1}.get(players, 2)


def test_check_03_setup():
    state = G.new(["a", "b", "c", "d"], seed=3)
    assert [sum(p.hand) for p in state.players] == [3, 3, 3, 3]
    assert len(state.market) == 5 and len(state.draw_pile) == 50
    assert state.road_stack == 5 and len(state.settlement_stack) == 11
    view = G.view(state, None)
    assert all(p.vp == 1 and p.roads == 1 and len(p.buildings) == 1 for p in view.players)
    assert all(not b.city for p in view.players for b in p.buildings)
    assert state.white_up
    two = G.new(["a", "b"], seed=3)
    assert len(two.draw_pile) == 56 and two.road_stack == 3 and len(two.settlement_stack) == 5


# ---------------------------------------------------------------- exchanges


def test_check_04_allowance():
    state = position()
    found = [allowance(state.players[0].model_copy(update={"roads": n})) for n in range(1, 6)]
    assert found == [1, 1, 2, 2, 3]


def test_check_05_no_road():
    state = position(roads={0: 0}, hands={0: "ore wool grain", 1: "clay"}, market=("clay",) * 5)
    assert state.allowance == 0
    for text in ("market ore > clay", "trade P2"):
        with pytest.raises(IllegalMove, match="draw pile"):
            play(state, 0, text)
    after = play(state, 0, "pile ore")
    assert sum(hand_of(after, 0)) == 3
    with pytest.raises(IllegalMove):
        play(after, 0, "pile wool")


def test_check_06_three_exchanges():
    state = position(
        roads={0: 5}, hands={0: "ore ore wool", 1: "clay", 2: "wood"}, market=("grain",) * 5
    )
    assert state.allowance == 3
    state = play(state, 0, "market ore > grain")
    state = play(state, 0, "trade P2")
    state = play(state, 0, "trade P3")
    for text in ("pile ore", "market wool > grain", "trade P4"):
        with pytest.raises(IllegalMove):
            play(state, 0, text)


def test_check_07_returns_owed_and_hand_sizes_kept():
    state = position(roads={0: 3}, hands={0: "ore wool", 1: "clay clay", 2: "wood"})
    sizes = [sum(p.hand) for p in state.players]
    state = play(state, 0, "trade P2")
    with pytest.raises(IllegalMove):
        play(state, 0, "end")
    state = play(state, 0, "trade P3")
    state = play(state, 0, "return ore > P3")
    with pytest.raises(IllegalMove):
        play(state, 0, "end")
    state = play(state, 0, "return wool > P2")
    state = play(state, 0, "end")
    assert [sum(p.hand) for p in state.players] == sizes
    assert state.phase == "build"


def test_check_08_market_stays_at_five():
    state = position(roads={0: 9}, hands={0: "ore wool grain clay wood"})
    rng = random.Random(1)
    for _ in range(5):
        moves = [m for m in G.legal_moves(state, "P1") if m.kind == "market"]
        state = G.apply(state, "P1", rng.choice(moves))
        assert len(state.market) == 5
    assert sum(hand_of(state, 0)) == 5


# ---------------------------------------------------------------- building


def test_check_09_costs():
    costs = {k: G.data.cost(k) for k in ("road", "settlement", "city", "knight")}
    assert costs["road"] == hand("clay wood")
    assert costs["settlement"] == hand("clay wood wool grain")
    assert costs["city"] == hand("2 grain 3 ore")
    assert costs["knight"] == hand("ore wool grain")
    state = position(phase="build", hands={0: "3 wool 3 ore"}, buildings={0: ["c"]})
    with pytest.raises(IllegalMove):
        play(state, 0, "build town hall ore wool wool wool")
    after = play(state, 0, "build town hall ore ore ore wool wool wool")
    assert vp(after, 0) == 4 and sum(hand_of(after, 0)) == 0


def test_check_10_one_of_each_kind():
    state = position(
        phase="build",
        hands={0: "2 clay 2 wood 2 grain 2 wool 1 ore 4 grain 3 ore 3 wool 1 ore"},
        buildings={0: ["c"]},
    )
    state = play(state, 0, "build road clay wood")
    with pytest.raises(IllegalMove, match="once"):
        play(state, 0, "build road clay wood")
    state = play(state, 0, "build knight ore wool grain")
    state = play(state, 0, "build settlement clay wood wool grain")
    state = play(state, 0, "build city ore ore ore grain grain")
    state = play(state, 0, "build library ore wool wool wool")
    assert state.built == ("road", "knight", "settlement", "city", "city_expansion")


def test_check_11_chaining():
    state = position(
        phase="build",
        hands={0: "clay wood wool grain 2 grain 3 ore 3 wool 1 ore"},
        buildings={0: ["x:X2"]},
        settlement_stack=("market_day", "robber"),
    )
    state = play(state, 0, "build settlement clay wood wool grain")
    state = play(state, 0, "build city ore ore ore grain grain")
    state = play(state, 0, "build library ore wool wool wool")
    built = state.players[0].buildings[1]
    assert built.city and built.expansion == "X1"


def test_check_12_three_for_one():
    state = position(phase="build", hands={0: "wood 3 ore"})
    assert hand_of(play(state, 0, "build road wood ore ore ore"), 0) == hand("")
    with pytest.raises(IllegalMove):
        play(position(phase="build", hands={0: "wood 2 ore"}), 0, "build road wood ore ore")
    city = position(phase="build", hands={0: "2 grain 2 ore 3 wool"})
    after = play(city, 0, "build city ore ore wool wool wool grain grain")
    assert after.players[0].buildings[0].city


def test_check_13_universitat():
    state = position(
        phase="build",
        hands={0: "clay wood grain ore wood ore"},
        buildings={0: ["s", "x:X4"]},
    )
    state = play(state, 0, "build settlement clay wood ore grain")
    assert state.university_used
    with pytest.raises(IllegalMove):
        play(state, 0, "build road wood ore")


def test_check_14_side_rule():
    state = position(phase="build", roads={0: 2}, hands={0: "clay wood"})
    before = vp(state, 0)
    assert G.view(state, None).players[0].allowance == 1
    state = play(state, 0, "build road clay wood")
    view = G.view(state, None).players[0]
    assert view.roads == 3 and view.allowance == 2 and view.vp == before
    fourth = position(phase="build", roads={0: 3}, hands={0: "clay wood"})
    assert vp(play(fourth, 0, "build road clay wood"), 0) == vp(fourth, 0) + 1


def test_check_15_preconditions():
    rich = "3 clay 3 wood 3 ore 6 wool 3 grain"
    empty = position(phase="build", hands={0: rich}, settlement_stack=())
    with pytest.raises(IllegalMove, match="stack"):
        play(empty, 0, "build settlement clay wood wool grain")
    no_settlement = position(phase="build", hands={0: rich}, buildings={0: ["c"]})
    no_settlement = play(no_settlement, 0, "build library ore wool wool wool")
    with pytest.raises(IllegalMove, match="settlement"):
        play(no_settlement, 0, "build city ore ore ore grain grain")
    no_city = position(phase="build", hands={0: rich}, buildings={0: ["s", "x:X1"]})
    with pytest.raises(IllegalMove):
        play(no_city, 0, "build church ore wool wool wool")
    second = position(phase="build", hands={0: rich}, buildings={0: ["c", "x:X2"]})
    with pytest.raises(IllegalMove):
        play(second, 0, "build church ore wool wool wool")


# ---------------------------------------------------------------- events


def test_check_16_robber_raid():
    state = position(
        phase="build",
        hands={0: "2 grain 3 ore 4 clay 6 wood", 1: "8 wool", 2: "7 ore", 3: "2 clay"},
        buildings={0: ["s:robber"]},
    )
    state = play(state, 0, "build city ore ore ore grain grain")
    assert state.white_up and G.to_act(state) == {"P1"}
    for _ in range(3):
        state = play(state, 0, "discard wood")
    assert G.to_act(state) == {"P2"}
    state = play(state, 1, "discard wool")
    assert [sum(p.hand) for p in state.players] == [7, 7, 7, 2]
    assert state.pending is None and not state.white_up


def test_check_17_market_day():
    state = position(
        phase="build", hands={0: "2 grain 3 ore"}, buildings={0: ["s:market_day"]}, discard=()
    )
    old, pile = state.market, len(state.draw_pile)
    state = play(state, 0, "build city ore ore ore grain grain")
    assert state.discard[-5:] == old
    assert len(state.market) == 5 and len(state.draw_pile) == pile - 5


@pytest.mark.parametrize("players", [4, 2])
def test_check_18_settlement_flips_destiny(players):
    state = position(players, phase="build", hands={0: "clay wood wool grain"})
    state = play(state, 0, "build settlement clay wood wool grain")
    assert not state.white_up and state.pending is None
    assert G.to_act(state) == {"P1"}


# ---------------------------------------------------------------- taking roads and knights


def test_check_19_take_a_road():
    state = position(
        phase="build",
        road_stack=0,
        hands={0: "clay wood"},
        roads={0: 1, 1: 3, 2: 0, 3: 2},
        buildings={1: ["x:X5"]},
    )
    p4, p1 = vp(state, 3), vp(state, 0)
    state = play(state, 0, "build road clay wood")
    assert [p.roads for p in state.players] == [2, 3, 0, 1]
    assert vp(state, 3) == p4 - 1 and vp(state, 0) == p1 + 1
    assert hand_of(state, 0) == hand("")


def test_check_20_no_road_to_take():
    state = position(
        phase="build",
        road_stack=0,
        hands={0: "clay wood"},
        roads={0: 1, 1: 3, 2: 0, 3: 0},
        buildings={1: ["x:X5"]},
    )
    with pytest.raises(IllegalMove):
        play(state, 0, "build road clay wood")
    assert hand_of(state, 0) == hand("clay wood")


def test_check_21_knight_counter_clockwise():
    state = position(
        phase="build",
        knight_stack=0,
        white_up=False,
        hands={0: "ore wool grain"},
        knights={1: 1, 2: 2, 3: 1},
        buildings={3: ["x:X2"]},
    )
    state = play(state, 0, "build knight ore wool grain")
    assert [p.knights for p in state.players] == [1, 1, 1, 1]
    assert G.events(state)[-1].data == {"target": "P3", "what": "knight"}


def test_check_22_fortress_with_four_roads():
    state = position(
        phase="build",
        road_stack=0,
        hands={0: "clay wood"},
        roads={1: 4},
        buildings={1: ["x:X5"]},
    )
    state = play(state, 0, "build road clay wood")
    assert state.players[1].roads == 3 and state.players[0].roads == 2


# ---------------------------------------------------------------- expansions


def test_check_23_expansion_vp():
    assert vp(position(buildings={0: ["c"]}), 0) == 2
    assert vp(position(buildings={0: ["x:X1"]}), 0) == 3
    assert vp(position(buildings={0: ["x:X3"]}), 0) == 4
    state = position(buildings={0: ["s", "x:X1"]}, roads={0: 4}, knights={0: 3})
    player = G.view(state, None).players[0]
    assert (player.vp, player.allowance, player.draw_count) == (7, 2, 4)


def test_check_24_merchant_guild():
    state = position(
        buildings={
            0: ["x:X6", "c"],  # 5 VP
            1: ["c", "c"],  # 4
            2: ["c", "c", "s"],  # 5
            3: ["x:X3", "c", "s"],  # 7
        },
        hands={0: "ore", 1: "wool", 2: "grain", 3: "clay"},
    )
    assert [vp(state, s) for s in range(4)] == [5, 4, 5, 7]
    with pytest.raises(IllegalMove):
        play(state, 0, "guild P2")
    assert sum(hand_of(play(state, 0, "guild P4"), 0)) == 2
    after = play(state, 0, "guild P3")
    assert sum(hand_of(after, 0)) == 2 and sum(hand_of(after, 2)) == 0
    assert after.exchanges == 0 and after.allowance == state.allowance
    with pytest.raises(IllegalMove, match="once"):
        play(after, 0, "guild P4")


def test_check_25_library():
    state = position(
        roads={0: 3}, buildings={0: ["x:X1"]}, hands={0: "ore", 1: "wool grain grain", 2: "clay"}
    )
    state = play(state, 0, "look P2")
    assert G.view(state, "P1").looked_at == hand("wool grain grain")
    assert all(G.view(state, s).looked_at is None for s in (None, "P2", "P3", "P4"))
    state = play(state, 0, "pick wool")
    assert hand_of(state, 0) == hand("ore wool")
    with pytest.raises(IllegalMove, match="once"):
        play(state, 0, "look P3")
    state = play(state, 0, "trade P3")
    assert hand_of(state, 0) == hand("ore wool clay")


# ---------------------------------------------------------------- draw phase, decks, end


def test_check_26_draw_counts():
    for knights, most in zip(range(5), (2, 3, 3, 4, 4), strict=True):
        state = position(phase="build", knights={0: knights}, hands={0: ""})
        draws = [m.count for m in G.legal_moves(state, "P1") if m.kind == "draw"]
        assert max(draws) == most and min(draws) == 2
        after = play(state, 0, f"draw {most}")
        assert sum(hand_of(after, 0)) == most


def test_check_27_reshuffle_mid_draw():
    state = position(
        phase="build",
        knights={0: 1},
        hands={0: ""},
        draw_pile=("ore",),
        discard=("wool", "wool", "grain"),
    )
    state = play(state, 0, "draw 3")
    assert sum(hand_of(state, 0)) == 3
    assert any(e.kind == "reshuffle" for e in G.events(state))


def test_check_28_no_hand_limit():
    state = position(phase="build", hands={0: "3 clay 3 wood 3 ore 3 wool 1 grain"})
    state = play(state, 0, "draw 2")
    assert sum(hand_of(state, 0)) == 15 and state.turn == 1


def test_check_29_win_at_once():
    state = position(
        phase="build",
        hands={0: "3 wool 3 ore"},
        buildings={0: ["x:X1", "x:X2", "c", "s"]},
    )
    assert vp(state, 0) == 9
    state = play(state, 0, "build town hall ore ore ore wool wool wool")
    outcome = G.outcome(state)
    assert outcome is not None and outcome.winners == ("P1",)
    assert outcome.standings[0].score == 11 and state.turn == 0
    assert G.to_act(state) == frozenset()


def test_check_30_city_sides_never_reach_a_client():
    rng = random.Random(30)
    for state, _seat, _ in random_game(G, 4, 30):
        # Only the face-down city sides changed: every view and every narration is the same.
        backs = list(state.settlement_stack)
        other = perturb_backs(state, rng)
        for viewer in (None, *G.players(state)):
            view = G.view(state, viewer)
            assert view == G.view(other, viewer)
            assert view.settlement_stack == len(backs)
            assert all(b.event is None for p in view.players for b in p.buildings if not b.city)
            texts = [G.describe(e, lang=lang) for e in view.events for lang in ("en", "ja")]
            assert texts == [
                G.describe(e, lang=lang)
                for e in G.view(other, viewer).events
                for lang in ("en", "ja")
            ]


def perturb_backs(state, rng):
    """Only the face-down city sides changed (the settlement stack and settlements in play)."""
    changed = perturb(state, rng, None)
    return state.model_copy(
        update={
            "settlement_stack": changed.settlement_stack,
            "players": tuple(
                p.model_copy(update={"buildings": q.buildings})
                for p, q in zip(state.players, changed.players, strict=True)
            ),
        }
    )
