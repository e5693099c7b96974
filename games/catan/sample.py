"""Catan card game states sampled from one seat's view, for the search AI (`Game.sample_state`).

What a seat cannot see: the draw pile's order and contents, the other seats' hands (only their
sizes; a hand the seat is looking at with the Bibliothek is shown), and the city side of every
settlement card still face down, in the stack or in front of a player. A sample keeps everything
the view shows, deals the resource cards the seat has not seen at random into the other hands
and the draw pile, and deals the city sides not yet turned at random to the settlement stack and
the settlements in play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from games.base import Rng
from games.catan.data import RESOURCES, CatanData, Resource, pool
from games.catan.models import (
    Building,
    CityEvent,
    Counts,
    Options,
    PlayerState,
    State,
    View,
)

T = TypeVar("T", bound=str)


def sample_state(data: CatanData, view: View, seat: str, rng: random.Random) -> State:
    """A state whose view for `seat` is `view`, hidden parts drawn at random."""
    cards = pool(data, len(view.players))
    own = next(p for p in view.players if p.id == seat)
    looked = _looked_seat(view, seat)
    hands: dict[int, Counts] = {own.seat: _known(own.hand)}
    if looked is not None:
        hands[looked] = _known(view.looked_at)
    seen = [*view.market, *view.discard]
    for hand in hands.values():
        seen += _cards(hand)
    unseen = _unseen(cards.resources, seen, "resource cards")
    rng.shuffle(unseen)
    for player in view.players:
        if player.seat not in hands:
            dealt, unseen = unseen[: player.hand_size], unseen[player.hand_size :]
            hands[player.seat] = tuple(dealt.count(r) for r in RESOURCES)  # type: ignore[assignment]
    if len(unseen) != view.draw_count:
        raise AssertionError("resource cards are not conserved: the view does not add up")

    turned = [b.event for p in view.players for b in p.buildings if b.event is not None]
    backs: list[CityEvent] = _unseen(cards.settlements, turned, "city sides")
    rng.shuffle(backs)
    stack, backs = backs[: view.settlement_stack], backs[view.settlement_stack :]
    players = []
    for player in view.players:
        buildings = []
        for b in player.buildings:
            event = b.event if b.event is not None else backs.pop()
            buildings.append(Building(event=event, city=b.city, expansion=b.expansion))
        players.append(
            PlayerState(
                id=player.id,
                hand=hands[player.seat],
                roads=player.roads,
                knights=player.knights,
                buildings=tuple(buildings),
            )
        )
    if backs:
        raise AssertionError("city sides are not conserved: the view does not add up")

    ids = [p.id for p in view.players]
    winners = [p.seat for p in view.players if p.vp >= data.constants.win_vp]
    return State(
        options=Options(),
        rng=Rng(seed=rng.randrange(2**32)),
        players=tuple(players),
        draw_pile=tuple(unseen),
        market=view.market,
        discard=view.discard,
        road_stack=view.road_stack,
        knight_stack=view.knight_stack,
        settlement_stack=tuple(stack),
        expansions=view.expansions,
        white_up=view.white_up,
        turn=ids.index(view.active),
        phase=view.phase,
        allowance=view.allowance,
        exchanges=view.exchanges,
        owed=tuple(p.owed for p in view.players),
        built=view.built,
        guild_used=view.guild_used,
        library_used=view.library_used,
        university_used=view.university_used,
        pending=view.pending,
        finished=view.finished,
        winner=winners[0] if view.finished and winners else None,
        turns=view.turns,
        events=view.events,
    )


def _looked_seat(view: View, seat: str) -> int | None:
    """The seat whose hand `seat` is looking at with the Bibliothek, if any."""
    pending = view.pending
    if pending is None or pending.kind != "library" or view.looked_at is None:
        return None
    if view.players[pending.seat].id != seat:
        return None
    return pending.target


def _known(hand: Counts | None) -> Counts:
    if hand is None:
        raise AssertionError("a view must show its own seat's hand")
    return hand


def _cards(hand: Counts) -> list[Resource]:
    return [r for r, n in zip(RESOURCES, hand, strict=True) for _ in range(n)]


def _unseen(everything: Iterable[T], seen: Iterable[T], what: str) -> list[T]:
    remaining = Counter(everything)
    remaining.subtract(seen)
    if any(count < 0 for count in remaining.values()):
        raise AssertionError(f"the view shows more {what} than the game has")
    return sorted(remaining.elements())
