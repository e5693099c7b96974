"""The playout kernel against the engine: same moves listed, same states, same greedy choices."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.search import Search, SearchPlayer
from games.stpetersburg import GAME as G
from games.stpetersburg import rules
from games.stpetersburg.data import CARDS
from games.stpetersburg.kernel import Kernel
from games.stpetersburg.models import State


def _without_events(state: State) -> State:
    return state.model_copy(update={"events": ()})


def _play_both(players: int, seed: int, greedy_share: float, kinds: Counter[str]) -> int:
    """One seeded game through `apply` and through a kernel side by side; the moves played."""
    rng = random.Random(seed)
    state = G.new([f"p{i}" for i in range(players)], seed=seed)
    kernel = Kernel.of(state)
    greedy = G.ai("greedy")
    played = 0
    while G.outcome(state) is None:
        (actor,) = G.to_act(state)
        assert kernel.actor == G.players(state).index(actor)
        listed = G.legal_moves(state, actor)
        from_kernel = kernel.legal()
        assert from_kernel == listed
        assert all(a is b for a, b in zip(from_kernel, listed, strict=True))
        dice = rng.getrandbits(32)
        choice = greedy.choose(G, state, actor, random.Random(dice))
        assert kernel.greedy(random.Random(dice)) == choice
        move = choice if rng.random() < greedy_share else rng.choice(listed)
        kinds[move.kind] += 1
        state = G.apply(state, actor, move)
        kernel.play(move)
        assert kernel.state() == _without_events(state)
        played += 1
        if played % 37 == 0:  # a copy carries on exactly as the original would
            kernel = kernel.copy()
    assert kernel.finished and kernel.actor == -1 and kernel.legal() == []
    return played


def test_kernel_follows_the_engine_move_for_move() -> None:
    kinds: Counter[str] = Counter()
    games = 0
    for players in (1, 2, 3, 4):
        for seed in range(6):
            _play_both(players, 100 * players + seed, greedy_share=(seed % 3) / 2, kinds=kinds)
            games += 1
    assert games == 24
    # Every kind of move was exercised, the rare decisions included.
    assert set(kinds) == {"buy", "take", "play", "pass", "observe", "drawn", "pub"}, kinds


def test_kernel_state_is_a_valid_state() -> None:
    rng = random.Random(5)
    state = G.new(["a", "b", "c"], seed=5)
    kernel = Kernel.of(state)
    for _ in range(150):
        kernel.play(rng.choice(kernel.legal()))
    made = kernel.state()
    assert G.load(made.model_dump_json()) == made
    # And a kernel made from a loaded state (its own BoardCard objects) lists the same moves.
    loaded = G.load(made.model_dump_json())
    assert Kernel.of(loaded).legal() == G.legal_moves(loaded, G.players(loaded)[kernel.actor])


def test_copy_leaves_the_original_alone() -> None:
    rng = random.Random(9)
    kernel = Kernel.of(G.new(["a", "b"], seed=9))
    for _ in range(40):
        kernel.play(rng.choice(kernel.legal()))
    before = kernel.state()
    other = kernel.copy()
    for _ in range(60):
        other.play(rng.choice(other.legal()))
    assert other.state() != before
    assert kernel.state() == before


# What a Holdings works out (its cache, `replaceable`, is compared by what it answers).
HOLDINGS_FIELDS = (
    "area",
    "counts",
    "discount",
    "distinct",
    "hand_limit",
    "most_displaced",
    "needs",
    "observatories",
    "pubs",
    "yields",
)


def _same_holdings(held: rules.Holdings, fresh: rules.Holdings) -> None:
    for name in HOLDINGS_FIELDS:
        assert getattr(held, name) == getattr(fresh, name), name
    assert held.distinct == tuple(dict.fromkeys(held.area))  # the order cards came into play
    for trading in rules.TRADING:
        assert held.targets(trading) == fresh.targets(trading), trading
    for colour in ("green", "blue", "orange"):
        assert held.payout(colour) == fresh.payout(colour), colour


@pytest.mark.parametrize("seed", range(8))
def test_holdings_worked_out_from_the_last_equal_holdings_from_scratch(seed: int) -> None:
    """`plus` and `replaced` carry the last area's prices, targets and payouts forward."""
    rng = random.Random(seed)
    keys = list(CARDS)
    trading = sorted(rules.TRADING)
    few = rng.sample(keys, 8)  # drawn often: copies of a card, and replacing one of them
    area: tuple[str, ...] = ()
    held = rules.Holdings(area)
    replaced = 0
    for _ in range(30):
        # Fill some of the caches first (or none), so that what is carried forward is checked too.
        for card in rng.sample(trading, rng.choice((0, 5))):
            held.targets(card)
        held.payout(rng.choice(("green", "blue", "orange")))
        before, area_before = held, area
        card = rng.choice(few if rng.random() < 0.6 else keys)
        targets = [t for t in dict.fromkeys(area) if t != card]
        if targets and rng.random() < 0.4:
            target = rng.choice(targets)
            held = held.replaced(target, card)
            index = area.index(target)
            area = (*area[:index], *area[index + 1 :], card)
            replaced += 1
        else:
            held = held.plus(card)
            area = (*area, card)
        assert held.area == area
        _same_holdings(held, rules.Holdings(area))
        # Caches a new Holdings shares with the last one answer for the last one too.
        _same_holdings(before, rules.Holdings(area_before))
    assert replaced > 3


@pytest.mark.parametrize("algorithm", ["flat", "ismcts"])
def test_search_playouts_on_the_kernel_are_the_same_games(
    algorithm: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The strong AI's playouts end in the same states, and it picks the same moves, whether
    they run on the kernel or through apply."""
    positions = []
    for seed in (3, 4):
        rng = random.Random(seed)
        state = G.new(["a", "b", "c"], seed=seed)
        for _ in range(40 + 17 * seed):
            (actor,) = G.to_act(state)
            state = G.apply(state, actor, rng.choice(G.legal_moves(state, actor)))
        positions.append(state)

    def run() -> list[tuple[object, list[State]]]:
        ended: list[State] = []
        playout = Search.playout

        def recorded(self: Search, state: State, dice: random.Random | None = None) -> State:
            end = playout(self, state, dice)
            ended.append(_without_events(end))
            return end

        with monkeypatch.context() as patch:
            patch.setattr(Search, "playout", recorded)
            player = SearchPlayer(iterations=24, algorithm=algorithm)
            moves = []
            for state in positions:
                (actor,) = G.to_act(state)
                moves.append(player.choose(G, state, actor, random.Random(1)))
        return [(moves, ended)]

    made = Counter[str]()
    kernel = type(G).kernel

    def counted(self: object, state: State) -> Kernel:
        made["kernels"] += 1
        return kernel(G, state)

    monkeypatch.setattr(type(G), "kernel", counted)
    on_kernel = run()
    assert made["kernels"] >= 2 * 24  # the playouts did run on the kernel
    monkeypatch.setattr(type(G), "kernel", lambda self, state: None)
    through_apply = run()
    assert on_kernel == through_apply
