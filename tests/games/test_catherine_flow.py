"""Catherine's simultaneous secret choices, their reveal, notation and short input."""

from __future__ import annotations

import pytest

from games.base import NotYourTurn
from games.catherine.models import Build, Decline, Keep, Market, Place, Row
from tests.games.cat_helpers import G, activating, events, play, set_player, start
from tests.games.test_conformance import random_game


def test_setup_choice_is_secret_until_everyone_chose():
    state = start(3)
    assert G.to_act(state) == frozenset({"a", "b", "c"})
    keep = G.legal_moves(state, "a")[0]
    assert isinstance(keep, Keep) and len(G.legal_moves(state, "a")) == 20
    others = {s: G.legal_moves(state, s) for s in ("b", "c")}
    state = G.apply(state, "a", keep)
    assert G.to_act(state) == frozenset({"b", "c"})
    assert {s: G.legal_moves(state, s) for s in ("b", "c")} == others
    for viewer in (None, "b", "c"):
        seen = G.view(state, viewer)
        assert seen.players[0].chosen is None and seen.players[0].placed
        assert all(e.private_to is None for e in seen.events)
        assert not any(set(keep.cards) & set(map(str, e.data.values())) for e in seen.events)
    assert G.view(state, "a").players[0].chosen == keep.cards
    state = G.apply(state, "b", G.legal_moves(state, "b")[0])
    assert not events(state, "setup")
    state = G.apply(state, "c", G.legal_moves(state, "c")[0])
    reveal = events(state, "setup")
    assert len(reveal) == 1 and reveal[0].private_to is None
    assert reveal[0].data["rows"]["a"] == list(keep.cards)
    assert state.phase == "place" and state.round == 1
    assert all(len(p.hand) == 5 and len(p.row) == 3 for p in state.players)


def test_placement_is_two_secret_steps_revealed_by_the_last_player():
    state = start(2)
    for seat in ("a", "b"):
        state = G.apply(state, seat, G.legal_moves(state, seat)[0])
    hand_a = state.players[0].hand
    assert [m.card for m in G.legal_moves(state, "a") if isinstance(m, Row)] == sorted(hand_a)
    state = play(state, "a", hand_a[0])  # short input: the card alone puts it in the row
    assert "a" in G.to_act(state)
    assert G.view(state, "b").players[0] == G.view(state, None).players[0]
    assert not G.view(state, None).players[0].placed
    places = G.legal_moves(state, "a")
    assert all(isinstance(m, Place) for m in places) and len(places) == 4 * 4
    before_b = G.legal_moves(state, "b")
    state = G.apply(state, "a", places[0])
    assert G.to_act(state) == frozenset({"b"}) and G.legal_moves(state, "b") == before_b
    with pytest.raises(NotYourTurn, match="waiting for the others"):
        G.apply(state, "a", places[1])
    public = [e for e in state.events if e.private_to is None]
    assert [e.kind for e in public] == ["ready"]
    assert G.view(state, None).players[0].placed
    assert G.view(state, "b").players[0].chosen is None
    b_moves = G.legal_moves(state, "b")
    state = G.apply(state, "b", b_moves[0])
    state = G.apply(state, "b", G.legal_moves(state, "b")[0])
    reveals = events(state, "reveal")
    assert len(reveals) == 1 and reveals[0].private_to is None
    assert set(reveals[0].data["placements"]) == {"a", "b"}
    assert all(len(p.row) == 4 and sum(1 for b in p.below if b) == 1 for p in state.players)


def test_notation_in_both_languages_and_short_input():
    for move in (
        Keep(cards=("C01", "E02", "W03")),
        Row(card="W01"),
        Place(act="C05", under="E10"),
        Decline(),
        Market(count=3),
        Build(city="nno", cards=("W01", "W02")),
    ):
        for lang in ("en", "ja"):
            assert G.parse(G.format(move, lang=lang)) == move
    assert G.format(Place(act="C05", under="E10"), lang="ja") == "配置 C05 下 E10"
    assert G.format(Build(city="nno"), lang="ja") == "建設 ニジニ・ノヴゴロド"
    state = activating("W01", "W02")
    assert play(state, "a", "nov").players[0].houses == ("nov",)
    assert play(state, "a", "建設 リガ").players[0].houses == ("rig",)
    assert play(state, "a", "st").players[0].houses == ("stp",)


def test_offers_keep_secret_choices_off_the_public_board():
    state = start(2)
    view = G.view(state, "a")
    offers = G.offers(view, G.legal_moves(state, "a"), lang="ja")
    assert offers and not any(o.public for o in offers)
    state = activating("W09", "W01", hand=("C01", "C02"))
    offers = G.offers(G.view(state, "a"), G.legal_moves(state, "a"))
    assert not any(o.public for o in offers if o.group == "build")  # they name hand cards
    assert any(o.public for o in offers if o.group == "decline")


def test_phase_d_is_played_by_every_seat_at_once():
    state = set_player(activating("W33", "W01", hand=("C01",), players=3), 2, hand=("C09",))
    assert G.to_act(state) == frozenset({"a", "b", "c"})
    state = play(state, "c", "execute")
    assert G.to_act(state) == frozenset({"a", "b", "c"})  # c now owes its bonus decision
    state = play(state, "c", "pass")
    assert G.to_act(state) == frozenset({"a", "b"})


def test_hand_draws_are_private():
    state = set_player(activating("W29", "W01"), 0, favour=11)
    state = play(state, "a", "execute")
    drew = events(state, "drew")
    assert drew and drew[0].private_to == "a"
    assert "drew" not in {e.kind for e in G.view(state, "b").events}
    assert G.describe(drew[0], lang="ja").startswith("引いたカード")


def test_every_event_is_told_in_both_languages():
    names = {"s0": "Anna", "s1": "Boris", "s2": "千代"}
    seen: set[str] = set()
    for state, _seat, _move in random_game(G, 3, 4):
        for event in state.events:
            for lang in ("en", "ja"):
                said = G.describe(event, lang=lang, names=names)
                assert said and said != event.kind
                if event.seat:
                    assert names[event.seat] in said or event.private_to
            seen.add(event.kind)
    assert {"start", "setup", "reveal", "action", "build", "cannons", "books", "final"} <= seen
