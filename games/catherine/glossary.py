"""Catherine's glossary for /card: the 14 kinds of plan card (action and bonus, rules digest
§1.6) and the 18 cities (§1.7, §1.11). Every card and city of our data is a reconstruction."""

from __future__ import annotations

from collections import Counter

from games.adapters import GlossaryEntry, Texts, bilingual
from games.catherine.data import Data
from games.catherine.narration import GOODS_NAMES

# template -> key, name, action, bonus (X: the good or book printed on the card)
_PLANS: dict[str, tuple[str, Texts, Texts, Texts | None]] = {
    "T1": (
        "market",
        bilingual("Market", "市場"),
        bilingual(
            "Draw as many cards as you own of the card's two goods.",
            "カードの2種類の商品を持っている数だけ引きます。",
        ),
        None,
    ),
    "T2": (
        "discard-3-for-10",
        bilingual("Discard 3 for 10 VP", "3枚捨てて10点"),
        bilingual("Discard 3 cards: +10 VP.", "3枚捨てて10点。"),
        bilingual("if the 3 share one colour: +1 favour", "3枚が同じ色なら寵愛+1"),
    ),
    "T3": (
        "vp-per-book",
        bilingual("2 VP per book", "本1冊につき2点"),
        bilingual("+2 VP per book you own (at least 1).", "持っている本1冊につき2点（1冊以上）。"),
        bilingual("discard 1 card: +1 favour", "1枚捨てて寵愛+1"),
    ),
    "T4": (
        "discard-for-favour",
        bilingual("Discard 1 for 2 favour", "1枚捨てて寵愛+2"),
        bilingual("Discard 1 card: +2 favour, as often as shown.", "1枚捨てるごとに寵愛+2。"),
        bilingual("discard 1 more card: +1 favour", "さらに1枚捨てて寵愛+1"),
    ),
    "T5": (
        "draw-per-book",
        bilingual("Draw 1 per book", "本1冊につき1枚引く"),
        bilingual("Draw 1 card per book you own.", "持っている本1冊につき1枚引きます。"),
        bilingual("if you own 3 cannons: +1 favour", "大砲3つ以上で寵愛+1"),
    ),
    "T6": (
        "draw-2",
        bilingual("Draw 2", "2枚引く"),
        bilingual("Draw 2 cards.", "2枚引きます。"),
        bilingual("if you own 3 books: +2 favour", "本3冊以上で寵愛+2"),
    ),
    "T7": (
        "goods-sets",
        bilingual("4 VP per set of goods", "4種の商品セットにつき4点"),
        bilingual(
            "+4 VP per set of iron, food, caviar and fur you own.",
            "鉄・食料・キャビア・毛皮の1セットにつき4点。",
        ),
        bilingual("discard 1 card: +1 favour", "1枚捨てて寵愛+1"),
    ),
    "T8": (
        "build-in-region",
        bilingual("Discard 2 to build in the region", "2枚捨てて区域内に住宅"),
        bilingual(
            "Discard 2 cards: build a house in any city of the activated card's region.",
            "2枚捨てて、起動したカードの区域のどの都市にも住宅を建てられます。",
        ),
        bilingual("if you own 2 of X: +1 favour", "Xを2つ以上持っていれば寵愛+1"),
    ),
    "T9": (
        "vp-3-then-4",
        bilingual("3 VP, discard 1 for 4 more", "3点・1枚捨てて+4点"),
        bilingual("+3 VP.", "3点。"),
        bilingual("discard 1 card: +4 VP", "1枚捨てて4点"),
    ),
    "T10": (
        "vp-3-favour",
        bilingual("3 VP, favour for a good", "3点・商品で寵愛+1"),
        bilingual("+3 VP.", "3点。"),
        bilingual("if you own 1 of X: +1 favour", "Xを持っていれば寵愛+1"),
    ),
    "T11": (
        "build-draw",
        bilingual("Build a house, draw 1", "住宅建設・1枚引く"),
        bilingual(
            "Build a house in one of the 3 cities named on the card.",
            "カードに書かれた3都市のどれかに住宅を建てます。",
        ),
        bilingual("if you own 1 of X: draw 1 card", "Xを持っていれば1枚引く"),
    ),
    "T12": (
        "build-vp",
        bilingual("Build a house, 2 VP", "住宅建設・2点"),
        bilingual(
            "Build a house in one of the 3 cities named on the card.",
            "カードに書かれた3都市のどれかに住宅を建てます。",
        ),
        bilingual("if you own 1 of X: +2 VP", "Xを持っていれば2点"),
    ),
    "T13": (
        "build-favour",
        bilingual("Build a house, 1 favour", "住宅建設・寵愛+1"),
        bilingual(
            "Build a house in one of the 3 cities named on the card.",
            "カードに書かれた3都市のどれかに住宅を建てます。",
        ),
        bilingual("if you own 1 of X, or discard 1 card: +1 favour", "Xを持つか1枚捨てれば寵愛+1"),
    ),
    "T14": (
        "build-region-vp",
        bilingual("Build a house, region VP", "住宅建設・区域得点"),
        bilingual(
            "Build a house in one of the 3 cities named on the card.",
            "カードに書かれた3都市のどれかに住宅を建てます。",
        ),
        bilingual(
            "discard 2 cards: +1 VP per house of yours in this card's region",
            "2枚捨てて、このカードの区域にある自分の住宅1軒につき1点",
        ),
    ),
}
_RECONSTRUCTED = bilingual(
    "the cards' contents and counts, and the Japanese name (only 市場 is the rulebook's)",
    "カードの内容と枚数、日本語名（市場のみルールブックの名前）",
)
_MAP = bilingual("the map (cities, regions, features)", "地図（都市・区域・特徴）")


def _feature(city_feature: str, goods: str | None) -> Texts:
    if city_feature == "crown":
        return bilingual(
            "Crown: building a house here moves your favour marker 1 step up at once.",
            "王冠：ここに住宅を建てるとすぐに寵愛マーカーが1つ上がります。",
        )
    if city_feature == "one":
        return bilingual(
            '"1": a house here scores 1 VP more at every interim scoring.',
            "「1」：ここの住宅は中間決算ごとに1点多く得点します。",
        )
    name = GOODS_NAMES["en"][goods or ""], GOODS_NAMES["ja"][goods or ""]
    return {
        "en": f"Goods ({name[0]}): building a house here takes one {name[0]} tile, while any "
        "are left; tiles are never spent.",
        "ja": f"商品（{name[1]}）：ここに住宅を建てると{name[1]}タイルを1枚取ります"
        "（残っていれば）。タイルは使っても減りません。",
    }


def glossary(data: Data) -> tuple[GlossaryEntry, ...]:
    """The kinds of plan card, then the cities."""
    copies = Counter(card.tpl for card in data.cards.values())
    entries = []
    for tpl, (key, names, action, bonus) in _PLANS.items():
        text = {"en": f"Action: {action['en']}", "ja": f"アクション：{action['ja']}"}
        if bonus is not None:
            text = {
                "en": f"{text['en']} Bonus, once the action is done: {bonus['en']}.",
                "ja": f"{text['ja']}ボーナス（アクション実行後）：{bonus['ja']}。",
            }
            if "X" in bonus["en"]:
                text = {
                    "en": f"{text['en']} (X: the good or book printed on the card.)",
                    "ja": f"{text['ja']}（X：カードに描かれた商品または本）",
                }
        entries.append(
            GlossaryEntry(
                key=key,
                names=names,
                kind=bilingual("Plan card", "計画カード"),
                values={"en": f"{copies[tpl]} in the deck", "ja": f"山札に{copies[tpl]}枚"},
                text=text,
                reconstructed=_RECONSTRUCTED,
            )
        )
    regions = {r.id: r for r in data.regions}
    for city in data.cities:
        region = regions[city.region]
        entries.append(
            GlossaryEntry(
                key=city.id,
                names={"en": city.en, "ja": city.ja},
                kind={"en": f"City ({region.en})", "ja": f"都市（{region.ja}）"},
                text=_feature(city.feature, city.goods),
                reconstructed=_MAP if city.status == "reconstructed" else None,
            )
        )
    return tuple(entries)
