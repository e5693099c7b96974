"""Venedig board image: the lagoon map with labelled spaces, gondolas, then players and final result."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image

from games.venedig.data import BOARDS, DATA, TYPES, Data
from games.venedig.models import VIRTUAL, PlayerView, View
from render.kit import (
    INK,
    INK_SOFT,
    PANEL,
    PANEL_EDGE,
    PAPER,
    RGB,
    WHITE,
    Painter,
    flow,
    mix,
    to_png,
)
from render.text import drawable

# Laid out for a phone: Discord shows a board about 400 px wide there, so every line of text is
# at least WIDTH / 40 px tall (10 px on the phone) and the map spans the whole width.
WIDTH = 800
MARGIN = 12
TEXT = 20  # the smallest text, in layout units
LINE = 30  # one line of TEXT with its spacing
PILL_GAP = 6
PILL_ROW = 38  # a row of pills of TEXT
MAP_PAD = 4
HEADER_H = 84
SEAT_INNER = WIDTH - 2 * MARGIN - 34  # where a seat's pills flow
NAME_MAX = 330  # a name's width at most, so that pills fit beside it
HAND_INNER = WIDTH - 2 * MARGIN - 100
WATER: RGB = (156, 197, 222)
WATER_DARK: RGB = (98, 150, 186)
SWAMP: RGB = (122, 134, 84)
SWAMP_DARK: RGB = (88, 98, 58)
FREE: RGB = (236, 220, 178)
MATERIAL: RGB = (214, 170, 120)
PRINTED: RGB = (120, 112, 104)
SEATS: tuple[RGB, ...] = (
    (198, 40, 40),
    (106, 27, 154),
    (21, 101, 192),
    (46, 125, 50),
    (230, 120, 20),
)
VIRTUAL_COLOUR: RGB = (0, 131, 143)
TYPE_COLOUR: dict[str, RGB] = {
    "casa": (250, 250, 250),
    "palazzo": (239, 131, 34),
    "campo": (67, 160, 71),
    "basilika": (126, 87, 194),
    "ponte": (30, 136, 229),
}
TEXTS = {
    "title": ("Venedig", "ヴェネチア"),
    "to_act": ("To act: {who}", "手番: {who}"),
    "turn": ("Turn: {who}", "手番プレーヤー: {who}"),
    "private": ("{name}'s view", "{name}の画面"),
    "hand": ("Hand", "手札"),
    "gold": ("Gold", "金"),
    "pos": ("gondola {n}", "ゴンドラ {n}"),
    "cards": ("{n} cards", "{n}枚"),
    "card": ("{n} card", "{n}枚"),
    "tiles": ("gold tiles: {s} swamp, {t} treasure", "金タイル: 沼地{s} 財宝{t}"),
    "out": ("Out:", "前:"),
    "architect": ("architect", "建築家"),
    "pool": ("Pool", "プール"),
    "deck": (
        "Deck {d} · discard {x} · treasure {t} · swamp tiles {s}",
        "山札{d} 捨て札{x} 財宝{t} 沼地{s}",
    ),
    "supply": ("Supply", "在庫"),
    "virtual": ("Virtual player", "仮想プレーヤー"),
    "final": ("Final result", "最終結果"),
    "final_row": (
        "{before} + {gold} gold → {steps} steps = {after}",
        "{before} + 金{gold} → {steps}マス = {after}",
    ),
    "final_row_one": (
        "{before} + {gold} gold → {steps} step = {after}",
        "{before} + 金{gold} → {steps}マス = {after}",
    ),
    "posts": ("Posts", "ゴンドラの柱"),
    "drained": ("drained {n}/2", "干拓 {n}/2"),
    "sites": ("Bridge sites:", "橋の場所:"),
    "shortcut": ("track 45 = 10", "水路 45 = 10"),
}
PHASES = {
    "vcasa": ("Place the virtual player's Casa", "仮想プレーヤーの家を配置"),
    "build": ("Step 1: play cards and build", "1. カードを出して建設"),
    "locate": ("The master builder places the {t}", "建築主が{t}を配置"),
    "pause": ("Between moves: convert gold or go on", "移動の合間: 換金か続行"),
    "limit": ("Two-type limit", "2種類の制限"),
    "drain": ("Step 2: drain swamp", "2. 沼地の干拓"),
    "draw": ("Step 3: draw cards", "3. カードの補充"),
    "final": ("Game end: last conversion", "ゲーム終了: 最後の換金"),
    "over": ("Game over", "ゲーム終了"),
}
TYPE_NAMES = {
    "en": {
        "casa": "Casa",
        "palazzo": "Palazzo",
        "campo": "Campo",
        "basilika": "Basilika",
        "ponte": "Ponte",
    },
    "ja": {"casa": "家", "palazzo": "宮殿", "campo": "広場", "basilika": "教会", "ponte": "橋"},
}


def t(key: str, lang: str, **values: object) -> str:
    return TEXTS[key][1 if lang == "ja" else 0].format(**values)


def type_name(kind: int | str, lang: str) -> str:
    key = TYPES[kind] if isinstance(kind, int) else kind
    return TYPE_NAMES["ja" if lang == "ja" else "en"][key]


def seat_colour(seat: int, players: int) -> RGB:
    return VIRTUAL_COLOUR if seat >= players else SEATS[seat % len(SEATS)]


def hexagon(p: Painter, cx: float, cy: float, r: float, fill: RGB, edge: RGB | None = None) -> None:
    points = [
        (
            p.px(cx + r * math.cos(math.radians(60 * i - 30))),
            p.px(cy + r * math.sin(math.radians(60 * i - 30))),
        )
        for i in range(6)
    ]
    p.draw.polygon(points, fill=fill, outline=edge)


def tile_size(radius: float) -> tuple[float, float]:
    return math.sqrt(3) * radius + 4, 2 * radius + 4


def _tile_painter(radius: float, scale: float, lang: str = "en") -> Painter:
    width, height = tile_size(radius)
    return Painter(width, height, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")


@lru_cache(maxsize=4096)
def space_tile(label: str, fill: RGB, ink: RGB, radius: float, scale: float) -> Image.Image:
    """A free or swamp space with its label, drawn once and reused."""
    p = _tile_painter(radius, scale)
    width, height = tile_size(radius)
    hexagon(p, width / 2, height / 2, radius, fill, mix(fill, INK, 0.35))
    room = math.sqrt(3) * radius - 8
    if p.measure(label, TEXT, bold=True) <= room:
        p.text(width / 2, height / 2, label, TEXT, fill=ink, bold=True, align="centre")
        return p.image
    # Three characters at full height are a little wider than a hex on a phone-width map:
    # condensed (narrowed, not shortened), they keep their height and a gap to the next label.
    line = Painter(
        p.measure(label, TEXT, bold=True) + 4,
        TEXT * 1.6,
        scale=scale,
        background=(*ink, 0),
        mode="RGBA",
    )
    line.text(2, TEXT * 0.8, label, TEXT, fill=ink, bold=True)
    narrow = line.image.resize((p.px(room), line.image.height), Image.Resampling.LANCZOS)
    left = round((p.image.width - narrow.width) / 2)
    p.image.alpha_composite(narrow, (left, round((p.image.height - narrow.height) / 2)))
    return p.image


@lru_cache(maxsize=256)
def piece_tile(fill: RGB, inner: RGB, radius: float, scale: float) -> Image.Image:
    p = _tile_painter(radius, scale)
    width, height = tile_size(radius)
    hexagon(p, width / 2, height / 2, radius, fill, WHITE)
    hexagon(p, width / 2, height / 2, radius * 0.55, inner)
    return p.image


@lru_cache(maxsize=1024)
def track_tile(label: str, colour: RGB | None, radius: float, scale: float) -> Image.Image:
    """A track space: plain, or in a gondola's colour with its number in white."""
    p = _tile_painter(radius, scale)
    width, height = tile_size(radius)
    cx, cy = width / 2, height / 2
    if colour is None:
        p.disc(cx, cy, radius * 1.62, mix(WATER, WHITE, 0.45), WATER_DARK, 1.5)
        p.text(cx, cy, label, TEXT, fill=INK, bold=True, align="centre")
    else:
        p.disc(cx, cy, radius * 1.72, WHITE)
        p.disc(cx, cy, radius * 1.6, colour)
        p.text(cx, cy, label, TEXT, fill=WHITE, bold=True, align="centre")
    return p.image


def paste_centred(p: Painter, tile: Image.Image, cx: float, cy: float) -> None:
    p.image.paste(
        tile, (round(cx * p.scale - tile.width / 2), round(cy * p.scale - tile.height / 2)), tile
    )


Pill = tuple[str, RGB, RGB]  # label, fill, ink


def pill_width(p: Painter, label: str) -> float:
    return p.measure(label, TEXT, bold=True) + 2 * PILL_PAD


PILL_PAD = 8


def render(
    view: View, *, lang: str = "en", scale: float = 1.0, names: Mapping[str, str] | None = None
) -> bytes:
    """The board as PNG bytes: public, private (view.viewer set) or final result."""
    return to_png(board_image(view, lang=lang, scale=scale, names=names))


def board_image(
    view: View, *, lang: str = "en", scale: float = 1.0, names: Mapping[str, str] | None = None
) -> Image.Image:
    lang = "ja" if lang == "ja" else "en"
    return Board(view, lang, scale, names or {}).draw()


class Board:
    """Header, map and its key, then a row per player, the stock and (at the end) the result."""

    def __init__(self, view: View, lang: str, scale: float, names: Mapping[str, str]) -> None:
        self.view, self.lang, self.scale = view, lang, scale
        self.data: Data = BOARDS.get(view.board_id, DATA)
        self.names = {p.id: self._name(p, names) for p in view.players}
        self.names[VIRTUAL] = t("virtual", lang)
        self.me = next((p for p in view.players if p.id == view.viewer), None)
        self.measure = Painter(1, 1, scale=scale, lang=lang)
        # The map spans the whole width: the hex radius follows from the columns in use.
        cells = (*self.data.cells, *self.data.track_cells)
        self.col0 = min(c for c, _ in cells)
        self.row0 = min(r for _, r in cells)
        cols = max(c for c, _ in cells) - self.col0 + 1
        rows = max(r for _, r in cells) - self.row0 + 1
        self.hex = (WIDTH - 2 * MAP_PAD) / (math.sqrt(3) * (cols + 0.5))
        self.map_x = float(MAP_PAD)
        self.map_h = 1.5 * self.hex * (rows - 1) + 2 * self.hex

    def _name(self, player: PlayerView, names: Mapping[str, str]) -> str:
        name = drawable(names.get(player.id, player.id), self.lang).strip()
        return name or f"P{player.seat + 1}"

    def centre(self, cell: tuple[int, int], top: float) -> tuple[float, float]:
        c, r = cell
        x = self.map_x + math.sqrt(3) * self.hex * (c - self.col0 + 0.5 * (r % 2) + 0.5)
        return x, top + self.hex + 1.5 * self.hex * (r - self.row0)

    def draw(self) -> Image.Image:
        key = self.key_lines()
        map_h = self.map_h + 8 + LINE * len(key) + 8
        final_h = 50 + 40 * len(self.view.players) + 8 if self.view.finished else 0
        players_h = self.players_height()
        header_h = HEADER_H if self.view.to_act or self.me is not None else HEADER_H - 40
        height = MARGIN + header_h + map_h + final_h + players_h + MARGIN
        p = Painter(WIDTH, height, scale=self.scale, lang=self.lang, background=PAPER)
        y = float(MARGIN)
        self.header(p, y)
        y += header_h
        self.map(p, y)
        y += self.map_h + 8
        for line in key:
            p.text(MARGIN, y + LINE / 2, line, TEXT, fill=INK)
            y += LINE
        y += 8
        if final_h:
            self.final(p, y)
            y += final_h
        self.players(p, y)
        return p.image

    # ------------------------------------------------------------ header

    def header(self, p: Painter, y: float) -> None:
        view, lang = self.view, self.lang
        x = MARGIN + p.text(MARGIN, y + 18, t("title", lang), 28, bold=True) + 16
        phase = PHASES[view.phase][1 if lang == "ja" else 0]
        if view.locate is not None:
            phase = phase.format(t=type_name(view.locate, lang))
        if view.phase == "drain":
            phase += f" ({t('drained', lang, n=view.drained)})"
        p.text(x, y + 18, phase, 22, bold=True, max_width=WIDTH - MARGIN - x)
        right: float = WIDTH - MARGIN
        if self.me is not None:
            mine = p.fit(t("private", lang, name=self.names[self.me.id]), TEXT, 300, bold=True)
            colour = seat_colour(self.me.seat, len(view.players))
            right -= p.pill(right, y + 56, mine, TEXT, fill=colour, align="right") + 12
        if view.to_act:
            who = "、".join(self.names[s] for s in view.to_act)
            colour = seat_colour(self._seat(view.to_act[0]), len(view.players))
            label = p.fit(t("to_act", lang, who=who), TEXT, right - MARGIN - 24, bold=True)
            p.pill(MARGIN, y + 56, label, TEXT, fill=colour)

    def _seat(self, seat_id: str) -> int:
        for player in self.view.players:
            if player.id == seat_id:
                return player.seat
        return len(self.view.players)

    # ------------------------------------------------------------ the map

    def key_lines(self) -> list[str]:
        """Under the map: which spaces each bridge site joins (too long for the hexes)."""
        data = self.data
        parts = [
            f"{site.id} {'–'.join(data.labels[s] for s in site.spaces)}" for site in data.sites
        ]
        parts = [t("sites", self.lang) + " " + parts[0], *parts[1:], t("shortcut", self.lang)]
        widths = [self.measure.measure(part + " · ", TEXT) for part in parts]
        rows = flow(widths, WIDTH - 2 * MARGIN, 0)
        return [" · ".join(parts[i] for i, _x in row) for row in rows]

    def map(self, p: Painter, top: float) -> None:
        data, view, radius = self.data, self.view, self.hex
        p.round_rect(0, top - 4, WIDTH, top + self.map_h + 4, 12, WATER)
        owners: dict[int, tuple[int, int | None]] = {}
        for building in view.buildings:
            for s in building.spaces:
                owners[s] = (building.type, building.seat)
        for kind, spaces in data.preprinted:
            for s in spaces:
                owners.setdefault(s, (kind, None))
        # Bridge sites: a dotted line across the canal (the key under the map names them).
        for site in data.sites:
            a, b = (self.centre(data.cells[s], top) for s in site.spaces)
            taken = owners.get(site.spaces[0]) if view.board[site.spaces[0]] == "4" else None
            if taken is not None and view.board[site.spaces[1]] == "4":
                colour = PRINTED if taken[1] is None else seat_colour(taken[1], len(view.players))
                p.draw.line(
                    [(p.px(a[0]), p.px(a[1])), (p.px(b[0]), p.px(b[1]))],
                    fill=colour,
                    width=p.px(radius * 0.45),
                )
            else:
                for i in range(1, 12, 2):
                    f0, f1 = i / 12, (i + 1) / 12
                    p.draw.line(
                        [
                            (p.px(a[0] + (b[0] - a[0]) * f0), p.px(a[1] + (b[1] - a[1]) * f0)),
                            (p.px(a[0] + (b[0] - a[0]) * f1), p.px(a[1] + (b[1] - a[1]) * f1)),
                        ],
                        fill=WHITE,
                        width=p.px(4),
                    )
        # Track spaces.
        track = data.track_cells
        occupied: dict[int, list[PlayerView]] = {}
        for player in view.players:
            occupied.setdefault(45 if player.pos == 10 else player.pos, []).append(player)
        for n, cell in enumerate(track):
            if n == 45:
                continue
            cx, cy = self.centre(cell, top)
            here = occupied.get(45 if n == 10 else n, [])
            gondola = seat_colour(here[0].seat, len(view.players)) if here and n else None
            paste_centred(p, track_tile(str(n), gondola, radius, self.scale), cx, cy)
            if n:
                continue
            for i, player in enumerate(here[:5]):
                dx = (i - (len(here[:5]) - 1) / 2) * 10
                p.disc(cx + dx, cy + 13, 12, seat_colour(player.seat, len(view.players)), WHITE, 2)
        # District spaces; a piece shows its type by its colour (the supply line is the key).
        for s, cell in enumerate(data.cells):
            cx, cy = self.centre(cell, top)
            mark = view.board[s]
            if mark.isdigit():
                kind, seat = owners[s]
                fill = PRINTED if seat is None else seat_colour(seat, len(view.players))
                tile = piece_tile(fill, TYPE_COLOUR[TYPES[kind]], radius, self.scale)
                paste_centred(p, tile, cx, cy)
                continue
            if mark == ".":
                fill, ink = SWAMP, WHITE
            else:
                fill, ink = (MATERIAL if s in data.material else FREE), INK
            paste_centred(p, space_tile(data.labels[s], fill, ink, radius, self.scale), cx, cy)
        # Gondolas on the posts beyond the goal.
        beyond = sorted((pl for pl in view.players if pl.pos > data.goal), key=lambda pl: pl.pos)
        if beyond:
            gx, gy = self.centre(track[data.goal], top)
            x = gx + radius
            for player in beyond:
                colour = seat_colour(player.seat, len(view.players))
                x += p.pill(x, gy, f"{player.pos}", TEXT, fill=colour, pad=4) + 2

    # ------------------------------------------------------------ players and stock

    def type_pills(self, counts: Sequence[int], zeros: bool = False) -> list[Pill]:
        return [
            (
                f"{type_name(kind, self.lang)} ×{n}",
                TYPE_COLOUR[TYPES[kind]],
                INK if kind == 0 else WHITE,
            )
            for kind, n in enumerate(counts)
            if n or zeros
        ]

    def seat_rows(self) -> list[tuple[str, RGB, str, list[Pill]]]:
        """Each seat's name, colour, line of standing and pills (cards in front, architects)."""
        view, lang = self.view, self.lang
        n = len(view.players)
        held: dict[str, list[int]] = {}
        for kind, holder in enumerate(view.architects):
            if holder is not None:
                held.setdefault(holder, []).append(kind)
        rows: list[tuple[str, RGB, str, list[Pill]]] = []
        for player in view.players:
            cards = t("card" if player.hand_size == 1 else "cards", lang, n=player.hand_size)
            info = " · ".join(
                (
                    t("pos", lang, n=player.pos),
                    cards,
                    t("tiles", lang, s=player.swamp_count, t=player.treasure_count),
                )
            )
            rows.append(
                (player.id, seat_colour(player.seat, n), info, self.type_pills(player.front))
            )
        if view.virtual is not None:
            rows.append((VIRTUAL, VIRTUAL_COLOUR, "", self.type_pills(view.virtual)))
        for seat_id, _colour, _info, pills in rows:
            for kind in held.get(seat_id, []):
                label = f"{type_name(kind, lang)} {t('architect', lang)}"
                pills.append((label, INK, TYPE_COLOUR[TYPES[kind]]))
        return rows

    def pill_rows(self, pills: Sequence[Pill], width: float) -> list[list[tuple[int, float]]]:
        widths = [pill_width(self.measure, label) for label, _fill, _ink in pills]
        return flow(widths, width, PILL_GAP)

    def draw_pills(
        self, p: Painter, x: float, y: float, pills: Sequence[Pill], width: float
    ) -> float:
        """Pills flowed into rows from (x, y), y the first row's middle; returns the next y."""
        rows = self.pill_rows(pills, width)
        for row in rows:
            for index, dx in row:
                label, fill, ink = pills[index]
                p.pill(x + dx, y, label, TEXT, fill=fill, ink=ink, pad=PILL_PAD)
            y += PILL_ROW
        return y

    def name_room(self, pills: Sequence[Pill]) -> float:
        """How wide a seat's name may be: narrower where pills may go beside it."""
        return NAME_MAX if pills else SEAT_INNER

    def name_width(self, seat_id: str, pills: Sequence[Pill]) -> float:
        return min(self.measure.measure(self.names[seat_id], 22, bold=True), self.name_room(pills))

    def inline(self, seat_id: str, pills: Sequence[Pill]) -> bool:
        """Whether a seat's pills fit on its name's line (one line less on a tall image)."""
        room = SEAT_INNER - self.name_width(seat_id, pills) - 16
        return len(self.pill_rows(pills, room)) <= 1

    def seat_height(self, seat_id: str, info: str, pills: Sequence[Pill]) -> float:
        lines = 2 if info else 1
        below = 0 if self.inline(seat_id, pills) else len(self.pill_rows(pills, SEAT_INNER))
        return 12 + LINE * lines + PILL_ROW * below + (4 if below else 0)

    def hand_pills(self) -> list[Pill]:
        assert self.me is not None and self.me.hand is not None
        return self.type_pills([list(self.me.hand).count(k) for k in range(len(TYPES))])

    def stock_lines(self) -> tuple[float, float, list[Pill], list[Pill]]:
        """The pool's and supply's labels' widths and pills."""
        pool = self.type_pills([list(self.view.pool).count(k) for k in range(len(TYPES))])
        supply = self.type_pills(self.view.supply, zeros=True)
        pool_w = self.measure.measure(t("pool", self.lang), TEXT, bold=True) + 12
        supply_w = self.measure.measure(t("supply", self.lang), TEXT, bold=True) + 12
        return pool_w, supply_w, pool, supply

    def players_height(self) -> float:
        rows = self.seat_rows()
        height = sum(self.seat_height(seat, info, pills) + 8 for seat, _, info, pills in rows)
        if self.me is not None and self.me.hand is not None:
            hand_rows = max(1, len(self.pill_rows(self.hand_pills(), HAND_INNER)))
            height += 12 + PILL_ROW * hand_rows + LINE + 8 + 8
        pool_w, supply_w, pool, supply = self.stock_lines()
        inner = WIDTH - 2 * MARGIN
        height += PILL_ROW * max(1, len(self.pill_rows(pool, inner - pool_w)))
        height += PILL_ROW * max(1, len(self.pill_rows(supply, inner - supply_w)))
        return height + LINE

    def players(self, p: Painter, y: float) -> None:
        view, lang = self.view, self.lang
        n = len(view.players)
        right = WIDTH - MARGIN
        for seat_id, colour, info, pills in self.seat_rows():
            h = self.seat_height(seat_id, info, pills)
            active = seat_id == view.turn and not view.finished
            fill = mix(PANEL, WHITE, 0.4) if active else PANEL
            p.round_rect(MARGIN, y, right, y + h, 10, fill, PANEL_EDGE, 1.5)
            p.rect(MARGIN + 2, y + 2, MARGIN + 10, y + h - 2, colour)
            row = y + 6 + LINE / 2
            name = p.fit(self.names[seat_id], 22, self.name_room(pills), bold=True)
            p.text(MARGIN + 22, row, name, 22, bold=True)
            if self.inline(seat_id, pills):
                x = MARGIN + 22 + self.name_width(seat_id, pills) + 16
                self.draw_pills(p, x, row, pills, SEAT_INNER)
                pills = []
            if info:
                row += LINE
                p.text(MARGIN + 22, row, p.fit(info, TEXT, SEAT_INNER), TEXT, fill=INK)
            self.draw_pills(p, MARGIN + 22, row + LINE / 2 + PILL_ROW / 2, pills, SEAT_INNER)
            y += h + 8
        if self.me is not None and self.me.hand is not None:
            colour = seat_colour(self.me.seat, n)
            pills = self.hand_pills()
            rows = max(1, len(self.pill_rows(pills, HAND_INNER)))
            h = 12 + PILL_ROW * rows + LINE + 8
            p.round_rect(MARGIN, y, right, y + h, 10, mix(colour, WHITE, 0.85), colour, 2)
            label_w = p.text(MARGIN + 14, y + 6 + PILL_ROW / 2, t("hand", lang), TEXT, bold=True)
            self.draw_pills(p, MARGIN + 26 + label_w, y + 6 + PILL_ROW / 2, pills, HAND_INNER)
            tiles = (*(self.me.swamp or ()), *(self.me.treasure or ()))
            shown = [
                f"{v}×{tiles.count(v)}" if tiles.count(v) > 1 else str(v)
                for v in sorted(set(tiles))
            ]
            values = " + ".join(shown) or "-"
            total = sum(self.me.swamp or ()) + sum(self.me.treasure or ())
            gold = f"{t('gold', lang)}: {values} = {total}"
            row = y + 6 + PILL_ROW * rows + LINE / 2
            p.text(
                MARGIN + 14, row, p.fit(gold, TEXT, right - MARGIN - 28, bold=True), TEXT, bold=True
            )
            y += h + 8
        pool_w, supply_w, pool, supply = self.stock_lines()
        inner = WIDTH - 2 * MARGIN
        p.text(MARGIN, y + PILL_ROW / 2, t("pool", lang), TEXT, bold=True)
        y = self.draw_pills(p, MARGIN + pool_w, y + PILL_ROW / 2, pool, inner - pool_w)
        y -= PILL_ROW / 2
        if not pool:
            y += PILL_ROW
        p.text(MARGIN, y + PILL_ROW / 2, t("supply", lang), TEXT, bold=True)
        y = self.draw_pills(p, MARGIN + supply_w, y + PILL_ROW / 2, supply, inner - supply_w)
        y -= PILL_ROW / 2
        stock = t(
            "deck",
            lang,
            d=view.deck_count,
            x=len(view.discard),
            t=view.treasure_left,
            s=view.swamp_left,
        )
        p.text(MARGIN, y + LINE / 2, p.fit(stock, TEXT, inner), TEXT, fill=INK_SOFT)

    def final(self, p: Painter, y: float) -> None:
        view, lang = self.view, self.lang
        p.text(MARGIN, y + 20, t("final", lang), 24, bold=True)
        y += 50
        final = {f.seat: f for f in view.final}
        standings = view.outcome.standings if view.outcome is not None else ()
        for standing in standings:
            player = next(pl for pl in view.players if pl.id == standing.seat)
            colour = seat_colour(player.seat, len(view.players))
            p.disc(MARGIN + 16, y + 16, 30, colour)
            p.text(
                MARGIN + 16, y + 16, str(standing.rank), TEXT, bold=True, fill=WHITE, align="centre"
            )
            f = final.get(player.seat)
            row = t(
                "final_row_one" if f and f.steps == 1 else "final_row",
                lang,
                before=f.before if f else player.pos,
                gold=sum(f.values) if f else 0,
                steps=f.steps if f else 0,
                after=player.pos,
            )
            row_w = p.text(WIDTH - MARGIN, y + 16, row, TEXT, align="right")
            name_w = WIDTH - 2 * MARGIN - 40 - row_w - 16
            p.text(
                MARGIN + 40,
                y + 16,
                p.fit(self.names[player.id], TEXT, name_w, bold=True),
                TEXT,
                bold=True,
            )
            y += 40
