"""Sankt Petersburg states sampled from one seat's view, for the search AI (`Game.sample_state`).

What a seat cannot see: the order of the four stacks, the other seats' hands (only their sizes),
the discard pile (only its size), and the other seats' money while money is secret. A sample
keeps everything the view shows and deals the unseen cards at random: each stack gets as many
cards of its own kind as it holds, the rest fill the other hands and the discard pile. Secret
money is an estimate, since the view carries no history to reconstruct it from.
"""

from __future__ import annotations

import random
from collections import Counter

from games.base import Rng
from games.stpetersburg.data import CARDS, STACKS, StackId, full_deck
from games.stpetersburg.models import Options, PlayerState, State, View


def sample_state(view: View, seat: str, rng: random.Random) -> State:
    """A state whose view for `seat` is `view`, hidden parts drawn at random."""
    unseen = _unseen_cards(view)
    stacks: dict[StackId, tuple[str, ...]] = {}
    elsewhere: list[str] = []
    for stack in STACKS:
        kind = [card for card in unseen if CARDS[card].stack == stack]
        rng.shuffle(kind)
        count = view.stack_counts[stack]
        stacks[stack] = tuple(kind[:count])
        elsewhere.extend(kind[count:])
    rng.shuffle(elsewhere)
    money = _secret_money(view, seat, rng)
    players = []
    for player in view.players:
        if player.hand is not None:
            hand = player.hand
        else:
            hand, elsewhere = tuple(elsewhere[: player.hand_size]), elsewhere[player.hand_size :]
        players.append(
            PlayerState(
                id=player.id,
                money=player.money if player.money is not None else money[player.seat],
                points=player.points,
                hand=hand,
                area=player.area,
                observatories_used=player.observatories_used,
            )
        )
    if len(elsewhere) != view.discard_count:
        raise AssertionError("cards are not conserved: the view does not add up to the deck")
    markers = {phase: p.seat for p in view.players for phase in p.markers}
    ids = [p.id for p in view.players]
    if view.pending is not None:
        turn = view.pending.seat
    else:
        turn = ids.index(view.to_act[0]) if view.to_act else 0
    return State(
        options=Options(public_money=view.public_money),
        rng=Rng(seed=rng.randrange(2**32)),
        players=tuple(players),
        stacks=stacks,
        board=view.board,
        discard=tuple(elsewhere),
        round=view.round,
        phase=view.phase,
        markers=markers,
        turn=turn,
        passes=view.passes,
        pending=view.pending,
        finished=view.finished,
        events=view.events,
    )


def _unseen_cards(view: View) -> list[str]:
    """Every card the viewer cannot place: the whole deck less the board, the play areas, the
    viewer's own hand and a card an Observatory has revealed, in a fixed order."""
    remaining = Counter(card for stack in STACKS for card in full_deck(stack))
    seen = [slot.card for slot in view.board if slot is not None]
    for player in view.players:
        seen.extend(player.area)
        seen.extend(player.hand or ())
    if view.pending is not None and view.pending.card is not None:
        seen.append(view.pending.card)
    remaining.subtract(seen)
    if any(count < 0 for count in remaining.values()):
        raise AssertionError("the view shows more copies of a card than the game has")
    return sorted(remaining.elements())


def _secret_money(view: View, seat: str, rng: random.Random) -> dict[int, int]:
    """A plausible amount for each seat whose money the viewer cannot see.

    Around the viewer's own money, shifted by half the difference in income per round, with
    spread; a seat waiting to decide at the Pub has at least 2 rubles (the price of a point), and
    one with a Pub the Pub queue passed over has at most 1.
    """
    own = next(p for p in view.players if p.id == seat)
    own_money = own.money or 0
    own_income = sum(y.money for y in own.yields)
    at_least: dict[int, int] = {}
    at_most: dict[int, int] = {}
    pending = view.pending
    if pending is not None and pending.kind == "pub":
        deciding = (pending.seat, *pending.queue)
        n = len(view.players)
        start = next(p.seat for p in view.players if "buildings" in p.markers)
        order = [(start + i) % n for i in range(n)]
        later = order[order.index(pending.seat) :]
        for player in view.players:
            if player.seat in deciding:
                at_least[player.seat] = 2
            elif player.seat in later and "pub" in player.area:
                at_most[player.seat] = 1
    result = {}
    for player in view.players:
        if player.money is not None:
            continue
        centre = max(0.0, own_money + 0.5 * (sum(y.money for y in player.yields) - own_income))
        amount = max(0, round(rng.gauss(centre, 3 + 0.2 * centre)))
        amount = max(at_least.get(player.seat, 0), min(at_most.get(player.seat, amount), amount))
        result[player.seat] = amount
    return result
