"""Catan card game events in words (English and Japanese) for the board message and the log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.base import Event, counted
from games.catan.data import RESOURCES
from games.catan.notation import build_name, payment_words, resource_name

EVENT_NAMES = {
    "en": {"robber": "robber raid", "market_day": "market day"},
    "ja": {"robber": "強盗", "market_day": "市場の日"},
}


def _cards(cards: Sequence[str], lang: str) -> str:
    sep = "、" if lang == "ja" else ", "
    return sep.join(resource_name(c, lang) for c in cards) or ("なし" if lang == "ja" else "none")


def describe_event(event: Event, lang: str, names: Mapping[str, str]) -> str:
    lang = "ja" if lang == "ja" else "en"
    d: dict[str, Any] = event.data
    who = names.get(event.seat or "", event.seat or "")
    other = names.get(str(d.get("target", "")), str(d.get("target", "")))
    you_are_target = event.private_to is not None and event.private_to == d.get("target")

    def card() -> tuple[str, str]:
        return resource_name(d["card"], "en"), resource_name(d["card"], "ja")

    def took(verb_en: str, verb_ja: str) -> tuple[str, str]:
        en, ja = card()
        if you_are_target:
            return (f"{who} {verb_en} your {en}.", f"{who}があなたの{ja}を{verb_ja}。")
        return (f"You {verb_en} {en} from {other}.", f"あなたは{other}から{ja}を{verb_ja}。")

    def returned() -> tuple[str, str]:
        en, ja = card()
        if you_are_target:
            return (f"{who} gave you back {en}.", f"{who}があなたに{ja}を返しました。")
        return (f"You gave {en} back to {other}.", f"あなたは{other}に{ja}を返しました。")

    def build() -> tuple[str, str]:
        pay_en = ", ".join(payment_words(tuple(d["pay"]), "en"))
        pay_ja = "、".join(payment_words(tuple(d["pay"]), "ja"))
        return (
            f"{who} built a {build_name(d['what'], 'en')}, paying {pay_en}.",
            f"{who}は{build_name(d['what'], 'ja')}を建てました（支払い: {pay_ja}）。",
        )

    def hand() -> tuple[str, str]:
        counts = d["hand"]
        en = ", ".join(
            f"{n} {resource_name(r, 'en')}" for r, n in zip(RESOURCES, counts, strict=True) if n
        )
        ja = "、".join(
            f"{resource_name(r, 'ja')}{n}枚" for r, n in zip(RESOURCES, counts, strict=True) if n
        )
        return (f"{other}'s hand: {en}.", f"{other}の手札: {ja}。")

    side = "white" if d.get("white") else "dark"
    texts: dict[str, Callable[[], tuple[str, str]]] = {
        "start": lambda: (
            f"The game begins with {', '.join(names.get(p, p) for p in d['players'])}; "
            f"{names.get(d['start'], d['start'])} starts. Market: {_cards(d['market'], 'en')}.",
            f"{'、'.join(names.get(p, p) for p in d['players'])}でゲーム開始。"
            f"{names.get(d['start'], d['start'])}から始めます。マーケット: {_cards(d['market'], 'ja')}。",
        ),
        "turn": lambda: (f"{who}'s turn: exchange phase.", f"{who}の手番：交換フェイズ。"),
        "pile": lambda: (
            f"{who} put {resource_name(d['give'], 'en')} on the discard pile and drew a card.",
            f"{who}は{resource_name(d['give'], 'ja')}を捨て場に置き、山から1枚引きました。",
        ),
        "pile_drawn": lambda: (
            f"You drew {card()[0]} from the pile.",
            f"あなたは山から{card()[1]}を引きました。",
        ),
        "market": lambda: (
            f"{who} took {resource_name(d['take'], 'en')} from the market and put "
            f"{resource_name(d['give'], 'en')} in.",
            f"{who}はマーケットから{resource_name(d['take'], 'ja')}を取り、"
            f"{resource_name(d['give'], 'ja')}を置きました。",
        ),
        "trade": lambda: (
            f"{who} took a card at random from {other}.",
            f"{who}は{other}からカードを1枚引きました。",
        ),
        "trade_took": lambda: took("took", "引きました"),
        "trade_lost": lambda: took("took", "引きました"),
        "look": lambda: (
            f"{who} looked at {other}'s hand with the library.",
            f"{who}は図書館で{other}の手札を見ました。",
        ),
        "looked": hand,
        "pick": lambda: (
            f"{who} chose a card from {other}'s hand.",
            f"{who}は{other}の手札から1枚選びました。",
        ),
        "return": lambda: (
            f"{who} gave a card back to {other}.",
            f"{who}は{other}にカードを1枚返しました。",
        ),
        "returned": returned,
        "guild": lambda: (
            f"{who} took a card from {other} with the merchant guild.",
            f"{who}は商人ギルドで{other}からカードを1枚引きました。",
        ),
        "guild_took": lambda: took("took (merchant guild)", "商人ギルドで引きました"),
        "guild_lost": lambda: took("took (merchant guild)", "商人ギルドで引きました"),
        "end_exchange": lambda: (
            f"{who} ended the exchange phase: build phase.",
            f"{who}は交換フェイズを終えました：建築フェイズ。",
        ),
        "build": build,
        "row_taken": lambda: (
            f"The {build_name(d['what'], 'en')} was taken from {other}.",
            f"{build_name(d['what'], 'ja')}は{other}から奪いました。",
        ),
        "city_event": lambda: (
            f"The city shows a {EVENT_NAMES['en'][d['event']]}.",
            f"都市のイベントは{EVENT_NAMES['ja'][d['event']]}です。",
        ),
        "market_day": lambda: (
            f"Market day: the old market is discarded; new market: {_cards(d['market'], 'en')}.",
            f"市場の日：古いマーケットを捨て、新しいマーケット: {_cards(d['market'], 'ja')}。",
        ),
        "discard": lambda: (
            f"{who} discarded {card()[0]} (robber raid).",
            f"{who}は{card()[1]}を捨てました（強盗）。",
        ),
        "flip": lambda: (
            f"The destiny card is flipped: {side} side up.",
            f"運命カードを裏返しました：{'白' if d.get('white') else '黒'}の面。",
        ),
        "reshuffle": lambda: (
            f"The discard pile was shuffled into a new draw pile of {counted(d['size'], 'card')}.",
            f"捨て場をシャッフルして新しい山（{d['size']}枚）にしました。",
        ),
        "draw": lambda: (
            f"{who} drew {counted(d['count'], 'card')}.",
            f"{who}は{d['count']}枚引きました。",
        ),
        "drawn": lambda: (
            f"You drew: {_cards(d['cards'], 'en')}.",
            f"あなたが引いたカード: {_cards(d['cards'], 'ja')}。",
        ),
        "round_limit": lambda: (
            f"The game stops after {d['rounds']} rounds (safety limit): the most VP win.",
            f"{d['rounds']}ラウンドに達したのでゲームを終了します（安全上限）。勝利ポイント最多が勝ち。",
        ),
        "win": lambda: (
            f"{who} reaches {d['vp']} VP and wins!",
            f"{who}は{d['vp']}勝利ポイントに達して勝利しました！",
        ),
    }
    make = texts.get(event.kind)
    if make is None:
        return event.kind
    en, ja = make()
    return ja if lang == "ja" else en
