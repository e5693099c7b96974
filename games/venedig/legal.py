"""Venedig legality: the legal moves of each pending decision, and why a move is refused.

`legal_moves` reads a `core.Position`: the frozen state (`Game.legal_moves`) or the mutable
`rules.Table` the playout kernel plays on, so legality is defined once for both.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.base import IllegalMove, counted
from games.venedig.catalog import DONE, Catalog, conversions
from games.venedig.core import (
    Player,
    Position,
    actor,
    builder_of,
    gold,
    locations,
    out,
    out_by_type,
)
from games.venedig.data import CASA, TYPES
from games.venedig.models import (
    Build,
    Casa,
    Convert,
    Done,
    Drain,
    Draw,
    Keep,
    Move,
    Place,
    Play,
    Solo,
    State,
    Swap,
)


def legal_moves(state: Position, cat: Catalog, seat: int) -> list[Move]:
    if actor(state) != seat:
        return []
    return moves_of(state, cat, seat)


def moves_of(state: Position, cat: Catalog, seat: int) -> list[Move]:
    """The legal moves of `seat`, which must be the seat to act (the kernel knows it already)."""
    data = cat.data
    phase = state.phase
    player = state.players[seat]
    moves: list[Move] = []
    if phase == "vcasa":
        place = cat.place
        return [place[s] for s in state.free]
    if phase == "locate":
        assert state.locate is not None
        return _placements(cat, state, state.locate, solo=False)
    if phase == "limit":
        kept = [k for k in range(1, 5) if player.front[k]]
        return [cat.keep[(a, b)] for i, a in enumerate(kept) for b in kept[i + 1 :]]
    if phase == "build":
        outs = out_by_type(state)
        waiting = False
        for kind in range(1, 5):
            if outs[kind] == data.required[kind]:
                waiting = True
                builder = builder_of(state, kind)
                if builder == seat or builder >= len(state.players):
                    moves.extend(_placements(cat, state, kind, solo=False))
                else:
                    moves.append(cat.resolve[kind])
        hand = player.hand
        for kind in range(1, 5):
            held = hand.count(kind)
            if not held:
                continue
            room = data.required[kind] - outs[kind]
            play = cat.play
            moves.extend([play[(kind, n)] for n in range(1, min(held, room) + 1)])
            if held >= data.required[kind]:
                moves.extend(_placements(cat, state, kind, solo=True))
        if CASA in hand:
            spaces = state.free
            casa = cat.casa
            moves.extend([casa[s] for s in spaces] if spaces else [cat.casa_none])
        if not waiting:
            moves.append(DONE)
    elif phase == "drain":
        if state.drained < data.drain_max:
            drain = cat.drain  # looked up once: a Catalog attribute costs a dict lookup
            moves.extend([drain[i] for i in state.swamps])
        moves.append(DONE)
    elif phase == "draw":
        moves.extend(_draws(cat, state, player))
    elif phase in ("pause", "final"):
        moves.append(DONE)
    if gold(player) >= data.gold_per_step:
        moves.extend(conversions(player.swamp + player.treasure, data.gold_per_step))
    return moves


def _placements(cat: Catalog, state: Position, kind: int, *, solo: bool) -> list[Move]:
    table = cat.solo[kind] if solo else cat.build[kind]
    found: list[Move] = [table[i][1] for i in locations(cat, state.board, kind)]
    if not found:
        found.append(cat.solo_none[kind] if solo else cat.build_none[kind])
    return found


def _draws(cat: Catalog, state: Position, player: Player) -> list[Move]:
    data = cat.data
    size = len(player.hand)
    moves: list[Move] = []
    pool = state.pool
    if size <= data.hand_limit - 1:
        moves.append(cat.draw_deck)
        draw_pool = cat.draw_pool
        moves.extend([draw_pool[k] for k in dict.fromkeys(pool)])  # each type once
    if size <= data.hand_limit - 2:
        # The pool cards a swap may take, each choice once (the pool may hold a type twice).
        picks = dict.fromkeys(
            picked for taken in range(len(pool) + 1) for picked in _subsets(pool, min(taken, 3))
        )
        for kind in sorted(set(player.hand) - set(pool)):
            moves.extend([_swap(cat, kind, picked) for picked in picks])
    return moves


def _swap(cat: Catalog, kind: int, picked: tuple[int, ...]) -> Swap:
    """The swap putting `kind` into the pool and taking `picked` from it (the rest from the deck);
    made once per catalog, as a playout lists the same ones again and again."""
    key = (kind, picked)
    found = cat.swaps.get(key)
    if found is None:
        take = (*(TYPES[k] for k in picked), *("deck",) * (3 - len(picked)))
        found = cat.swaps[key] = Swap(type=TYPES[kind], take=take)
    return found


def _subsets(items: Sequence[int], size: int) -> list[tuple[int, ...]]:
    if size == 0:
        return [()]
    if len(items) < size:
        return []
    head, rest = items[0], items[1:]
    return [(head, *tail) for tail in _subsets(rest, size - 1)] + _subsets(rest, size)


def explain(state: State, cat: Catalog, seat: int, move: Move) -> IllegalMove:
    """Why a well-formed move is not legal now, in words a player understands."""
    data = cat.data
    phase = state.phase
    player = state.players[seat]
    steps = {
        "vcasa": (
            "First place the virtual player's Casa (`place A7`).",
            "先に仮想プレーヤーの家を置いてください（`配置 A7`）。",
        ),
        "locate": (
            "Choose where the building goes (`build …`).",
            "建物を置く場所を選んでください（`建設 …`）。",
        ),
        "pause": (
            "Convert gold or go on moving (`done`).",
            "金を換えるか、移動を続けてください（`完了`）。",
        ),
        "limit": (
            "Choose the two types you keep (`keep …`).",
            "残す2種類を選んでください（`残す …`）。",
        ),
        "final": (
            "The game has ended: convert gold or `done`.",
            "ゲーム終了です。金を換えるか`完了`。",
        ),
        "drain": ("Now drain (`drain A7`) or `done`.", "今は干拓（`干拓 A7`）か`完了`です。"),
        "draw": (
            "Now draw cards (`draw deck`, `swap …`).",
            "今はカードの補充です（`引く 山札`、`交換 …`）。",
        ),
    }
    if isinstance(move, Convert):
        if sum(move.values) < data.gold_per_step:
            return IllegalMove(
                f"{data.gold_per_step} gold make one step; {sum(move.values)} is not enough.",
                f"{data.gold_per_step}金で1マスです。{sum(move.values)}金では足りません。",
            )
        return IllegalMove(
            "You do not hold gold tiles of those values (tiles worth 0 are not spent).",
            "その金額の金タイルを持っていません（0金のタイルは使いません）。",
        )
    if isinstance(move, Drain) and phase == "drain":
        if state.drained >= data.drain_max:
            return IllegalMove(
                "You may drain at most 2 swamp tiles a turn.", "干拓は1手番に2枚までです。"
            )
        return IllegalMove(
            f"There is no swamp tile on {move.at}.", f"{move.at}に沼地タイルはありません。"
        )
    if isinstance(move, Swap) and phase == "draw":
        if len(player.hand) > data.hand_limit - 2:
            return IllegalMove(
                "Option 2 needs 3 cards or fewer in hand.", "補充方法2は手札3枚以下のときだけです。"
            )
        if move.type in (TYPES[k] for k in state.pool):
            return IllegalMove(
                "The card you put into the pool must be of a type not in the pool.",
                "プールに置くカードは、プールにない種類でなければなりません。",
            )
        if move.type in move.take:
            return IllegalMove(
                "You cannot take back the card you just placed.",
                "置いたカードを取ることはできません。",
            )
        pool_first = list(move.take) == sorted(move.take, key=lambda s: s == "deck")
        if not pool_first:
            return IllegalMove(
                "Take the pool cards first, then the deck.",
                "プールから先に取り、残りを山札から取ります。",
            )
        return IllegalMove(
            "That card is not in your hand or the pool.", "そのカードは手札かプールにありません。"
        )
    if isinstance(move, Draw) and phase == "draw":
        if len(player.hand) >= data.hand_limit:
            return IllegalMove("Your hand is full.", "手札が上限です。")
        return IllegalMove(
            f"There is no {move.source} in the pool.", "そのカードはプールにありません。"
        )
    if phase in steps and not (
        (phase == "drain" and isinstance(move, Drain | Done))
        or (phase == "draw" and isinstance(move, Draw | Swap))
        or (phase in ("pause", "final") and isinstance(move, Done))
        or (phase == "vcasa" and isinstance(move, Place))
        or (phase == "limit" and isinstance(move, Keep))
        or (phase == "locate" and isinstance(move, Build))
    ):
        en, ja = steps[phase]
        return IllegalMove(en, ja)
    if isinstance(move, Play):
        kind = TYPES.index(move.type) if move.type in TYPES else -1
        if kind <= 0:
            return IllegalMove(
                "Casa cards are played with `casa A7`.", "家のカードは`家 A7`で出します。"
            )
        if player.hand.count(kind) < move.count:
            return IllegalMove(
                "You do not have that many of those cards.", "そのカードをそれだけ持っていません。"
            )
        room = data.required[kind] - out(state, kind)
        return IllegalMove(
            f"Only {counted(room, f'more {move.type} card')} may join that building.",
            f"その建物に出せるのはあと{room}枚です。",
        )
    if isinstance(move, Keep) and phase == "limit":
        held = ", ".join(TYPES[k] for k, n in enumerate(player.front) if n)
        return IllegalMove(
            f"Keep exactly two types of the cards in front of you ({held}).",
            f"前に出したカードから、ちょうど2種類を残してください（{held}）。",
        )
    if isinstance(move, Done) and phase == "build":
        return IllegalMove(
            "A completed building must be built before step 1 ends.",
            "完成した建物は、建設アクションの終了前に建てなければなりません。",
        )
    if isinstance(move, Solo | Casa | Build | Place):
        where = getattr(move, "at", None)
        return IllegalMove(
            f"You cannot build that there ({where or 'no location'}) now.",
            f"今その場所（{where or 'なし'}）には建てられません。",
        )
    return IllegalMove("That move is not possible now.", "今その手はできません。")
