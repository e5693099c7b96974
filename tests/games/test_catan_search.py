"""The Catan card game's strong AI: states sampled from a seat's view, the VP estimate, greedy's
ranking (that the search never sees what its seat may not: test_search_twins)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import games
from games.catan.data import RESOURCES, pool
from games.catan.estimate import estimate_scores
from games.catan.game import Catan
from games.catan.models import Look, State
from tests.games.test_sampling import STRONG

G: Catan = games.get("catan")  # type: ignore[assignment]
FAST = {"iterations": 8, "seconds": None, "playout_moves": 8}


def greedy_game(players: int, seed: int) -> Iterator[tuple[State, str | None]]:
    """(state, seat to act) along one seeded game between greedy players, then (final, None)."""
    greedy = G.ai("greedy")
    rng = random.Random(seed)
    state = G.new([f"s{i}" for i in range(players)], seed=seed)
    while G.outcome(state) is None:
        seat = sorted(G.to_act(state))[0]
        yield state, seat
        state = G.apply(state, seat, greedy.choose(G, state, seat, rng))
    yield state, None


def library_look(players: int) -> State:
    """A fresh game whose first seat owns a Bibliothek and is looking at the next seat's hand.
    Only the first settlement becomes a city: every card stays where the deal put it."""
    state = G.new([f"s{i}" for i in range(players)], seed=5, options={"start": 0})
    first = state.players[0]
    city = first.buildings[0].model_copy(update={"city": True, "expansion": "X1"})
    people = (first.model_copy(update={"buildings": (city,)}), *state.players[1:])
    expansions = tuple(x for x in state.expansions if x != "X1")
    state = state.model_copy(update={"players": people, "expansions": expansions})
    return G.apply(state, "s0", Look(target="s1"))


def resources(state: State) -> Counter[str]:
    cards = Counter([*state.draw_pile, *state.market, *state.discard])
    for player in state.players:
        cards.update({r: n for r, n in zip(RESOURCES, player.hand, strict=True)})
    return +cards


def city_sides(state: State) -> Counter[str]:
    sides = Counter(state.settlement_stack)
    sides.update(b.event for p in state.players for b in p.buildings)
    return sides


def sampled_states() -> Iterator[tuple[State, str]]:
    """Positions from greedy games with 2, 3 and 6 players (every phase, robber discards
    included), and Bibliothek looks, each with every seat as the viewer."""
    rng = random.Random(1)
    for players in (2, 3, 6):
        for seed in range(2):
            for state, seat in greedy_game(players, seed):
                if seat is not None and (state.pending is not None or rng.random() < 0.1):
                    yield from ((state, viewer) for viewer in G.players(state))
        look = library_look(players)
        yield from ((look, viewer) for viewer in G.players(look))


def test_catan_offers_the_search_ai() -> None:
    assert "catan" in STRONG
    assert [k.key for k in G.ai_kinds()] == ["greedy", "random", "strong"]


def test_samples_keep_the_view_the_moves_and_every_card() -> None:
    rng = random.Random(2)
    checked: Counter[str] = Counter()
    differed = 0
    for state, viewer in sampled_states():
        view = G.view(state, viewer)
        sample = G.sample_state(view, viewer, rng)
        assert G.view(sample, viewer) == view
        assert G.to_act(sample) == G.to_act(state)
        if viewer in G.to_act(state):
            assert G.legal_moves(sample, viewer) == G.legal_moves(state, viewer)
        everything = pool(G.data, len(state.players))
        assert resources(sample) == Counter(everything.resources) == resources(state)
        assert city_sides(sample) == Counter(everything.settlements) == city_sides(state)
        checked[state.pending.kind if state.pending else state.phase] += 1
        differed += sample.draw_pile != state.draw_pile
    assert set(checked) == {"exchange", "build", "discard", "library"}
    assert sum(checked.values()) > 200
    assert differed > sum(checked.values()) * 0.9  # the hidden cards are dealt, not copied


def test_a_sample_keeps_what_the_viewer_knows_and_deals_the_rest() -> None:
    state = library_look(3)
    rng = random.Random(3)
    looked_hands, other_hands, backs = set(), set(), set()
    for _ in range(30):
        sample = G.sample_state(G.view(state, "s0"), "s0", rng)
        assert sample.players[0].hand == state.players[0].hand  # its own
        assert sample.players[1].hand == state.players[1].hand  # the one it is looking at
        looked_hands.add(sample.players[1].hand)
        other_hands.add(sample.players[2].hand)
        backs.add((sample.settlement_stack, tuple(p.buildings for p in sample.players)))
        assert sum(sample.players[2].hand) == sum(state.players[2].hand)
    assert len(looked_hands) == 1
    assert len(other_hands) > 5  # a hand nobody showed it is dealt anew
    assert len(backs) > 5  # and so are the city sides still face down
    # The seat looked at knows nothing of the looker's hand: that is dealt anew.
    hands = {G.sample_state(G.view(state, "s1"), "s1", rng).players[0].hand for _ in range(30)}
    assert len(hands) > 5


def test_the_estimate_is_the_final_vp_once_the_game_is_over() -> None:
    for players, seed in ((2, 0), (2, 1), (4, 2)):
        *_, (final, _) = greedy_game(players, seed)
        outcome = G.outcome(final)
        assert outcome is not None
        assert G.evaluate(final) == {s.seat: float(s.score) for s in outcome.standings}


def test_the_estimate_counts_vp_cards_and_rows() -> None:
    state = G.new(["a", "b"], seed=4, options={"start": 0})
    base = estimate_scores(G.data, state)
    first = state.players[0]

    def changed(**fields: object) -> float:
        people = (first.model_copy(update=fields), state.players[1])
        return estimate_scores(G.data, state.model_copy(update={"players": people}))["a"]

    more_cards = (first.hand[0] + 2, *first.hand[1:])
    assert changed(hand=more_cards) > base["a"]
    assert changed(knights=1) > base["a"]  # a side-A knight: a card more every turn
    assert changed(roads=2) > changed(roads=1) + 0.5  # a side-B road is a VP
    city = first.buildings[0].model_copy(update={"city": True})
    assert changed(buildings=(city,)) > base["a"] + 0.5
    # Cards past the robber's 7 add less than the ones below it.
    seven = changed(hand=(3, 4, 0, 0, 0)) - changed(hand=(3, 3, 0, 0, 0))
    ten = changed(hand=(3, 4, 3, 0, 0)) - changed(hand=(3, 3, 3, 0, 0))
    assert ten < seven


def test_the_estimate_mostly_names_the_winner_in_mid_game() -> None:
    """Halfway through greedy games, the seat estimated ahead goes on to win most of them."""
    right = played = 0
    for seed in range(12):
        states = list(greedy_game(2, seed))
        middle, _ = states[len(states) // 2]
        final, _ = states[-1]
        estimate = G.evaluate(middle)
        if final.winner is None or abs(estimate["s0"] - estimate["s1"]) < 0.5:
            continue
        played += 1
        right += max(estimate, key=lambda s: estimate[s]) == final.players[final.winner].id
    assert played >= 6
    assert right >= played * 0.7


def test_the_greedy_ranking_puts_its_own_choice_first() -> None:
    greedy = G.ai("greedy")
    checked = 0
    for state, seat in greedy_game(2, 3):
        if seat is None:
            continue
        ranked = greedy.ranked(G, state, seat, random.Random(checked))  # type: ignore[attr-defined]
        assert ranked[0] == greedy.choose(G, state, seat, random.Random(checked))
        assert sorted(map(repr, ranked)) == sorted(map(repr, G.legal_moves(state, seat)))
        checked += 1
    assert checked > 50
