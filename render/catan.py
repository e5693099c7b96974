"""Catan card game board image: turn and phase, supply and market, private hand, players, scores.

Laid out for a phone: 800 px wide, one player per row, no text under 20 px (10 px at 400 wide).
"""

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
    flow,
    mix,
    to_png,
)

WIDTH = 800
MARGIN = 16
INNER = WIDTH - 2 * MARGIN
SMALL = 20  # the smallest text: 10 px when a phone shows the image 400 px wide
CARD_W, CARD_H, CARD_STEP = 100, 104, 106  # a resource card, and where the next one starts
PILL_H = 34
ROW_GAP = 8
PLAYER_GAP = 10
PLAYER_TOP = 96  # name and standing rows of a player panel, above the roads and knights
ROAD_W, ROAD_H, ROAD_STEP = 36, 48, 24  # road and knight cards, overlapping
STANDING_H = 74
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
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class Board:
    """Lays out one view; `draw` paints it."""

    def __init__(self, view: View, lang: str, scale: float, names: Mapping[str, str]) -> None:
        self.view = view
        self.lang = "ja" if lang == "ja" else "en"
        self.words = WORDS[self.lang]
        self.names = names
        self.scale = scale
        self.own = next((p for p in view.players if p.hand is not None), None)
        self.measure = Painter(1, 1, lang=self.lang)
        self.height = (
            self.header_height()
            + self.supply_height()
            + (self.hand_height() if self.hands() else 0)
            + sum(self.player_height(player) + PLAYER_GAP for player in view.players)
            + (self.final_height() if view.outcome is not None else 0)
            + MARGIN
        )

    def name(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def draw(self) -> bytes:
        p = Painter(WIDTH, self.height, scale=self.scale, lang=self.lang, background=PAPER)
        y = self.header(p, 0)
        y = self.supply(p, y)
        if self.hands():
            y = self.hand(p, y)
        for player in self.view.players:
            y = self.player(p, player, y)
        if self.view.outcome is not None:
            self.final(p, y)
        return to_png(p.tile())

    # ------------------------------------------------------------ parts

    def deciding(self) -> str:
        v = self.view
        if v.to_act and v.to_act != (v.active,):
            return f"{self.words['deciding']}: " + ", ".join(self.name(s) for s in v.to_act)
        return ""

    def header_height(self) -> float:
        return 56 + (32 if self.deciding() else 0) + 52

    def header(self, p: Painter, y: float) -> float:
        v, w = self.view, self.words
        h = self.header_height()
        p.rect(0, y, WIDTH, y + h, mix(PANEL, INK, 0.08))
        if v.finished:
            title = w["over"]
        else:
            sep = "　" if self.lang == "ja" else " · "
            title = f"{w['turn']} {v.turns}{sep}{self.name(v.active)}{sep}{w[v.phase]}"
            if v.phase == "exchange":
                title += f" ({v.exchanges}/{v.allowance or 1})"
        lines = p.wrap(title, 26, INNER, bold=True)
        p.text(
            MARGIN,
            y + 30,
            lines[0] if len(lines) == 1 else p.fit(title, 22, INNER, bold=True),
            26 if len(lines) == 1 else 22,
            bold=True,
        )
        top = y + 56
        deciding = self.deciding()
        if deciding:
            p.text(MARGIN, top + 12, deciding, SMALL, fill=INK_SOFT, max_width=INNER)
            top += 32
        destiny = w["destiny_cw"] if v.clockwise else w["destiny_ccw"]
        card = WHITE if v.white_up else (60, 60, 70)
        text = ("⟳ " if v.clockwise else "⟲ ") + destiny
        width = p.measure(text, 22, bold=True) + 40
        p.round_rect(MARGIN, top + 2, MARGIN + width, top + 42, 12, card, INK, 2)
        ink = INK if v.white_up else WHITE
        p.text(MARGIN + width / 2, top + 22, text, 22, bold=True, fill=ink, align="centre")
        return y + h

    def resource_card(
        self, p: Painter, x: float, y: float, resource: str, count: int | None = None
    ) -> None:
        colour = RESOURCE_COLOURS[resource]
        ink = INK if resource in ("grain", "wool") else WHITE
        tile = box_tile(
            resource_name(resource, self.lang),
            SMALL,
            CARD_W,
            CARD_H,
            colour,
            ink,
            self.lang,
            self.scale,
            10,
            mix(colour, INK, 0.4),
            "" if count is None else f"×{count}",
        )
        p.paste(tile, x, y)

    def expansion_pills(self) -> list[str]:
        return [
            expansion_label(kind, count, self.lang, vp=True)
            for kind, count in expansion_kinds(self.view.expansions, DATA)
        ] or [self.words["none"]]

    def pill_rows(self, labels: list[str], indent: float) -> list[list[tuple[str, float]]]:
        """Labels packed into rows of pills across the image, the first row starting at indent."""
        widths = [indent - 8]
        widths += [
            self.measure.measure(label, SMALL, bold=True) + 2 * SMALL * 0.6 for label in labels
        ]
        rows = flow(widths, INNER, 8)
        return [[(labels[i - 1], MARGIN + x) for i, x in row if i > 0] for row in rows]

    def expansion_rows(self) -> list[list[tuple[str, float]]]:
        heading = self.measure.measure(self.words["expansions"], 22, bold=True) + 12
        return self.pill_rows(self.expansion_pills(), heading)

    def supply_height(self) -> float:
        rows = len(self.expansion_rows())
        return 14 + 28 + CARD_H + 30 + (1 + rows) * (PILL_H + ROW_GAP) + 8

    def supply(self, p: Painter, y: float) -> float:
        v, w = self.view, self.words
        top = y + 14
        p.text(MARGIN, top + 12, w["market"], 22, bold=True)
        for i, resource in enumerate(v.market):
            self.resource_card(p, MARGIN + i * CARD_STEP, top + 28, resource)
        # Draw pile and discard pile, with counts.
        x: float = WIDTH - MARGIN - 2 * CARD_W - 12
        p.round_rect(x, top + 28, x + CARD_W, top + 28 + CARD_H, 10, (70, 60, 50), INK, 2)
        p.text(
            x + CARD_W / 2,
            top + 12,
            w["pile"],
            SMALL,
            bold=True,
            align="centre",
            max_width=CARD_W + 10,
        )
        p.text(
            x + CARD_W / 2,
            top + 28 + CARD_H / 2,
            str(v.draw_count),
            34,
            bold=True,
            fill=WHITE,
            align="centre",
        )
        x += CARD_W + 12
        p.text(
            x + CARD_W / 2,
            top + 12,
            w["discard"],
            SMALL,
            bold=True,
            align="centre",
            max_width=CARD_W + 10,
        )
        if v.discard:
            self.resource_card(p, x, top + 28, v.discard[-1])
            count = f"{len(v.discard)} {w['cards']}"
            p.text(x + CARD_W / 2, top + 28 + CARD_H + 16, count, SMALL, align="centre")
        else:
            p.round_rect(x, top + 28, x + CARD_W, top + 28 + CARD_H, 10, PANEL, PANEL_EDGE, 2)
            p.text(x + CARD_W / 2, top + 28 + CARD_H / 2, "0", 28, fill=INK_SOFT, align="centre")
        top += 28 + CARD_H + 30
        # The stacks on one row, after their heading.
        cy = top + PILL_H / 2
        x = MARGIN + p.text(MARGIN, cy, w["stacks"], 22, bold=True) + 12
        stacks = (
            (ROAD, f"{w['roads']} {v.road_stack}"),
            (SETTLEMENT, f"{w['settlements']} {v.settlement_stack}"),
            (KNIGHT, f"{w['knights']} {v.knight_stack}"),
        )
        for colour, label in stacks:
            x += p.pill(x, cy, label, SMALL, fill=colour) + 8
        top += PILL_H + ROW_GAP
        p.text(MARGIN, top + PILL_H / 2, w["expansions"], 22, bold=True)
        for row in self.expansion_rows():
            for name, left in row:
                p.pill(left, top + PILL_H / 2, name, SMALL, fill=EXPANSION)
            top += PILL_H + ROW_GAP
        return y + self.supply_height()

    def expansion_name(self, card_id: str) -> str:
        card = DATA.expansion(card_id) if card_id in {c.id for c in DATA.cards} else None
        if card is None or card.name is None:
            return card_id
        return f"{EXPANSION_NAMES[card.name][self.lang]} {card.vp}"

    def hands(self) -> list[tuple[str, tuple[int, ...]]]:
        """The hands this view shows: the viewer's own, and one looked at with the Bibliothek."""
        w = self.words
        found = [
            (w["hand"], self.own.hand if self.own else None),
            (w["looked"], self.view.looked_at),
        ]
        return [(title, tuple(counts)) for title, counts in found if counts is not None]

    def hand_height(self) -> float:
        return len(self.hands()) * (40 + CARD_H + 10) + 14

    def hand(self, p: Painter, y: float) -> float:
        w = self.words
        h = self.hand_height()
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + h - 12, 14, HIGHLIGHT, PANEL_EDGE, 2)
        top = y
        x = MARGIN + 14
        for title, counts in self.hands():
            p.text(x, top + 22, f"{title} ({sum(counts)})", 22, bold=True)
            shown = [(r, n) for r, n in zip(RESOURCES, counts, strict=True) if n]
            for i, (resource, count) in enumerate(shown):
                self.resource_card(p, x + i * CARD_STEP, top + 40, resource, count)
            if not shown:
                p.text(x, top + 40 + CARD_H / 2, w["none"], 22, fill=INK_SOFT)
            top += 40 + CARD_H + 10
        return y + h

    def row(
        self, p: Painter, x: float, y: float, count: int, colour: tuple[int, int, int], label: str
    ) -> float:
        """A road or knight row: cards overlapping, side A plain, side B with a VP star."""
        width = p.text(x, y + 10, label, SMALL, bold=True, fill=colour)
        for i in range(count):
            side_b = i % 2 == 1
            fill = mix(colour, WHITE, 0.35) if side_b else colour
            ink = INK if side_b else WHITE
            tile = box_tile(
                "B" if side_b else "A",
                SMALL,
                ROAD_W,
                ROAD_H,
                fill,
                ink,
                self.lang,
                self.scale,
                6,
                INK,
            )
            p.paste(tile, x + i * ROAD_STEP, y + 24)
        if not count:
            p.text(x, y + 24 + ROAD_H / 2, "—", SMALL, fill=INK_SOFT)
        return x + max(count * ROAD_STEP + ROAD_W - ROAD_STEP, 30, width) + 22

    def row_width(self, count: int, label: str) -> float:
        width = self.measure.measure(label, SMALL, bold=True)
        return max(count * ROAD_STEP + ROAD_W - ROAD_STEP, 30, width) + 22

    def building_label(self, b: BuildingView) -> tuple[str, RGB]:
        if b.expansion is not None:
            return self.expansion_name(b.expansion), EXPANSION
        if b.city:
            assert b.event is not None
            return f"{build_name('city', self.lang)} 2 · {EVENT_NAMES[self.lang][b.event]}", CITY
        return f"{build_name('settlement', self.lang)} 1", SETTLEMENT

    def buildings(self, player: PlayerView) -> list[list[tuple[str, RGB, float]]]:
        """The player's buildings as pills in rows, right of the roads and knights: (label, fill, x)."""
        w = self.words
        left = (
            MARGIN
            + 24
            + self.row_width(player.roads, w["roads"])
            + self.row_width(player.knights, w["knights"])
        )
        labels = [self.building_label(b) for b in player.buildings]
        widths = [label_width(self.measure, label, SMALL) for label, _ in labels]
        rows = flow(widths, WIDTH - MARGIN - 14 - left, 8)
        return [[(labels[i][0], labels[i][1], left + x) for i, x in row] for row in rows]

    def stats(self, player: PlayerView) -> list[tuple[str, RGB]]:
        w = self.words
        stats = [
            (f"{player.hand_size} {w['cards']}", INK_SOFT),
            (f"{w['exchanges']} {player.allowance}", INK_SOFT),
            (f"{w['draws']} {player.draw_count}", INK_SOFT),
        ]
        if player.owed:
            stats.append((f"{w['owed']} {player.owed}", (198, 40, 40)))
        return stats

    def stats_beside_name(self, player: PlayerView) -> bool:
        """Whether the standing fits on the name's row (a short name), saving a row."""
        name = self.measure.measure(self.name(player.id), 24, bold=True)
        stats = sum(label_width(self.measure, label, SMALL) + 8 for label, _ in self.stats(player))
        vp = label_width(self.measure, f"{player.vp} {self.words['vp']}", 22)
        return 24 + name + 20 + stats + vp + 30 <= INNER

    def player_top(self, player: PlayerView) -> float:
        """Where the roads and knights start: under the name, or under the standing's own row."""
        return PLAYER_TOP - (PILL_H + ROW_GAP) if self.stats_beside_name(player) else PLAYER_TOP

    def player_height(self, player: PlayerView) -> float:
        rows = len(self.buildings(player))
        return self.player_top(player) + max(24 + ROAD_H, rows * (PILL_H + ROW_GAP)) + 14

    def player(self, p: Painter, player: PlayerView, y: float) -> float:
        v, w = self.view, self.words
        colour = seat_colour(player.seat)
        active = player.id == v.active and not v.finished
        h = self.player_height(player)
        p.round_rect(
            MARGIN,
            y,
            WIDTH - MARGIN,
            y + h,
            14,
            HIGHLIGHT if active else PANEL,
            colour if active else PANEL_EDGE,
            3 if active else 2,
        )
        p.rect(MARGIN, y + 12, MARGIN + 8, y + h - 12, colour)
        vp = f"{player.vp} {w['vp']}"
        vp_w = label_width(p, vp, 22)
        label_box(p, WIDTH - MARGIN - 14 - vp_w, y + 10, vp, 22, colour, 36)
        name_room = INNER - 24 - vp_w - 30
        name_w = p.text(
            MARGIN + 24, y + 28, self.name(player.id), 24, bold=True, max_width=name_room
        )
        if self.stats_beside_name(player):
            x, top = MARGIN + 24 + name_w + 20, y + 11
        else:
            x, top = MARGIN + 24, y + 52
        for label, fill in self.stats(player):
            x += label_box(p, x, top, label, SMALL, fill, PILL_H) + 8
        top = y + self.player_top(player)
        x = self.row(p, MARGIN + 24, top, player.roads, ROAD, w["roads"])
        self.row(p, x, top, player.knights, KNIGHT, w["knights"])
        for row in self.buildings(player):
            for label, fill, bx in row:
                label_box(p, bx, top, label, SMALL, fill, PILL_H)
            top += PILL_H + ROW_GAP
        return y + h + PLAYER_GAP

    def final_height(self) -> float:
        outcome = self.view.outcome
        assert outcome is not None
        return 48 + STANDING_H * len(outcome.standings)

    def final(self, p: Painter, y: float) -> None:
        outcome = self.view.outcome
        assert outcome is not None
        p.text(MARGIN, y + 24, self.words["over"], 26, bold=True)
        for i, s in enumerate(outcome.standings):
            row = y + 48 + i * STANDING_H
            seat = next(pl.seat for pl in self.view.players if pl.id == s.seat)
            score = f"  {s.score} {self.words['vp']}"
            room = INNER - p.measure(f"{s.rank}. " + score, 22, bold=True) - 30
            name = p.fit(self.name(s.seat), 22, room, bold=True)
            p.pill(MARGIN, row + 18, f"{s.rank}. {name}{score}", 22, fill=seat_colour(seat))
            parts = self.words["breakdown"].format(
                **{
                    k: s.breakdown.get(k, 0)
                    for k in ("settlements", "cities", "expansions", "roads", "knights")
                }
            )
            p.text(MARGIN + 12, row + 52, parts, SMALL, fill=INK, max_width=INNER - 12)


def render(
    view: View, *, lang: str = "en", scale: float = 1.0, names: Mapping[str, str] | None = None
) -> bytes:
    """PNG bytes of a Catan card game view (public, a player's private view, or the final one)."""
    return Board(view, lang, scale, names or {}).draw()
