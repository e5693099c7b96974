"""Venedig states sampled from one seat's view, for the search AI (`Game.sample_state`).

What a seat cannot see: the deck's order, the other seats' hands (only their sizes), the values
of the swamp tiles still on the board and of the other seats' swamp and treasure tiles (only how
many), and the order of the treasure stock. A sample keeps everything the view shows, deals the
building cards nobody shows at random into the other hands and the deck, and draws the hidden
tile values from those the viewer has not seen.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from games.base import Rng
from games.venedig.data import Data
from games.venedig.models import VIRTUAL, Options, PlayerState, State, View


def sample_state(data: Data, view: View, seat: str, rng: random.Random) -> State:
    """A state whose view for `seat` is `view`, hidden parts drawn at random."""
    cards = _unseen(_all_cards(data), _seen_cards(view))
    rng.shuffle(cards)
    own = next(p for p in view.players if p.id == seat)
    swamp = _unseen(list(data.swamp_values), own.swamp or ())
    treasure = _unseen(list(data.treasure_values), own.treasure or ())
    rng.shuffle(swamp)
    rng.shuffle(treasure)
    players = []
    for player in view.players:
        if player.hand is not None:
            hand = player.hand
        else:
            hand, cards = tuple(sorted(cards[: player.hand_size])), cards[player.hand_size :]
        players.append(
            PlayerState(
                id=player.id,
                hand=hand,
                front=player.front,
                pos=player.pos,
                swamp=player.swamp
                if player.swamp is not None
                else tuple(sorted(_take(swamp, player.swamp_count, data.swamp_values, rng))),
                treasure=player.treasure
                if player.treasure is not None
                else tuple(
                    sorted(_take(treasure, player.treasure_count, data.treasure_values, rng))
                ),
            )
        )
    if len(cards) != view.deck_count:
        raise AssertionError("building cards are not conserved: the view does not add up")
    ids = [p.id for p in view.players]
    return State(
        options=Options(),
        rng=Rng(seed=rng.randrange(2**32)),
        players=tuple(players),
        virtual=view.virtual,
        architects=tuple(
            None if a is None else len(ids) if a == VIRTUAL else ids.index(a)
            for a in view.architects
        ),
        board=view.board,
        buildings=view.buildings,
        supply=view.supply,
        deck=tuple(cards),
        discard=view.discard,
        pool=view.pool,
        swamp_bag=tuple(_take(swamp, view.swamp_left, data.swamp_values, rng)),
        treasure=tuple(_take(treasure, view.treasure_left, data.treasure_values, rng)),
        turn=ids.index(view.turn),
        phase=view.phase,
        drained=view.drained,
        locate=view.locate,
        movers=view.movers,
        ending=view.ending,
        final=view.final,
        events=view.events,
    )


def _all_cards(data: Data) -> list[int]:
    return [kind for kind, copies in enumerate(data.cards) for _ in range(copies)]


def _seen_cards(view: View) -> list[int]:
    """The building cards the viewer sees: every front, the virtual player's, the discard pile,
    the pool and the viewer's own hand."""
    seen = [*view.discard, *view.pool]
    fronts = [p.front for p in view.players] + ([view.virtual] if view.virtual else [])
    for front in fronts:
        seen.extend(kind for kind, count in enumerate(front) for _ in range(count))
    for player in view.players:
        seen.extend(player.hand or ())
    return seen


def _unseen(everything: list[int], seen: Sequence[int]) -> list[int]:
    remaining = Counter(everything)
    remaining.subtract(seen)
    if any(count < 0 for count in remaining.values()):
        raise AssertionError("the view shows more of a component than the game has")
    return sorted(remaining.elements())


def _take(pool: list[int], count: int, values: Sequence[int], rng: random.Random) -> list[int]:
    """`count` values from the shuffled `pool` (removed from it); should tiles have left the
    game so that the pool runs short, the rest is drawn from the tile values at large."""
    taken = pool[:count]
    del pool[:count]
    return taken + [rng.choice(values) for _ in range(count - len(taken))]
