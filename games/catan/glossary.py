"""Catan (the fast card game)'s glossary for /card: each kind of building card, its cost, its
victory points and what it does (rules digest §1.6-1.9), with costs and copies from the data."""

from __future__ import annotations

from collections import Counter

from games.adapters import GlossaryEntry, Texts, bilingual
from games.catan.data import BuildKind, CatanData
from games.catan.notation import BUILD_NAMES, EXPANSION_NAMES, RESOURCE_NAMES

_TEXTS: dict[BuildKind, tuple[Texts, Texts, Texts]] = {  # kind, values, what it does
    "road": (
        bilingual("Building card", "建物カード"),
        bilingual("0 VP side A, 1 VP side B", "A面0点、B面1点"),
        bilingual(
            "Goes on its owner's road row, sides alternating A, B, A ... A side-A road adds 1 to "
            "the exchange allowance; a side-B road is worth 1 VP. When the stack is empty, one "
            "may be taken from another player.",
            "持ち主の道の列に置き、A面・B面が交互になります。A面の道は交換の回数を1増やし、B面の道は"
            "1点です。山が尽きたら他のプレイヤーから取れます。",
        ),
    ),
    "knight": (
        bilingual("Building card", "建物カード"),
        bilingual("0 VP side A, 1 VP side B", "A面0点、B面1点"),
        bilingual(
            "Goes on its owner's knight row, sides alternating A, B, A ... A side-A knight lets "
            "its owner draw 1 more card at the end of the turn; a side-B knight is worth 1 VP.",
            "持ち主の騎士の列に置き、A面・B面が交互になります。A面の騎士は手番の終わりに1枚多く"
            "引けます。B面の騎士は1点です。",
        ),
    ),
    "settlement": (
        bilingual("Building card (settlement side)", "建物カード（集落面）"),
        bilingual("1 VP", "1点"),
        bilingual(
            "Taken from the settlement stack; its builder must then flip the destiny card.",
            "集落の山から取ります。建てた人は運命カードを裏返さなければなりません。",
        ),
    ),
    "city": (
        bilingual("Building card (city side)", "建物カード（都市面）"),
        bilingual("2 VP", "2点"),
        bilingual(
            "Turns over one of its owner's settlements; the event on the city side happens at "
            "once: a robber raid (everyone with 8 or more cards discards down to 7, then the "
            "destiny card is flipped) or a market day (the market is replaced by 5 new cards).",
            "自分の集落を1枚裏返します。都市面の出来事がすぐに起きます。盗賊（8枚以上持つ人は7枚まで"
            "捨て、運命カードを裏返す）か市の日（市場の5枚を入れ替える）です。",
        ),
    ),
}
_EXPANSIONS: dict[str, Texts] = {
    "Bibliothek": bilingual(
        "Once per turn, in one exchange with a player, look at their whole hand and choose the "
        "card to take.",
        "1手番に1回、プレイヤーとの交換で相手の手札をすべて見て、取るカードを選べます。",
    ),
    "Händlergilde": bilingual(
        "Once per turn, in its owner's exchange or build phase: take 1 card at random from an "
        "opponent with at least as many VP. Nothing is given back.",
        "1手番に1回、交換か建設のフェイズに、勝利点が自分以上の相手から無作為に1枚取ります。"
        "何も返しません。",
    ),
    "Kirche": bilingual(
        "Its owner's first knight cannot be taken.",
        "持ち主の最初の騎士は取られません。",
    ),
    "Rathaus": bilingual("No ability; costs 2 more ore.", "能力なし。鉱石が2枚多く必要です。"),
    "Universität": bilingual(
        "Once per turn, when paying for a build, 1 required resource may be paid with 1 card of "
        "any resource.",
        "1手番に1回、建設の支払いで必要な資源1枚を任意の資源1枚で払えます。",
    ),
    "Stadtburg": bilingual(
        "Its owner's first 3 roads cannot be taken.",
        "持ち主の最初の3本の道は取られません。",
    ),
}


def _cost(cost: dict[str, int]) -> Texts:
    paid = [(r, n) for r, n in cost.items() if n]
    return {
        "en": ", ".join(f"{n} {RESOURCE_NAMES['en'][r]}" for r, n in paid),
        "ja": "、".join(f"{RESOURCE_NAMES['ja'][r]}{n}枚" for r, n in paid),
    }


_FIELDS: dict[str, Texts] = {
    "mark": bilingual("which player counts use it (its mark)", "使う人数（マーク）"),
    "vp": bilingual("its victory points", "勝利点"),
    "copies": bilingual("how many copies there are", "枚数"),
    "city_event": bilingual("which event each city side shows", "各都市面の出来事"),
}


def _reconstructed(fields: set[str]) -> Texts | None:
    if not fields:
        return None
    known = [_FIELDS.get(f, bilingual(f, f)) for f in sorted(fields)]
    return {"en": ", ".join(t["en"] for t in known), "ja": "、".join(t["ja"] for t in known)}


def glossary(data: CatanData) -> tuple[GlossaryEntry, ...]:
    """One entry per kind of build and per city expansion."""
    entries = []
    for key, (kind, values, text) in _TEXTS.items():
        card_kind = "settlement_city" if key in ("settlement", "city") else key
        fields = {f for c in data.cards if c.kind == card_kind for f in c.reconstructed}
        entries.append(
            GlossaryEntry(
                key=key,
                names={**BUILD_NAMES[key], "en": BUILD_NAMES[key]["en"].capitalize()},
                kind=kind,
                cost=_cost({str(r): n for r, n in data.costs[key].items()}),
                values=values,
                text=text,
                reconstructed=_reconstructed(fields),
            )
        )
    copies = Counter(c.name for c in data.cards if c.kind == "city_expansion" and c.name)
    base = {str(r): n for r, n in data.costs["city_expansion"].items()}
    for name, names in EXPANSION_NAMES.items():
        cards = [c for c in data.cards if c.kind == "city_expansion" and c.name == name]
        cost = dict(base)
        for card in cards[:1]:
            for resource, extra in card.extra_cost.items():
                cost[resource] = cost.get(resource, 0) + extra
        vp = cards[0].vp if cards and cards[0].vp is not None else 3
        fields = {f for c in cards for f in c.reconstructed}
        entries.append(
            GlossaryEntry(
                key=name.casefold(),
                names={"en": f"{names['en'].capitalize()} ({name})", "ja": names["ja"]},
                kind=bilingual("City expansion (on an own city)", "都市拡張（自分の都市に）"),
                cost=_cost(dict(cost)),
                values={
                    "en": f"{vp} VP with its city; {copies[name]} in the game",
                    "ja": f"都市と合わせて{vp}点、ゲームに{copies[name]}枚",
                },
                text=_EXPANSIONS[name],
                reconstructed=_reconstructed(fields),
            )
        )
    return tuple(entries)
