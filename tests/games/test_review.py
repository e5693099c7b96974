"""The game review (games/review.py): repeatable, judged from the seat's view alone, finds a
deliberate mistake and leaves a close call alone."""

from __future__ import annotations

import dataclasses
import random

import pytest

import games
from games.review import (
    ReviewBudget,
    chance,
    chart_moves,
    judge,
    review_states,
    seeded,
)
from games.search import Search
from tests.games.review_race import RACE, RaceMove
from tests.games.test_conformance import random_game
from tests.games.test_hidden_information import perturber

STRONG = [g.id for g in games.builtins() if "strong" in {k.key for k in g.ai_kinds()}]
# Short playouts and few worlds: the checks below are about what a verdict depends on.
SMALL = ReviewBudget(
    worlds=3,
    screen_worlds=2,
    chart_worlds=2,
    chart_points=6,
    playout_moves=6,
    max_worlds=6,
    search={"playout_moves": 6, "playout_moves_per_seat": None, "candidates": 3},
)


def race_game(kinds: list[str], seed: int):
    """A race game played with these moves in turn: states, seats and moves."""
    state = RACE.new(["s0", "s1"], seed=seed)
    states, acting, moves = [state], [], []
    for kind in kinds:
        seat = next(iter(RACE.to_act(state)))
        move = RaceMove(kind=kind)
        state = RACE.apply(state, seat, move)
        states.append(state)
        acting.append(seat)
        moves.append(move)
    return states, acting, moves


def everything(moves):
    return {i: True for i in range(1, len(moves) + 1)}


def test_the_same_seed_and_budget_give_the_same_review():
    states, acting, moves = race_game(["take", "rest", "risk", "take", "take", "rest"], seed=2)
    first = review_states(RACE, states, acting, moves, everything(moves), ReviewBudget(), 7)
    again = review_states(RACE, states, acting, moves, everything(moves), ReviewBudget(), 7)
    assert first == again
    other = review_states(RACE, states, acting, moves, everything(moves), ReviewBudget(), 8)
    assert other != first  # the seed is used: another seed samples other worlds


@pytest.mark.parametrize("game_id", STRONG)
def test_a_real_game_reviews_the_same_twice(game_id):
    game = games.get(game_id)
    steps = list(random_game(game, 2, 5))[:12]
    states = [state for state, _, _ in steps]
    acting = [seat for _, seat, _ in steps[:-1]]
    moves = [move for _, _, move in steps[:-1]]
    judged = {i: i % 3 == 1 for i in range(1, len(moves) + 1)}
    first = review_states(game, states, acting, moves, judged, SMALL, "s")
    assert first == review_states(game, states, acting, moves, judged, SMALL, "s")
    assert [v.seq for v in first.verdicts] == [i for i in judged if judged[i]]
    assert first.points[0].move == 0 and len(first.points) <= SMALL.chart_points


@pytest.mark.parametrize("seed", range(4))
def test_a_deliberate_mistake_is_found_among_the_costly(seed):
    # s0 rests (scores nothing) on its first move, where taking 3 points was there for free.
    states, acting, moves = race_game(["rest", "take", "take", "take", "take", "take"], seed)
    review = review_states(RACE, states, acting, moves, everything(moves), ReviewBudget(), seed)
    costliest = review.costliest("s0")
    assert costliest and costliest[0].seq == 1
    assert costliest[0].made == "rest" and costliest[0].preferred in ("take", "risk")
    assert costliest[0].win_gap > ReviewBudget().min_gap
    # s1, ahead from then on, takes its points: never a mistake. (Behind, s0's later takes may
    # be: risking is the way to catch up, and the review says so.)
    assert not [v for v in review.verdicts if v.seat == "s1" and v.costly]


def close_call():
    """s0's first move where risking (0 or 6 points) and taking 3 are worth as much, in points
    and in win chance: with a secret bonus of 2 against the other's 0 to 4, taking wins half the
    games (ahead of 0 and 1, level with 2), and so does risking (6 points always win, 0 never)."""
    state = RACE.new(["s0", "s1"], seed=4)
    assert state.bonus["s0"] == 2
    return state


def test_a_close_call_is_not_called_costly():
    # The AI may prefer one, but not clearly.
    budget = ReviewBudget()
    state = close_call()
    verdict = judge(RACE, state, "s0", RaceMove(kind="risk"), budget, seeded(1, "d", 1), seq=1)
    assert verdict.preferred == "take" and verdict.win_gap > 0  # a preference, and a gap
    assert not verdict.costly
    assert verdict.win_gap <= budget.z * verdict.error  # within the comparison's noise
    # Without the noise test the same gap would have been shown as a mistake.
    careless = dataclasses.replace(budget, z=0.0, min_gap=0.0)
    blamed = judge(RACE, state, "s0", RaceMove(kind="risk"), careless, seeded(1, "d", 1), seq=1)
    assert blamed.costly


def test_a_close_call_is_not_called_costly_whatever_the_seed():
    # A review judges a hundred decisions or more: a noise test that lets one close call in
    # fifty pass shows a mistake or two in every review, a different one for every seed.
    state = close_call()
    risk = RaceMove(kind="risk")
    blamed = [
        seed
        for seed in range(200)
        if judge(RACE, state, "s0", risk, ReviewBudget(), seeded(seed, "d", 1), seq=1).costly
    ]
    assert blamed == []


def test_more_worlds_go_where_the_verdict_is_in_doubt():
    budget = ReviewBudget()
    # A clear mistake: measured over every world the budget allows, for a steady cost.
    states, _, moves = race_game(["rest", "take", "take", "take", "take", "take"], 0)
    mistake = judge(RACE, states[0], "s0", moves[0], budget, seeded(0, "d", 1), seq=1)
    assert mistake.costly and mistake.worlds == budget.max_worlds
    # A close call within its noise after the first worlds: no more are spent on it.
    verdict = judge(RACE, close_call(), "s0", RaceMove(kind="risk"), budget, seeded(0, "d", 1))
    assert verdict.preferred == "take" and verdict.worlds == budget.worlds
    assert verdict.win_gap + verdict.error <= budget.z * verdict.error


@pytest.mark.parametrize("to_end", [True, False])
def test_the_candidates_are_screened_as_far_as_the_comparison_plays(monkeypatch, to_end):
    # The strong AI cuts its playouts after one move here; the comparison plays to the end. A
    # screening cut short could prefer a move by the phase its estimate stops at, and compare a
    # move no better than the one made: screened to the end, it measures what is compared.
    ends: list[bool] = []
    original = Search.playout

    def recording(self, state, dice=None):
        end = original(self, state, dice)
        ends.append(RACE.outcome(end) is not None)
        return end

    monkeypatch.setattr(Search, "playout", recording)
    budget = ReviewBudget(
        screen_to_end=to_end, screen_worlds=5, worlds=4, max_worlds=4, search={"playout_moves": 1}
    )
    states, _, moves = race_game(["rest", "take", "take", "take", "take", "take"], 0)
    judge(RACE, states[0], "s0", moves[0], budget, seeded(0, "d", 1))
    screened = ends[: 5 * 3]  # the first five worlds: take, risk and rest played out in each
    assert len(ends) > len(screened)
    assert all(screened) if to_end else not any(screened)
    assert all(ends[len(screened) :])  # the comparison always plays to the end


def test_the_chart_shows_each_seat_s_chance_and_ends_with_the_result():
    states, acting, moves = race_game(["take", "rest", "take", "rest", "take", "rest"], seed=3)
    review = review_states(RACE, states, acting, moves, {}, ReviewBudget(), 1)
    chart = review.chart(("s0", "s1"))
    lines = {line.seat: line.values for line in chart.panels[0].lines}
    outcome = RACE.outcome(states[-1])
    assert outcome is not None and outcome.winners == ("s0",)
    assert lines["s0"][-1] == 100 and lines["s1"][-1] == 0
    assert chart.ticks == tuple(str(i) for i in range(7))
    assert all(0 <= value <= 100 for values in lines.values() for value in values)
    assert review.verdicts == ()


def test_chart_points_are_turn_ends_thinned_evenly():
    assert chart_moves(["a", "a", "b", "a", "b", "b"], 10) == [0, 2, 3, 4, 6]
    thinned = chart_moves(["a", "b"] * 50, 11)
    assert thinned[0] == 0 and thinned[-1] == 100 and len(thinned) == 11
    assert thinned == sorted(thinned)


def twin_pairs(game_id: str):
    """(seat, state, twin) along random games: the twin differs only in what the seat may not
    see (tests/games/hidden_<id>.py)."""
    game = games.get(game_id)
    perturb = perturber(game_id)
    rng = random.Random(3)
    for seed in range(3):
        for state, seat, move in random_game(game, 2 + seed % 2, seed):
            if seat is None or rng.random() > 0.12 or len(game.legal_moves(state, seat)) < 3:
                continue
            yield seat, state, perturb(state, rng, seat), move


@pytest.mark.parametrize("game_id", STRONG)
def test_a_decision_is_judged_from_the_seat_s_view_alone(game_id):
    game = games.get(game_id)
    compared = 0
    for seat, state, twin, move in twin_pairs(game_id):
        assert twin != state
        first = judge(game, state, seat, move, SMALL, seeded(0, "d", compared))
        second = judge(game, twin, seat, move, SMALL, seeded(0, "d", compared))
        assert first == second
        assert chance(game, state, seat, SMALL, seeded(0, "c", compared)) == chance(
            game, twin, seat, SMALL, seeded(0, "c", compared)
        )
        compared += 1
        if compared == 6:
            break
    assert compared == 6


@pytest.mark.parametrize("game_id", STRONG)
def test_the_twin_check_catches_a_review_of_the_true_state(game_id, monkeypatch):
    game = games.get(game_id)
    differed = False
    for seat, state, twin, move in twin_pairs(game_id):
        verdicts = []
        for true_state in (state, twin):
            # The same review fed the true state instead of samples: what the check must catch.
            monkeypatch.setattr(game, "sample_state", lambda view, seat, rng, s=true_state: s)
            verdicts.append(judge(game, true_state, seat, move, SMALL, seeded(0, "d", 0)))
            monkeypatch.undo()
        if verdicts[0] != verdicts[1]:
            differed = True
            break
    assert differed
