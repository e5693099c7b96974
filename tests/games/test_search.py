"""The search AI (`strong`): legal play through whole games, its knobs, and states sampled from a
view that show that view again (one move per view and seed, for every game: test_search_twins)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import games
from games.base import Game
from games.search import SearchPlayer
from games.stpetersburg.data import STACKS, full_deck
from tests.games.test_conformance import random_game

G = games.get("stpetersburg")
FAST = {"iterations": 8, "seconds": None, "playout_moves": 8}


def all_cards(state) -> Counter[str]:
    cards: Counter[str] = Counter(slot.card for slot in state.board if slot is not None)
    for player in state.players:
        cards.update(player.hand)
        cards.update(player.area)
    for stack in state.stacks.values():
        cards.update(stack)
    cards.update(state.discard)
    if state.pending is not None and state.pending.card is not None:
        cards[state.pending.card] += 1
    return cards


DECK = Counter(card for stack in STACKS for card in full_deck(stack))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_samples_show_the_same_view_and_keep_every_card(players):
    rng = random.Random(players)
    checked = differed = 0
    for seed in range(4):
        for state, seat, _ in random_game(G, players, seed):
            if seat is None or rng.random() > 0.25:
                continue
            for viewer in G.players(state):
                view = G.view(state, viewer)
                sample = G.sample_state(view, viewer, rng)
                assert G.view(sample, viewer) == view
                assert all_cards(sample) == DECK
                if viewer == seat:
                    assert G.legal_moves(sample, seat) == G.legal_moves(state, seat)
                differed += sample.stacks != state.stacks
                checked += 1
    assert checked > 100
    assert differed > checked // 2  # the hidden order really is drawn, not copied


def test_samples_respect_the_pub_queue_with_secret_money():
    """A seat still to decide at the Pub can afford a point; one the queue skipped cannot."""
    rng = random.Random(0)
    found = 0
    for seed in range(40):
        for state, _seat, _ in random_game(G, 3, seed):
            if state.pending is None or state.pending.kind != "pub":
                continue
            for viewer in G.players(state):
                sample = G.sample_state(G.view(state, viewer), viewer, rng)
                deciding = (state.pending.seat, *state.pending.queue)
                for index in deciding:
                    assert sample.players[index].money >= 2
                found += 1
    assert found > 0


def play(game: Game, players: int, seed: int, player: SearchPlayer) -> int:
    rng = random.Random(seed)
    state = game.new([f"s{i}" for i in range(players)], seed=seed)
    greedy = game.ai("greedy")
    strong_seat = f"s{seed % players}"
    moves = 0
    while game.outcome(state) is None:
        seat = sorted(game.to_act(state))[0]
        ai = player if seat == strong_seat else greedy
        move = ai.choose(game, state, seat, rng)
        assert move in game.legal_moves(state, seat)
        state = game.apply(state, seat, move)
        moves += seat == strong_seat
    return moves


@pytest.mark.parametrize(("players", "algorithm"), [(1, "flat"), (2, "flat"), (3, "ismcts")])
def test_strong_ai_plays_legal_moves_to_the_end(players, algorithm):
    strong = SearchPlayer(algorithm=algorithm, **FAST)
    assert play(G, players, 5, strong) > 30


def test_a_game_without_sampling_has_no_search():
    class Opaque(type(G)):  # the same rules, but no determiniser
        def sample_state(self, view, seat, rng):
            return None

    opaque = Opaque()
    state = opaque.new(["a", "b"], seed=1)
    seat = sorted(opaque.to_act(state))[0]
    with pytest.raises(ValueError, match="no search AI"):
        SearchPlayer(**FAST).choose(opaque, state, seat, random.Random(0))


def test_a_games_own_search_settings_apply_under_explicit_ones():
    class Tuned(type(G)):  # type: ignore[misc]
        def search_settings(self, players):
            return {"candidates": 3, "playout_moves": 40 if players == 2 else 60}

    tuned = Tuned()
    player = SearchPlayer(playout_moves=5)
    settings = player.settings_for(tuned, 2)
    assert (settings.candidates, settings.playout_moves) == (3, 5)
    assert player.settings_for(G, 2).candidates == SearchPlayer().settings.candidates
    # The game's own settings are per table size.
    assert SearchPlayer().settings_for(tuned, 2).playout_moves == 40
    assert SearchPlayer().settings_for(tuned, 4).playout_moves == 60


def test_the_search_uses_the_settings_of_its_tables_size(monkeypatch):
    """The seat count a game's settings are asked for is the searched state's."""
    asked = []
    own = type(G).search_settings

    def recorded(self, players):
        asked.append(players)
        return own(self, players)

    monkeypatch.setattr(type(G), "search_settings", recorded)
    for players in (2, 3):
        state = G.new([f"s{i}" for i in range(players)], seed=4)
        seat = sorted(G.to_act(state))[0]
        SearchPlayer(**FAST).choose(G, state, seat, random.Random(0))
    assert set(asked) == {2, 3}


def greedy_first_choice(game, state, seat, seed):
    """The greedy AI's first choice as the flat search sees it: on the first sampled world."""
    rng = random.Random(seed)
    first = game.sample_state(game.view(state, seat), seat, rng)
    return game.ai("greedy").ranked(game, first, seat, rng)[0]


def searched_positions(players=2, seed=3, every=4):
    """Positions of a random game where the seat has at least three moves to choose from."""
    positions = []
    for index, (state, seat, _) in enumerate(random_game(G, players, seed)):
        if seat is not None and index % every == 0 and len(G.legal_moves(state, seat)) >= 3:
            positions.append((state, seat))
    assert len(positions) >= 10
    return positions


@pytest.mark.parametrize("knob", [{"keep_first_margin": 1.0}, {"keep_first_z": 1e9}])
def test_keep_first_plays_the_greedy_choice_unless_clearly_beaten(knob):
    """Rewards lie in [0, 1], so no candidate can beat greedy's choice by these thresholds."""
    kept, free = SearchPlayer(**FAST, **knob), SearchPlayer(**FAST)
    overridden = 0
    for index, (state, seat) in enumerate(searched_positions()):
        greedy_move = greedy_first_choice(G, state, seat, index)
        assert kept.choose(G, state, seat, random.Random(index)) == greedy_move
        overridden += free.choose(G, state, seat, random.Random(index)) != greedy_move
    assert overridden > 0  # without the knob the search does overrule greedy here


def test_keep_first_lets_a_clearly_better_move_through():
    """With a threshold any gain passes, the search still overrules greedy somewhere."""
    kept = SearchPlayer(**FAST, keep_first_margin=-1.0)
    overridden = sum(
        kept.choose(G, state, seat, random.Random(index))
        != greedy_first_choice(G, state, seat, index)
        for index, (state, seat) in enumerate(searched_positions())
    )
    assert overridden > 0


def test_candidates_grow_with_the_iteration_budget():
    state, seat = searched_positions()[0]
    alone = SearchPlayer(**FAST, candidates=1)
    alone.choose(G, state, seat, random.Random(0))
    assert alone.playouts == 0  # one candidate: nothing to compare
    grown = SearchPlayer(**FAST, candidates=1, candidates_growth=25.0)  # 1 + 25 * 8 / 100 = 3
    assert grown.settings.candidate_count() == 3
    grown.choose(G, state, seat, random.Random(0))
    assert grown.playouts == FAST["iterations"]


@pytest.mark.parametrize("players", [2, 4])
def test_playouts_are_cut_after_so_many_moves_per_seat(players, monkeypatch):
    state = G.new([f"p{i}" for i in range(players)], seed=11)
    seat = sorted(G.to_act(state))[0]
    applied = 0
    apply = type(G).apply

    def counting(self, state, seat, move):
        nonlocal applied
        applied += 1
        return apply(self, state, seat, move)

    monkeypatch.setattr(type(G), "apply", counting)

    class Counting:  # the playouts run on the game's kernel: count the moves played there
        def __init__(self, kernel):
            self.kernel = kernel

        @property
        def finished(self):
            return self.kernel.finished

        def greedy(self, rng):
            return self.kernel.greedy(rng)

        def play(self, move):
            nonlocal applied
            applied += 1
            self.kernel.play(move)

        def state(self):
            return self.kernel.state()

    kernel = type(G).kernel
    monkeypatch.setattr(type(G), "kernel", lambda self, state: Counting(kernel(self, state)))
    SearchPlayer(**FAST, playout_moves_per_seat=3).choose(G, state, seat, random.Random(1))
    # Each playout: the candidate move, then 3 moves per seat (the game is far from its end).
    assert applied == FAST["iterations"] * (1 + 3 * players)
