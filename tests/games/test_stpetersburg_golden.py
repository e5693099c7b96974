"""Sankt Petersburg's apply against a golden record of what the engine accepted and refused.

The record (`data/stpetersburg_apply_golden.json`) was made from the engine as it was before it was
rewritten for speed (commit 5d330f1): seeded games, and at sampled states of each a fixed set of
candidate moves (every card/old/target combination, each stack to observe, every Pub amount, the
drawn-card actions, moves by seats not to act). For each candidate it holds whether apply accepted
it (then a digest of the resulting state) or the error class and message it raised. A faster engine
must give the same answer to every candidate. Re-record only for an intended change of the rules:
`UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/test_stpetersburg_golden.py`.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.base import GameError
from games.stpetersburg.data import STACKS
from games.stpetersburg.models import (
    MOVE_TYPES,
    Buy,
    Drawn,
    Move,
    Observe,
    Pass,
    Play,
    PubPurchase,
    State,
    Take,
)
from tests.games.stp_helpers import G

GOLDEN = Path(__file__).with_name("data") / "stpetersburg_apply_golden.json"
# (players, seed): the games recorded. Seat 0 plays greedily so that Observatories and Pubs
# come into play; the other seats play at random.
GAMES = ((1, 101), (2, 102), (3, 103), (4, 104), (4, 105), (2, 106))
SAMPLE_EVERY = 7
# Cards that are usually nowhere near the board or hand: near-misses for every move that names one.
ABSENT = ("czar", "academy", "lumberjack", "bank")
MOVE_TYPE = {cls.model_fields["kind"].default: cls for cls in MOVE_TYPES}


def candidates(state: State) -> list[tuple[str, Move]]:
    """(seat id, move) to try at `state`: every legal move and a wide ring of near-misses."""
    seats = [p.id for p in state.players]
    acting = sorted(G.to_act(state)) or seats[:1]
    actor = acting[0]
    player = state.players[seats.index(actor)]
    board = [slot.card for slot in state.board if slot is not None]
    pending = [state.pending.card] if state.pending is not None and state.pending.card else []
    cards = list(dict.fromkeys([*board, *player.hand, *pending, *ABSENT]))
    targets: list[str | None] = [None, *dict.fromkeys(player.area), "market", "senator"]
    moves: list[Move] = []
    for card in cards:
        for old in (False, True):
            moves += [Buy(card=card, old=old, target=t) for t in targets]
            moves.append(Take(card=card, old=old))
        moves += [Play(card=card, target=t) for t in targets]
    moves += [Observe(stack=s) for s in STACKS]
    moves += [Drawn(action="buy", target=t) for t in targets]
    moves += [Drawn(action="take"), Drawn(action="discard")]
    moves += [PubPurchase(points=n) for n in range(-1, 12)]
    moves.append(Pass())
    tried = [(actor, m) for m in dict.fromkeys(moves)]
    for other in seats:
        if other not in acting:
            tried += [(other, Pass()), (other, Take(card=cards[0]))]
    return tried


def digest(state: State) -> str:
    text = json.dumps(state.model_dump(mode="json"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def outcome(state: State, seat: str, move: Move) -> str:
    """What apply did: `=` and the digest of the new state, or the error class and messages."""
    try:
        after = G.apply(state, seat, move)
    except GameError as error:
        return f"{type(error).__name__}|{error.message('en')}|{error.message('ja')}"
    return "=" + digest(after)


def encode(move: Move) -> list[Any]:
    return [getattr(move, name) for name in type(move).model_fields]


def decode(fields: list[Any]) -> Move:
    cls = MOVE_TYPE[fields[0]]
    move: Move = cls(**dict(zip(cls.model_fields, fields, strict=True)))
    return move


def play_recorded(players: int, seed: int, moves: list[list[Any]]) -> Iterator[tuple[int, State]]:
    """(move number, state) along a recorded game, the final state included."""
    state = G.new([f"s{i}" for i in range(players)], seed=seed)
    for number, (seat, *fields) in enumerate(moves):
        yield number, state
        state = G.apply(state, seat, decode(fields))
    yield len(moves), state


def squeeze(codes: list[int | str]) -> list[int | str | list[int]]:
    """Runs of one refusal code as [code, times]: the same refusal usually repeats."""
    out: list[int | str | list[int]] = []
    for code in codes:
        last = out[-1] if out else None
        if isinstance(code, int) and isinstance(last, list) and last[0] == code:
            last[1] += 1
        elif isinstance(code, int) and last == code:
            out[-1] = [code, 2]
        else:
            out.append(code)
    return out


def unsqueeze(results: list[Any]) -> list[int | str]:
    return [c for r in results for c in ([r[0]] * r[1] if isinstance(r, list) else [r])]


def sampled(number: int, state: State, last: int) -> bool:
    return number % SAMPLE_EVERY == 0 or state.pending is not None or number == last


def record() -> dict[str, Any]:
    messages: dict[str, int] = {}
    games = []
    for players, seed in GAMES:
        rng = random.Random(seed)
        greedy, rand = G.ai("greedy"), G.ai("random")
        state = G.new([f"s{i}" for i in range(players)], seed=seed)
        moves = []
        while G.outcome(state) is None:
            (seat,) = G.to_act(state)
            ai = greedy if seat == "s0" else rand
            move = ai.choose(G, state, seat, rng)
            moves.append([seat, *encode(move)])
            state = G.apply(state, seat, move)
        samples = []
        for number, position in play_recorded(players, seed, moves):
            if not sampled(number, position, len(moves)):
                continue
            tried = candidates(position)
            codes = []
            for seat, move in tried:
                result = outcome(position, seat, move)
                if result.startswith("="):
                    codes.append(result)
                else:
                    codes.append(messages.setdefault(result, len(messages)))
            samples.append({"at": number, "tried": len(tried), "results": squeeze(codes)})
        games.append({"players": players, "seed": seed, "moves": moves, "samples": samples})
    return {"messages": list(messages), "games": games}


def test_golden_record_is_up_to_date_when_asked():
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        data = json.dumps(record(), ensure_ascii=False, separators=(",", ":"))
        GOLDEN.write_text(data + "\n", encoding="utf-8")
    assert GOLDEN.exists()


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_apply_gives_the_recorded_answer_to_every_candidate(index):
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    messages = golden["messages"]
    game = golden["games"][index]
    assert (game["players"], game["seed"]) == GAMES[index]
    samples = {s["at"]: s for s in game["samples"]}
    checked = 0
    for number, state in play_recorded(game["players"], game["seed"], game["moves"]):
        if number not in samples:
            continue
        sample = samples.pop(number)
        tried = candidates(state)
        assert len(tried) == sample["tried"], f"move {number}: other candidates"
        for (seat, move), expected in zip(tried, unsqueeze(sample["results"]), strict=True):
            want = expected if isinstance(expected, str) else messages[expected]
            assert outcome(state, seat, move) == want, f"move {number}: {seat} {move!r}"
            checked += 1
    assert not samples and checked > 1000


def test_golden_record_covers_every_kind_of_refusal():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    kinds = {m.split("|")[0] for m in golden["messages"]}
    assert kinds == {"IllegalMove", "NotYourTurn", "GameOver"}
    texts = "\n".join(golden["messages"])
    for phrase in (
        "There is no",
        "is new, not old",
        "Only an old",
        "Your hand is full",
        "must replace a card",
        "must name a card it replaces",
        "is not a trading card",
        "rubles; you have",
        "You have no",
        "only be used in the building phase",
        "You have no face-up Observatory",
        "First decide how many points",
        "First buy, take or discard",
        "There is no Pub purchase",
        "You can buy between 0 and",
        "No card has been revealed",
    ):
        assert phrase in texts, phrase
