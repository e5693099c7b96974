"""Catan card game board image: turn and phase, supply and market, private hand, players, scores."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from PIL import Image

from games.catan.data import RESOURCES, shipped
from games.catan.models import BuildingView, PlayerView, View
from games.catan.narration import EVENT_NAMES
from games.catan.notation import EXPANSION_NAMES, build_name, resource_name
from games.catan.present import expansion_kinds, expansion_label
from render.kit import (
    HIGHLIGHT,
    INK,
    INK_SOFT,
    PANEL,
    PANEL_EDGE,
    PAPER,
    SEAT_COLOURS,
    WHITE,
    Painter,
    mix,
    to_png,
)

WIDTH = 1400
MARGIN = 24
INNER = WIDTH - 2 * MARGIN
HEADER_H = 84
SUPPLY_H = 200
HAND_H = 176
PLAYER_H = 132
FINAL_ROW = 40
RESOURCE_COLOURS = {
    "clay": (183, 84, 52),
    "wood": (46, 110, 50),
    "ore": (110, 114, 124),
    "wool": (139, 190, 90),
    "grain": (226, 178, 40),
}
ROAD = (120, 86, 52)
KNIGHT = (52, 84, 140)
CITY = (150, 40, 40)
SETTLEMENT = (196, 120, 60)
EXPANSION = (120, 60, 140)
EXTRA_SEATS = ((0, 105, 92), (191, 54, 12))
WORDS = {
    "en": {
        "exchange": "exchange phase",
        "build": "build phase",
        "turn": "Turn",
        "over": "Game over",
        "market": "Market",
        "pile": "Draw pile",
        "discard": "Discard",
        "stacks": "Stacks",
        "roads": "roads",
        "settlements": "settlements",
        "knights": "knights",
        "expansions": "Expansions left",
        "hand": "Your hand",
        "looked": "Hand you look at",
        "cards": "cards",
        "vp": "VP",
        "exchanges": "exchanges",
        "draws": "draws",
        "owed": "owed",
        "destiny_cw": "Destiny: clockwise",
        "destiny_ccw": "Destiny: counter-clockwise",
        "deciding": "deciding",
        "none": "none",
        "breakdown": "settlements {settlements} · cities {cities} · expansions {expansions} · "
        "roads {roads} · knights {knights}",
    },
    "ja": {
        "exchange": "交換フェイズ",
        "build": "建築フェイズ",
        "turn": "手番",
        "over": "ゲーム終了",
        "market": "マーケット",
        "pile": "資源の山",
        "discard": "捨て場",
        "stacks": "ストック",
        "roads": "道",
        "settlements": "集落",
        "knights": "騎士",
        "expansions": "残りの都市開発",
        "hand": "あなたの手札",
        "looked": "見ている手札",
        "cards": "枚",
        "vp": "点",
        "exchanges": "交換",
        "draws": "補充",
        "owed": "返却待ち",
        "destiny_cw": "運命カード：時計回り",
        "destiny_ccw": "運命カード：反時計回り",
        "deciding": "選択中",
        "none": "なし",
        "breakdown": "集落 {settlements}・都市 {cities}・都市開発 {expansions}・"
        "道 {roads}・騎士 {knights}",
    },
}
DATA = shipped()  # expansion names and VP for the picture; corrected data keeps the same names


RGB = tuple[int, int, int]
CLEAR = (0, 0, 0, 0)


@lru_cache(maxsize=512)
def box_tile(
    label: str,
    size: float,
    width: float,
    height: float,
    fill: RGB,
    ink: RGB,
    lang: str,
    scale: float,
    radius: float = 8,
    outline: RGB | None = None,
    sub: str = "",
) -> Image.Image:
    """A rounded box with a centred label (and an optional big second line), drawn once."""
    p = Painter(width, height, scale=scale, lang=lang, background=CLEAR, mode="RGBA")
    p.round_rect(0, 0, width, height, radius, fill, outline, 2 if outline else 0)
    if sub:
        p.text(width / 2, 28, label, size, bold=True, fill=ink, align="centre")
        p.text(width / 2, height * 0.65, sub, 34, bold=True, fill=ink, align="centre")
    else:
        p.text(width / 2, height / 2, label, size, bold=True, fill=ink, align="centre")
    return p.tile()


def label_width(p: Painter, label: str, size: float) -> float:
    return p.measure(label, size, bold=True) + 2 * size * 0.7


def label_box(
    p: Painter,
    x: float,
    y: float,
    label: str,
    size: float,
    fill: RGB,
    height: float,
    ink: RGB = WHITE,
) -> float:
    """A label on a rounded box at (x, y) (top left); returns its width."""
    width = label_width(p, label, size)
    p.paste(box_tile(label, size, width, height, fill, ink, p.lang, p.scale, height / 2), x, y)
    return width


def seat_colour(seat: int) -> tuple[int, int, int]:
    colours = (*SEAT_COLOURS, *EXTRA_SEATS)
    return colours[seat % len(colours)]


class Board:
    """Lays out one view; `draw` paints it."""

    def __init__(self, view: View, lang: str, scale: float, names: Mapping[str, str]) -> None:
        self.view = view
        self.lang = "ja" if lang == "ja" else "en"
        self.words = WORDS[self.lang]
        self.names = names
        self.scale = scale
        self.own = next((p for p in view.players if p.hand is not None), None)
        self.height = (
            HEADER_H
            + SUPPLY_H
            + (HAND_H if self.own is not None or view.looked_at is not None else 0)
            + len(view.players) * (PLAYER_H + 12)
            + (FINAL_ROW * len(view.players) + 60 if view.outcome is not None else 0)
            + MARGIN
        )

    def name(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def draw(self) -> bytes:
        p = Painter(WIDTH, self.height, scale=self.scale, lang=self.lang, background=PAPER)
        y = self.header(p, 0)
        y = self.supply(p, y)
        if self.own is not None or self.view.looked_at is not None:
            y = self.hand(p, y)
        for player in self.view.players:
            y = self.player(p, player, y)
        if self.view.outcome is not None:
            self.final(p, y)
        return to_png(p.tile())

    # ------------------------------------------------------------ parts

    def header(self, p: Painter, y: float) -> float:
        v, w = self.view, self.words
        p.rect(0, y, WIDTH, y + HEADER_H, mix(PANEL, INK, 0.08))
        if v.finished:
            title = w["over"]
        else:
            sep = "　" if self.lang == "ja" else " · "
            title = f"{w['turn']} {v.turns}{sep}{self.name(v.active)}{sep}{w[v.phase]}"
            if v.phase == "exchange":
                title += f" ({v.exchanges}/{v.allowance or 1})"
        p.text(MARGIN, y + 30, title, 30, bold=True, max_width=INNER * 0.62)
        if v.to_act and v.to_act != (v.active,):
            deciding = ", ".join(self.name(s) for s in v.to_act)
            p.text(MARGIN, y + 64, f"{w['deciding']}: {deciding}", 18, fill=INK_SOFT)
        destiny = w["destiny_cw"] if v.clockwise else w["destiny_ccw"]
        card = WHITE if v.white_up else (60, 60, 70)
        p.round_rect(
            WIDTH - MARGIN - 380, y + 16, WIDTH - MARGIN, y + HEADER_H - 16, 12, card, INK, 2
        )
        p.text(
            WIDTH - MARGIN - 190,
            y + HEADER_H / 2,
            ("⟳ " if v.clockwise else "⟲ ") + destiny,
            20,
            bold=True,
            fill=INK if v.white_up else WHITE,
            align="centre",
            max_width=360,
        )
        return y + HEADER_H

    def resource_card(
        self, p: Painter, x: float, y: float, resource: str, count: int | None = None
    ) -> None:
        colour = RESOURCE_COLOURS[resource]
        ink = INK if resource in ("grain", "wool") else WHITE
        tile = box_tile(
            resource_name(resource, self.lang),
            18,
            96,
            120,
            colour,
            ink,
            self.lang,
            self.scale,
            10,
            mix(colour, INK, 0.4),
            "" if count is None else f"×{count}",
        )
        p.paste(tile, x, y)

    def supply(self, p: Painter, y: float) -> float:
        v, w = self.view, self.words
        top = y + 14
        p.text(MARGIN, top + 10, w["market"], 20, bold=True)
        for i, resource in enumerate(v.market):
            self.resource_card(p, MARGIN + i * 104, top + 28, resource)
        x = MARGIN + 5 * 104 + 24
        # Draw pile and discard pile, with counts.
        p.round_rect(x, top + 28, x + 110, top + 148, 10, (70, 60, 50), INK, 2)
        p.text(x + 55, top + 10, w["pile"], 18, bold=True, align="centre", max_width=150)
        p.text(x + 55, top + 88, str(v.draw_count), 34, bold=True, fill=WHITE, align="centre")
        x += 140
        p.text(x + 55, top + 10, w["discard"], 18, bold=True, align="centre", max_width=150)
        if v.discard:
            self.resource_card(p, x + 7, top + 28, v.discard[-1])
            p.text(x + 55, top + 162, f"{len(v.discard)} {w['cards']}", 17, align="centre")
        else:
            p.round_rect(x + 7, top + 28, x + 103, top + 148, 10, PANEL, PANEL_EDGE, 2)
            p.text(x + 55, top + 88, "0", 28, fill=INK_SOFT, align="centre")
        x += 150
        p.text(x, top + 10, w["stacks"], 20, bold=True)
        stacks = (
            (ROAD, f"{w['roads']} {v.road_stack}"),
            (SETTLEMENT, f"{w['settlements']} {v.settlement_stack}"),
            (KNIGHT, f"{w['knights']} {v.knight_stack}"),
        )
        for i, (colour, label) in enumerate(stacks):
            p.pill(x, top + 46 + i * 36, label, 18, fill=colour)
        x2 = x + 230
        p.text(x2, top + 10, w["expansions"], 20, bold=True)
        names = [
            expansion_label(kind, count, self.lang, vp=True)
            for kind, count in expansion_kinds(v.expansions, DATA)
        ] or [w["none"]]
        col = 0.0
        row = 0
        for label in names:
            width = p.measure(label, 17, bold=True) + 22
            if col + width > WIDTH - MARGIN - x2:
                col, row = 0.0, row + 1
            p.pill(x2 + col, top + 46 + row * 34, label, 17, fill=EXPANSION)
            col += width + 8
        return y + SUPPLY_H

    def expansion_name(self, card_id: str) -> str:
        card = DATA.expansion(card_id) if card_id in {c.id for c in DATA.cards} else None
        if card is None or card.name is None:
            return card_id
        return f"{EXPANSION_NAMES[card.name][self.lang]} {card.vp}"

    def hand(self, p: Painter, y: float) -> float:
        v, w = self.view, self.words
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + HAND_H - 10, 14, HIGHLIGHT, PANEL_EDGE, 2)
        x = MARGIN + 16
        for title, counts in (
            (w["hand"], self.own.hand if self.own else None),
            (w["looked"], v.looked_at),
        ):
            if counts is None:
                continue
            p.text(x, y + 22, f"{title} ({sum(counts)})", 20, bold=True)
            shown = [(r, n) for r, n in zip(RESOURCES, counts, strict=True) if n]
            for i, (resource, count) in enumerate(shown):
                self.resource_card(p, x + i * 104, y + 36, resource, count)
            if not shown:
                p.text(x, y + 80, w["none"], 20, fill=INK_SOFT)
            x += max(5, len(shown)) * 104 + 30
        return y + HAND_H

    def row(
        self, p: Painter, x: float, y: float, count: int, colour: tuple[int, int, int], label: str
    ) -> float:
        """A road or knight row: cards overlapping, side A plain, side B with a VP star."""
        p.text(x, y, label, 17, bold=True, fill=colour)
        for i in range(count):
            side_b = i % 2 == 1
            fill = mix(colour, WHITE, 0.35) if side_b else colour
            ink = INK if side_b else WHITE
            tile = box_tile(
                "B" if side_b else "A", 17, 40, 54, fill, ink, self.lang, self.scale, 6, INK
            )
            p.paste(tile, x + i * 26, y + 16)
        if not count:
            p.text(x, y + 43, "—", 17, fill=INK_SOFT)
        return x + max(count * 26 + 14, 50) + 20

    def building_label(self, b: BuildingView) -> tuple[str, RGB]:
        if b.expansion is not None:
            return self.expansion_name(b.expansion), EXPANSION
        if b.city:
            assert b.event is not None
            return f"{build_name('city', self.lang)} 2 · {EVENT_NAMES[self.lang][b.event]}", CITY
        return f"{build_name('settlement', self.lang)} 1", SETTLEMENT

    def player(self, p: Painter, player: PlayerView, y: float) -> float:
        v, w = self.view, self.words
        colour = seat_colour(player.seat)
        active = player.id == v.active and not v.finished
        p.round_rect(
            MARGIN,
            y,
            WIDTH - MARGIN,
            y + PLAYER_H,
            14,
            HIGHLIGHT if active else PANEL,
            colour if active else PANEL_EDGE,
            3 if active else 2,
        )
        p.rect(MARGIN, y + 12, MARGIN + 8, y + PLAYER_H - 12, colour)
        p.text(MARGIN + 24, y + 26, self.name(player.id), 24, bold=True, max_width=420)
        stats = (
            f"{player.vp} {w['vp']}",
            f"{player.hand_size} {w['cards']}",
            f"{w['exchanges']} {player.allowance}",
            f"{w['draws']} {player.draw_count}",
        )
        x: float = MARGIN + 460
        for i, label in enumerate(stats):
            x += label_box(p, x, y + 11, label, 19, colour if i == 0 else INK_SOFT, 30) + 10
        if player.owed:
            label_box(p, x, y + 11, f"{w['owed']} {player.owed}", 19, (198, 40, 40), 30)
        x = self.row(p, MARGIN + 24, y + 52, player.roads, ROAD, w["roads"])
        x = self.row(p, x, y + 52, player.knights, KNIGHT, w["knights"])
        bx, by = x + 10, y + 58
        for b in player.buildings:
            label, fill = self.building_label(b)
            width = label_width(p, label, 17)
            if bx + width > WIDTH - MARGIN - 16:
                bx, by = x + 10, by + 46
            label_box(p, bx, by, label, 17, fill, 38)
            bx += width + 8
        return y + PLAYER_H + 12

    def final(self, p: Painter, y: float) -> None:
        outcome = self.view.outcome
        assert outcome is not None
        p.text(MARGIN, y + 24, self.words["over"], 24, bold=True)
        for i, s in enumerate(outcome.standings):
            row = y + 60 + i * FINAL_ROW
            seat = next(pl.seat for pl in self.view.players if pl.id == s.seat)
            p.pill(
                MARGIN,
                row,
                f"{s.rank}. {self.name(s.seat)}  {s.score} {self.words['vp']}",
                19,
                fill=seat_colour(seat),
            )
            parts = self.words["breakdown"].format(
                **{
                    k: s.breakdown.get(k, 0)
                    for k in ("settlements", "cities", "expansions", "roads", "knights")
                }
            )
            p.text(MARGIN + 420, row, parts, 18, fill=INK)


def render(
    view: View, *, lang: str = "en", scale: float = 1.0, names: Mapping[str, str] | None = None
) -> bytes:
    """PNG bytes of a Catan card game view (public, a player's private view, or the final one)."""
    return Board(view, lang, scale, names or {}).draw()
