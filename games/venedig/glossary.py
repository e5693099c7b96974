"""Venedig's glossary for /card: the five building types and the two kinds of gold tile, their
numbers from the data, their scoring from the rules digest (§1.2-1.8)."""

from __future__ import annotations

from collections import Counter

from games.adapters import GlossaryEntry, Texts, bilingual
from games.venedig.data import TYPES, Data
from games.venedig.notation import TYPE_NAMES

_POINTS: dict[str, Texts] = {
    "casa": bilingual("1 point.", "1点。"),
    "palazzo": bilingual(
        "1 point per space next to it with no piece on it (swamp-covered, drained or free).",
        "隣接するマスのうちコマのないマス（沼地・排水済み・空き）1つにつき1点。",
    ),
    "campo": bilingual(
        "1 point per space next to it with a piece (or part of one) on it.",
        "隣接するマスのうちコマ（またはその一部）があるマス1つにつき1点。",
    ),
    "basilika": bilingual("7 points.", "7点。"),
    "ponte": bilingual(
        "1 point per Casa in one of the two districts it joins, chosen by the builder.",
        "つなぐ2つの地区のうち建てる人が選んだ方の家1軒につき1点。",
    ),
}
_SPACES: dict[str, Texts] = {
    "casa": bilingual("1 free space", "空きマス1つ"),
    "palazzo": bilingual("2 adjacent free spaces", "隣り合う空きマス2つ"),
    "campo": bilingual("1 free space", "空きマス1つ"),
    "basilika": bilingual("3 mutually adjacent free spaces", "互いに隣り合う空きマス3つ"),
    "ponte": bilingual("both spaces of one bridge site", "橋の建設地の2マス"),
}


def _counts(values: tuple[int, ...]) -> str:
    return ", ".join(f"{value}: {n}" for value, n in sorted(Counter(values).items()))


def _status(data: Data, part: str, what: Texts) -> Texts | None:
    return what if data.status.get(part) == "reconstructed" else None


def glossary(data: Data) -> tuple[GlossaryEntry, ...]:
    """One entry per building type, then the swamp and treasure tiles."""
    entries = []
    records = {k.split(".", 1)[1].casefold(): k for k in data.status if k.startswith("building_")}
    for index, kind in enumerate(TYPES):
        needs = data.required[index]
        how = (
            bilingual(
                "Play 1 card: it is built at once, by you alone.",
                "カード1枚を出すとすぐに自分だけで建てます。",
            )
            if kind == "casa"
            else {
                "en": f"Built when {needs} cards of it lie in one group (its master builder holds "
                f"the architect), or by a solo play of {needs} cards.",
                "ja": f"グループに{needs}枚そろう（建築主が建築家コマを持つ）か、"
                f"{needs}枚の単独プレイで建ちます。",
            }
        )
        points = _POINTS[kind]
        entries.append(
            GlossaryEntry(
                key=kind,
                names={"en": TYPE_NAMES["en"][kind], "ja": TYPE_NAMES["ja"][kind]},
                kind=bilingual("Building", "建物"),
                cost={
                    "en": f"{needs} card{'s' if needs != 1 else ''} of its type",
                    "ja": f"同じ種類のカード{needs}枚",
                },
                values={
                    "en": f"takes {_SPACES[kind]['en']}; {data.pieces[index]} pieces, "
                    f"{data.cards[index]} cards",
                    "ja": f"{_SPACES[kind]['ja']}を使う。コマ{data.pieces[index]}個、"
                    f"カード{data.cards[index]}枚",
                },
                text={"en": f"{how['en']} Scores: {points['en']}", "ja": how["ja"] + points["ja"]},
                reconstructed=_status(
                    data,
                    records.get(kind, ""),
                    bilingual("its numbers", "数値"),
                )
                or _status(
                    data,
                    "cards",
                    bilingual(
                        "how the cards divide among the types (the total is confirmed)",
                        "種類ごとのカード枚数（合計は確認済み）",
                    ),
                ),
            )
        )
    split = bilingual(
        "how the values divide among the tiles (the total is confirmed)",
        "タイルごとの値の内訳（合計は確認済み）",
    )
    entries.append(
        GlossaryEntry(
            key="swamp",
            names=bilingual("Swamp tile", "沼地タイル"),
            kind=bilingual("Tile", "タイル"),
            values={
                "en": f"{len(data.swamp_values)} tiles, gold (value: count) {_counts(data.swamp_values)}",
                "ja": f"{len(data.swamp_values)}枚、金（値: 枚数）{_counts(data.swamp_values)}",
            },
            text=bilingual(
                "Covers a space. Drain up to 2 a turn (step 2) and keep them face down as gold; "
                "in your turn, spend tiles worth 5 or more to move your gondola 1 step per 5 "
                "gold (no change). Spent swamp tiles leave the game.",
                "マスを覆います。手番のステップ2で2枚まで排水し、金として伏せて持ちます。自分の手番に"
                "合計5以上のタイルを使うと、金5ごとにゴンドラが1歩進みます（おつりなし）。"
                "使った沼地タイルはゲームから除きます。",
            ),
            reconstructed=_status(data, "swamp_tiles", split),
        )
    )
    entries.append(
        GlossaryEntry(
            key="treasure",
            names=bilingual("Treasure tile", "財宝タイル"),
            kind=bilingual("Tile", "タイル"),
            values={
                "en": f"{len(data.treasure_values)} tiles, gold (value: count) "
                f"{_counts(data.treasure_values)}",
                "ja": f"{len(data.treasure_values)}枚、金（値: 枚数）{_counts(data.treasure_values)}",
            },
            text=bilingual(
                "When a building rises, each of its builders whose gondola lies next to its "
                "district takes one, face down. Gold like a swamp tile; spent treasure tiles go "
                "back into the stock.",
                "建物が建つと、その建設に参加した人のうちゴンドラがその地区に隣接する人が1枚ずつ伏せて"
                "取ります。沼地タイルと同じく金として使え、使った財宝タイルは山に戻します。",
            ),
            reconstructed=_status(data, "treasure_tiles", split),
        )
    )
    return tuple(entries)
