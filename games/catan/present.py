"""How the Catan card game shows itself to the adapters: menus, move commands, text board, rules."""

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
from games.base import counted
from games.catan.data import RESOURCES, CatanData
from games.catan.models import Move, View
from games.catan.narration import EVENT_NAMES
from games.catan.notation import (
    EXPANSION_NAMES,
    KEYWORDS,
    build_name,
    format_move,
    payment_words,
    resource_name,
)

MOVE_GROUPS = (
    MoveGroup(
        key="pile", texts={"en": "Exchange with the pile", "ja": "資源の山と交換"}, menu=True
    ),
    MoveGroup(
        key="market", texts={"en": "Exchange with the market", "ja": "マーケットと交換"}, menu=True
    ),
    MoveGroup(key="trade", texts={"en": "Exchange with a player", "ja": "プレイヤーと交換"}),
    MoveGroup(key="look", texts={"en": "Library exchange", "ja": "図書館で交換"}, tone="success"),
    MoveGroup(key="pick", texts={"en": "Choose the card", "ja": "カードを選ぶ"}, menu=True),
    MoveGroup(key="return", texts={"en": "Give a card back", "ja": "カードを返す"}, menu=True),
    MoveGroup(key="guild", texts={"en": "Merchant guild", "ja": "商人ギルド"}, tone="success"),
    MoveGroup(key="build", texts={"en": "Build", "ja": "建設"}, menu=True, tone="primary"),
    MoveGroup(key="discard", texts={"en": "Discard (robber)", "ja": "捨てる（強盗）"}, menu=True),
    MoveGroup(key="end", texts={"en": "End exchanges", "ja": "交換終了"}, tone="danger"),
    MoveGroup(
        key="draw", texts={"en": "Draw and end the turn", "ja": "引いて手番終了"}, tone="danger"
    ),
)

# Moves whose being legal says nothing about the hand: the player's row, the market, opponents'
# hand sizes and the phase are public. Any move that names a card of the mover's hand (or a
# payment) shows what the hand holds, so it is offered in the private panel only.
PUBLIC_KINDS = frozenset({"trade", "look", "guild", "end", "draw"})


def offers(data: CatanData, view: View, moves: Sequence[Move], lang: str) -> list[Offer]:
    out = []
    for move in moves:
        detail = None
        if move.kind == "build":
            paid = payment_words(move.pay, lang)
            detail = ("支払い: " if lang == "ja" else "pay: ") + (
                "、" if lang == "ja" else ", "
            ).join(paid)
        out.append(
            Offer(
                move=format_move(move),
                group=move.kind,
                label=format_move(move, lang)[:100],
                detail=detail[:100] if detail else None,
                public=move.kind in PUBLIC_KINDS,
            )
        )
    return out


def _choice_of_resources() -> tuple[Label, ...]:
    return tuple(Label(value=r, texts=bilingual(r, resource_name(r, "ja"))) for r in RESOURCES)


MOVE = Param(
    name="move", names=bilingual("move", "手"), texts=bilingual("The move", "手"), kind="move"
)
COMMANDS = CommandGroup(
    name="catan",
    names=bilingual("catan", "カタン"),
    texts=bilingual("Catan card game moves", "カタン 高速カードゲームの手"),
    commands=(
        MoveCommand(
            name="exchange",
            names=bilingual("exchange", "交換"),
            texts=bilingual(
                "Exchange with the pile, the market or a player",
                "山札・マーケット・プレイヤーと交換",
            ),
            template="{move}",
            params=(MOVE.model_copy(update={"groups": ("pile", "market", "trade", "look")}),),
        ),
        MoveCommand(
            name="return",
            names=bilingual("return", "返す"),
            texts=bilingual("Give a card back after an exchange", "交換で引いたぶんのカードを返す"),
            template="{move}",
            params=(MOVE.model_copy(update={"groups": ("return", "pick")}),),
        ),
        MoveCommand(
            name="end",
            names=bilingual("end", "交換終了"),
            texts=bilingual("End the exchange phase", "交換フェイズを終える"),
            template="end",
        ),
        MoveCommand(
            name="build",
            names=bilingual("build", "建設"),
            texts=bilingual("Build, choosing how to pay", "支払い方を選んで建てる"),
            template="{move}",
            params=(MOVE.model_copy(update={"groups": ("build",)}),),
        ),
        MoveCommand(
            name="guild",
            names=bilingual("guild", "ギルド"),
            texts=bilingual(
                "Merchant guild: take a card from a player", "商人ギルドでカードを引く"
            ),
            template="{move}",
            params=(MOVE.model_copy(update={"groups": ("guild",)}),),
        ),
        MoveCommand(
            name="discard",
            names=bilingual("discard", "捨てる"),
            texts=bilingual("Robber raid: discard a card", "強盗：カードを1枚捨てる"),
            template="discard {card}",
            params=(
                Param(
                    name="card",
                    names=bilingual("card", "カード"),
                    texts=bilingual("The resource to discard", "捨てる資源"),
                    kind="choice",
                    choices=_choice_of_resources(),
                ),
            ),
        ),
        MoveCommand(
            name="draw",
            names=bilingual("draw", "引く"),
            texts=bilingual("Draw cards and end your turn", "カードを引いて手番を終える"),
            template="draw {count}",
            params=(
                Param(
                    name="count",
                    names=bilingual("count", "枚数"),
                    texts=bilingual("How many cards (2 + side-A knights)", "枚数（2＋A面の騎士）"),
                    kind="int",
                    minimum=2,
                    maximum=6,
                ),
            ),
        ),
    ),
)


def hand_text(counts: Sequence[int], lang: str) -> str:
    ja = lang == "ja"
    parts = [
        f"{resource_name(r, lang)}{n}" if ja else f"{n} {resource_name(r, lang)}"
        for r, n in zip(RESOURCES, counts, strict=True)
        if n
    ]
    return ("、" if ja else ", ").join(parts) or "-"


def building_text(view_building: object, lang: str, data: CatanData) -> str:
    from games.catan.models import BuildingView

    assert isinstance(view_building, BuildingView)
    b = view_building
    ja = lang == "ja"
    if b.expansion is not None:
        name = str(data.expansion(b.expansion).name)
        return f"{EXPANSION_NAMES[name]['ja' if ja else 'en']}({data.expansion(b.expansion).vp})"
    if b.city:
        assert b.event is not None
        return f"{build_name('city', lang)}[{EVENT_NAMES['ja' if ja else 'en'][b.event]}]"
    return build_name("settlement", lang)


def expansion_kinds(ids: Sequence[str], data: CatanData | None = None) -> list[tuple[str, int]]:
    """City expansions by the kind a player recognises (name and VP), each with how many are
    left: the two Kirche cards differ only in their mark, so they are "church ×2"."""
    if data is None:
        from games.catan.data import shipped

        data = shipped()
    kinds: dict[str, int] = {}
    for card_id in ids:
        card = data.expansion(card_id)
        name = f"{card.name}:{card.vp}"
        kinds[name] = kinds.get(name, 0) + 1
    return list(kinds.items())


def expansion_label(kind: str, count: int, lang: str, *, vp: bool = False) -> str:
    """A kind from `expansion_kinds` in words: "church", "church 3 ×2" with `vp`."""
    name, points = kind.rsplit(":", 1)
    label = EXPANSION_NAMES[name]["ja" if lang == "ja" else "en"] + (f" {points}" if vp else "")
    return label + (f" ×{count}" if count > 1 else "")


def board_text(data: CatanData, view: View, lang: str, names: Mapping[str, str]) -> str:
    """The position in plain text: turn and phase, piles and market, then each player."""
    ja = lang == "ja"
    sep = "、" if ja else ", "

    def who(seat: str) -> str:
        return names.get(seat, seat)

    lines = []
    if view.finished:
        lines.append("ゲーム終了" if ja else "Game over")
    else:
        phase = {"exchange": ("exchange", "交換"), "build": ("build", "建築")}[view.phase]
        if ja:
            lines.append(
                f"第{view.turns}手番 {who(view.active)}：{phase[1]}フェイズ"
                f"（交換 {view.exchanges}/{view.allowance or 1}）"
            )
        else:
            lines.append(
                f"Turn {view.turns}, {who(view.active)}: {phase[0]} phase "
                f"(exchanges {view.exchanges}/{view.allowance or 1})"
            )
        if view.to_act and view.to_act != (view.active,):
            acting = sep.join(who(s) for s in view.to_act)
            lines.append(f"選択中: {acting}" if ja else f"Deciding: {acting}")
    market = sep.join(resource_name(r, lang) for r in view.market) or "-"
    lines.append(("マーケット: " if ja else "Market: ") + market)
    arrow = (
        ("時計回り" if view.clockwise else "反時計回り")
        if ja
        else ("clockwise" if view.clockwise else "counter-clockwise")
    )
    if ja:
        lines.append(
            f"山札 {view.draw_count}枚、捨て場 {len(view.discard)}枚、道 {view.road_stack}、"
            f"集落 {view.settlement_stack}、騎士 {view.knight_stack}、運命カード {arrow}"
        )
    else:
        lines.append(
            f"Draw pile {view.draw_count}, discard {len(view.discard)}, roads {view.road_stack}, "
            f"settlements {view.settlement_stack}, knights {view.knight_stack}, destiny {arrow}"
        )
    left = sep.join(
        expansion_label(kind, count, lang) for kind, count in expansion_kinds(view.expansions, data)
    )
    lines.append(("都市開発: " if ja else "Expansions: ") + (left or "-"))
    for p in view.players:
        buildings = sep.join(building_text(b, lang, data) for b in p.buildings)
        if ja:
            line = (
                f"{who(p.id)}: {p.vp}点 手札{p.hand_size}枚 道{p.roads} 騎士{p.knights} "
                f"（交換{p.allowance}、補充{p.draw_count}）"
            )
        else:
            line = (
                f"{who(p.id)}: {p.vp} VP, {p.hand_size} in hand, {counted(p.roads, 'road')}, "
                f"{counted(p.knights, 'knight')} (exchanges {p.allowance}, draws {p.draw_count})"
            )
        if p.owed:
            line += f" 返却待ち{p.owed}" if ja else f", owed {p.owed}"
        lines.append(line)
        lines.append("  " + (buildings or "-"))
        if p.hand is not None:
            lines.append(("  手札: " if ja else "  Hand: ") + hand_text(p.hand, lang))
    if view.looked_at is not None:
        lines.append(
            ("見ている手札: " if ja else "Hand looked at: ") + hand_text(view.looked_at, lang)
        )
    if view.outcome is not None:
        for s in view.outcome.standings:
            lines.append(f"{s.rank}. {who(s.seat)} {s.score}" + ("点" if ja else " VP"))
    return "\n".join(lines)


RULES = {
    "en": (
        "**Catan – the fast card game** (2–6 players). Your turn: 1) **exchange** one card at a "
        "time, as often as you have side-A roads (without a road: one swap with the pile): with "
        "the pile, the market, or a player (take a random card, give one back before the phase "
        "ends). 2) **build** each kind at most once: road (wood+clay), knight (grain+wool+ore), "
        "settlement (clay+wood+grain+wool), city (2 grain+3 ore), city expansion (3 wool+ore; "
        "town hall +2 ore); 3 alike pay for 1. Rows alternate side A (ability) and B (1 VP). "
        "Cities bring a robber raid (8+ cards: discard to 7) or market day. Empty road/knight "
        "stack: take the top card from the player the destiny card points to. 3) **draw** 2, "
        "+1 per side-A knight. First to 10 VP wins at once."
    ),
    "ja": (
        "**カタン 高速カードゲーム**（2〜6人）。手番：1）**交換**：A面の道の数だけ1枚ずつ"
        "（道がなければ山札と1回）。山札・マーケット・他プレイヤー（ランダムに1枚引き、フェイズ終了までに1枚返す）。"
        "2）**建築**：各種類1手番に1つまで。道（木材＋粘土）、騎士（穀物＋羊毛＋鉱石）、集落（粘土＋木材＋穀物＋羊毛）、"
        "都市（穀物2＋鉱石3）、都市開発（羊毛3＋鉱石、市庁舎は鉱石＋2）。同じ資源3枚で1枚分。"
        "列はA面（能力）とB面（1点）が交互。都市は強盗（8枚以上は7枚まで捨てる）か市場の日。"
        "道・騎士の山が空なら運命カードの矢印の先のプレイヤーから奪う。3）**補充**：2枚＋A面の騎士1人につき1枚。"
        "10点に達したら即勝利。"
    ),
}

__all__ = ["COMMANDS", "KEYWORDS", "MOVE_GROUPS", "RULES", "board_text", "offers"]
