"""How Sankt Petersburg shows itself to the adapters: menus, move commands, text board, rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.adapters import (
    CommandGroup,
    Label,
    MoveCommand,
    MoveGroup,
    Offer,
    Param,
    bilingual,
)
from games.stpetersburg.data import STACKS
from games.stpetersburg.models import Move, Price, View
from games.stpetersburg.narration import PHASE_NAMES
from games.stpetersburg.notation import STACK_NAMES, card_name, format_move

MOVE_GROUPS = (
    MoveGroup(key="buy", texts={"en": "Buy a card", "ja": "カードを購入"}, menu=True),
    MoveGroup(key="take", texts={"en": "Take into hand", "ja": "手札に加える"}, menu=True),
    MoveGroup(key="play", texts={"en": "Play from hand", "ja": "手札から出す"}, tone="success"),
    MoveGroup(key="observe", texts={"en": "Observatory", "ja": "天文台"}, tone="success"),
    MoveGroup(key="drawn", texts={"en": "Revealed card", "ja": "公開札"}, tone="success"),
    MoveGroup(key="pub", texts={"en": "Pub", "ja": "酒場"}, tone="success"),
    MoveGroup(key="pass", texts={"en": "Pass", "ja": "パス"}, tone="danger"),
)


def is_public(move: Move, view: View) -> bool:
    """Whether offering `move` on the public board reveals nothing private about its player.

    With secret money, whether a buy (or a Pub purchase, or buying the Observatory's card) is
    legal tells others what the player can afford, and playing a card tells them the hand.
    """
    if move.kind == "play":
        return False
    if view.public_money:
        return True
    if move.kind == "buy":
        return False
    if move.kind == "pub":
        return move.points == 0
    if move.kind == "drawn":
        return move.action != "buy"
    return True


def _price(move: Move, prices: Sequence[Price]) -> int | None:
    source = {"buy": "board", "play": "hand"}.get(move.kind)
    if source is None:
        if move.kind == "drawn" and move.action == "buy":
            source = "drawn"
        else:
            return None
    card = getattr(move, "card", None)
    for price in prices:
        if (
            price.source == source
            and (card is None or price.card == card)
            and price.old == getattr(move, "old", False)
            and price.target == getattr(move, "target", None)
        ):
            return price.cost
    return None


def offers(view: View, moves: Sequence[Move], lang: str) -> list[Offer]:
    out = []
    for move in moves:
        cost = _price(move, view.prices)
        detail = None
        if cost is not None:
            detail = f"{cost} ルーブル" if lang == "ja" else f"costs you {cost} ₽"
        out.append(
            Offer(
                move=format_move(move),
                group=move.kind,
                label=format_move(move, lang),
                detail=detail,
                public=is_public(move, view),
            )
        )
    return out


CARD = Param(
    name="card",
    names=bilingual("card", "カード"),
    texts=bilingual("The card", "カード"),
    kind="move",
)
COMMANDS = CommandGroup(
    name="stp",
    names=bilingual("stp", "サンクト"),
    texts=bilingual("Sankt Petersburg moves", "サンクトペテルブルグの手"),
    commands=(
        MoveCommand(
            name="buy",
            names=bilingual("buy", "購入"),
            texts=bilingual("Buy a card from the board", "場のカードを購入する"),
            template="buy {card}",
            params=(CARD.model_copy(update={"groups": ("buy",)}),),
        ),
        MoveCommand(
            name="take",
            names=bilingual("take", "手札"),
            texts=bilingual(
                "Take a card from the board into your hand", "場のカードを手札に加える"
            ),
            template="take {card}",
            params=(CARD.model_copy(update={"groups": ("take",)}),),
        ),
        MoveCommand(
            name="play",
            names=bilingual("play", "出す"),
            texts=bilingual("Play a card from your hand", "手札のカードを出す"),
            template="play {card}",
            params=(CARD.model_copy(update={"groups": ("play",)}),),
        ),
        MoveCommand(
            name="pass",
            names=bilingual("pass", "パス"),
            texts=bilingual("Pass", "パスする"),
            template="pass",
        ),
        MoveCommand(
            name="observe",
            names=bilingual("observe", "観測"),
            texts=bilingual("Use your Observatory on a stack", "天文台で山札を1枚見る"),
            template="observe {stack}",
            params=(
                Param(
                    name="stack",
                    names=bilingual("stack", "山札"),
                    texts=bilingual("The stack", "山札"),
                    kind="choice",
                    choices=tuple(
                        Label(value=s, texts=bilingual(s, STACK_NAMES["ja"][s])) for s in STACKS
                    ),
                ),
            ),
        ),
        MoveCommand(
            name="drawn",
            names=bilingual("drawn", "公開札"),
            texts=bilingual(
                "Decide on the card your Observatory revealed", "天文台で公開したカードを決める"
            ),
            template="{action} drawn[ > {target}]",
            params=(
                Param(
                    name="action",
                    names=bilingual("action", "行動"),
                    texts=bilingual(
                        "What to do with the revealed card", "公開したカードをどうするか"
                    ),
                    kind="choice",
                    choices=(
                        Label(value="buy", texts=bilingual("buy it", "購入する")),
                        Label(value="take", texts=bilingual("take it into hand", "手札に加える")),
                        Label(value="discard", texts=bilingual("discard it", "捨てる")),
                    ),
                ),
                Param(
                    name="target",
                    names=bilingual("target", "対象"),
                    texts=bilingual(
                        "The card it replaces (trading cards)", "置き換えるカード（拡張カード）"
                    ),
                    kind="move",
                    groups=("drawn",),
                    required=False,
                ),
            ),
        ),
        MoveCommand(
            name="pub",
            names=bilingual("pub", "酒場"),
            texts=bilingual("Buy points with your Pub", "酒場で勝利点を買う"),
            template="pub {points}",
            params=(
                Param(
                    name="points",
                    names=bilingual("points", "点数"),
                    texts=bilingual("How many points to buy", "買う点数"),
                    kind="int",
                    minimum=0,
                    maximum=100,
                ),
            ),
        ),
    ),
)


def board_text(view: View, lang: str, names: Mapping[str, str]) -> str:
    """The position in plain text: phase, board, stacks, then each player (own secrets if any)."""
    ja = lang == "ja"
    sep = "、" if ja else ", "

    def cards(keys: Sequence[str]) -> str:
        return sep.join(card_name(k, lang) for k in keys) or "-"

    def who(seat: str) -> str:
        return names.get(seat, seat)

    lines = []
    phase = PHASE_NAMES["ja" if ja else "en"][view.phase]
    if view.finished:
        lines.append("ゲーム終了" if ja else "Game over")
    else:
        head = f"第{view.round}ラウンド {phase}" if ja else f"Round {view.round}, {phase}"
        if view.last_round:
            head += "（最終ラウンド）" if ja else " (last round)"
        lines.append(head)
        if view.to_act:
            acting = sep.join(who(s) for s in view.to_act)
            lines.append(f"手番: {acting}" if ja else f"To act: {acting}")
    board = [
        card_name(c.card, lang) + (" (−1)" if c.old else "") for c in view.board if c is not None
    ]
    lines.append(("売り場: " if ja else "Board: ") + (sep.join(board) or "-"))
    stacks = sep.join(
        f"{STACK_NAMES['ja' if ja else 'en'][s]} {view.stack_counts[s]}" for s in STACKS
    )
    lines.append(("山札: " if ja else "Stacks: ") + stacks)
    if view.pending is not None and view.pending.card is not None:
        lines.append(("公開札: " if ja else "Revealed: ") + card_name(view.pending.card, lang))
    for p in view.players:
        money = "?" if p.money is None else str(p.money)
        markers = sep.join(STACK_NAMES["ja" if ja else "en"][m] for m in p.markers)
        if ja:
            line = f"{who(p.id)}: {p.points}点 {money}ルーブル 手札{p.hand_size}枚"
        else:
            line = f"{who(p.id)}: {p.points} pts, {money} ₽, {p.hand_size} in hand"
        if markers:
            line += f" [{markers}]"
        lines.append(line)
        counts: dict[str, int] = {}
        for key in p.area:
            counts[key] = counts.get(key, 0) + 1
        shown = [card_name(k, lang) + (f" ×{n}" if n > 1 else "") for k, n in counts.items()]
        lines.append("  " + (sep.join(shown) or "-"))
        if p.hand is not None:
            lines.append(("  手札: " if ja else "  Hand: ") + cards(p.hand))
    if view.outcome is not None:
        for s in view.outcome.standings:
            lines.append(f"{s.rank}. {who(s.seat)} {s.score}" + ("点" if ja else " pts"))
    return "\n".join(lines)


RULES = {
    "en": (
        "**Sankt Petersburg** (1–4 players). Each round has four phases: workers, buildings, "
        "aristocrats and trading cards. On your turn you **buy** a card from the board, "
        "**take** one into your hand (at most 3), **play** one from your hand, or **pass**; the "
        "phase ends when everyone passes in a row. After each phase its colour scores: workers "
        "pay roubles, buildings pay points, aristocrats pay both. The game ends after the round "
        "in which a stack runs out; aristocrat variety adds a bonus, each 10 roubles is a point, "
        "each card left in hand costs 5."
    ),
    "ja": (
        "**サンクトペテルブルグ**（1〜4人）。各ラウンドは職人・建物・貴族・拡張の4フェイズ。"
        "手番では場のカードを**購入**、**手札**に加える（最大3枚）、手札から**出す**、または**パス**。"
        "全員が続けてパスするとフェイズ終了。フェイズごとに得点：職人はルーブル、建物は勝利点、貴族は両方。"
        "どれかの山札が尽きたラウンドで終了し、貴族の種類ボーナス、10ルーブルごとに1点、手札1枚ごとに−5点。"
    ),
}
