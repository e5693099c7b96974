"""`Game.reveals`: which moves made something hidden known (and so cannot be taken back)."""

from __future__ import annotations

import random

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
