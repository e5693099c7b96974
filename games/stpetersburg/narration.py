"""Sankt Petersburg events in words (English and Japanese) for the board message and the log."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from games.base import Event, counted
from games.stpetersburg.data import CARDS
from games.stpetersburg.notation import STACK_NAMES

PHASE_NAMES = {
    "en": {
        "workers": "worker phase",
        "buildings": "building phase",
        "aristocrats": "aristocrat phase",
        "trading": "trading phase",
    },
    "ja": {
        "workers": "職人フェーズ",
        "buildings": "建物フェーズ",
        "aristocrats": "貴族フェーズ",
        "trading": "拡張フェーズ",
    },
}


def _cards(keys: list[str], lang: str) -> str:
    sep = "、" if lang == "ja" else ", "
    return sep.join(CARDS[k].name(lang) for k in keys)


def describe_event(event: Event, lang: str, names: Mapping[str, str]) -> str:
    lang = "ja" if lang == "ja" else "en"
    who = names.get(event.seat or "", event.seat or "")
    d = event.data

    def card(key: str = "card") -> str:
        return str(CARDS[d[key]].name(lang))

    def target(en_prefix: str, ja_prefix: str) -> str:
        if not d.get("target"):
            return ""
        name = CARDS[d["target"]].name(lang)
        return f"{ja_prefix}{name}" if lang == "ja" else f"{en_prefix}{name}"

    old = d.get("old")
    texts: dict[str, Callable[[], tuple[str, str]]] = {
        "pass": lambda: (f"{who} passed.", f"{who}はパスしました。"),
        "buy": lambda: (
            f"{who} bought {'an old ' if old else ''}{card()}{target(', replacing ', '')}.",
            f"{who}は{'−1の' if old else ''}{card()}を購入しました{target('', '（置き換え: ')}"
            + ("）。" if d.get("target") else "。"),
        ),
        "play": lambda: (
            f"{who} played {card()} from hand{target(', replacing ', '')}.",
            f"{who}は手札から{card()}を出しました{target('', '（置き換え: ')}"
            + ("）。" if d.get("target") else "。"),
        ),
        "take": lambda: (
            f"{who} took {'an old ' if old else ''}{card()} into hand.",
            f"{who}は{'−1の' if old else ''}{card()}を手札に加えました。",
        ),
        "observe": lambda: (
            f"{who} used an Observatory on the {STACK_NAMES['en'][d['stack']]} stack and revealed {card()}.",
            f"{who}は天文台で{STACK_NAMES['ja'][d['stack']]}の山から{card()}を公開しました。",
        ),
        "buy_drawn": lambda: (
            f"{who} bought the revealed {card()}{target(', replacing ', '')}.",
            f"{who}は公開した{card()}を購入しました{target('', '（置き換え: ')}"
            + ("）。" if d.get("target") else "。"),
        ),
        "take_drawn": lambda: (
            f"{who} took the revealed {card()} into hand.",
            f"{who}は公開した{card()}を手札に加えました。",
        ),
        "discard_drawn": lambda: (
            f"{who} discarded the revealed {card()}.",
            f"{who}は公開した{card()}を捨てました。",
        ),
        "pub": lambda: (
            f"{who} bought {counted(d['points'], 'point')} at the Pub.",
            f"{who}は酒場で{d['points']}点を買いました。",
        ),
        "paid": lambda: (
            f"{who} paid {counted(d['amount'], 'ruble')}.",
            f"{who}は{d['amount']}ルーブル支払いました。",
        ),
        "income": lambda: (
            f"{who} received {counted(d['amount'], 'ruble')}.",
            f"{who}は{d['amount']}ルーブルを受け取りました。",
        ),
        "score": lambda: (
            f"{who} scored {counted(d['points'], 'point')} in the {PHASE_NAMES['en'][d['phase']]}.",
            f"{who}は{PHASE_NAMES['ja'][d['phase']]}の得点計算で{d['points']}点を得ました。",
        ),
        "start": lambda: (
            f"The game begins with {', '.join(names.get(p, p) for p in d['players'])}. "
            f"Round 1, {PHASE_NAMES['en']['workers']}: {names.get(d['start'], d['start'])} starts. "
            f"On the board: {_cards(d['cards'], 'en')}."
            + (" Money is open." if d.get("public_money") else " Money is secret."),
            f"{'、'.join(names.get(p, p) for p in d['players'])}でゲーム開始。"
            f"第1ラウンド {PHASE_NAMES['ja']['workers']}: {names.get(d['start'], d['start'])}から始めます。"
            f"売り場: {_cards(d['cards'], 'ja')}。"
            + ("所持金は公開です。" if d.get("public_money") else "所持金は非公開です。"),
        ),
        "phase": lambda: (
            f"Round {d['round']}, {PHASE_NAMES['en'][d['phase']]}: "
            f"{names.get(d['start'], d['start'])} starts.",
            f"第{d['round']}ラウンド {PHASE_NAMES['ja'][d['phase']]}: "
            f"{names.get(d['start'], d['start'])}から始めます。",
        ),
        "refill": lambda: (
            f"New cards on the board: {_cards(d['cards'], 'en')}.",
            f"売り場に補充: {_cards(d['cards'], 'ja')}。",
        ),
        "stack_empty": lambda: (
            f"The {STACK_NAMES['en'][d['stack']]} stack is empty: this round is the last.",
            f"{STACK_NAMES['ja'][d['stack']]}の山がなくなりました。このラウンドで最後です。",
        ),
        "round_end": lambda: (
            f"End of round {d['round']}."
            + (
                f" Discarded from the board: {_cards(d['discarded'], 'en')}."
                if d["discarded"]
                else ""
            ),
            f"第{d['round']}ラウンド終了。"
            + (f"売れ残りを破棄: {_cards(d['discarded'], 'ja')}。" if d["discarded"] else ""),
        ),
        "game_end": lambda: (
            f"The game ends after round {d['round']}: final scoring.",
            f"第{d['round']}ラウンドでゲーム終了。最終得点計算を行います。",
        ),
    }
    make: Callable[[], tuple[str, str]] | None = texts.get(event.kind)
    if make is None:
        return event.kind
    en, ja = make()
    return ja if lang == "ja" else en
