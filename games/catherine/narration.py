"""Catherine events in words, English and Japanese."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Event, counted
from games.catherine.data import KINDS, Card, Data

PHASE_NAMES = {
    "en": {
        "setup": "Setup",
        "place": "B: place two cards",
        "activate": "D: activate",
        "books": "Interim scoring: books",
        "over": "Game over",
    },
    "ja": {
        "setup": "準備",
        "place": "B: カード2枚を配置",
        "activate": "D: アクション実行",
        "books": "中間決算: 本",
        "over": "ゲーム終了",
    },
}
DRAW_REASONS = {
    "en": {
        "phase_a": "for the round",
        "mismatch": "(colours differ)",
        "unable": "(the action cannot be run)",
        "decline": "(declined the action)",
        "action": "",
        "bonus": "(bonus)",
        "interim": "after the interim scoring",
        "no_house": "(no house left to build)",
    },
    "ja": {
        "phase_a": "（ラウンド開始）",
        "mismatch": "（色が不一致）",
        "unable": "（アクション実行不可）",
        "decline": "（アクションを見送り）",
        "action": "",
        "bonus": "（ボーナス）",
        "interim": "（中間決算後）",
        "no_house": "（建設できる住宅なし）",
    },
}


ACTION_NAMES = {
    "en": {
        "BUILD_LISTED": "build: 1 of 3 cities",
        "BUILD_REGION": "2 cards → build in region",
        "MARKET": "market {a}/{b}",
        "DISCARD_FOR_VP": "3 cards → 10 VP",
        "VP_PER_BOOK": "2 VP per book",
        "DISCARD_FOR_FAVOUR": "1 card → +2 favour",
        "DRAW_PER_BOOK": "draw 1 per book",
        "DRAW": "draw 2",
        "VP_PER_GOODS_SET": "4 VP per goods set",
        "VP": "3 VP",
    },
    "ja": {
        "BUILD_LISTED": "建設: 3都市のどれか",
        "BUILD_REGION": "2枚捨て→区域に建設",
        "MARKET": "市場 {a}/{b}",
        "DISCARD_FOR_VP": "3枚捨て→10点",
        "VP_PER_BOOK": "本1冊につき2点",
        "DISCARD_FOR_FAVOUR": "1枚捨て→寵愛+2",
        "DRAW_PER_BOOK": "本1冊につき1枚",
        "DRAW": "2枚引く",
        "VP_PER_GOODS_SET": "商品セットごとに4点",
        "VP": "3点",
    },
}


def action_text(card: Card, lang: str) -> str:
    """A card's action in a few words (menus, narration, card images)."""
    template = ACTION_NAMES["ja" if lang == "ja" else "en"][card.action]
    if card.action == "MARKET":
        names = GOODS_NAMES["ja" if lang == "ja" else "en"]
        return template.format(a=names[KINDS[card.goods[0]]], b=names[KINDS[card.goods[1]]])
    return template


def describe_event(data: Data, event: Event, lang: str, names: Mapping[str, str]) -> str:
    ja = lang == "ja"
    d: dict[str, Any] = event.data

    def who(seat: str | None) -> str:
        return names.get(seat or "", seat or "?")

    def each(values: Mapping[str, Any], unit: str = "") -> str:
        sep = "、" if ja else ", "
        return sep.join(f"{who(s)} {v}{unit}" for s, v in values.items())

    name = who(event.seat)
    kind = event.kind
    if kind == "start":
        players = (
            "、".join(who(s) for s in d["players"])
            if ja
            else ", ".join(who(s) for s in d["players"])
        )
        orders = each(d["orders"])
        if ja:
            return f"ゲーム開始: {players}。各自6枚を受け取り、命令カードは {orders}。"
        return f"Game started: {players}. Each takes 6 cards; order cards: {orders}."
    if kind == "ready":
        step = d.get("step", "place")
        if ja:
            said = {"keep": "アクション列を選びました", "row": "1枚目を選びました"}
            return f"{name} が{said.get(step, '2枚とも配置しました')}。"
        said = {"keep": "has chosen an action row", "row": "has chosen a first card"}
        return f"{name} {said.get(step, 'has placed both cards')}."
    if kind == "setup":
        rows = "; ".join(f"{who(s)}: {' '.join(c)}" for s, c in d["rows"].items())
        return f"アクション列を公開: {rows}" if ja else f"Action rows revealed: {rows}"
    if kind == "round":
        if ja:
            return f"第{d['round']}ラウンド（第{d['decade']}の10年間）開始。全員2枚引きます。"
        return f"Round {d['round']} (decade {d['decade']}) begins; everyone draws 2."
    if kind == "draw":
        reason = DRAW_REASONS["ja" if ja else "en"].get(d["reason"], "")
        vp = d["vp"]
        if ja:
            text = f"{name} が{d['count']}枚引きました{reason}"
            return text + (f"、手札上限により+{vp}点" if vp else "") + "。"
        text = f"{name} draws {d['count']} {reason}".rstrip()
        return text + (f", +{vp} VP for cards over the hand limit" if vp else "") + "."
    if kind == "drew":
        cards = " ".join(d["cards"])
        return f"引いたカード: {cards}" if ja else f"You drew {cards}."
    if kind == "reshuffle":
        if ja:
            return f"捨て札{d['count']}枚をシャッフルして新しい山札にしました。"
        return f"The discard pile ({counted(d['count'], 'card')}) is shuffled into a new deck."
    if kind == "reveal":
        if ja:
            parts = [
                f"{who(s)}: {row}を列へ、{act}を{under}の下へ"
                for s, (row, act, under) in d["placements"].items()
            ]
        else:
            parts = [
                f"{who(s)}: {row} to the row, {act} under {under}"
                for s, (row, act, under) in d["placements"].items()
            ]
        return ("公開: " if ja else "Revealed: ") + "; ".join(parts)
    if kind == "mismatch":
        if ja:
            return f"{name}: {d['card']}は色が一致せず、代わりに1枚引きます。"
        return f"{name}: {d['card']} is not matched in colour; a card instead."
    if kind == "unable":
        if ja:
            return f"{name}: {d['card']}のアクションは実行できず、代わりに1枚引きます。"
        return f"{name}: {d['card']}'s action cannot be run; a card instead."
    if kind == "decline":
        if ja:
            return f"{name} は{d['card']}のアクションを見送りました。"
        return f"{name} declines {d['card']}'s action."
    if kind == "pass":
        if d.get("what") == "books":
            return f"{name} は住宅を建設しません。" if ja else f"{name} builds no house."
        return f"{name} はボーナスを見送りました。" if ja else f"{name} leaves the bonus."
    if kind == "action":
        what = action_text(data.cards[d["card"]], lang)
        if d.get("count") is not None:
            what += f"、{d['count']}枚引く" if ja else f", drawing {d['count']}"
        if d["cards"]:
            cards = " ".join(d["cards"])
            what += f"、{cards}を捨てる" if ja else f", discarding {cards}"
        return (
            f"{name}: {d['card']}（{what}）を実行。" if ja else f"{name} runs {d['card']} ({what})."
        )
    if kind == "bonus":
        text = f"{name}: {d['card']}のボーナス" if ja else f"{name} takes {d['card']}'s bonus"
        if d["cards"]:
            cards = " ".join(d["cards"])
            text += f"（{cards}を捨てる）" if ja else f", discarding {cards}"
        return text + "。" if ja else text + "."
    if kind == "gain":
        parts = []
        if d["vp"]:
            parts.append(f"+{d['vp']}点" if ja else f"+{d['vp']} VP")
        if d["favour"]:
            parts.append(f"寵愛+{d['favour']}" if ja else f"+{d['favour']} favour")
        return f"{name}: " + ("、".join(parts) if ja else ", ".join(parts))
    if kind == "build":
        city = data.city_name(d["city"], lang)
        extra = []
        if d["tile"]:
            extra.append(_goods(d["tile"], lang))
        if d["favour"]:
            extra.append("寵愛+1" if ja else "+1 favour")
        if d["vp"]:
            extra.append(f"+{d['vp']}点" if ja else f"+{d['vp']} VP")
        tail = (
            f"（{'、'.join(extra)}）"
            if ja and extra
            else (f" ({', '.join(extra)})" if extra else "")
        )
        return f"{name} が{city}に住宅を建設{tail}。" if ja else f"{name} builds in {city}{tail}."
    if kind == "cannons":
        if ja:
            return f"大砲: {each(d['cannons'])} → {each(d['vp'], '点')}"
        return f"Cannons: {each(d['cannons'])} → {each(d['vp'], ' VP')}"
    if kind == "books":
        builders = ", ".join(who(s) for s in d["builders"]) or "-"
        jokers = ", ".join(who(s) for s in d["jokers"]) or "-"
        if ja:
            return f"本: {each(d['books'])}。建設できる: {builders}。ジョーカー: {jokers}"
        return f"Books: {each(d['books'])}. May build: {builders}. Jokers: {jokers}"
    if kind == "houses":
        return f"住宅: {each(d['vp'], '点')}" if ja else f"Houses: {each(d['vp'], ' VP')}"
    if kind == "favour":
        return f"寵愛: {each(d['vp'], '点')}" if ja else f"Favour: {each(d['vp'], ' VP')}"
    if kind == "cleanup":
        count = sum(len(c) for c in d["cards"].values())
        if ja:
            return f"ディスプレイを片付け、{count}枚を捨て札にしました。"
        return f"Displays cleaned up: {counted(count, 'card')} to the discard pile."
    if kind == "final":
        parts = []
        for seat, s in d["scores"].items():
            if ja:
                parts.append(
                    f"{who(seat)} {s['total']}点（手札{s['hand']}、命令{s['order']}、"
                    f"住宅網{s['network_size']}×{s['multiplier']}）"
                )
            else:
                parts.append(
                    f"{who(seat)} {s['total']} (hand {s['hand']}, order {s['order']}, "
                    f"network {s['network_size']}×{s['multiplier']})"
                )
        return ("最終得点: " if ja else "Final scoring: ") + "; ".join(parts)
    return kind


GOODS_NAMES = {
    "en": {
        "iron": "iron",
        "food": "food",
        "caviar": "caviar",
        "fur": "fur",
        "cannon": "cannon",
        "book": "book",
    },
    "ja": {
        "iron": "鉄",
        "food": "食料",
        "caviar": "キャビア",
        "fur": "毛皮",
        "cannon": "大砲",
        "book": "本",
    },
}


def _goods(kind: str, lang: str) -> str:
    return GOODS_NAMES["ja" if lang == "ja" else "en"][kind]
