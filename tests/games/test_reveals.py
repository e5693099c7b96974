"""`Game.reveals`: which moves made something hidden known (and so cannot be taken back)."""

from __future__ import annotations

import random
from typing import Any

import games
from tests.bot import testgames  # noqa: F401  (registers the small test games)

STP = games.get("stpetersburg")
CAT = games.get("catherine")


def test_stpetersburg_a_purchase_reveals_nothing_a_new_phase_deals_cards() -> None:
    state = STP.new(["a", "b"], seed=4, options={"public_money": True})
    seat = sorted(STP.to_act(state))[0]
    buy = next(m for m in STP.legal_moves(state, seat) if m.kind == "buy")
    assert not STP.reveals(state, STP.apply(state, seat, buy))
    passed = STP.apply(state, seat, STP.parse("pass"))
    other = sorted(STP.to_act(passed))[0]
    dealt = STP.apply(passed, other, STP.parse("pass"))
    assert dealt.phase != state.phase
    assert STP.reveals(passed, dealt)


def test_catherine_secret_choices_and_draws_are_revealing() -> None:
    state = CAT.new(["a", "b", "c"], seed=2)
    rng = random.Random(1)
    seen = {False: 0, True: 0}
    for _ in range(300):
        if CAT.outcome(state) is not None:
            break
        seat = sorted(CAT.to_act(state))[0]
        after = CAT.apply(state, seat, rng.choice(CAT.legal_moves(state, seat)))
        revealed = CAT.reveals(state, after)
        if state.phase in ("setup", "place") or state.deck != after.deck:
            assert revealed
        seen[revealed] += 1
        state = after
    assert seen[True] and seen[False]  # some moves can be taken back, some cannot


def test_the_default_refuses_in_a_game_with_hidden_information() -> None:
    tally = games.get("tally")
    state = tally.new(["a", "b"], seed=1)
    after = tally.apply(state, "a", tally.parse("pass"))
    assert tally.reveals(state, after)  # each seat's secret tokens: the default cannot tell


VEN = games.get("venedig")
CTN = games.get("catan")


def play_along(game_id: str, seed: int, players: int, moves: int) -> list[tuple[Any, Any, Any]]:
    """(before, move, after) for the first `moves` random moves of a seeded game."""
    game = games.get(game_id)
    state = game.new([f"p{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    steps = []
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        seat = sorted(game.to_act(state))[0]
        move = rng.choice(game.legal_moves(state, seat))
        after = game.apply(state, seat, move)
        steps.append((state, move, after))
        state = after
    return steps


def test_venedig_playing_cards_reveals_nothing_draining_and_drawing_do() -> None:
    state = VEN.new(["a", "b", "c"], seed=7)
    seat = sorted(VEN.to_act(state))[0]
    play = next(m for m in VEN.legal_moves(state, seat) if m.kind == "play")
    assert not VEN.reveals(state, VEN.apply(state, seat, play))
    ended = VEN.apply(state, seat, VEN.parse("done"))  # step 1 ends: nothing hidden moves
    assert not VEN.reveals(state, ended)
    drain = next(m for m in VEN.legal_moves(ended, seat) if m.kind == "drain")
    drained = VEN.apply(ended, seat, drain)
    assert drained.swamp_bag != ended.swamp_bag and VEN.reveals(ended, drained)
    steps = play_along("venedig", 3, 3, 400)
    kinds: dict[tuple[str, bool], int] = {}
    for before, move, after in steps:
        revealed = VEN.reveals(before, after)
        kinds[move.kind, revealed] = kinds.get((move.kind, revealed), 0) + 1
        if before.deck != after.deck or before.swamp_bag != after.swamp_bag:
            assert revealed
        if move.kind in ("play", "solo", "keep"):
            assert not revealed or before.treasure != after.treasure or before.deck != after.deck
    assert kinds.get(("drain", True)) and not kinds.get(("drain", False))
    assert kinds.get(("play", False)) and kinds.get(("draw", True))


def test_venedig_a_card_from_the_open_pool_reveals_nothing_the_virtual_card_does() -> None:
    pool_draws = [
        (b, a)
        for b, m, a in play_along("venedig", 3, 3, 400)
        if m.kind == "draw" and m.source != "deck"
    ]
    assert pool_draws
    for before, after in pool_draws:
        assert VEN.reveals(before, after) == (before.deck != after.deck or before.rng != after.rng)
    # Two players: every turn ends with the virtual player's card off the deck.
    two = [(b, a) for b, m, a in play_along("venedig", 3, 2, 200) if m.kind == "draw"]
    assert two and all(VEN.reveals(b, a) for b, a in two)


def test_catan_market_and_builds_reveal_nothing_draws_and_random_takes_do() -> None:
    state = CTN.new(["a", "b"], seed=7)
    seat = sorted(CTN.to_act(state))[0]
    market = next(m for m in CTN.legal_moves(state, seat) if m.kind == "market")
    assert not CTN.reveals(state, CTN.apply(state, seat, market))
    pile = next(m for m in CTN.legal_moves(state, seat) if m.kind == "pile")
    assert CTN.reveals(state, CTN.apply(state, seat, pile))
    trade = next(m for m in CTN.legal_moves(state, seat) if m.kind == "trade")
    assert CTN.reveals(state, CTN.apply(state, seat, trade))  # a random card from a hand
    seen: dict[tuple[str, bool], int] = {}
    for before, move, after in play_along("catan", 5, 3, 600):
        revealed = CTN.reveals(before, after)
        what = move.what if move.kind == "build" else move.kind
        seen[what, revealed] = seen.get((what, revealed), 0) + 1
        if move.kind in ("draw", "pile", "trade", "guild", "look"):
            assert revealed
        if what in ("settlement", "city"):
            assert revealed  # a settlement card off its hidden stack; a city shows its event
        if move.kind == "market":
            assert not revealed
    assert seen.get(("road", False)) or seen.get(("knight", False))
