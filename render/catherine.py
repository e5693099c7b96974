"""Catherine board image: the map with houses, favour track, players' rows, hand, final scores."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from PIL import Image

import games
from games.catherine.data import GOODS, KINDS, Card, Data
from games.catherine.models import PlayerView, View
from games.catherine.narration import GOODS_NAMES, PHASE_NAMES, action_text
from render.kit import (
    INK,
    INK_SOFT,
    PANEL,
    PANEL_EDGE,
    PAPER,
    SEAT_COLOURS,
    WHITE,
    Painter,
    flow,
    to_png,
)

RGB = tuple[int, int, int]
# Laid out for a phone: Discord shows a board about 400 px wide there, so every line of text is
# at least WIDTH / 40 px tall (10 px on the phone), and everything is stacked in one column.
WIDTH = 800
MARGIN = 12
INNER = WIDTH - 2 * MARGIN
TEXT = 20  # the smallest text, in layout units
LINE = 28  # one line of TEXT with its spacing
MAP_W, MAP_H = INNER, 410
TRACK_H = 184
CHIP_W, CHIP_H, ACT_H = 244, 62, 32
CHIP_GAP = 8
CHIPS_PER_ROW = 3
FINAL_ROW = 36
CITY_D = 30  # a city's disc

REGION: dict[str, tuple[RGB, RGB, RGB]] = {  # strong, dark, tint
    "red": ((198, 57, 48), (130, 28, 22), (248, 221, 216)),
    "yellow": ((222, 168, 30), (128, 90, 0), (252, 240, 204)),
    "green": ((60, 142, 70), (26, 88, 36), (222, 240, 222)),
}
GOODS_COLOURS: dict[str, RGB] = {
    "iron": (110, 116, 124),
    "food": (214, 160, 60),
    "caviar": (40, 40, 48),
    "fur": (128, 82, 48),
    "cannon": (70, 70, 90),
    "book": (40, 90, 160),
}
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "round": "Decade {d} · Round {r}",
        "deck": "Deck {n}",
        "discard": "Discard {n}",
        "jokers": "Jokers left {n}",
        "waiting": "Waiting for: {who}",
        "hand": "Your hand",
        "secret": "Your secret choice: {cards}",
        "placed": "placed",
        "owes": "to decide",
        "favour": "Favour track",
        "limit": "limit",
        "vp": "VP",
        "mult": "×",
        "order": "Order {id}:",
        "owns": "Owns:",
        "network": "network {n}",
        "houses": "houses left {n}",
        "cards": "{n} cards (limit {m})",
        "card": "{n} card (limit {m})",
        "final": "Final scoring",
        "wins": "{who} wins!",
        "share": "Shared win: {who}",
        "empty": "-",
    },
    "ja": {
        "round": "第{d}の10年間 · 第{r}ラウンド",
        "deck": "山札 {n}",
        "discard": "捨て札 {n}",
        "jokers": "ジョーカー残り {n}",
        "waiting": "待ち: {who}",
        "hand": "あなたの手札",
        "secret": "あなたの秘密の選択: {cards}",
        "placed": "配置済",
        "owes": "選択中",
        "favour": "寵愛トラック",
        "limit": "上限",
        "vp": "点",
        "mult": "×",
        "order": "命令 {id}:",
        "owns": "所有:",
        "network": "住宅網 {n}",
        "houses": "住宅残り {n}",
        "cards": "手札 {n}枚（上限 {m}）",
        "card": "手札 {n}枚（上限 {m}）",
        "final": "最終得点",
        "wins": "{who} の勝利！",
        "share": "同点優勝: {who}",
        "empty": "-",
    },
}


COLUMNS = {
    "en": ("", "before", "hand", "order", "network", "total"),
    "ja": ("", "それまで", "手札", "命令", "住宅網", "合計"),
}


def render(
    view: View, *, lang: str = "en", scale: float = 1.0, names: Mapping[str, str] | None = None
) -> bytes:
    """The board as PNG bytes: public, private (view.viewer set) or final scores."""
    # Fast compression: these boards are tall, and the bytes stay far under Discord's limits.
    return to_png(board_image(view, lang=lang, scale=scale, names=names), compress_level=1)


def board_image(
    view: View, *, lang: str = "en", scale: float = 1.0, names: Mapping[str, str] | None = None
) -> Image.Image:
    lang = "ja" if lang == "ja" else "en"
    data: Data = games.get("catherine").data  # type: ignore[attr-defined]
    return Board(data, view, lang, scale, names or {}).draw()


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def region_colour(data: Data, region: str) -> tuple[RGB, RGB, RGB]:
    for r in data.regions:
        if r.id == region:
            return REGION.get(r.colour, REGION["yellow"])
    return REGION["yellow"]


class Board:
    def __init__(
        self, data: Data, view: View, lang: str, scale: float, names: Mapping[str, str]
    ) -> None:
        self.data, self.view, self.lang, self.scale, self.names = data, view, lang, scale, names
        self.words = WORDS[lang]
        self.me = next((p for p in view.players if p.id == view.viewer), None)
        self.measure = Painter(1, 1, scale=scale, lang=lang)

    def who(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def draw(self) -> Image.Image:
        view = self.view
        private = self.me is not None and self.me.hand is not None and not view.finished
        key = city_key(self.data, self.lang, self.scale)
        header_h = 96 + LINE * len(self.waiting_lines())
        height = header_h + (self.hand_height() if private else 0)
        height += MAP_H + 6 + LINE * len(key) + 10 + TRACK_H + 12
        height += sum(self.panel_height(pl) + 12 for pl in view.players)
        if view.outcome is not None:
            height += self.final_height()
        p = Painter(WIDTH, height + MARGIN, scale=self.scale, lang=self.lang, background=PAPER)
        self.header(p)
        y: float = header_h
        if private and self.me is not None:
            y = self.hand(p, y, self.me)
        p.paste(map_base(self.data, self.lang, self.scale), MARGIN, y)
        self.houses(p, y)
        y += MAP_H + 6
        for line in key:
            put(p, MARGIN, y + LINE / 2, line, TEXT, fill=INK)
            y += LINE
        y += 10
        self.track(p, y)
        y += TRACK_H + 12
        if view.outcome is not None:
            y = self.final(p, y)
        for player in view.players:
            self.panel(p, y, player)
            y += self.panel_height(player) + 12
        return p.image

    # ------------------------------------------------------------ sections

    def header(self, p: Painter) -> None:
        v, w = self.view, self.words
        title = games.get("catherine").names[self.lang]
        put(p, MARGIN, 22, title, 24, bold=True, max_width=INNER)
        phase = PHASE_NAMES[self.lang][v.phase]
        status = phase if not v.round else w["round"].format(d=v.decade, r=v.round) + " · " + phase
        put(p, MARGIN, 54, status, TEXT, fill=INK, max_width=INNER)
        counts = " · ".join(
            (
                w["deck"].format(n=v.deck_count),
                w["discard"].format(n=v.discard_count),
                w["jokers"].format(n=v.jokers),
            )
        )
        put(p, MARGIN, 82, counts, TEXT, fill=INK_SOFT)
        for i, line in enumerate(self.waiting_lines()):
            put(p, MARGIN, 110 + i * LINE, line, TEXT, bold=True)

    def waiting_lines(self) -> list[str]:
        """Who still owes a choice: in a simultaneous step, up to four long names (two lines)."""
        if not self.view.to_act:
            return []
        who = ", ".join(self.who(s) for s in self.view.to_act)
        lines = self.measure.wrap(self.words["waiting"].format(who=who), TEXT, INNER, bold=True)
        if len(lines) > 2:
            lines = [lines[0], self.measure.fit(" ".join(lines[1:]), TEXT, INNER, bold=True)]
        return lines

    def chip_rows(self, cards: int, below: tuple[str, ...] = ()) -> list[float]:
        """The height of each row of chips: taller where an activation card lies below one."""
        heights: list[float] = []
        for start in range(0, cards, CHIPS_PER_ROW):
            acted = any(below[start : start + CHIPS_PER_ROW])
            heights.append(CHIP_H + (6 + ACT_H if acted else 0) + CHIP_GAP)
        return heights

    def hand_height(self) -> float:
        assert self.me is not None
        return 10 + LINE + sum(self.chip_rows(len(self.me.hand or ()))) + 16

    def hand(self, p: Painter, y: float, me: PlayerView) -> float:
        w = self.words
        bottom = y + self.hand_height() - 10
        p.round_rect(MARGIN, y, WIDTH - MARGIN, bottom, 10, (255, 249, 230), PANEL_EDGE, 1.5)
        label = w["hand"] + f" ({len(me.hand or ())})"
        if me.chosen:
            label += " · " + w["secret"].format(cards=" ".join(me.chosen))
        put(p, MARGIN + 12, y + 8 + LINE / 2, label, TEXT, bold=True, max_width=INNER - 24)
        top = y + 8 + LINE + 4
        for i, card in enumerate(me.hand or ()):
            row, col = divmod(i, CHIPS_PER_ROW)
            chip = card_chip(self.data, card, self.lang, self.scale, card in (me.chosen or ()))
            p.paste(chip, MARGIN + 12 + col * (CHIP_W + CHIP_GAP), top + row * (CHIP_H + CHIP_GAP))
        return bottom + 10

    def houses(self, p: Painter, top: float) -> None:
        places = label_places(self.data, self.lang)
        for player in self.view.players:
            for city in player.houses:
                cx, cy = city_xy(self.data, city)
                dx = (player.seat - (len(self.view.players) - 1) / 2) * HOUSE_STEP
                dy = places[city][3]
                p.rect(
                    MARGIN + cx + dx - 6,
                    top + cy + dy - 6,
                    MARGIN + cx + dx + 7,
                    top + cy + dy + 7,
                    seat_colour(player.seat),
                )
        for city, left in self.view.city_tiles.items():
            cx, cy = city_xy(self.data, city)
            put(p, MARGIN + cx + CITY_D / 2 + 2, top + cy - 10, f"×{left}", TEXT, bold=True)

    def track(self, p: Painter, top: float) -> None:
        p.paste(track_base(self.data, self.lang, self.scale), MARGIN, top)
        for step in self.data.track:
            here = [
                pl for pl in self.view.players if min(pl.favour, self.data.top) == step.position
            ]
            x = track_x(self.data, step.position)
            for i, pl in enumerate(here):
                row, col = divmod(i, 2)
                cx = MARGIN + x + (col - 0.5) * 21 if len(here) > 1 else MARGIN + x
                p.disc(cx, top + TRACK_MARKS + row * 21, 19, seat_colour(pl.seat), WHITE, 2)

    def panel_height(self, pl: PlayerView) -> float:
        houses = self.houses_lines(pl)
        return 8 + 3 * LINE + 6 + sum(self.chip_rows(len(pl.row), pl.below)) + LINE * len(houses)

    def houses_lines(self, pl: PlayerView) -> list[str]:
        names = ", ".join(self.data.city_name(c, self.lang) for c in pl.houses)
        return self.measure.wrap(names or self.words["empty"], TEXT, INNER - 28)

    def panel(self, p: Painter, y: float, pl: PlayerView) -> None:
        w, lang = self.words, self.lang
        colour = seat_colour(pl.seat)
        bottom = y + self.panel_height(pl)
        p.round_rect(MARGIN, y, WIDTH - MARGIN, bottom, 10, PANEL, colour, 2.5)
        left, right = MARGIN + 12, WIDTH - MARGIN - 12
        state = ""
        if pl.placed and self.view.phase in ("setup", "place"):
            state = "✓ " + w["placed"]
        elif pl.id in self.view.to_act:
            state = "… " + w["owes"]
        row = y + 8 + LINE / 2
        state_w = (
            put(p, right, row, state, TEXT, bold=True, fill=colour, align="right") if state else 0
        )
        vp = f"{pl.vp} {w['vp']}"
        vp_w = self.measure.measure(vp, 22, bold=True)
        name_room = right - left - state_w - vp_w - 48
        name = p.fit(self.who(pl.id), TEXT, name_room - 2 * TEXT * 0.6, bold=True)
        x = left + p.pill(left, row, name, TEXT, fill=colour) + 12
        put(p, x, row, vp, 22, bold=True)
        favour = f"♦ {pl.favour} ({w['limit']} {pl.hand_limit}, ×{pl.multiplier})"
        cards = w["card" if pl.hand_size == 1 else "cards"].format(n=pl.hand_size, m=pl.hand_limit)
        second = [favour, cards, w["houses"].format(n=pl.supply)]
        goods = GOODS_NAMES[lang]
        tiles = " ".join(f"{goods[g]}{n}" for g, n in zip(GOODS, pl.tiles, strict=True) if n)
        if tiles:
            second.append(("タイル: " if lang == "ja" else "tiles: ") + tiles)
        if pl.jokers:
            second.append(("ジョーカー " if lang == "ja" else "jokers ") + str(pl.jokers))
        row += LINE
        put(p, left, row, " · ".join(second), TEXT, fill=INK, max_width=right - left)
        shown = self.data.orders.get(pl.order, ())
        order = " ".join(f"{goods[g]}{n}" for g, n in zip(GOODS, shown, strict=True))
        owns = " ".join(f"{goods[k]}{n}" for k, n in zip(KINDS, pl.own, strict=True) if n)
        third = " · ".join(
            (
                f"{w['order'].format(id=pl.order)} {order}",
                f"{w['owns']} {owns or w['empty']}",
                w["network"].format(n=pl.network),
            )
        )
        row += LINE
        put(p, left, row, third, TEXT, fill=INK, max_width=right - left)
        top = row + LINE / 2 + 6
        heights = self.chip_rows(len(pl.row), pl.below)
        for i, (card, below) in enumerate(zip(pl.row, pl.below, strict=True)):
            line, col = divmod(i, CHIPS_PER_ROW)
            x = left + col * (CHIP_W + CHIP_GAP)
            cy = top + sum(heights[:line])
            p.paste(card_chip(self.data, card, lang, self.scale, card == pl.active), x, cy)
            if below:
                p.paste(act_chip(self.data, below, lang, self.scale), x, cy + CHIP_H + 6)
        row = top + sum(heights) + LINE / 2 - 4
        for line_text in self.houses_lines(pl):
            put(p, left, row, line_text, TEXT, fill=INK_SOFT)
            row += LINE

    def final_height(self) -> float:
        return 40 + LINE + 8 + FINAL_ROW * (len(self.view.players) + 1) + 12

    def final(self, p: Painter, y: float) -> float:
        w = self.words
        outcome = self.view.outcome
        assert outcome is not None
        bottom = y + self.final_height()
        put(p, MARGIN, y + 18, w["final"], 24, bold=True)
        winners = [self.who(s) for s in outcome.winners]
        line = (w["wins"] if len(winners) == 1 else w["share"]).format(who=", ".join(winners))
        put(p, MARGIN, y + 50, line, TEXT, bold=True, fill=(150, 30, 30), max_width=INNER)
        y += 40 + LINE + 8
        xs = FINAL_COLUMNS
        for x, head in zip(xs, COLUMNS[self.lang], strict=True):
            put(p, MARGIN + x, y, head, TEXT, fill=INK_SOFT, bold=True)
        by_seat = {pl.id: pl for pl in self.view.players}
        for standing in outcome.standings:
            y += FINAL_ROW
            b = standing.breakdown
            pl = by_seat[standing.seat]
            p.disc(MARGIN + 10, y, 16, seat_colour(pl.seat))
            name = f"{standing.rank}. {self.who(pl.id)}"
            put(p, MARGIN + 24, y, name, TEXT, bold=True, max_width=xs[1] - 34)
            cells = (
                str(b.get("before", 0)),
                str(b.get("hand", 0)),
                f"{b.get('order', 0)} ({b.get('order_matched', 0)}/7)",
                f"{b.get('network', 0)} ({b.get('network_size', 0)}×{b.get('multiplier', 0)})",
                str(standing.score),
            )
            for x, cell in zip(xs[1:], cells, strict=True):
                put(p, MARGIN + x, y, cell, TEXT, bold=x == xs[-1])
        return bottom


# Where the final table's columns start: the name, then five numbers.
FINAL_COLUMNS = (0, 290, 390, 470, 590, 716)
HOUSE_STEP = 14  # between two seats' houses at a city

# ---------------------------------------------------------------- cached pieces


@lru_cache(maxsize=4096)
def label(text: str, size: float, bold: bool, fill: RGB, lang: str, scale: float) -> Image.Image:
    """One line of text as a transparent tile: most lines recur from board to board."""
    measure = Painter(1, 1, scale=scale, lang=lang)
    width = measure.measure(text, size, bold=bold) + 4
    p = Painter(width, size * 2, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    p.text(2, size, text, size, fill=fill, bold=bold)
    return p.image


def put(
    p: Painter,
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    fill: RGB = INK,
    bold: bool = False,
    align: str = "left",
    max_width: float | None = None,
) -> float:
    """Like Painter.text (y is the line's middle), through the label cache. Returns the width."""
    if max_width is not None:
        text = p.fit(text, size, max_width, bold=bold)
    tile = label(text, size, bold, fill, p.lang, p.scale)
    width = tile.width / p.scale
    left = {"left": x - 2, "centre": x - width / 2, "right": x - width + 2}[align]
    p.paste(tile, left, y - size)
    return width - 4


TRACK_HEAD = 96  # the track's row headings' column
TRACK_MARKS = 150  # the middle of the first row of favour markers


def track_x(data: Data, position: int) -> float:
    """The middle of a favour position's column in the track strip."""
    step = (INNER - TRACK_HEAD - 12) / len(data.track)
    return TRACK_HEAD + (position + 0.5) * step


@lru_cache(maxsize=8)
def track_base(data: Data, lang: str, scale: float) -> Image.Image:
    """The favour track as a strip: position, hand limit, interim VP, network multiplier."""
    w = WORDS[lang]
    p = Painter(INNER, TRACK_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    p.round_rect(0, 0, INNER, TRACK_H, 10, PANEL, PANEL_EDGE, 1.5)
    p.text(12, 20, w["favour"], TEXT, bold=True)
    heads = ("#", w["limit"], w["vp"], w["mult"])
    for row, head in enumerate(heads):
        y = 50 + row * 24
        p.text(12, y, head, TEXT, fill=INK_SOFT, bold=True)
        for step in data.track:
            value = (step.position, step.hand_limit, step.vp, step.multiplier)[row]
            p.text(track_x(data, step.position), y, str(value), TEXT, bold=row == 0, align="centre")
    return p.image


def city_xy(data: Data, city: str) -> tuple[float, float]:
    record = data.city[city]
    return 30 + record.x * 7.0, 34 + record.y * 4.2


def short_name(data: Data, city: str, lang: str) -> str:
    """A city's name as the plan cards abbreviate it: three letters, or two kana."""
    return data.city_name(city, lang)[: 2 if lang == "ja" else 3]


Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box, gap: float = 0.0) -> float:
    """How much two boxes overlap, each grown by gap (so touching boxes count too)."""
    width = min(a[2], b[2]) - max(a[0], b[0]) + gap
    height = min(a[3], b[3]) - max(a[1], b[1]) + gap
    return width * height if width > 0 and height > 0 else 0.0


LABEL_HALF_H = 12  # half the height of a city label's box


@lru_cache(maxsize=8)
def label_boxes(data: Data, lang: str) -> dict[str, tuple[tuple[float, float, str, float], Box]]:
    """Where each city's label goes, so that labels, cities, house rows and tile counts do not
    overlap: (x, y, align, houses' dy) and the label's box. Each label takes the free place
    nearest below, above, right or left of its city (the city's houses go on the other side);
    a few rounds let a label placed early make room for a later one."""
    p = Painter(10, 10, lang=lang)
    fixed: list[Box] = []
    tile_w = p.measure("×4", TEXT, bold=True) + 4
    radius = CITY_D / 2
    for city in data.cities:
        cx, cy = city_xy(data, city.id)
        fixed.append((cx - radius, cy - radius, cx + radius, cy + radius))  # the city
        fixed.append((cx + radius, cy - 22, cx + radius + tile_w, cy + 2))  # its tile count
    houses_w = HOUSE_STEP * 2 + 8
    options: dict[str, list[tuple[tuple[float, float, str, float], Box, Box]]] = {}
    for city in data.cities:
        cx, cy = city_xy(data, city.id)
        width = p.measure(short_name(data, city.id, lang), TEXT, bold=True) + 4
        near = radius + LABEL_HALF_H + 1
        spots = (
            (cx, cy + near, "centre", -radius - 9),
            (cx, cy - near, "centre", radius + 9),
            (cx - radius - 2, cy + 10, "right", -radius - 9),
            (cx + radius + 2, cy + 14, "left", -radius - 9),
            (cx - radius - 2, cy - 8, "right", radius + 9),
            (cx - radius - 3, cy, "right", -radius - 9),
            (cx - radius - 3, cy, "right", radius + 9),
            (cx - width / 2, cy + near, "centre", -radius - 9),
            (cx + width / 2, cy + near, "centre", -radius - 9),
            (cx - width / 2, cy - near, "centre", radius + 9),
            (cx + width / 2, cy - near, "centre", radius + 9),
        )
        options[city.id] = []
        for x, y, align, houses in spots:
            left = {"centre": x - width / 2, "left": x, "right": x - width}[align]
            box = (left, y - LABEL_HALF_H, left + width, y + LABEL_HALF_H)
            row = (cx - houses_w, cy + houses - 8, cx + houses_w, cy + houses + 8)
            if box[0] >= 4 and box[2] <= MAP_W - 4 and box[1] >= 4 and box[3] <= MAP_H - 4:
                options[city.id].append(((x, y, align, houses), box, row))
    chosen = {city_id: places[0] for city_id, places in options.items()}
    for _ in range(5):
        for city_id, places in options.items():
            labels = [box for c, (_, box, _row) in chosen.items() if c != city_id]
            obstacles = fixed + [row for c, (_, _box, row) in chosen.items() if c != city_id]

            def cost(
                spot: tuple[object, Box, Box],
                obstacles: list[Box] = obstacles,
                labels: list[Box] = labels,
            ) -> float:
                # Labels must keep apart (3 px), so touching another label costs the most.
                apart = sum(100 * _overlap(spot[1], t, 3) for t in labels)
                covered = sum(_overlap(spot[1], t) + _overlap(spot[2], t) for t in obstacles)
                return apart + covered + sum(_overlap(spot[2], t) for t in labels)

            chosen[city_id] = min(places, key=cost)
    return {city_id: (spot[0], spot[1]) for city_id, spot in chosen.items()}


def label_places(data: Data, lang: str) -> dict[str, tuple[float, float, str, float]]:
    return {city: place for city, (place, _box) in label_boxes(data, lang).items()}


@lru_cache(maxsize=8)
def city_key(data: Data, lang: str, scale: float) -> list[str]:
    """The key under the map: each abbreviation with its city's full name and goods."""
    p = Painter(1, 1, scale=scale, lang=lang)
    goods = GOODS_NAMES[lang]
    parts = []
    for city in sorted(data.cities, key=lambda c: short_name(data, c.id, lang)):
        name, short = data.city_name(city.id, lang), short_name(data, city.id, lang)
        part = name if name == short else f"{short} {name}"
        if city.goods is not None:
            part += f" ({goods[city.goods]})"
        parts.append(part)
    rows = flow([p.measure(part + " · ", TEXT) for part in parts], INNER, 0)
    return [" · ".join(parts[i] for i, _x in row) for row in rows]


@lru_cache(maxsize=8)
def map_base(data: Data, lang: str, scale: float) -> Image.Image:
    """The map without pieces: regions' cities, roads and labels (it never changes)."""
    p = Painter(MAP_W, MAP_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    p.round_rect(0, 0, MAP_W, MAP_H, 10, (236, 230, 214), PANEL_EDGE, 1.5)
    for a, b in data.roads:
        (ax, ay), (bx, by) = city_xy(data, a), city_xy(data, b)
        p.draw.line((p.px(ax), p.px(ay), p.px(bx), p.px(by)), fill=(150, 130, 100), width=p.px(4))
    places = label_places(data, lang)
    for city in data.cities:
        cx, cy = city_xy(data, city.id)
        strong, dark, _tint = region_colour(data, city.region)
        p.disc(cx, cy, CITY_D, strong, dark, 2)
        if city.feature == "crown":
            p.icon("star", cx, cy, 20, WHITE)
        elif city.feature == "one":
            p.text(cx, cy, "1", TEXT, bold=True, fill=WHITE, align="centre")
        elif city.goods is not None:
            p.disc(cx, cy, 16, GOODS_COLOURS[city.goods], WHITE, 2)
        x, y, align, _houses = places[city.id]
        p.text(x, y, short_name(data, city.id, lang), TEXT, bold=True, fill=dark, align=align)
    return p.image


@lru_cache(maxsize=1024)
def card_chip(data: Data, card_id: str, lang: str, scale: float, marked: bool) -> Image.Image:
    """A plan card: id and top (icons or cities) on its colour, the action below."""
    card = data.cards[card_id]
    strong, dark, tint = region_colour(data, card.colour)
    p = Painter(CHIP_W, CHIP_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    p.round_rect(0, 0, CHIP_W, CHIP_H, 8, tint, INK if marked else dark, 3 if marked else 1.5)
    p.round_rect(0, 0, CHIP_W, 30, 8, strong)
    id_w = p.text(8, 15, card.id, TEXT, bold=True, fill=WHITE)
    top = top_text(data, card, lang)
    p.text(
        CHIP_W - 8,
        15,
        top,
        TEXT,
        bold=True,
        fill=WHITE,
        align="right",
        max_width=CHIP_W - id_w - 24,
    )
    # The action on one line: the widest (en "2 cards → build in region") just fits.
    p.text(
        8, 30 + (CHIP_H - 30) / 2, action_text(card, lang), TEXT, fill=INK, max_width=CHIP_W - 14
    )
    return p.image


@lru_cache(maxsize=512)
def act_chip(data: Data, card_id: str, lang: str, scale: float) -> Image.Image:
    """A card in the activation row: only its colour matters."""
    card = data.cards[card_id]
    strong, dark, _tint = region_colour(data, card.colour)
    p = Painter(CHIP_W, ACT_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    p.round_rect(0, 0, CHIP_W, ACT_H, 8, strong, dark, 1.5)
    p.text(CHIP_W / 2, ACT_H / 2, "▲ " + card.id, TEXT, bold=True, fill=WHITE, align="centre")
    return p.image


def top_text(data: Data, card: Card, lang: str) -> str:
    if card.cities:
        return " ".join(short_name(data, c, lang) for c in card.cities)
    names = GOODS_NAMES[lang]
    return " ".join(
        f"{names[k]}{n}" if n > 1 else names[k] for k, n in zip(KINDS, card.icons, strict=True) if n
    )
