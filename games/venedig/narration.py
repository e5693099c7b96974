"""Venedig events in words (English and Japanese) for the board message and the log."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.base import Event, counted
from games.venedig.models import VIRTUAL
from games.venedig.notation import type_name

VIRTUAL_NAME = {"en": "the virtual player", "ja": "仮想プレーヤー"}


def seat_name(seat: str | None, names: Mapping[str, str], lang: str) -> str:
    if seat == VIRTUAL:
        return VIRTUAL_NAME["ja" if lang == "ja" else "en"]
    return names.get(seat or "", seat or "")


def describe_event(event: Event, lang: str, names: Mapping[str, str]) -> str:
    lang = "ja" if lang == "ja" else "en"
    who = seat_name(event.seat, names, lang)
    d: dict[str, Any] = event.data

    def kind(key: str = "type") -> str:
        return type_name(str(d[key]), lang)

    def values() -> str:
        return "+".join(str(v) for v in d["values"]) or "0"

    def points() -> tuple[str, str]:
        parts = [
            (seat_name(s, names, "en"), seat_name(s, names, "ja"), p)
            for s, p in d["points"].items()
        ]
        return (
            ", ".join(f"{en} {p}" for en, _, p in parts),
            "、".join(f"{ja} {p}" for _, ja, p in parts),
        )

    def where() -> tuple[str, str]:
        district = d.get("district")
        return (
            d["at"] + (f" (scoring district {district})" if district else ""),
            d["at"] + (f"（得点区画 {district}）" if district else ""),
        )

    texts: dict[str, Callable[[], tuple[str, str]]] = {
        "start": lambda: (
            f"The game begins with {', '.join(names.get(p, p) for p in d['players'])}"
            + (" and the virtual third player" if d.get("virtual") else "")
            + f". {names.get(d['start'], d['start'])} starts; everyone has 3 cards.",
            f"{'、'.join(names.get(p, p) for p in d['players'])}"
            + ("と仮想の3人目" if d.get("virtual") else "")
            + f"でゲーム開始。{names.get(d['start'], d['start'])}から始めます。手札は各3枚。",
        ),
        "turn": lambda: (f"{who}'s turn.", f"{who}の手番です。"),
        "play": lambda: (
            f"{who} played {counted(d['count'], kind() + ' card')}"
            + (" and took the architect" if d["architect"] else "")
            + (": the group is complete." if d["complete"] else "."),
            f"{who}は{kind()}のカードを{d['count']}枚出しました"
            + ("（建築家コマを獲得）" if d["architect"] else "")
            + ("。建物のカードが揃いました。" if d["complete"] else "。"),
        ),
        "solo": lambda: (f"{who} builds a {kind()} alone.", f"{who}は{kind()}を単独で建設します。"),
        "resolve": lambda: (
            f"{who} has the {kind()} resolved: its master builder places it.",
            f"{who}は{kind()}の建設を指示しました。建築主が場所を選びます。",
        ),
        "build": lambda: (
            f"{who} built a {kind()} on {where()[0]}. Points: {points()[0]}.",
            f"{who}は{kind()}を{where()[1]}に建てました。移動ポイント: {points()[1]}。",
        ),
        "nolocation": lambda: (
            f"There is no room for the {kind()}: its cards are discarded and nobody scores.",
            f"{kind()}を建てる場所がありません。カードは捨て札になり、得点はありません。",
        ),
        "treasure": lambda: (f"{who} took a treasure tile.", f"{who}は財宝タイルを1枚取りました。"),
        "treasure_value": lambda: (
            f"Your treasure tile is worth {d['value']} gold.",
            f"あなたの財宝タイルは{d['value']}金です。",
        ),
        "move": lambda: (
            f"{who}'s gondola moved {d['steps']}: {d['before']} → {d['after']}.",
            f"{who}のゴンドラが{d['steps']}マス進みました: {d['before']} → {d['after']}。",
        ),
        "trigger": lambda: (
            (
                f"The last {kind()} has been built: the game ends after this building."
                if d["reason"] == "supply"
                else f"{who} has reached the goal: the game ends."
            ),
            (
                f"最後の{kind()}が建ちました。この建設の後でゲーム終了です。"
                if d["reason"] == "supply"
                else f"{who}がゴールに到達しました。ゲーム終了です。"
            ),
        ),
        "convert": lambda: (
            f"{who} converted gold {values()} into {counted(d['steps'], 'step')}.",
            f"{who}は金{values()}を{d['steps']}移動ポイントに換えました。",
        ),
        "done": lambda: (f"{who} ended step 1.", f"{who}は建設アクションを終えました。"),
        "limit": lambda: (
            f"{who} keeps {' and '.join(type_name(t, 'en') for t in d['kept'])} and discards "
            f"{', '.join(type_name(t, 'en') for t in d['dropped'])}.",
            f"{who}は{'と'.join(type_name(t, 'ja') for t in d['kept'])}を残し、"
            f"{'、'.join(type_name(t, 'ja') for t in d['dropped'])}を捨てました。",
        ),
        "architect": lambda: (
            f"The {kind()} architect "
            + (f"passes to {who}." if event.seat else "returns to the board."),
            f"{kind()}の建築家コマは"
            + (f"{who}に移りました。" if event.seat else "ボードに戻りました。"),
        ),
        "drain": lambda: (f"{who} drained {d['at']}.", f"{who}は{d['at']}を干拓しました。"),
        "drain_value": lambda: (
            f"The swamp tile from {d['at']} is worth {d['value']} gold.",
            f"{d['at']}の沼地タイルは{d['value']}金です。",
        ),
        "skip_draw": lambda: (
            f"{who} has 5 cards and draws none.",
            f"{who}は手札が5枚なので補充しません。",
        ),
        "draw": lambda: _draw_text(who, d),
        "drawn": lambda: (
            f"You drew {', '.join(type_name(c, 'en') for c in d['cards'])}.",
            f"あなたが引いたカード: {'、'.join(type_name(c, 'ja') for c in d['cards'])}。",
        ),
        "wipe": lambda: (
            f"The pool holds 4 types: {', '.join(type_name(c, 'en') for c in d['cards'])} are discarded.",
            f"カードプールが4種類になったので、{'、'.join(type_name(c, 'ja') for c in d['cards'])}を捨て札にしました。",
        ),
        "reshuffle": lambda: (
            f"The discard pile is shuffled into a new deck of {counted(d['deck'], 'card')}.",
            f"捨て札を混ぜて山札（{d['deck']}枚）にしました。",
        ),
        "virtual": lambda: (
            f"The virtual player receives {kind('card')}: "
            + {
                "casa": "it builds a Casa, placed by the active player.",
                "discarded": "it is discarded.",
                "joined": "it joins the group"
                + (", taking the architect" if d.get("architect") else "")
                + (" and completes it." if d.get("complete") else "."),
            }[d["result"]],
            f"仮想プレーヤーに{kind('card')}: "
            + {
                "casa": "家を建てます（手番プレーヤーが配置）。",
                "discarded": "捨て札になりました。",
                "joined": "建設に加わりました"
                + ("（建築家コマを獲得）" if d.get("architect") else "")
                + ("。建物のカードが揃いました。" if d.get("complete") else "。"),
            }[d["result"]],
        ),
        "place": lambda: (
            f"The virtual player's Casa stands on {d['at']}.",
            f"仮想プレーヤーの家を{d['at']}に置きました。",
        ),
        "final": lambda: (
            f"Final conversion: {who} turns gold {values()} into {counted(d['steps'], 'step')}: "
            f"{d['before']} → {d['after']}.",
            f"最終換金: {who}は金{values()}を{d['steps']}マスに換えました: {d['before']} → {d['after']}。",
        ),
        "over": lambda: ("The game is over.", "ゲーム終了です。"),
    }
    make = texts.get(event.kind)
    if make is None:
        return event.kind
    en, ja = make()
    return ja if lang == "ja" else en


def _draw_text(who: str, d: dict[str, Any]) -> tuple[str, str]:
    pool_en = ", ".join(type_name(c, "en") for c in d["pool"])
    pool_ja = "、".join(type_name(c, "ja") for c in d["pool"])
    en, ja = f"{who}", f"{who}は"
    if "placed" in d:
        en += f" put a {type_name(d['placed'], 'en')} into the pool and"
        ja += f"{type_name(d['placed'], 'ja')}をプールに置き、"
    taken_en = []
    taken_ja = []
    if d["pool"]:
        taken_en.append(f"{pool_en} from the pool")
        taken_ja.append(f"プールから{pool_ja}")
    if d["deck"]:
        taken_en.append(f"{counted(d['deck'], 'card')} from the deck")
        taken_ja.append(f"山札から{d['deck']}枚")
    en += " took " + (" and ".join(taken_en) or "no card") + "."
    ja += ("、".join(taken_ja) or "カードなし") + "を取りました。"
    return en, ja
