"""Catan card game invariants over seeded random games: cards conserved, takes kept private."""

from __future__ import annotations

import pytest

from games.catan.data import pool
from tests.games.catan_helpers import G
from tests.games.test_conformance import random_game

# Public events may name only cards everyone sees: discards, the market, payments.
PUBLIC_CARD_KEYS = {"give", "take", "card", "pay", "market"}
PUBLIC_WITH_CARDS = {"pile", "market", "build", "discard", "market_day", "start"}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_resource_cards_are_conserved_and_hands_keep_their_size_over_exchanges(players):
    total = len(pool(G.data, players).resources)
    phase_start: list[int] | None = None
    compared = 0
    for state, _seat, _ in random_game(G, players, seed=players):
        held = sum(sum(p.hand) for p in state.players)
        assert held + len(state.draw_pile) + len(state.discard) + len(state.market) == total
        assert len(state.market) <= 5
        if state.finished:
            continue
        if state.phase == "exchange" and state.exchanges == 0 and not state.guild_used:
            phase_start = [sum(p.hand) for p in state.players]
        elif state.phase == "build" and not state.built and phase_start and not state.guild_used:
            assert [sum(p.hand) for p in state.players] == phase_start
            phase_start = None
            compared += 1
    assert compared > 10


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_random_take_reaches_only_the_two_players_involved(players):
    seen_private = 0
    for state, _seat, _ in random_game(G, players, seed=10 + players):
        for event in state.events:
            if event.private_to is None:
                named = PUBLIC_CARD_KEYS & set(event.data)
                assert not named or event.kind in PUBLIC_WITH_CARDS, event
                assert "hand" not in event.data and "cards" not in event.data
            elif event.kind.endswith(("_took", "_lost")) or event.kind == "returned":
                assert event.private_to in (event.seat, event.data["target"])
                seen_private += 1
        for viewer in (None, *G.players(state)):
            view = G.view(state, viewer)
            assert all(e.private_to in (None, viewer) for e in view.events)
            assert all(p.hand is None for p in view.players if p.id != viewer)
    assert seen_private > 0
