"""Sankt Petersburg board image: play information, market, private hand, player fields, final scores."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PIL import Image

from games.stpetersburg.data import CARDS, PHASE_COLOUR, PHASES, STACKS
from games.stpetersburg.models import PlayerView, Price, View
from render.kit import (
    AFFORDABLE,
    CARD_H,
    CARD_W,
    CHIP_H,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    MIXED,
    OLD_RED,
    PALETTE,
    PANEL,
    PANEL_EDGE,
    PAPER,
    SEAT_COLOURS,
    UNAFFORDABLE,
    WHITE,
    Painter,
    columns,
    flow,
    mix,
    to_png,
)
from render.stpetersburg_cards import (
    PHASE_NAMES,
    card_chip,
    card_name,
    card_tile,
    empty_slot,
    label,
)
from render.text import drawable

WIDTH = 1400
MARGIN = 24
INNER = WIDTH - 2 * MARGIN
GAP = 16
HEADER_H = 116
PRICE_H = 34
FIELD_PAD = 16
FIELD_TOP = 118  # header and yields rows of a player field, above the cards
FIELD_TOP_FINAL = 72  # after the game there are no more scorings or start players to show
CHIP_GAP = 6
SLOTS = 8
COLOURS = ("green", "blue", "orange")
ORDER = {key: index for index, key in enumerate(CARDS)}


def render(
    view: View, *, lang: str = "en", scale: float = 1.0, names: Mapping[str, str] | None = None
) -> bytes:
    """The board as PNG bytes: public, private (view.viewer set) or final scores."""
    return to_png(board_image(view, lang=lang, scale=scale, names=names))


def board_image(
    view: View, *, lang: str = "en", scale: float = 1.0, names: Mapping[str, str] | None = None
) -> Image.Image:
    """The board as a Pillow image (for tests and for callers that compose images)."""
    lang = "ja" if lang == "ja" else "en"
    board = Board(view, lang, scale, names or {})
    return board.draw()


@dataclass
class Section:
    height: float
    draw: Callable[[Painter, float], None]


class Board:
    """Lays the sections out top to bottom, then draws them on one image."""

    def __init__(self, view: View, lang: str, scale: float, names: Mapping[str, str]) -> None:
        self.view, self.lang, self.scale = view, lang, scale
        self.names = {p.id: self._name(p, names) for p in view.players}
        self.prices: dict[tuple[str, str, bool], list[Price]] = {}
        for price in view.prices:
            self.prices.setdefault((price.source, price.card, price.old), []).append(price)
        self.me = next((p for p in view.players if p.id == view.viewer), None)
        self.field_top = FIELD_TOP_FINAL if view.finished else FIELD_TOP

    def _name(self, player: PlayerView, names: Mapping[str, str]) -> str:
        name = drawable(names.get(player.id, player.id), self.lang).strip()
        return name or label("player", self.lang, n=player.seat + 1)

    def draw(self) -> Image.Image:
        sections = [Section(HEADER_H, self.header)]
        if self.view.finished and self.view.outcome is not None:
            sections.append(Section(self.scores_height(), self.scores))
        else:
            sections.append(Section(self.market_height(), self.market))
            if self.view.pending is not None:
                sections.append(Section(self.pending_height(), self.pending))
            if self.me is not None and self.me.hand is not None:
                sections.append(Section(self.hand_height(), self.hand))
        sections.append(Section(self.fields_height(), self.fields))
        height = MARGIN + sum(s.height for s in sections) + GAP * (len(sections) - 1) + MARGIN
        p = Painter(WIDTH, height, scale=self.scale, lang=self.lang, background=PAPER)
        y = float(MARGIN)
        for section in sections:
            section.draw(p, y)
            y += section.height + GAP
        return p.image

    # ------------------------------------------------------------ header

    def header(self, p: Painter, y: float) -> None:
        view = self.view
        p.text(MARGIN, y + 24, label("title", self.lang), 30, bold=True)
        x = MARGIN + p.text(MARGIN, y + 66, label("round", self.lang, n=view.round), 20, bold=True)
        if view.last_round and not view.finished:
            p.pill(x + 12, y + 66, label("last_round", self.lang), 16, fill=OLD_RED)
        if self.me is not None:
            mine = label("private", self.lang, name=self.names[self.me.id])
            colour = SEAT_COLOURS[self.me.seat % len(SEAT_COLOURS)]
            p.pill(MARGIN, y + 100, p.fit(mine, 15, 400, bold=True), 15, fill=colour)
        self.play_information(p, 470, y, 460, HEADER_H)
        self.stacks(p, 952, y)

    def play_information(self, p: Painter, x: float, y: float, w: float, h: float) -> None:
        """Whose turn it is, with the phase shown by background colour and mark."""
        view = self.view
        colour = PHASE_COLOUR[view.phase]
        if view.finished:
            p.round_rect(x, y, x + w, y + h, 14, INK)
        elif colour is None:
            self._mixed_box(p, x, y, w, h)
        else:
            p.round_rect(x, y, x + w, y + h, 14, PALETTE[colour].strong)
        cx, cy = x + 56, y + h / 2
        p.disc(cx, cy, 76, WHITE)
        mark_colour = INK if colour is None else PALETTE[colour].dark
        if view.finished:
            p.icon("aristocrats", cx, cy - 2, 44, INK)
        else:
            p.icon(view.phase, cx, cy, 44, mark_colour)
        left, room = x + 108, w - 124
        if view.finished:
            p.text(left, y + 40, label("game_over", self.lang), 24, bold=True, fill=WHITE)
            rounds = label("after_rounds", self.lang, n=view.round)
            p.text(left, y + 76, rounds, 18, fill=WHITE, max_width=room)
            return
        p.text(left, y + 30, PHASE_NAMES[view.phase][self.lang], 24, bold=True, fill=WHITE)
        actors = ", ".join(self.names[s] for s in view.to_act)
        turn = label("turn", self.lang, name=actors)
        p.text(left, y + 64, turn, 19, bold=True, fill=WHITE, max_width=room)
        n = len(view.players)
        passes = label("passes", self.lang, n=view.passes, of=n)
        p.text(left, y + 94, passes, 15, fill=WHITE, max_width=room)

    def _mixed_box(self, p: Painter, x: float, y: float, w: float, h: float) -> None:
        # The trading phase mixes the three colours, darkened so that white text stays legible.
        p.banded_round_rect(x, y, x + w, y + h, 14, [mix(c, INK, 0.25) for c in MIXED])

    def stacks(self, p: Painter, x: float, y: float) -> None:
        """Cards left in each stack, and the discard pile."""
        p.text(x, y + 10, label("cards_left", self.lang), 15, fill=INK_SOFT, bold=True)
        piles: list[tuple[str, int, str | None]] = [
            (stack, self.view.stack_counts.get(stack, 0), PHASE_COLOUR[stack]) for stack in STACKS
        ]
        for i, (stack, count, colour) in enumerate(piles):
            left = x + i * 84
            top, bottom = y + 26, y + HEADER_H
            if count == 0:
                p.round_rect(left, top, left + 74, bottom, 10, PANEL, outline=OLD_RED, width=3)
                ink = OLD_RED
            elif colour is None:
                p.banded_round_rect(left, top, left + 74, bottom, 10, MIXED)
                ink = WHITE
            else:
                p.round_rect(left, top, left + 74, bottom, 10, PALETTE[colour].strong)
                ink = WHITE
            p.icon(stack, left + 37, top + 24, 28, ink)
            p.text(left + 37, top + 62, str(count), 24, bold=True, fill=ink, align="centre")
        left = x + 4 * 84
        p.round_rect(left, y + 26, left + 74, y + HEADER_H, 10, PANEL, outline=PANEL_EDGE, width=2)
        p.text(left + 37, y + 50, label("discard", self.lang), 14, fill=INK_SOFT, align="centre")
        discarded = str(self.view.discard_count)
        p.text(left + 37, y + 88, discarded, 24, bold=True, fill=INK_SOFT, align="centre")

    # ------------------------------------------------------------ market

    def market_height(self) -> float:
        return 36 + CARD_H + (PRICE_H + 6 if self.me is not None else 0) + 16

    def market(self, p: Painter, y: float) -> None:
        h = self.market_height()
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + h, 14, PANEL)
        p.text(MARGIN + 16, y + 20, label("market", self.lang), 18, bold=True)
        if any(slot is not None and slot.old for slot in self.view.board):
            note = label("old_note", self.lang)
            p.text(WIDTH - MARGIN - 16, y + 20, note, 15, fill=INK_SOFT, align="right")
        gap = (INNER - 32 - SLOTS * CARD_W) / (SLOTS - 1)
        for i in range(SLOTS):
            x = MARGIN + 16 + i * (CARD_W + gap)
            top = y + 36
            # Each card stays in the space it was dealt to; a taken card leaves an empty space.
            slot = self.view.board[i] if i < len(self.view.board) else None
            if slot is not None:
                p.paste(card_tile(slot.card, slot.old, self.lang, self.scale), x, top)
                if self.me is not None:
                    self.price_tag(p, x, top + CARD_H + 6, "board", slot.card, slot.old)
            else:
                p.paste(empty_slot(self.lang, self.scale), x, top)

    def price_tag(self, p: Painter, x: float, y: float, source: str, card: str, old: bool) -> None:
        """What the card would cost the viewer now (from view.prices; no rules are computed)."""
        prices = self.prices.get((source, card, old), [])
        cy = y + PRICE_H / 2
        if not prices:
            p.round_rect(x, y, x + CARD_W, y + PRICE_H, 8, PANEL_EDGE)
            p.text(x + CARD_W / 2, cy, label("no_target", self.lang), 15, align="centre")
            return
        costs = sorted({price.cost for price in prices})
        text = f"₽ {costs[0]}" if len(costs) == 1 else f"₽ {costs[0]}–{costs[-1]}"
        if len(prices) == 1 and prices[0].target is not None:
            text += " ⇄ " + card_name(prices[0].target, self.lang)
        affordable = any(price.affordable for price in prices)
        fill, ink = (AFFORDABLE, WHITE) if affordable else (UNAFFORDABLE, WHITE)
        p.round_rect(x, y, x + CARD_W, y + PRICE_H, 8, fill)
        text = p.fit(text, 16, CARD_W - 12, bold=True)
        p.text(x + CARD_W / 2, cy, text, 16, bold=True, fill=ink, align="centre")

    # ------------------------------------------------------------ pending decision

    def pending_height(self) -> float:
        return 64

    def pending(self, p: Painter, y: float) -> None:
        pending = self.view.pending
        assert pending is not None
        who = self.names[self.view.players[pending.seat].id]
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + 64, 14, HIGHLIGHT, outline=PANEL_EDGE, width=2)
        if pending.kind == "pub":
            p.icon("buildings", MARGIN + 34, y + 32, 30, PALETTE["blue"].strong)
            p.text(MARGIN + 60, y + 32, label("pub", self.lang, name=who), 18, bold=True)
            return
        p.icon("buildings", MARGIN + 34, y + 32, 30, PALETTE["blue"].strong)
        x: float = MARGIN + 60
        x += p.text(x, y + 32, label("observatory", self.lang, name=who), 18, bold=True) + 14
        if pending.card is not None:
            chip = card_chip(pending.card, 1, False, self.lang, self.scale)
            p.paste(chip, x, y + 32 - CHIP_H / 2)
            x += chip.width / self.scale + 14
            if self.me is not None and self.me.seat == pending.seat:
                prices = self.prices.get(("drawn", pending.card, False), [])
                if prices:
                    cheapest = min(prices, key=lambda pr: pr.cost)
                    fill = AFFORDABLE if cheapest.affordable else UNAFFORDABLE
                    p.pill(x, y + 32, f"₽ {cheapest.cost}", 16, fill=fill)

    # ------------------------------------------------------------ the viewer's hand

    def hand_height(self) -> float:
        return 44 + CARD_H + 6 + PRICE_H + 16

    def hand(self, p: Painter, y: float) -> None:
        me = self.me
        assert me is not None and me.hand is not None
        h = self.hand_height()
        colour = SEAT_COLOURS[me.seat % len(SEAT_COLOURS)]
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + h, 14, PANEL, outline=colour, width=3)
        title = f"{label('your_hand', self.lang)}  {me.hand_size} / {me.hand_limit}"
        p.text(MARGIN + 16, y + 24, title, 18, bold=True)
        p.text(
            WIDTH - MARGIN - 16,
            y + 24,
            label("price_note", self.lang),
            15,
            fill=INK_SOFT,
            align="right",
        )
        left = MARGIN + 16
        # Money first: what the player can spend decides what the prices mean.
        p.text(left + 60, y + 70, label("your_money", self.lang), 16, bold=True, align="centre")
        p.coin(left + 60, y + 44 + CARD_H / 2 + 10, 96, str(me.money), size=38)
        x = left + 150
        if not me.hand:
            p.text(x, y + 44 + CARD_H / 2, label("no_hand", self.lang), 18, fill=INK_SOFT)
        for card in me.hand:
            p.paste(card_tile(card, False, self.lang, self.scale), x, y + 44)
            self.price_tag(p, x, y + 44 + CARD_H + 6, "hand", card, False)
            x += CARD_W + 14

    # ------------------------------------------------------------ player fields

    def field_columns(self) -> list[tuple[float, float]]:
        count = 1 if len(self.view.players) == 1 else 2
        return [(MARGIN + x, w) for x, w in columns(INNER, count, GAP)]

    def chips(self, player: PlayerView, width: float) -> list[list[tuple[Image.Image, float]]]:
        """The player's cards as chips grouped by colour, each colour starting a new row."""
        rows: list[list[tuple[Image.Image, float]]] = []
        counts = Counter(player.area)
        face_down = player.observatories_used
        for colour in COLOURS:
            images: list[Image.Image] = []
            for key in sorted(
                (k for k in counts if CARDS[k].colour == colour), key=ORDER.__getitem__
            ):
                count = counts[key]
                if key == "observatory" and face_down:
                    # Face-down Observatories score nothing this round: show them apart.
                    down = min(face_down, count)
                    if count > down:
                        images.append(card_chip(key, count - down, False, self.lang, self.scale))
                    images.append(card_chip(key, down, True, self.lang, self.scale))
                else:
                    images.append(card_chip(key, count, False, self.lang, self.scale))
            widths = [min(image.width / self.scale, width) for image in images]
            for row in flow(widths, width, CHIP_GAP):
                rows.append([(images[i], x) for i, x in row])
        return rows

    def field_height(self, player: PlayerView, width: float) -> float:
        rows = max(1, len(self.chips(player, width - 2 * FIELD_PAD)))
        return self.field_top + rows * (CHIP_H + CHIP_GAP) - CHIP_GAP + FIELD_PAD

    def _field_rows(self) -> list[tuple[list[PlayerView], float]]:
        cols = self.field_columns()
        players = list(self.view.players)
        rows = []
        for start in range(0, len(players), len(cols)):
            group = players[start : start + len(cols)]
            height = max(self.field_height(pl, w) for pl, (_, w) in zip(group, cols, strict=False))
            rows.append((group, height))
        return rows

    def fields_height(self) -> float:
        rows = self._field_rows()
        return sum(h for _, h in rows) + GAP * (len(rows) - 1)

    def fields(self, p: Painter, y: float) -> None:
        cols = self.field_columns()
        for group, height in self._field_rows():
            for player, (x, w) in zip(group, cols, strict=False):
                self.field(p, player, x, y, w, height)
            y += height + GAP

    def field(self, p: Painter, player: PlayerView, x: float, y: float, w: float, h: float) -> None:
        """One player: seat, name, points, money, hand, yields, start markers, cards."""
        colour = SEAT_COLOURS[player.seat % len(SEAT_COLOURS)]
        acting = player.id in self.view.to_act
        if acting:
            p.round_rect(x, y, x + w, y + h, 14, HIGHLIGHT, outline=colour, width=4)
        else:
            p.round_rect(x, y, x + w, y + h, 14, WHITE, outline=PANEL_EDGE, width=2)
        pad = FIELD_PAD
        p.disc(x + pad + 20, y + pad + 20, 40, colour)
        p.text(
            x + pad + 20,
            y + pad + 20,
            str(player.seat + 1),
            20,
            bold=True,
            fill=WHITE,
            align="centre",
        )
        stats_left = self.field_stats(p, player, x + w - pad, y + pad + 20)
        name_x = x + pad + 52
        room = stats_left - name_x - 12
        turn = label("to_act", self.lang) if acting else ""
        turn_w = p.measure(turn, 15, bold=True) + 18 if turn else 0
        name = p.fit(self.names[player.id], 22, room - turn_w - 10, bold=True)
        name_w = p.text(name_x, y + pad + 20, name, 22, bold=True)
        if turn:
            p.pill(name_x + name_w + 10, y + pad + 20, turn, 15, fill=colour)
        if not self.view.finished:
            self.yields(p, player, x + pad, y + 84, w - 2 * pad)
        rows = self.chips(player, w - 2 * pad)
        top = y + self.field_top
        if not rows:
            p.text(x + pad, top + CHIP_H / 2, label("no_cards", self.lang), 15, fill=INK_SOFT)
        for row in rows:
            for image, offset in row:
                p.paste(image, x + pad + offset, top)
            top += CHIP_H + CHIP_GAP

    def field_stats(self, p: Painter, player: PlayerView, right: float, cy: float) -> float:
        """Points, money (when visible) and hand size, right-aligned; returns their left edge."""
        x = right - 24
        points = str(player.points)
        p.shield(x, cy, 50, points, size=20 if len(points) < 3 else 16)
        x -= 34
        if player.money is not None:
            money = str(player.money)
            x -= 24
            p.coin(x, cy, 44, money, size=18 if len(money) < 3 else 15)
            x -= 28
        hand = f"{player.hand_size}/{player.hand_limit}"
        x -= p.measure(hand, 18, bold=True)
        p.text(x, cy, hand, 18, bold=True, fill=INK_SOFT)
        x -= 28
        p.icon("hand", x + 12, cy, 26, INK_SOFT)
        return x

    def yields(self, p: Painter, player: PlayerView, x: float, cy: float, width: float) -> None:
        """Income and points per colour at the next scorings; the start markers held."""
        p.text(x, cy, label("next_scoring", self.lang), 15, fill=INK_SOFT, bold=True)
        left = x + p.measure(label("next_scoring", self.lang), 15, bold=True) + 10
        by_phase = {y.phase: y for y in player.yields}
        for phase in PHASES[:3]:
            swatch = PALETTE[PHASE_COLOUR[phase] or "green"]
            result = by_phase.get(phase)
            money, points = (result.money, result.points) if result else (0, 0)
            p.round_rect(
                left,
                cy - 19,
                left + 124,
                cy + 19,
                10,
                swatch.tint,
                outline=swatch.strong,
                width=1.5,
            )
            p.icon(phase, left + 20, cy, 22, swatch.dark)
            p.coin(left + 56, cy, 32, str(money), size=16)
            p.shield(left + 96, cy, 34, str(points), size=16)
            left += 132
        markers = [m for m in PHASES if m in player.markers]
        if markers:
            right = x + width - len(markers) * 38 + 4
            p.text(
                right - 8,
                cy,
                label("starts", self.lang),
                15,
                fill=INK_SOFT,
                bold=True,
                align="right",
            )
            for i, phase in enumerate(markers):
                self.phase_token(p, phase, right + i * 38 + 17, cy, 34)

    def phase_token(self, p: Painter, phase: str, cx: float, cy: float, d: float) -> None:
        """A phase start-player marker: the phase mark on the phase colour."""
        colour = PHASE_COLOUR[phase]
        if colour is None:
            p.banded_disc(cx, cy, d, MIXED)
        else:
            p.disc(cx, cy, d, PALETTE[colour].strong)
        p.icon(phase, cx, cy, d * 0.56, WHITE)

    # ------------------------------------------------------------ final scores

    def scores_height(self) -> float:
        outcome = self.view.outcome
        assert outcome is not None
        return 64 + 44 * (len(outcome.standings) + 1) + 16

    def scores(self, p: Painter, y: float) -> None:
        outcome = self.view.outcome
        assert outcome is not None
        h = self.scores_height()
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + h, 14, WHITE, outline=PANEL_EDGE, width=2)
        title = label("score_attack" if outcome.solo else "final_scores", self.lang)
        p.text(MARGIN + 20, y + 32, title, 26, bold=True)
        if not outcome.solo:
            winners = ", ".join(self.names.get(seat, seat) for seat in outcome.winners)
            text = p.fit(label("winner", self.lang, name=winners), 20, 800, bold=True)
            p.text(WIDTH - MARGIN - 20, y + 32, text, 20, bold=True, align="right")
        heads = [
            "#",
            "col.player",
            "col.track",
            "col.aristocrats",
            "col.money_points",
            "col.hand",
            "col.total",
            "col.money",
        ]
        xs = [MARGIN + 44, MARGIN + 80, 640, 800, 960, 1080, 1200, 1330]
        top = y + 64
        for i, head in enumerate(heads):
            text = head if head == "#" else label(head, self.lang)
            align = "left" if i == 1 else ("centre" if i == 0 else "right")
            p.text(xs[i], top + 22, text, 15, bold=True, fill=INK_SOFT, align=align)
        seats = {pl.id: pl for pl in self.view.players}
        for row, standing in enumerate(outcome.standings):
            ry = top + 44 * (row + 1)
            player = seats.get(standing.seat)
            seat = player.seat if player is not None else row
            b = standing.breakdown
            if standing.rank == 1 and not outcome.solo:
                p.round_rect(MARGIN + 10, ry + 2, WIDTH - MARGIN - 10, ry + 42, 10, HIGHLIGHT)
                p.icon("aristocrats", MARGIN + 44, ry + 22, 26, (196, 140, 0))
            else:
                p.text(xs[0], ry + 22, str(standing.rank), 20, bold=True, align="centre")
            p.disc(xs[1] + 14, ry + 22, 28, SEAT_COLOURS[seat % len(SEAT_COLOURS)])
            p.text(xs[1] + 14, ry + 22, str(seat + 1), 15, bold=True, fill=WHITE, align="centre")
            name = p.fit(
                self.names.get(standing.seat, standing.seat), 20, xs[2] - xs[1] - 140, bold=True
            )
            p.text(xs[1] + 38, ry + 22, name, 20, bold=True)
            kinds = label("kinds", self.lang, n=b.get("aristocrat_kinds", 0))
            cells = [
                str(b.get("track", 0)),
                f"{b.get('aristocrats', 0)}  ({kinds})",
                str(b.get("money_points", 0)),
                str(b.get("hand_penalty", 0)).replace("-", "−"),
                str(standing.score),
                f"₽ {b.get('money', 0)}",
            ]
            for i, cell in enumerate(cells):
                bold = i == 4
                p.text(xs[i + 2], ry + 22, cell, 22 if bold else 18, bold=bold, align="right")
