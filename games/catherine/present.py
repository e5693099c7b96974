"""How Catherine shows itself to the adapters: menus, move commands, text board, rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.adapters import CommandGroup, MoveCommand, MoveGroup, Offer, bilingual, move_param
from games.base import counted
from games.catherine.data import KINDS, Data
from games.catherine.models import Move, View
from games.catherine.narration import GOODS_NAMES, PHASE_NAMES, action_text
from games.catherine.notation import move_text

MOVE_GROUPS = (
    MoveGroup(key="keep", texts={"en": "Action row", "ja": "アクション列"}, menu=True),
    MoveGroup(
        key="row",
        texts={"en": "Card for the action row", "ja": "アクション列に置くカード"},
        menu=True,
    ),
    MoveGroup(
        key="place", texts={"en": "Card to activate with", "ja": "活性化列に置くカード"}, menu=True
    ),
    MoveGroup(key="build", texts={"en": "Build a house", "ja": "住宅を建設"}, menu=True),
    MoveGroup(key="market", texts={"en": "Market", "ja": "市場"}, menu=True),
    MoveGroup(key="discard", texts={"en": "Discard", "ja": "捨てる"}, menu=True),
    MoveGroup(key="execute", texts={"en": "Run the action", "ja": "実行"}, tone="success"),
    MoveGroup(key="bonus", texts={"en": "Bonus", "ja": "ボーナス"}, menu=True),
    MoveGroup(
        key="decline", texts={"en": "Decline: draw 1", "ja": "見送り: 1枚引く"}, tone="danger"
    ),
    MoveGroup(key="pass", texts={"en": "Pass", "ja": "パス"}, tone="danger"),
)
SECRET_KINDS = frozenset({"keep", "row", "place"})


def is_public(move: Move) -> bool:
    """A secret choice, or a move naming hand cards, would reveal the hand on the public board."""
    return move.kind not in SECRET_KINDS and not getattr(move, "cards", ())


def _detail(data: Data, view: View, move: Move, lang: str) -> str | None:
    ja = lang == "ja"
    if move.kind == "place":
        act, under = data.cards[move.act], data.cards[move.under]
        if act.colour == under.colour:
            return f"{under.id}を起動（色一致）" if ja else f"activates {under.id} (colours match)"
        return f"{under.id}: 色不一致 → 1枚引く" if ja else f"{under.id}: no match → draw 1"
    if move.kind == "row":
        card = data.cards[move.card]
        return f"{data.region_name(card.colour, lang)}: {action_text(card, lang)}"
    if move.kind == "execute":
        me = next((p for p in view.players if p.id == view.viewer), None)
        if me is not None and me.active:
            return action_text(data.cards[me.active], lang)
    if move.kind == "build":
        city = data.city[move.city]
        what = GOODS_NAMES["ja" if ja else "en"].get(city.goods or "", "")
        if city.feature == "crown":
            what = "王冠（寵愛+1）" if ja else "crown (+1 favour)"
        elif city.feature == "one":
            what = "「1」（中間決算ごとに+1点）" if ja else "'1' (+1 VP each interim scoring)"
        return f"{data.region_name(city.region, lang)}: {what}"
    return None


def offers(data: Data, view: View, moves: Sequence[Move], lang: str) -> list[Offer]:
    return [
        Offer(
            move=move_text(data, move),
            group=move.kind,
            label=move_text(data, move, lang),
            detail=_detail(data, view, move, lang),
            public=is_public(move),
        )
        for move in moves
    ]


COMMANDS = CommandGroup(
    name="cat",
    names=bilingual("cat", "キャサリン"),
    texts=bilingual("Catherine moves", "キャサリンの手"),
    commands=(
        MoveCommand(
            name="row",
            names=bilingual("row", "アクション列"),
            texts=bilingual(
                "Setup: choose your 3 action-row cards (secret)",
                "準備: アクション列の3枚を選ぶ（非公開）",
            ),
            template="keep {cards}",
            params=(move_param("cards", "The 3 cards", "3枚のカード", ("keep",)),),
        ),
        MoveCommand(
            name="play",
            names=bilingual("play", "列"),
            texts=bilingual(
                "First card: to the end of your action row (secret)",
                "1枚目: アクション列の右端へ（非公開）",
            ),
            template="row {card}",
            params=(
                move_param("card", "Card for the action row", "アクション列に置くカード", ("row",)),
            ),
        ),
        MoveCommand(
            name="place",
            names=bilingual("place", "配置"),
            texts=bilingual(
                "Second card: under an action-row card (secret)",
                "2枚目: アクション列のカードの下へ（非公開）",
            ),
            # A whole move picked from the autocomplete in `act` needs no `under`.
            template="place {act}[ under {under}]",
            params=(
                move_param(
                    "act", "Card for the activation row", "活性化列に置くカード", ("place",)
                ),
                move_param(
                    "under",
                    "The action-row card it activates",
                    "起動するアクション列のカード",
                    ("place",),
                    required=False,
                ),
            ),
        ),
        MoveCommand(
            name="act",
            names=bilingual("act", "実行"),
            texts=bilingual("Run the activated card's action", "起動したカードのアクションを実行"),
            template="{action}",
            params=(
                move_param(
                    "action", "How to run it", "実行方法", ("execute", "market", "discard", "build")
                ),
            ),
        ),
        MoveCommand(
            name="build",
            names=bilingual("build", "建設"),
            texts=bilingual("Build a house in a city", "都市に住宅を建設"),
            template="build {city}",
            params=(move_param("city", "The city", "都市", ("build",)),),
        ),
        MoveCommand(
            name="bonus",
            names=bilingual("bonus", "ボーナス"),
            texts=bilingual("Take the card's bonus", "カードのボーナスを得る"),
            template="bonus[ {cards}]",
            params=(
                move_param("cards", "Cards it costs", "支払うカード", ("bonus",), required=False),
            ),
        ),
        MoveCommand(
            name="decline",
            names=bilingual("decline", "見送り"),
            texts=bilingual("Decline the action and draw 1 card", "アクションを見送り1枚引く"),
            template="decline",
        ),
        MoveCommand(
            name="pass",
            names=bilingual("pass", "パス"),
            texts=bilingual("Leave the bonus or the book house", "ボーナスまたは本の住宅を見送る"),
            template="pass",
        ),
    ),
)


def board_text(data: Data, view: View, lang: str, names: Mapping[str, str]) -> str:
    """The position in plain text: phase, then each player's rows, houses and goods."""
    ja = lang == "ja"
    sep = "、" if ja else ", "

    def who(seat: str) -> str:
        return names.get(seat, seat)

    lines = []
    phase = PHASE_NAMES["ja" if ja else "en"][view.phase]
    if view.finished:
        lines.append(phase)
    elif view.round:
        lines.append(
            f"第{view.decade}の10年間 第{view.round}ラウンド {phase}"
            if ja
            else f"Decade {view.decade}, round {view.round}: {phase}"
        )
    else:
        lines.append(phase)
    if view.to_act:
        acting = sep.join(who(s) for s in view.to_act)
        lines.append(f"待ち: {acting}" if ja else f"Waiting for: {acting}")
    lines.append(
        f"山札 {view.deck_count}枚、捨て札 {view.discard_count}枚、ジョーカー残り {view.jokers}"
        if ja
        else f"Deck {view.deck_count}, discard pile {view.discard_count}, jokers left {view.jokers}"
    )
    kinds = GOODS_NAMES["ja" if ja else "en"]
    for p in view.players:
        placed = (" [配置済]" if ja else " [placed]") if p.placed else ""
        if ja:
            lines.append(
                f"{who(p.id)}: {p.vp}点 寵愛{p.favour}（上限{p.hand_limit}・×{p.multiplier}） "
                f"手札{p.hand_size}枚 住宅残り{p.supply} 命令{p.order}{placed}"
            )
        else:
            lines.append(
                f"{who(p.id)}: {p.vp} VP, favour {p.favour} (limit {p.hand_limit}, ×{p.multiplier}), "
                f"{p.hand_size} in hand, {counted(p.supply, 'house')} left, order {p.order}{placed}"
            )
        row = " ".join(c + (f"/{b}" if b else "") for c, b in zip(p.row, p.below, strict=True))
        lines.append(("  列: " if ja else "  Rows: ") + (row or "-"))
        owned = sep.join(f"{kinds[k]} {n}" for k, n in zip(KINDS, p.own, strict=True) if n)
        lines.append(
            ("  所有: " if ja else "  Owns: ")
            + (owned or "-")
            + (f"{sep}ジョーカー {p.jokers}" if ja and p.jokers else "")
            + (f"{sep}jokers {p.jokers}" if not ja and p.jokers else "")
        )
        houses = sep.join(data.city_name(c, lang) for c in p.houses)
        lines.append(("  住宅: " if ja else "  Houses: ") + (houses or "-"))
        if p.hand is not None:
            lines.append(("  手札: " if ja else "  Hand: ") + (" ".join(p.hand) or "-"))
        if p.chosen:
            lines.append(("  選択: " if ja else "  Chosen: ") + " ".join(p.chosen))
    if view.outcome is not None:
        for s in view.outcome.standings:
            lines.append(f"{s.rank}. {who(s.seat)} {s.score}" + ("点" if ja else " VP"))
    return "\n".join(lines)


RULES = {
    "en": (
        "**Catherine: The Cities of the Tsarina** (2–4 players, 3 decades × 4 rounds). Each "
        "round everyone draws 2 cards, then secretly **places** 2: one at the end of the action "
        "row, one under any action-row card with nothing below it. After the reveal, if the two "
        "colours match you may run the upper card's **action** and then its **bonus**; "
        "otherwise (or if you decline) you draw 1 card. Symbols on action-row tops and your "
        "goods tiles count as owned. Build **houses** in cities for goods tiles, crowns (+1 "
        "favour) and '1' cities. **Favour** sets your hand limit (draws above it pay 1 VP), "
        "interim VP and final multiplier. After each decade: cannons against neighbours (4 / 2 "
        "VP), most books build a house (middle get a joker), houses and favour pay VP, displays "
        "shrink to 3. At the end: 1 VP per hand card, order card (5/6/7 goods → 5/8/12 VP), "
        "largest road-connected group of houses × multiplier."
    ),
    "ja": (
        "**キャサリン ― ツァリーナの都市**（2〜4人、10年間×3、各4ラウンド）。毎ラウンド全員が2枚引き、"
        "2枚を秘密裏に**配置**: 1枚をアクション列の右端、1枚を下が空いているアクション列カードの下へ。"
        "公開後、2枚の色が同じなら上のカードの**アクション**とその後の**ボーナス**を実行できます。"
        "色が違う・見送る場合は1枚引きます。アクション列の上部のシンボルと商品タイルが所有物です。"
        "都市に**住宅**を建て、商品タイル・王冠（寵愛+1）・「1」都市を得ます。**寵愛**は手札上限"
        "（超過分は1枚1点）、中間決算の得点、最終の乗数を決めます。10年間ごとに大砲（両隣と比べ4/2点）、"
        "本の最多が住宅を建設（中間はジョーカー）、住宅と寵愛の得点、ディスプレイを3枚に整理。"
        "最後に手札1枚1点、命令カード（5/6/7個で5/8/12点）、道でつながった最大の住宅群×乗数。"
    ),
}
