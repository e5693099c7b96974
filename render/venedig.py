"""Venedig board image: the lagoon map with labelled spaces, gondolas, then players and final result."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image

from games.venedig.data import BOARDS, DATA, TYPES, Data
from games.venedig.models import VIRTUAL, PlayerView, View
from render.kit import INK, INK_SOFT, PANEL, PANEL_EDGE, PAPER, RGB, WHITE, Painter, mix, to_png
from render.text import drawable

WIDTH = 1400
MARGIN = 24
HEADER_H = 84
HEX = 33.0  # hex radius in layout units
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


TILE_W, TILE_H = math.sqrt(3) * HEX + 4, 2 * HEX + 4


def _tile_painter(scale: float, lang: str = "en") -> Painter:
    return Painter(TILE_W, TILE_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")


@lru_cache(maxsize=4096)
def space_tile(label: str, site: str | None, fill: RGB, ink: RGB, scale: float) -> Image.Image:
    """A free or swamp space with its label (and bridge-site id), drawn once and reused."""
    p = _tile_painter(scale)
    cx, cy = TILE_W / 2, TILE_H / 2
    hexagon(p, cx, cy, HEX - 1, fill, mix(fill, INK, 0.35))
    # Large enough to read at phone width (the image is about 400 px wide there).
    size = 17 if site else 19
    p.text(cx, cy - (10 if site else 0), label, size, fill=ink, bold=True, align="centre")
    if site:
        # A bridge site end: its id, so a Ponte can be chosen by what the map shows.
        p.pill(cx, cy + 13, site, 14, fill=mix(WATER_DARK, INK, 0.3), align="centre", pad=3)
    return p.image


@lru_cache(maxsize=256)
def piece_tile(fill: RGB, inner: RGB, scale: float) -> Image.Image:
    p = _tile_painter(scale)
    hexagon(p, TILE_W / 2, TILE_H / 2, HEX - 1, fill, WHITE)
    hexagon(p, TILE_W / 2, TILE_H / 2, HEX * 0.55, inner)
    return p.image


@lru_cache(maxsize=1024)
def track_tile(label: str, colour: RGB | None, scale: float) -> Image.Image:
    """A track space: plain, or in a gondola's colour with its number in white."""
    p = _tile_painter(scale)
    cx, cy = TILE_W / 2, TILE_H / 2
    if colour is None:
        p.disc(cx, cy, HEX * 1.2, mix(WATER, WHITE, 0.45), WATER_DARK, 1.5)
        p.text(cx, cy, label, 17 if len(label) <= 2 else 13, fill=INK, bold=True, align="centre")
    else:
        p.disc(cx, cy, HEX * 1.45, WHITE)
        p.disc(cx, cy, HEX * 1.3, colour)
        p.text(cx, cy, label, 18 if len(label) <= 2 else 14, fill=WHITE, bold=True, align="centre")
    return p.image


@lru_cache(maxsize=512)
def name_tile(text: str, fill: RGB, lang: str, scale: float) -> Image.Image:
    p = Painter(140, 30, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    p.pill(70, 15, text, 14, fill=fill, align="centre", pad=4)
    return p.image


def paste_centred(p: Painter, tile: Image.Image, cx: float, cy: float) -> None:
    p.image.paste(
        tile, (round(cx * p.scale - tile.width / 2), round(cy * p.scale - tile.height / 2)), tile
    )


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
    """Header, map, then a panel per player, the shared stock and (at the end) the result."""

    def __init__(self, view: View, lang: str, scale: float, names: Mapping[str, str]) -> None:
        self.view, self.lang, self.scale = view, lang, scale
        self.data: Data = BOARDS.get(view.board_id, DATA)
        self.names = {p.id: self._name(p, names) for p in view.players}
        self.names[VIRTUAL] = t("virtual", lang)
        self.me = next((p for p in view.players if p.id == view.viewer), None)
        width = math.sqrt(3) * HEX
        self.map_w = width * (self.data.cols + 0.5)
        self.map_x = (WIDTH - self.map_w) / 2
        self.map_h = 1.5 * HEX * (self.data.rows - 1) + 2 * HEX

    def _name(self, player: PlayerView, names: Mapping[str, str]) -> str:
        name = drawable(names.get(player.id, player.id), self.lang).strip()
        return name or f"P{player.seat + 1}"

    def centre(self, cell: tuple[int, int], top: float) -> tuple[float, float]:
        c, r = cell
        x = self.map_x + math.sqrt(3) * HEX * (c + 0.5 * (r % 2) + 0.5)
        return x, top + HEX + 1.5 * HEX * r

    def draw(self) -> Image.Image:
        players_h = self.players_height()
        final_h = 60 + 44 * len(self.view.players) if self.view.finished else 0
        height = MARGIN + HEADER_H + self.map_h + 16 + players_h + final_h + MARGIN
        p = Painter(WIDTH, height, scale=self.scale, lang=self.lang, background=PAPER)
        y = float(MARGIN)
        self.header(p, y)
        y += HEADER_H
        self.map(p, y)
        y += self.map_h + 16
        if final_h:
            self.final(p, y)
            y += final_h
        self.players(p, y)
        return p.image

    # ------------------------------------------------------------ header

    def header(self, p: Painter, y: float) -> None:
        view, lang = self.view, self.lang
        p.text(MARGIN, y + 20, t("title", lang), 30, bold=True)
        phase = PHASES[view.phase][1 if lang == "ja" else 0]
        if view.locate is not None:
            phase = phase.format(t=type_name(view.locate, lang))
        if view.phase == "drain":
            phase += f" ({t('drained', lang, n=view.drained)})"
        p.text(200, y + 20, phase, 20, bold=True, max_width=700)
        if view.to_act:
            who = "、".join(self.names[s] for s in view.to_act)
            colour = seat_colour(self._seat(view.to_act[0]), len(view.players))
            p.pill(
                200, y + 58, p.fit(t("to_act", lang, who=who), 16, 600, bold=True), 16, fill=colour
            )
        if self.me is not None:
            mine = t("private", lang, name=self.names[self.me.id])
            colour = seat_colour(self.me.seat, len(view.players))
            p.pill(
                WIDTH - MARGIN,
                y + 20,
                p.fit(mine, 16, 400, bold=True),
                16,
                fill=colour,
                align="right",
            )

    def _seat(self, seat_id: str) -> int:
        for player in self.view.players:
            if player.id == seat_id:
                return player.seat
        return len(self.view.players)

    # ------------------------------------------------------------ the map

    def map(self, p: Painter, top: float) -> None:
        data, view = self.data, self.view
        p.round_rect(
            self.map_x - 8, top - 4, self.map_x + self.map_w + 8, top + self.map_h + 4, 16, WATER
        )
        owners: dict[int, tuple[int, int | None]] = {}
        for building in view.buildings:
            for s in building.spaces:
                owners[s] = (building.type, building.seat)
        for kind, spaces in data.preprinted:
            for s in spaces:
                owners.setdefault(s, (kind, None))
        # Bridge sites: a dotted line across the canal, labelled with the site id.
        for site in data.sites:
            a, b = (self.centre(data.cells[s], top) for s in site.spaces)
            taken = owners.get(site.spaces[0]) if view.board[site.spaces[0]] == "4" else None
            if taken is not None and view.board[site.spaces[1]] == "4":
                colour = PRINTED if taken[1] is None else seat_colour(taken[1], len(view.players))
                p.draw.line(
                    [(p.px(a[0]), p.px(a[1])), (p.px(b[0]), p.px(b[1]))],
                    fill=colour,
                    width=p.px(14),
                )
            else:
                for i in range(1, 12):
                    if i % 2:
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
            label = "10/45" if n == 10 else str(n)
            here = occupied.get(45 if n == 10 else n, [])
            gondola = seat_colour(here[0].seat, len(view.players)) if here and n else None
            paste_centred(p, track_tile(label, gondola, self.scale), cx, cy)
            if n:
                continue
            for i, player in enumerate(here[:5]):
                dx = (i - (len(here[:5]) - 1) / 2) * 14
                p.disc(cx + dx, cy + 11, 16, seat_colour(player.seat, len(view.players)), WHITE, 2)
        # District spaces.
        groups: dict[tuple[int, ...], tuple[int, int | None]] = {}
        for building in view.buildings:
            groups[building.spaces] = (building.type, building.seat)
        for kind, spaces in data.preprinted:
            groups.setdefault(spaces, (kind, None))
        site_at = {s: site.id for site in data.sites for s in site.spaces}
        for s, cell in enumerate(data.cells):
            cx, cy = self.centre(cell, top)
            mark = view.board[s]
            if mark.isdigit():
                kind, seat = owners[s]
                fill = PRINTED if seat is None else seat_colour(seat, len(view.players))
                paste_centred(p, piece_tile(fill, TYPE_COLOUR[TYPES[kind]], self.scale), cx, cy)
                continue
            if mark == ".":
                fill, ink = SWAMP, WHITE
            else:
                fill, ink = (MATERIAL if s in data.material else FREE), INK
            tile = space_tile(data.labels[s], site_at.get(s), fill, ink, self.scale)
            paste_centred(p, tile, cx, cy)
        # One name per piece, at the middle of its spaces.
        for spaces, (kind, _seat) in groups.items():
            if kind == 4:
                continue
            xs = [self.centre(data.cells[s], top) for s in spaces]
            cx, cy = sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs)
            name = type_name(kind, self.lang)
            fill = mix(INK, TYPE_COLOUR[TYPES[kind]], 0.15)
            paste_centred(p, name_tile(name, fill, self.lang, self.scale), cx, cy)
        # Gondolas on the posts beyond the goal.
        beyond = sorted((pl for pl in view.players if pl.pos > data.goal), key=lambda pl: pl.pos)
        if beyond:
            gx, gy = self.centre(track[data.goal], top)
            x = gx + HEX * 1.2
            for player in beyond:
                x += (
                    p.pill(
                        x, gy, f"{player.pos}", 15, fill=seat_colour(player.seat, len(view.players))
                    )
                    + 4
                )

    # ------------------------------------------------------------ players and stock

    def players_height(self) -> float:
        rows = len(self.view.players) + (1 if self.view.virtual is not None else 0)
        mine = 80 if self.me is not None and self.me.hand is not None else 0
        return 68 * rows + 72 + mine

    def chips(
        self,
        p: Painter,
        x: float,
        y: float,
        counts: Sequence[int],
        right: float,
        zeros: bool = False,
    ) -> float:
        for kind, n in enumerate(counts):
            if not n and not zeros:
                continue
            label = f"{type_name(kind, self.lang)} ×{n}"
            fill = TYPE_COLOUR[TYPES[kind]]
            ink = INK if kind == 0 else WHITE
            if x + p.measure(label, 15, bold=True) + 20 > right:
                break
            x += p.pill(x, y, label, 15, fill=fill, ink=ink) + 6
        return x

    def players(self, p: Painter, y: float) -> None:
        view, lang = self.view, self.lang
        n = len(view.players)
        right = WIDTH - MARGIN
        held: dict[str, list[int]] = {}
        for kind, holder in enumerate(view.architects):
            if holder is not None:
                held.setdefault(holder, []).append(kind)
        rows: list[tuple[str, RGB, str, Sequence[int]]] = []
        for player in view.players:
            info = (
                f"{t('pos', lang, n=player.pos)} · {t('card' if player.hand_size == 1 else 'cards', lang, n=player.hand_size)} · "
                + t("tiles", lang, s=player.swamp_count, t=player.treasure_count)
            )
            rows.append((player.id, seat_colour(player.seat, n), info, player.front))
        if view.virtual is not None:
            rows.append((VIRTUAL, VIRTUAL_COLOUR, "", view.virtual))
        for seat_id, colour, info, front in rows:
            active = seat_id == view.turn and not view.finished
            p.round_rect(
                MARGIN,
                y,
                right,
                y + 60,
                10,
                mix(PANEL, WHITE, 0.4) if active else PANEL,
                PANEL_EDGE,
                1.5,
            )
            p.rect(MARGIN + 2, y + 2, MARGIN + 12, y + 58, colour)
            p.text(
                MARGIN + 24, y + 18, p.fit(self.names[seat_id], 22, 300, bold=True), 22, bold=True
            )
            if info:
                p.text(MARGIN + 24, y + 44, p.fit(info, 17, 436), 17, fill=INK)
            x: float = MARGIN + 470
            x = self.chips(p, x, y + 30, front, right - 200)
            for kind in held.get(seat_id, []):
                label = f"{type_name(kind, lang)} {t('architect', lang)}"
                if x + p.measure(label, 14, bold=True) + 16 > right:
                    break
                x += p.pill(x, y + 30, label, 14, fill=INK, ink=TYPE_COLOUR[TYPES[kind]]) + 6
            y += 68
        if self.me is not None and self.me.hand is not None:
            colour = seat_colour(self.me.seat, n)
            p.round_rect(MARGIN, y, right, y + 72, 10, mix(colour, WHITE, 0.85), colour, 2)
            p.text(MARGIN + 16, y + 20, t("hand", lang), 18, bold=True)
            hand = [list(self.me.hand).count(k) for k in range(len(TYPES))]
            self.chips(p, MARGIN + 120, y + 20, hand, right)
            tiles = (*(self.me.swamp or ()), *(self.me.treasure or ()))
            shown = [
                f"{v}×{tiles.count(v)}" if tiles.count(v) > 1 else str(v)
                for v in sorted(set(tiles))
            ]
            values = " + ".join(shown) or "-"
            total = sum(self.me.swamp or ()) + sum(self.me.treasure or ())
            p.text(MARGIN + 16, y + 52, f"{t('gold', lang)}: {values} = {total}", 16, bold=True)
            y += 80
        p.text(MARGIN, y + 16, t("pool", lang), 16, bold=True)
        pool = [list(view.pool).count(k) for k in range(len(TYPES))]
        self.chips(p, MARGIN + 90, y + 16, pool, WIDTH / 2)
        p.text(WIDTH / 2, y + 16, t("supply", lang), 16, bold=True)
        self.chips(p, WIDTH / 2 + 80, y + 16, view.supply, right, zeros=True)
        stock = t(
            "deck",
            lang,
            d=view.deck_count,
            x=len(view.discard),
            t=view.treasure_left,
            s=view.swamp_left,
        )
        p.text(MARGIN, y + 52, stock, 15, fill=INK_SOFT)

    def final(self, p: Painter, y: float) -> None:
        view, lang = self.view, self.lang
        p.text(MARGIN, y + 20, t("final", lang), 22, bold=True)
        y += 44
        final = {f.seat: f for f in view.final}
        standings = view.outcome.standings if view.outcome is not None else ()
        for standing in standings:
            player = next(pl for pl in view.players if pl.id == standing.seat)
            colour = seat_colour(player.seat, len(view.players))
            p.disc(MARGIN + 18, y + 14, 30, colour)
            p.text(
                MARGIN + 18, y + 14, str(standing.rank), 16, bold=True, fill=WHITE, align="centre"
            )
            p.text(
                MARGIN + 44, y + 14, p.fit(self.names[player.id], 18, 320, bold=True), 18, bold=True
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
            p.text(MARGIN + 380, y + 14, row, 17)
            y += 44
