"""Sankt Petersburg positions as text (cards by English name) and the game's invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.position import (
    FULL,
    Reader,
    Sight,
    built,
    conserved,
    fail,
    flag,
    items,
    number,
    options_value,
    seats_of,
    too_many,
    write,
)
from games.stpetersburg.data import (
    BOARD_SIZE,
    CARDS,
    PHASES,
    STACKS,
    WAREHOUSE_HAND_LIMIT,
    StackId,
    card_key,
    full_deck,
)
from games.stpetersburg.models import Options, State

TAG = "stpetersburg/1"
MARKER_SHARES = {1: (4,), 2: (2, 2), 3: (2, 1, 1), 4: (1, 1, 1, 1)}
ALL_CARDS: Counter[str] = Counter(card for stack in STACKS for card in full_deck(stack))
EMPTY = "-"
OLD = "old "


def _name(card: str) -> str:
    return CARDS[card].en


def _key(text: str) -> str | None:
    return card_key(text)


def position_text(state: State, sight: Sight = FULL) -> str:
    seats = [p.id for p in state.players]
    public_money = state.options.public_money or len(seats) == 1 or state.finished
    parts: list[tuple[str, str | int | None]] = [
        ("viewer", sight.viewer()),
        ("seats", items(seats)),
        ("round", state.round),
        ("phase", state.phase),
        ("turn", state.turn + 1),
        ("passes", state.passes),
        ("finished", flag(True) if state.finished else None),
    ]
    for index, p in enumerate(state.players, start=1):
        held = [phase for phase in PHASES if state.markers.get(phase) == index - 1]
        parts += [
            (f"{index}.money", p.money if public_money else sight.number(p.money, index - 1)),
            (f"{index}.points", p.points),
            (f"{index}.markers", items(held)),
            (f"{index}.hand", sight.cards(map(_name, p.hand), index - 1)),
            (f"{index}.area", items(map(_name, p.area))),
            (f"{index}.observatories_used", p.observatories_used or None),
        ]
    parts.append(
        (
            "board",
            items(
                EMPTY if slot is None else (OLD if slot.old else "") + _name(slot.card)
                for slot in state.board
            ),
        )
    )
    parts += [(stack, sight.cards(map(_name, state.stacks[stack]))) for stack in STACKS]
    parts.append(("discard", sight.cards(map(_name, state.discard))))
    pending = state.pending
    if pending is not None:  # public: an Observatory's card is shown to everyone
        parts += [
            ("pending", pending.kind),
            ("pending.seat", pending.seat + 1),
            ("pending.card", None if pending.card is None else _name(pending.card)),
            ("pending.stack", pending.stack),
            ("pending.queue", items(str(s + 1) for s in pending.queue) or None),
        ]
    parts += [
        ("rng", sight.rng(state.rng)),
        ("moves", state.moves_played if sight.full else None),
        ("options", sight.only_full(options_value(state.options))),
    ]
    return write(sight.tag(TAG), parts)


def _board_slot(part: str, raw: str) -> dict[str, Any] | None:
    if raw == EMPTY:
        return None
    old = raw.casefold().startswith(OLD)
    name = raw[len(OLD) :] if old else raw
    key = card_key(name)
    if key is None:
        raise fail(part, f"unknown card {name!r}", f"不明なカード {name!r}")
    return {"card": key, "old": old}


def _seat_number(part: str, raw: str, n: int) -> int:
    return number(part, raw, 1, n) - 1


def from_position(text: str) -> State:
    r = Reader(text, TAG)
    seats = seats_of(r, 1, 4)
    n = len(seats)
    players = []
    markers: dict[str, int] = {}
    found: list[tuple[str, list[str]]] = []
    for index, seat in enumerate(seats, start=1):
        hand = r.names(f"{index}.hand", _key, "card", "")
        area = r.names(f"{index}.area", _key, "card", "")
        found += [(f"{index}.hand", hand), (f"{index}.area", area)]
        for phase in r.items(f"{index}.markers", ""):
            if phase not in PHASES:
                raise fail(
                    f"{index}.markers", f"unknown phase {phase!r}", f"不明なフェイズ {phase!r}"
                )
            if phase in markers:
                raise fail(
                    f"{index}.markers", f"duplicated marker {phase!r}", "マーカーが重複しています"
                )
            markers[phase] = index - 1
        players.append(
            {
                "id": seat,
                "money": r.count(f"{index}.money", 0, 9999),
                "points": r.count(f"{index}.points", 0, 9999),
                "hand": hand,
                "area": area,
                "observatories_used": r.count(f"{index}.observatories_used", 0, 2, 0),
            }
        )
    slots = r.items("board")
    if len(slots) != BOARD_SIZE:
        raise fail(
            "board",
            f"{len(slots)} spaces is out of range ({BOARD_SIZE}–{BOARD_SIZE})",
            f"{len(slots)}マスは範囲外です（{BOARD_SIZE}マス）",
        )
    board = [_board_slot("board", raw) for raw in slots]
    found.append(("board", [slot["card"] for slot in board if slot is not None]))
    stacks: dict[StackId, list[str]] = {}
    for stack in STACKS:
        stacks[stack] = r.names(stack, _key, "card", "")
        found.append((stack, stacks[stack]))
    discard = r.names("discard", _key, "card", "")
    found.append(("discard", discard))
    pending = None
    if r.has("pending"):
        kind = r.text("pending")
        if kind not in ("observatory", "pub"):
            raise fail("pending", f"unknown decision {kind!r}", f"不明な決定 {kind!r}")
        card = r.names("pending.card", _key, "card", "") if kind == "observatory" else []
        found.append(("pending.card", card))
        pending = {
            "kind": kind,
            "seat": _seat_number("pending.seat", r.take("pending.seat"), n),
            "card": card[0] if card else None,
            "stack": r.text("pending.stack") if kind == "observatory" else None,
            "queue": [_seat_number("pending.queue", s, n) for s in r.items("pending.queue", "")],
        }
    too_many(found, ALL_CARDS, _name)
    fields = {
        "options": r.options("options", Options),
        "rng": r.rng(),
        "players": players,
        "stacks": stacks,
        "board": board,
        "discard": discard,
        "round": r.count("round", 1, 99),
        "phase": r.text("phase"),
        "markers": markers,
        "turn": _seat_number("turn", r.take("turn"), n),
        "passes": r.count("passes", 0, n),
        "pending": pending,
        "finished": r.yes_no("finished", False),
        "moves_played": r.count("moves", 0, 10**6),
    }
    state: State = built(r, State, fields, check)
    return state


def check(state: State) -> list[str]:
    problems: list[str] = []
    n = len(state.players)
    found: Counter[str] = Counter()
    for stack, cards in state.stacks.items():
        found.update(cards)
        strays = [c for c in cards if CARDS[c].stack != stack]
        if strays:
            problems.append(f"stacks hold their own cards: {_name(strays[0])} in {stack}")
    found.update(slot.card for slot in state.board if slot is not None)
    found.update(state.discard)
    for p in state.players:
        found.update(p.hand)
        found.update(p.area)
    if state.pending is not None and state.pending.card is not None:
        found[state.pending.card] += 1
    problems += conserved(found, ALL_CARDS, "cards", _name)
    if len(state.board) != BOARD_SIZE:
        problems.append(f"board has {BOARD_SIZE} spaces: {len(state.board)}")
    for p in state.players:
        if p.money < 0:
            problems.append(f"money not negative: {p.id} has {p.money}")
        if p.points < 0:
            problems.append(f"points not negative: {p.id} has {p.points}")
        if len(p.hand) > WAREHOUSE_HAND_LIMIT:
            problems.append(f"hand within the limit: {p.id} holds {len(p.hand)}")
        if not 0 <= p.observatories_used <= p.area.count("observatory"):
            problems.append(
                f"used observatories are in play: {p.id} used {p.observatories_used} "
                f"of {p.area.count('observatory')}"
            )
    if set(state.markers) != set(PHASES) or not all(0 <= s < n for s in state.markers.values()):
        problems.append("one start-player marker per phase, held by a seat")
    else:
        shares = tuple(sorted(Counter(state.markers.values()).values(), reverse=True))
        shares += (0,) * (len(MARKER_SHARES[n]) - len(shares))
        if shares != MARKER_SHARES[n]:
            problems.append(f"markers shared as the rules deal them: {shares}")
    if not 0 <= state.turn < n:
        problems.append(f"turn is a seat: {state.turn + 1}")
    if not 0 <= state.passes <= n:
        problems.append(f"passes within the seats: {state.passes}")
    problems += _pending_problems(state, n)
    return problems


def _pending_problems(state: State, n: int) -> list[str]:
    pending = state.pending
    if pending is None:
        return []
    problems = []
    if state.finished:
        problems.append("phase consistent with who acts: a decision pending in a finished game")
    if not 0 <= pending.seat < n or not all(0 <= s < n for s in pending.queue):
        problems.append("phase consistent with who acts: the pending decision's seat")
    if pending.kind == "observatory":
        if pending.card is None or pending.stack is None:
            problems.append("phase consistent with who acts: an Observatory draw without its card")
        elif CARDS[pending.card].stack != pending.stack:
            problems.append("stacks hold their own cards: the Observatory's card")
        if state.phase != "buildings":
            problems.append(
                f"phase consistent with who acts: an Observatory draw in the {state.phase} phase"
            )
        if pending.seat != state.turn:
            problems.append("phase consistent with who acts: the Observatory's user is not to act")
    elif pending.card is not None or len(set(pending.queue)) != len(pending.queue):
        problems.append("phase consistent with who acts: the Pub decision's queue")
    return problems
