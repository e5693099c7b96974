"""Catherine board image: the map with houses, favour track, players' rows, hand, final scores."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from PIL import Image

import games
from games.catherine.data import GOODS, KINDS, Card, Data
from games.catherine.models import PlayerView, View
from games.catherine.narration import GOODS_NAMES, PHASE_NAMES, action_text
from render.kit import INK, INK_SOFT, PANEL, PANEL_EDGE, PAPER, SEAT_COLOURS, WHITE, Painter, to_png

RGB = tuple[int, int, int]
WIDTH = 1400
MARGIN = 24
INNER = WIDTH - 2 * MARGIN
HEADER_H = 84
HAND_H = 124
MAP_W, MAP_H = 900, 470
TRACK_X = MARGIN + MAP_W + 16
CHIP_W, CHIP_H, ACT_H = 160, 78, 50
PANEL_H = 240
FINAL_ROW = 34

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
        # Without activation cards (setup, first placement, the end) the panels are shorter.
        activated = any(b for p in view.players for b in p.below)
        self.panel_h = PANEL_H if activated else PANEL_H - ACT_H - 8

    def who(self, seat: str) -> str:
        return self.names.get(seat, seat)

    def draw(self) -> Image.Image:
        view = self.view
        private = self.me is not None and self.me.hand is not None and not view.finished
        height = HEADER_H + (HAND_H if private else 0) + MAP_H + 16
        height += len(view.players) * (self.panel_h + 12)
        if view.outcome is not None:
            height += 60 + FINAL_ROW * (len(view.players) + 1) + 40
        p = Painter(WIDTH, height + MARGIN, scale=self.scale, lang=self.lang, background=PAPER)
        y = self.header(p)
        if private and self.me is not None:
            y = self.hand(p, y, self.me)
        p.paste(map_base(self.data, self.lang, self.scale), MARGIN, y)
        self.houses(p, y)
        self.track(p, y)
        y += MAP_H + 16
        for player in view.players:
            self.panel(p, y, player)
            y += self.panel_h + 12
        if view.outcome is not None:
            self.final(p, y)
        return p.image

    # ------------------------------------------------------------ sections

    def header(self, p: Painter) -> float:
        v, w = self.view, self.words
        title = games.get("catherine").names[self.lang]
        put(p, MARGIN, 26, title, 24, bold=True)
        phase = PHASE_NAMES[self.lang][v.phase]
        status = phase if not v.round else w["round"].format(d=v.decade, r=v.round) + " · " + phase
        put(p, MARGIN, 60, status, 18, fill=INK)
        counts = " · ".join(
            (
                w["deck"].format(n=v.deck_count),
                w["discard"].format(n=v.discard_count),
                w["jokers"].format(n=v.jokers),
            )
        )
        put(p, WIDTH - MARGIN, 26, counts, 17, fill=INK_SOFT, align="right")
        if v.to_act:
            waiting = w["waiting"].format(who=", ".join(self.who(s) for s in v.to_act))
            put(p, WIDTH - MARGIN, 60, waiting, 17, bold=True, align="right", max_width=600)
        return HEADER_H

    def hand(self, p: Painter, y: float, me: PlayerView) -> float:
        w = self.words
        p.round_rect(
            MARGIN, y, WIDTH - MARGIN, y + HAND_H - 10, 10, (255, 249, 230), PANEL_EDGE, 1.5
        )
        label = w["hand"] + f" ({len(me.hand or ())})"
        if me.chosen:
            label += " · " + w["secret"].format(cards=" ".join(me.chosen))
        put(p, MARGIN + 14, y + 18, label, 17, bold=True)
        x = MARGIN + 14
        for card in me.hand or ():
            if x + CHIP_W > WIDTH - MARGIN:
                break
            p.paste(
                card_chip(self.data, card, self.lang, self.scale, card in (me.chosen or ())),
                x,
                y + 32,
            )
            x += CHIP_W + 8
        return y + HAND_H

    def houses(self, p: Painter, top: float) -> None:
        for player in self.view.players:
            for city in player.houses:
                cx, cy = city_xy(self.data, city)
                dx = (player.seat - (len(self.view.players) - 1) / 2) * 15
                dy = label_places(self.data, self.lang)[city][3]
                p.rect(
                    MARGIN + cx + dx - 6,
                    top + cy + dy - 6,
                    MARGIN + cx + dx + 7,
                    top + cy + dy + 7,
                    seat_colour(player.seat),
                )
        for city, left in self.view.city_tiles.items():
            cx, cy = city_xy(self.data, city)
            put(p, MARGIN + cx + 20, top + cy - 8, f"×{left}", 14, bold=True, fill=INK)

    def track(self, p: Painter, top: float) -> None:
        p.paste(track_base(self.data, self.lang, self.scale), TRACK_X, top)
        for step in self.data.track:
            here = [
                pl for pl in self.view.players if min(pl.favour, self.data.top) == step.position
            ]
            for i, pl in enumerate(here):
                p.disc(
                    TRACK_X + 240 + i * 26,
                    top + track_y(self.data, step.position),
                    22,
                    seat_colour(pl.seat),
                    WHITE,
                    2,
                )

    def panel(self, p: Painter, y: float, pl: PlayerView) -> None:
        w, lang = self.words, self.lang
        colour = seat_colour(pl.seat)
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + self.panel_h, 10, PANEL, colour, 2.5)
        x: float = MARGIN + 14
        x += p.pill(x, y + 22, self.who(pl.id), 17, fill=colour) + 12
        x += put(p, x, y + 22, f"{pl.vp} {w['vp']}", 18, bold=True) + 16
        favour = f"♦ {pl.favour} ({w['limit']} {pl.hand_limit}, ×{pl.multiplier})"
        x += put(p, x, y + 22, favour, 16) + 16
        x += (
            put(
                p,
                x,
                y + 22,
                w["card" if pl.hand_size == 1 else "cards"].format(n=pl.hand_size, m=pl.hand_limit),
                16,
            )
            + 16
        )
        put(p, x, y + 22, w["houses"].format(n=pl.supply), 16)
        state = ""
        if pl.placed and self.view.phase in ("setup", "place"):
            state = "✓ " + w["placed"]
        elif pl.id in self.view.to_act:
            state = "… " + w["owes"]
        if state:
            put(p, WIDTH - MARGIN - 14, y + 22, state, 16, bold=True, fill=colour, align="right")
        goods = GOODS_NAMES[lang]
        shown = self.data.orders.get(pl.order, ())
        order = " ".join(f"{goods[g]}{n}" for g, n in zip(GOODS, shown, strict=True))
        line = f"{w['order'].format(id=pl.order)} {order}"
        tiles = " ".join(f"{goods[g]}{n}" for g, n in zip(GOODS, pl.tiles, strict=True) if n)
        if tiles:
            line += "   " + ("タイル: " if lang == "ja" else "tiles: ") + tiles
        if pl.jokers:
            line += "   " + ("ジョーカー " if lang == "ja" else "jokers ") + str(pl.jokers)
        put(p, MARGIN + 14, y + 52, line, 15, fill=INK)
        owns = " ".join(f"{goods[k]}{n}" for k, n in zip(KINDS, pl.own, strict=True) if n)
        right = f"{w['owns']} {owns or w['empty']} · {w['network'].format(n=pl.network)}"
        put(p, WIDTH - MARGIN - 14, y + 52, right, 15, fill=INK, align="right")
        x = MARGIN + 14
        for card, below in zip(pl.row, pl.below, strict=True):
            if x + CHIP_W > WIDTH - MARGIN:
                break
            p.paste(card_chip(self.data, card, lang, self.scale, card == pl.active), x, y + 72)
            if below:
                p.paste(act_chip(self.data, below, self.scale), x, y + 72 + CHIP_H + 8)
            x += CHIP_W + 10
        houses = ", ".join(self.data.city_name(c, lang) for c in pl.houses) or w["empty"]
        put(p, MARGIN + 14, y + self.panel_h - 20, houses, 14, fill=INK_SOFT, max_width=INNER - 28)

    def final(self, p: Painter, y: float) -> None:
        w = self.words
        outcome = self.view.outcome
        assert outcome is not None
        put(p, MARGIN, y + 20, w["final"], 22, bold=True)
        winners = [self.who(s) for s in outcome.winners]
        line = (w["wins"] if len(winners) == 1 else w["share"]).format(who=", ".join(winners))
        put(p, WIDTH - MARGIN, y + 20, line, 20, bold=True, fill=(150, 30, 30), align="right")
        y += 50
        xs = (MARGIN + 10, MARGIN + 420, MARGIN + 580, MARGIN + 740, MARGIN + 940, MARGIN + 1200)
        for x, head in zip(xs, COLUMNS[self.lang], strict=True):
            put(p, x, y, head, 15, fill=INK_SOFT, bold=True)
        by_seat = {pl.id: pl for pl in self.view.players}
        for standing in outcome.standings:
            y += FINAL_ROW
            b = standing.breakdown
            pl = by_seat[standing.seat]
            p.disc(xs[0] + 8, y, 16, seat_colour(pl.seat))
            put(
                p,
                xs[0] + 24,
                y,
                f"{standing.rank}. {self.who(pl.id)}",
                16,
                bold=True,
                max_width=380,
            )
            cells = (
                str(b.get("before", 0)),
                str(b.get("hand", 0)),
                f"{b.get('order', 0)} ({b.get('order_matched', 0)}/7)",
                f"{b.get('network', 0)} ({b.get('network_size', 0)}×{b.get('multiplier', 0)})",
                str(standing.score),
            )
            for x, cell in zip(xs[1:], cells, strict=True):
                put(p, x, y, cell, 16, bold=x == xs[-1])


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


def track_y(data: Data, position: int) -> float:
    step_h = min(31.0, (MAP_H - 90) / len(data.track))
    return 70 + (len(data.track) - 1 - position) * step_h


@lru_cache(maxsize=8)
def track_base(data: Data, lang: str, scale: float) -> Image.Image:
    """The favour track's table: position, hand limit, interim VP, network multiplier."""
    w = WORDS[lang]
    width = WIDTH - MARGIN - TRACK_X
    p = Painter(width, MAP_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    p.round_rect(0, 0, width, MAP_H, 10, PANEL, PANEL_EDGE, 1.5)
    p.text(14, 18, w["favour"], 17, bold=True)
    cols = (30, 90, 150, 205)
    for x, head in zip(cols, ("#", w["limit"], w["vp"], w["mult"]), strict=True):
        p.text(x, 44, head, 14, fill=INK_SOFT, align="centre")
    for step in data.track:
        y = track_y(data, step.position)
        values = (step.position, step.hand_limit, step.vp, step.multiplier)
        for x, value in zip(cols, values, strict=True):
            p.text(x, y, str(value), 15, align="centre")
    return p.image


def city_xy(data: Data, city: str) -> tuple[float, float]:
    record = data.city[city]
    return 50 + record.x * 8.0, 60 + record.y * 4.3


Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


@lru_cache(maxsize=8)
def label_places(data: Data, lang: str) -> dict[str, tuple[float, float, str, float]]:
    """Where each city's name goes, so that names, cities, house rows and tile counts do not
    overlap: (x, y, align, houses' dy). Each name takes the free place nearest below, above,
    right or left of its city (the city's houses go on the other side); a few rounds let a
    name placed early make room for a later one."""
    p = Painter(10, 10, lang=lang)
    goods = GOODS_NAMES[lang]
    fixed: list[Box] = []
    for city in data.cities:
        cx, cy = city_xy(data, city.id)
        fixed.append((cx - 19, cy - 19, cx + 19, cy + 19))  # the city
        fixed.append((cx + 16, cy - 17, cx + 44, cy + 1))  # its tile count (×4)
    options: dict[str, list[tuple[tuple[float, float, str, float], Box, Box]]] = {}
    for city in data.cities:
        cx, cy = city_xy(data, city.id)
        name = data.city_name(city.id, lang) + (
            f" ({goods[city.goods]})" if city.goods is not None else ""
        )
        width = p.measure(name, 14, bold=True) + 6
        shift = width / 3
        spots = (
            (cx, cy + 30, "centre", -30.0),
            (cx - shift, cy + 30, "centre", -30.0),
            (cx + shift, cy + 30, "centre", -30.0),
            (cx, cy - 30, "centre", 30.0),
            (cx - shift, cy - 30, "centre", 30.0),
            (cx + shift, cy - 30, "centre", 30.0),
            (cx + 22, cy + 14, "left", -30.0),
            (cx - 22, cy + 14, "right", -30.0),
            (cx, cy + 48, "centre", -30.0),
            (cx - 2 * shift, cy - 30, "centre", 30.0),
            (cx - 2 * shift, cy + 30, "centre", -30.0),
        )
        options[city.id] = []
        for x, y, align, houses in spots:
            left = {"centre": x - width / 2, "left": x, "right": x - width}[align]
            box = (left, y - 10, left + width, y + 10)
            row = (cx - 32, cy + houses - 8, cx + 32, cy + houses + 8)
            if box[0] >= 2 and box[2] <= MAP_W - 2 and box[1] >= 2 and box[3] <= MAP_H - 2:
                options[city.id].append(((x, y, align, houses), box, row))
    chosen = {city_id: places[0] for city_id, places in options.items()}
    for _ in range(4):
        for city_id, places in options.items():
            others = [b for c, (_, box, row) in chosen.items() if c != city_id for b in (box, row)]
            obstacles = fixed + others

            def cost(spot: tuple[object, Box, Box], obstacles: list[Box] = obstacles) -> float:
                return sum(_overlap(spot[1], t) + _overlap(spot[2], t) for t in obstacles)

            chosen[city_id] = min(places, key=cost)
    return {city_id: spot[0] for city_id, spot in chosen.items()}


@lru_cache(maxsize=8)
def map_base(data: Data, lang: str, scale: float) -> Image.Image:
    """The map without pieces: regions' cities, roads and names (it never changes)."""
    p = Painter(MAP_W, MAP_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    p.round_rect(0, 0, MAP_W, MAP_H, 10, (236, 230, 214), PANEL_EDGE, 1.5)
    for a, b in data.roads:
        (ax, ay), (bx, by) = city_xy(data, a), city_xy(data, b)
        p.draw.line((p.px(ax), p.px(ay), p.px(bx), p.px(by)), fill=(150, 130, 100), width=p.px(4))
    goods = GOODS_NAMES[lang]
    for city in data.cities:
        cx, cy = city_xy(data, city.id)
        strong, dark, _tint = region_colour(data, city.region)
        p.disc(cx, cy, 34, strong, dark, 2)
        if city.feature == "crown":
            p.icon("star", cx, cy, 22, WHITE)
        elif city.feature == "one":
            p.text(cx, cy, "1", 18, bold=True, fill=WHITE, align="centre")
        elif city.goods is not None:
            p.disc(cx, cy, 18, GOODS_COLOURS[city.goods], WHITE, 2)
        name = data.city_name(city.id, lang)
        if city.goods is not None:
            name += f" ({goods[city.goods]})"
        x, y, align, _houses = label_places(data, lang)[city.id]
        p.text(x, y, name, 14, bold=True, fill=dark, align=align)
    return p.image


@lru_cache(maxsize=1024)
def card_chip(data: Data, card_id: str, lang: str, scale: float, marked: bool) -> Image.Image:
    """A plan card: id and top (icons or cities) on its colour, the action below."""
    card = data.cards[card_id]
    strong, dark, tint = region_colour(data, card.colour)
    p = Painter(CHIP_W, CHIP_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    p.round_rect(0, 0, CHIP_W, CHIP_H, 8, tint, INK if marked else dark, 3 if marked else 1.5)
    p.round_rect(0, 0, CHIP_W, 28, 8, strong)
    p.text(8, 14, card.id, 16, bold=True, fill=WHITE)
    p.text(
        CHIP_W - 8,
        14,
        top_text(data, card, lang),
        14,
        bold=True,
        fill=WHITE,
        align="right",
        max_width=CHIP_W - 56,
    )
    # The action in up to two lines (three, smaller, for the longest), never cut off.
    action = action_text(card, lang)
    for size, most in ((14, 2), (13, 2), (12, 3)):
        lines = p.wrap(action, size, CHIP_W - 14)
        if len(lines) <= most:
            break
    lines = lines[:3]
    if len(lines) > 1:
        lines[-1] = p.fit(lines[-1], size, CHIP_W - 14)
    p.lines(8, 28 + (CHIP_H - 28) / 2, lines, size, fill=INK, align="left", leading=1.2)
    return p.image


@lru_cache(maxsize=512)
def act_chip(data: Data, card_id: str, scale: float) -> Image.Image:
    """A card in the activation row: only its colour matters."""
    card = data.cards[card_id]
    strong, dark, _tint = region_colour(data, card.colour)
    p = Painter(CHIP_W, ACT_H, scale=scale, background=(0, 0, 0, 0), mode="RGBA")
    p.round_rect(0, 0, CHIP_W, ACT_H, 8, strong, dark, 1.5)
    p.text(CHIP_W / 2, ACT_H / 2, "▲ " + card.id, 16, bold=True, fill=WHITE, align="centre")
    return p.image


def top_text(data: Data, card: Card, lang: str) -> str:
    if card.cities:
        return " ".join(data.city_name(c, lang)[: 2 if lang == "ja" else 3] for c in card.cities)
    names = GOODS_NAMES[lang]
    return " ".join(
        f"{names[k]}{n}" if n > 1 else names[k] for k, n in zip(KINDS, card.icons, strict=True) if n
    )
