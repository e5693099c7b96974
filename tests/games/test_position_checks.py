"""Every invariant of `Game.check`, seen failing on a state broken on purpose (one per test).

States are broken with `model_copy`, which validates nothing: exactly what `check` is for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import games
from games.base import InvalidPosition
from games.catan.models import Building as CatanBuilding
from games.catan.models import Pending as CatanPending
from games.stpetersburg.models import Pending as StpPending
from games.venedig.models import FinalMove
from tests.games.test_positions import mid_game


def seat(state: Any, index: int, **update: Any) -> Any:
    players = list(state.players)
    players[index] = players[index].model_copy(update=update)
    return state.model_copy(update={"players": tuple(players)})


Breaker = Callable[[Any], Any]


def stp_hand_over_limit(s: Any) -> Any:
    cards = s.stacks["trading"][:5]
    stacks = {**s.stacks, "trading": s.stacks["trading"][5:]}
    return seat(s.model_copy(update={"stacks": stacks}), 0, hand=(*s.players[0].hand, *cards))


def stp_stray_card(s: Any) -> Any:
    worker = s.stacks["workers"][0]
    stacks = {
        **s.stacks,
        "workers": s.stacks["workers"][1:],
        "buildings": (worker, *s.stacks["buildings"]),
    }
    return s.model_copy(update={"stacks": stacks})


def stp_observatory_out_of_phase(s: Any) -> Any:
    card = s.stacks["buildings"][0]
    stacks = {**s.stacks, "buildings": s.stacks["buildings"][1:]}
    pending = StpPending(kind="observatory", seat=s.turn, card=card, stack="buildings")
    return s.model_copy(update={"stacks": stacks, "pending": pending, "phase": "workers"})


STPETERSBURG: dict[str, Breaker] = {
    "cards conserved": lambda s: s.model_copy(
        update={"stacks": {**s.stacks, "workers": s.stacks["workers"][1:]}}
    ),
    "stacks hold their own cards": stp_stray_card,
    "board has 8 spaces": lambda s: s.model_copy(update={"board": (*s.board, None)}),
    "money not negative": lambda s: seat(s, 0, money=-1),
    "points not negative": lambda s: seat(s, 1, points=-3),
    "hand within the limit": stp_hand_over_limit,
    "used observatories are in play": lambda s: seat(s, 0, observatories_used=1, area=()),
    "one start-player marker per phase, held by a seat": lambda s: s.model_copy(
        update={"markers": {k: v for k, v in s.markers.items() if k != "trading"}}
    ),
    "markers shared as the rules deal them": lambda s: s.model_copy(
        update={"markers": dict.fromkeys(s.markers, 0)}
    ),
    "turn is a seat": lambda s: s.model_copy(update={"turn": 5}),
    "passes within the seats": lambda s: s.model_copy(update={"passes": 3}),
    "phase consistent with who acts": stp_observatory_out_of_phase,
}


def cat_choice_not_in_hand(s: Any) -> Any:
    return seat(s, 0, chosen=(s.deck[0],))


CATHERINE: dict[str, Breaker] = {
    "cards conserved": lambda s: s.model_copy(update={"deck": s.deck[1:]}),
    "one order card each": lambda s: seat(s, 1, order=s.players[0].order),
    "round within the game": lambda s: s.model_copy(update={"round": 0}),
    "activation row as long as the action row": lambda s: seat(s, 0, below=s.players[0].below[1:]),
    "houses within the limit, one per city": lambda s: seat(s, 0, houses=("mos", "mos")),
    "favour on the track": lambda s: seat(s, 0, favour=99),
    "goods not negative": lambda s: seat(s, 0, tiles=(-1, 0, 0, 0)),
    "the secret choice is from the hand": cat_choice_not_in_hand,
    "the active card is in the action row": lambda s: seat(s, 0, active=s.deck[0]),
    "discarded cards are on the discard pile": lambda s: seat(s, 0, discarded=(s.deck[0],)),
    "final scoring made once the game is over": lambda s: seat(s, 0, breakdown={"total": 1}),
    "goods tiles per city within 0 and the seat count": lambda s: s.model_copy(
        update={"city_tiles": {**s.city_tiles, "rig": 9}}
    ),
    "jokers conserved": lambda s: s.model_copy(update={"jokers": 99}),
    "phase consistent with who acts": lambda s: seat(s, 0, todo="action"),
}


def catan_expansion_on_settlement(s: Any) -> Any:
    buildings = (CatanBuilding(event="robber", expansion=s.expansions[0]),)
    events = list(s.settlement_stack)
    events.remove("robber")
    return seat(
        s.model_copy(update={"expansions": s.expansions[1:], "settlement_stack": tuple(events)}),
        0,
        buildings=(*s.players[0].buildings, *buildings),
    )


def catan_market_too_big(s: Any) -> Any:
    return s.model_copy(
        update={"market": (*s.market, *s.draw_pile[:3]), "draw_pile": s.draw_pile[3:]}
    )


CATAN: dict[str, Breaker] = {
    "hand counts not negative": lambda s: seat(s, 0, hand=(-1, *s.players[0].hand[1:])),
    "cards conserved": lambda s: s.model_copy(update={"draw_pile": s.draw_pile[1:]}),
    "market within its size": catan_market_too_big,
    "roads conserved": lambda s: s.model_copy(update={"road_stack": s.road_stack + 1}),
    "knights conserved": lambda s: s.model_copy(update={"knight_stack": s.knight_stack + 1}),
    "settlement cards conserved": lambda s: s.model_copy(
        update={"settlement_stack": s.settlement_stack[1:]}
    ),
    "expansion cards conserved": lambda s: s.model_copy(update={"expansions": s.expansions[1:]}),
    "expansions stand on cities": catan_expansion_on_settlement,
    "turn is a seat": lambda s: s.model_copy(update={"turn": 7}),
    "one owed count per seat, not negative": lambda s: s.model_copy(update={"owed": (0,)}),
    "exchanges within the allowance": lambda s: s.model_copy(
        update={"phase": "exchange", "exchanges": 9, "built": ()}
    ),
    "known build kinds": lambda s: s.model_copy(update={"phase": "build", "built": ("castle",)}),
    "a winner only once finished": lambda s: s.model_copy(update={"winner": 0}),
    "phase consistent with who acts": lambda s: s.model_copy(
        update={"pending": CatanPending(kind="library", seat=s.turn, target=None)}
    ),
}


def venedig_board_without_piece(s: Any) -> Any:
    space = s.buildings[0].spaces[0]
    return s.model_copy(update={"board": s.board[:space] + "_" + s.board[space + 1 :]})


VENEDIG: dict[str, Breaker] = {
    "hands kept sorted": lambda s: seat(s, 0, hand=(4, 0)),
    "track position on the track": lambda s: seat(s, 0, pos=99),
    "a virtual player exactly in a 2-player game": lambda s: s.model_copy(update={"virtual": None}),
    "cards conserved": lambda s: s.model_copy(update={"deck": s.deck[1:]}),
    "pieces conserved": lambda s: s.model_copy(update={"supply": (s.supply[0] + 1, *s.supply[1:])}),
    "board consistent with its buildings": venedig_board_without_piece,
    "one swamp value under each swamp": lambda s: s.model_copy(
        update={"swamp_bag": s.swamp_bag[1:]}
    ),
    "architects held by seats": lambda s: s.model_copy(
        update={"architects": (9, *s.architects[1:])}
    ),
    "turn is a seat": lambda s: s.model_copy(update={"turn": 4}),
    "phase consistent with who acts": lambda s: s.model_copy(update={"phase": "locate"}),
    "a final conversion only at the end": lambda s: s.model_copy(
        update={"final": (FinalMove(seat=0, values=(), steps=0, before=1, after=1),)}
    ),
    "the end only after its trigger": lambda s: s.model_copy(
        update={"phase": "over", "ending": False}
    ),
}

CASES = [
    (game_id, name, breaker)
    for game_id, breakers in (
        ("stpetersburg", STPETERSBURG),
        ("catherine", CATHERINE),
        ("catan", CATAN),
        ("venedig", VENEDIG),
    )
    for name, breaker in breakers.items()
]


@pytest.mark.parametrize(
    ("game_id", "invariant", "breaker"), CASES, ids=[f"{g}: {n}" for g, n, _ in CASES]
)
def test_each_invariant_fails_on_a_state_broken_for_it(game_id, invariant, breaker):
    game = games.get(game_id)
    state = mid_game(game_id, players=2, moves=40)
    assert game.check(state) == []
    broken = breaker(state)
    problems = game.check(broken)
    assert any(p.startswith(f"{invariant}:") or p == invariant for p in problems), problems
    # The text of such a state is refused, or (where the notation cannot say what is broken:
    # a negative count, a board square apart from its building) reads as a state that passes.
    try:
        read = game.from_position(game.position_text(broken))
    except InvalidPosition:
        return
    assert read != broken.model_copy(update={"events": ()})
    assert game.check(read) == []
