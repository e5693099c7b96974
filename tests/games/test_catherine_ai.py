"""Catherine's computer players: greedy's ranking for the search, the score estimate
(`evaluate`) the search cuts its playouts with, and the secret choices samples guess."""

from __future__ import annotations

import random
import statistics

import games
from games.catherine import ai, estimate
from games.catherine.models import State

G = games.get("catherine")
GREEDY = ai.GreedyPlayer()


def greedy_game(players: int, seed: int) -> tuple[list[State], State]:
    """Every state of a greedy game before each move, and the final state."""
    state = G.new([f"p{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    states = []
    while G.outcome(state) is None:
        states.append(state)
        seat = min(G.to_act(state))
        state = G.apply(state, seat, GREEDY.choose(G, state, seat, rng))
    return states, state


def test_ranked_puts_greedys_choice_first_and_lists_every_legal_move():
    checked = 0
    for states, _ in (greedy_game(2, 1), greedy_game(3, 2)):
        for state in states[::3]:
            for seat in G.to_act(state):
                ranked = GREEDY.ranked(G, state, seat, random.Random(checked))
                chosen = GREEDY.choose(G, state, seat, random.Random(checked))
                assert ranked[0] == chosen
                assert sorted(map(repr, ranked)) == sorted(map(repr, G.legal_moves(state, seat)))
                checked += 1
    assert checked > 50


def test_the_estimate_at_the_end_is_the_final_score():
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        _, final = greedy_game(players, seed)
        assert G.evaluate(final) == {p.id: float(p.vp) for p in final.players}


def test_the_estimate_predicts_the_final_margin_better_than_the_vp_so_far():
    """Over positions of greedy games, the estimated margin between the seats follows the
    final margin closely, and more closely than the VP margin of the moment."""
    by_stage: dict[str, list[tuple[float, float, float]]] = {"early": [], "middle": [], "late": []}
    for seed in range(40):
        states, final = greedy_game(2, seed)
        margin = final.players[0].vp - final.players[1].vp
        for state in states:
            if state.round == 0:
                continue
            guess = G.evaluate(state)
            stage = ("early", "middle", "late")[(state.round - 1) // 4]
            vp_margin = state.players[0].vp - state.players[1].vp
            by_stage[stage].append((guess["p0"] - guess["p1"], vp_margin, margin))
    floors = {"early": 0.25, "middle": 0.55, "late": 0.75}
    for stage, rows in by_stage.items():
        guessed, vp, final_margin = zip(*rows, strict=True)
        fit = statistics.correlation(guessed, final_margin)
        assert fit > floors[stage], (stage, fit)
        assert fit > statistics.correlation(vp, final_margin) + 0.05, stage


def test_the_estimate_is_of_the_final_scores_size():
    """Mid-game, the estimate's average error is small beside scores of 60 to 120."""
    errors = []
    for seed in range(20):
        states, final = greedy_game(2, 100 + seed)
        for state in states[::5]:
            guess = G.evaluate(state)
            errors += [guess[p.id] - p.vp for p in final.players]
    assert abs(statistics.mean(errors)) < 8


def test_the_estimate_rewards_vp_favour_and_houses():
    states, _ = greedy_game(2, 5)
    state = next(s for s in states if s.round == 6 and s.phase == "place")
    before = G.evaluate(state)["p0"]
    p0 = state.players[0]

    def changed(**update: object) -> float:
        seat = p0.model_copy(update=update)
        return G.evaluate(state.model_copy(update={"players": (seat, *state.players[1:])}))["p0"]

    assert changed(vp=p0.vp + 7) == before + 7
    assert changed(favour=p0.favour + 3) > before
    free = next(c.id for c in G.data.cities if c.id not in p0.houses)
    # A house pays at each of the two interim scorings left, at least.
    assert changed(houses=(*p0.houses, free)) >= before + 2


def test_an_unrevealed_placement_counts_its_coming_action():
    """The placement a seat has made but not yet revealed adds what its action should bring;
    a placement whose colours do not match adds the compensation card only."""
    states, _ = greedy_game(2, 7)
    placed = [
        s
        for s in states
        if s.phase == "place" and len(s.players[0].chosen) == 2 and s.players[1].chosen == ()
    ]
    assert placed
    worth_more = 0
    for state in placed:
        p = state.players[0]
        row = (*p.row, p.chosen[0])
        colours = {G.data.cards[row[p.slot]].colour, G.data.cards[p.chosen[1]].colour}
        pending = estimate.pending(G.data, state, p)
        if len(colours) > 1:
            assert pending == ai.CARD_WORTH
        worth_more += pending > ai.CARD_WORTH
    assert worth_more > 0
    unplaced = next(s for s in states if s.phase == "place" and not s.players[0].chosen)
    assert estimate.pending(G.data, unplaced, unplaced.players[0]) == 0


def test_a_sample_gives_a_seat_that_placed_a_colour_match_when_it_can():
    """The other seat's unseen placement is guessed as the greedy AI would make it."""
    rng = random.Random(3)
    found = 0
    for seed in range(6):
        states, _ = greedy_game(2, seed)
        for state in states:
            if state.phase != "place" or len(state.players[0].chosen) != 2:
                continue
            if state.players[1].chosen:
                continue
            sample = G.sample_state(G.view(state, "p1"), "p1", rng)
            other = sample.players[0]
            assert len(other.chosen) == 2 and set(other.chosen) <= set(other.hand)
            row_card, act = other.chosen
            under = (*other.row, row_card)[other.slot]
            value = ai.GreedyPlayer.place_value
            best = max(
                value(G.data, sample.round, other, r, a, u)
                for r in other.hand
                for a in other.hand
                if a != r
                for u in (*ai.GreedyPlayer.free(other), r)
            )
            assert value(G.data, sample.round, other, row_card, act, under) == best
            found += 1
    assert found > 10
