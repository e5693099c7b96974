"""Sankt Petersburg board image: play information, market, private hand, player fields, final scores.

Laid out for a phone: 800 px wide, one player per row, no text under 20 px (10 px at 400 wide).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PIL import Image

from games.stpetersburg.data import CARDS, PHASE_COLOUR, PHASES, STACKS
from games.stpetersburg.models import PlayerView, Price, View
from render.kit import (
    AFFORDABLE,
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
    flow,
    mix,
    to_png,
)
from render.stpetersburg_cards import (
    MINI_W,
    PHASE_NAMES,
    SMALL,
    ZOOMED_CHIP_H,
    card_chip,
    card_name,
    label,
    mini_card,
    mini_empty,
    mini_height,
)
from render.text import drawable

WIDTH = 800
MARGIN = 16
INNER = WIDTH - 2 * MARGIN
GAP = 12
HEADER_H = 112
PRIVATE_H = 36
PLAY_H = 96
PRICE_H = 36
PRICE_LINE = 24  # a second line on a price tag
PANEL_PAD = 12
CARD_GAP = 10  # between compact cards, across and down
CARD_COLUMNS = 4
EMPTY_ROW_H = 64  # a market row with no card left keeps its spaces, but low
FIELD_PAD = 14
FIELD_TOP = 124  # name and yields rows of a player field, above the cards
FIELD_TOP_FINAL = 70  # after the game there are no more scorings or start players to show
CHIP_H = ZOOMED_CHIP_H
CHIP_GAP = 6
SLOTS = 8
COLOURS = ("green", "blue", "orange")
STANDING_H = 104
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
        if self.me is not None:
            sections.append(Section(PRIVATE_H, self.private))
        sections.append(Section(PLAY_H, self.play_information))
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
        p.text(MARGIN, y + 22, label("title", self.lang), 28, bold=True)
        x = MARGIN + p.text(MARGIN, y + 62, label("round", self.lang, n=view.round), 22, bold=True)
        if view.last_round and not view.finished:
            p.pill(x + 12, y + 62, label("last_round", self.lang), SMALL, fill=OLD_RED)
        self.stacks(p, WIDTH - MARGIN - 4 * 78 - 100, y)

    def private(self, p: Painter, y: float) -> None:
        assert self.me is not None
        colour = SEAT_COLOURS[self.me.seat % len(SEAT_COLOURS)]
        mine = label("private", self.lang, name=self.names[self.me.id])
        p.pill(
            MARGIN, y + PRIVATE_H / 2, p.fit(mine, SMALL, INNER - 30, bold=True), SMALL, fill=colour
        )

    def play_information(self, p: Painter, y: float) -> None:
        """Whose turn it is, with the phase shown by background colour and mark."""
        view = self.view
        x, w, h = MARGIN, INNER, PLAY_H
        colour = PHASE_COLOUR[view.phase]
        if view.finished:
            p.round_rect(x, y, x + w, y + h, 14, INK)
        elif colour is None:
            self._mixed_box(p, x, y, w, h)
        else:
            p.round_rect(x, y, x + w, y + h, 14, PALETTE[colour].strong)
        cx, cy = x + 50, y + h / 2
        p.disc(cx, cy, 70, WHITE)
        mark_colour = INK if colour is None else PALETTE[colour].dark
        if view.finished:
            p.icon("aristocrats", cx, cy - 2, 40, INK)
        else:
            p.icon(view.phase, cx, cy, 40, mark_colour)
        left, room = x + 100, w - 116
        if view.finished:
            p.text(left, y + 30, label("game_over", self.lang), 26, bold=True, fill=WHITE)
            rounds = label("after_rounds", self.lang, n=view.round)
            p.text(left, y + 66, rounds, 22, fill=WHITE, max_width=room)
            return
        phase_w = p.text(
            left, y + 28, PHASE_NAMES[view.phase][self.lang], 26, bold=True, fill=WHITE
        )
        passes = label("passes", self.lang, n=view.passes, of=len(view.players))
        p.text(
            x + w - 16,
            y + 28,
            passes,
            SMALL,
            fill=WHITE,
            align="right",
            max_width=room - phase_w - 16,
        )
        actors = ", ".join(self.names[s] for s in view.to_act)
        turn = label("turn", self.lang, name=actors)
        p.text(left, y + 66, turn, 22, bold=True, fill=WHITE, max_width=room)

    def _mixed_box(self, p: Painter, x: float, y: float, w: float, h: float) -> None:
        # The trading phase mixes the three colours, darkened so that white text stays legible.
        p.banded_round_rect(x, y, x + w, y + h, 14, [mix(c, INK, 0.25) for c in MIXED])

    def stacks(self, p: Painter, x: float, y: float) -> None:
        """Cards left in each stack, and the discard pile."""
        p.text(x, y + 12, label("cards_left", self.lang), SMALL, fill=INK_SOFT, bold=True)
        piles: list[tuple[str, int, str | None]] = [
            (stack, self.view.stack_counts.get(stack, 0), PHASE_COLOUR[stack]) for stack in STACKS
        ]
        top, bottom = y + 30, y + HEADER_H
        for i, (stack, count, colour) in enumerate(piles):
            left = x + i * 78
            if count == 0:
                p.round_rect(left, top, left + 72, bottom, 10, PANEL, outline=OLD_RED, width=3)
                ink = OLD_RED
            elif colour is None:
                p.banded_round_rect(left, top, left + 72, bottom, 10, MIXED)
                ink = WHITE
            else:
                p.round_rect(left, top, left + 72, bottom, 10, PALETTE[colour].strong)
                ink = WHITE
            p.icon(stack, left + 36, top + 22, 28, ink)
            p.text(left + 36, top + 58, str(count), 26, bold=True, fill=ink, align="centre")
        left = x + 4 * 78
        p.round_rect(left, top, left + 94, bottom, 10, PANEL, outline=PANEL_EDGE, width=2)
        discard = p.fit(label("discard", self.lang), SMALL, 88)
        p.text(left + 47, top + 20, discard, SMALL, fill=INK_SOFT, align="centre")
        discarded = str(self.view.discard_count)
        p.text(left + 47, top + 58, discarded, 26, bold=True, fill=INK_SOFT, align="centre")

    # ------------------------------------------------------------ market

    def card_rows(
        self, cards: list[tuple[str, bool] | None], source: str | None
    ) -> list[tuple[float, float]]:
        """Each row of compact cards: the cards' height and the price tags' (0 without prices).

        An empty space takes its row's height; a tag gets a second line when a trade's target
        does not fit beside the price.
        """
        rows = []
        for start in range(0, len(cards), CARD_COLUMNS):
            row = [c for c in cards[start : start + CARD_COLUMNS] if c is not None]
            height = max((mini_height(k, old, self.lang) for k, old in row), default=EMPTY_ROW_H)
            tag = 0.0
            if source is not None and row:  # a row of empty spaces has no prices
                lines = max((len(self.price_lines(source, k, old)) for k, old in row), default=1)
                tag = PRICE_H + (lines - 1) * PRICE_LINE + 6
            rows.append((height, tag))
        return rows

    def grid_height(self, cards: list[tuple[str, bool] | None], source: str | None) -> float:
        rows = self.card_rows(cards, source)
        return sum(h + tag for h, tag in rows) + CARD_GAP * (len(rows) - 1)

    def card_grid(
        self,
        p: Painter,
        y: float,
        cards: list[tuple[str, bool] | None],
        source: str | None,
    ) -> None:
        """Compact cards in rows of four; with a source, each card's price for the viewer below."""
        gap = (INNER - 2 * PANEL_PAD - CARD_COLUMNS * MINI_W) / (CARD_COLUMNS - 1)
        for row, (height, tag) in enumerate(self.card_rows(cards, source)):
            for column in range(CARD_COLUMNS):
                index = row * CARD_COLUMNS + column
                if index >= len(cards):
                    break
                x = MARGIN + PANEL_PAD + column * (MINI_W + gap)
                card = cards[index]
                if card is None:
                    p.paste(mini_empty(self.lang, self.scale, height), x, y)
                    continue
                key, old = card
                p.paste(mini_card(key, old, self.lang, self.scale, height), x, y)
                if source is not None:
                    self.price_tag(p, x, y + height + 6, tag - 6, source, key, old)
            y += height + tag + CARD_GAP

    def market_cards(self) -> list[tuple[str, bool] | None]:
        # Each card stays in the space it was dealt to; a taken card leaves an empty space.
        board = list(self.view.board) + [None] * (SLOTS - len(self.view.board))
        return [(slot.card, slot.old) if slot is not None else None for slot in board[:SLOTS]]

    def old_note(self, p: Painter) -> list[str]:
        if not any(slot is not None and slot.old for slot in self.view.board):
            return []
        return p.wrap(label("old_note", self.lang), SMALL, INNER - 2 * PANEL_PAD)

    def market_height(self) -> float:
        measure = Painter(1, 1, lang=self.lang)
        lines = len(self.old_note(measure))
        notes = lines * (SMALL * 1.25 + 2) + (6 if lines else 0)
        source = "board" if self.me is not None else None
        grid = self.grid_height(self.market_cards(), source)
        return 44 + notes + grid + PANEL_PAD

    def market(self, p: Painter, y: float) -> None:
        h = self.market_height()
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + h, 14, PANEL)
        p.text(MARGIN + PANEL_PAD, y + 22, label("market", self.lang), 24, bold=True)
        top = y + 44
        notes = self.old_note(p)
        for line in notes:
            top += 2
            p.text(MARGIN + PANEL_PAD, top + SMALL * 0.6, line, SMALL, fill=INK_SOFT)
            top += SMALL * 1.25
        top += 6 if notes else 0
        source = "board" if self.me is not None else None
        self.card_grid(p, top, self.market_cards(), source)

    def price_lines(self, source: str, card: str, old: bool) -> list[str]:
        """A card's price tag text for the viewer: one line, or two when a trade's target is long."""
        prices = self.prices.get((source, card, old), [])
        if not prices:
            return [label("no_target", self.lang)]
        costs = sorted({price.cost for price in prices})
        text = f"₽ {costs[0]}" if len(costs) == 1 else f"₽ {costs[0]}–{costs[-1]}"
        if len(prices) != 1 or prices[0].target is None:
            return [text]
        target = "⇄ " + card_name(prices[0].target, self.lang)
        measure = Painter(1, 1, lang=self.lang)
        if measure.measure(f"{text} {target}", SMALL, bold=True) <= MINI_W - 12:
            return [f"{text} {target}"]
        return [text, target]

    def price_tag(
        self, p: Painter, x: float, y: float, h: float, source: str, card: str, old: bool
    ) -> None:
        """What the card would cost the viewer now (from view.prices; no rules are computed)."""
        prices = self.prices.get((source, card, old), [])
        affordable = any(price.affordable for price in prices)
        fill = PANEL_EDGE if not prices else (AFFORDABLE if affordable else UNAFFORDABLE)
        ink = INK if not prices else WHITE
        p.round_rect(x, y, x + MINI_W, y + h, 8, fill)
        lines = self.price_lines(source, card, old)
        top = y + h / 2 - (len(lines) - 1) * PRICE_LINE / 2
        for i, line in enumerate(lines):
            text = p.fit(line, SMALL, MINI_W - 10, bold=True)
            p.text(
                x + MINI_W / 2,
                top + i * PRICE_LINE,
                text,
                SMALL,
                bold=True,
                fill=ink,
                align="centre",
            )

    # ------------------------------------------------------------ pending decision

    def pending_lines(self, p: Painter) -> list[str]:
        pending = self.view.pending
        assert pending is not None
        who = self.names[self.view.players[pending.seat].id]
        kind = "pub" if pending.kind == "pub" else "observatory"
        return p.wrap(label(kind, self.lang, name=who), 22, INNER - 76, bold=True)

    def pending_height(self) -> float:
        pending = self.view.pending
        assert pending is not None
        lines = len(self.pending_lines(Painter(1, 1, lang=self.lang)))
        drawn = CHIP_H + 12 if pending.kind != "pub" and pending.card is not None else 0
        return 28 + lines * 28 + drawn

    def pending(self, p: Painter, y: float) -> None:
        pending = self.view.pending
        assert pending is not None
        h = self.pending_height()
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + h, 14, HIGHLIGHT, outline=PANEL_EDGE, width=2)
        p.icon("buildings", MARGIN + 32, y + 28, 30, PALETTE["blue"].strong)
        top = y + 28
        for line in self.pending_lines(p):
            p.text(MARGIN + 60, top, line, 22, bold=True)
            top += 28
        if pending.kind == "pub" or pending.card is None:
            return
        x: float = MARGIN + 60
        cy = top - 14 + 6 + CHIP_H / 2
        chip = card_chip(pending.card, 1, False, self.lang, self.scale)
        p.paste(chip, x, cy - CHIP_H / 2)
        x += chip.width / self.scale + 14
        if self.me is not None and self.me.seat == pending.seat:
            prices = self.prices.get(("drawn", pending.card, False), [])
            if prices:
                cheapest = min(prices, key=lambda pr: pr.cost)
                fill = AFFORDABLE if cheapest.affordable else UNAFFORDABLE
                p.pill(x, cy, f"₽ {cheapest.cost}", SMALL, fill=fill)

    # ------------------------------------------------------------ the viewer's hand

    def hand_cards(self) -> list[tuple[str, bool] | None]:
        assert self.me is not None and self.me.hand is not None
        return [(card, False) for card in self.me.hand]

    def price_note(self, p: Painter) -> list[str]:
        return p.wrap(label("price_note", self.lang), SMALL, INNER - 2 * PANEL_PAD)

    def hand_height(self) -> float:
        notes = len(self.price_note(Painter(1, 1, lang=self.lang))) * SMALL * 1.25
        cards = self.hand_cards()
        grid = self.grid_height(cards, "hand") if cards else 40
        return 64 + notes + 8 + grid + PANEL_PAD

    def hand(self, p: Painter, y: float) -> None:
        me = self.me
        assert me is not None and me.hand is not None
        h = self.hand_height()
        colour = SEAT_COLOURS[me.seat % len(SEAT_COLOURS)]
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + h, 14, PANEL, outline=colour, width=3)
        title = f"{label('your_hand', self.lang)}  {me.hand_size} / {me.hand_limit}"
        p.text(MARGIN + PANEL_PAD + 4, y + 32, title, 24, bold=True)
        # Money beside the hand: what the player can spend decides what the prices mean.
        right = WIDTH - MARGIN - PANEL_PAD - 4
        money = str(me.money)
        p.coin(right - 28, y + 32, 56, money, size=24 if len(money) < 4 else SMALL)
        p.text(right - 66, y + 32, label("your_money", self.lang), 22, bold=True, align="right")
        top = y + 64
        for line in self.price_note(p):
            p.text(MARGIN + PANEL_PAD + 4, top + SMALL * 0.6, line, SMALL, fill=INK_SOFT)
            top += SMALL * 1.25
        top += 8
        if not me.hand:
            p.text(MARGIN + PANEL_PAD + 4, top + 20, label("no_hand", self.lang), 22, fill=INK_SOFT)
            return
        self.card_grid(p, top, self.hand_cards(), "hand")

    # ------------------------------------------------------------ player fields

    def chips(self, player: PlayerView, width: float) -> list[list[tuple[Image.Image, float]]]:
        """The player's cards as chips in colour order, packed into rows (the tint tells colours
        apart, and a new row per colour would make the image too tall for a phone)."""
        counts = Counter(player.area)
        face_down = player.observatories_used
        images: list[Image.Image] = []
        for colour in COLOURS:
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
        return [[(images[i], x) for i, x in row] for row in flow(widths, width, CHIP_GAP)]

    def field_width(self) -> float:
        """One player per row, the full width: a phone screen has no room for two columns."""
        return INNER

    def field_height(self, player: PlayerView) -> float:
        rows = max(1, len(self.chips(player, self.field_width() - 2 * FIELD_PAD)))
        return self.field_top + rows * (CHIP_H + CHIP_GAP) - CHIP_GAP + FIELD_PAD

    def fields_height(self) -> float:
        heights = [self.field_height(player) for player in self.view.players]
        return sum(heights) + GAP * (len(heights) - 1)

    def fields(self, p: Painter, y: float) -> None:
        for player in self.view.players:
            height = self.field_height(player)
            self.field(p, player, MARGIN, y, self.field_width(), height)
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
        cy = y + pad + 24
        p.disc(x + pad + 22, cy, 44, colour)
        p.text(x + pad + 22, cy, str(player.seat + 1), 22, bold=True, fill=WHITE, align="centre")
        stats_left = self.field_stats(p, player, x + w - pad, cy)
        name_x = x + pad + 56
        room = stats_left - name_x - 12
        turn = label("to_act", self.lang) if acting else ""
        turn_w = p.measure(turn, SMALL, bold=True) + 2 * SMALL * 0.6 if turn else 0
        # A long name steps down to the smallest size before it is cut.
        name, space = self.names[player.id], room - turn_w - 10
        size = next((s for s in (24, 22) if p.measure(name, s, bold=True) <= space), SMALL)
        name_w = p.text(name_x, cy, p.fit(name, size, space, bold=True), size, bold=True)
        if turn:
            p.pill(name_x + name_w + 10, cy, turn, SMALL, fill=colour)
        if not self.view.finished:
            self.yields(p, player, x + pad, y + 94, w - 2 * pad)
        rows = self.chips(player, w - 2 * pad)
        top = y + self.field_top
        if not rows:
            p.text(x + pad, top + CHIP_H / 2, label("no_cards", self.lang), SMALL, fill=INK_SOFT)
        for row in rows:
            for image, offset in row:
                p.paste(image, x + pad + offset, top)
            top += CHIP_H + CHIP_GAP

    def field_stats(self, p: Painter, player: PlayerView, right: float, cy: float) -> float:
        """Points, money (when visible) and hand size, right-aligned; returns their left edge."""
        x = right - 26
        points = str(player.points)
        p.shield(x, cy, 56, points, size=22 if len(points) < 3 else SMALL)
        x -= 36
        if player.money is not None:
            money = str(player.money)
            x -= 26
            p.coin(x, cy, 52, money, size=22 if len(money) < 3 else SMALL)
            x -= 30
        hand = f"{player.hand_size}/{player.hand_limit}"
        x -= p.measure(hand, 22, bold=True)
        p.text(x, cy, hand, 22, bold=True, fill=INK_SOFT)
        x -= 32
        p.icon("hand", x + 14, cy, 28, INK_SOFT)
        return x

    def yields(self, p: Painter, player: PlayerView, x: float, cy: float, width: float) -> None:
        """Income and points per colour at the next scorings; the start markers held."""
        heading = label("next_scoring", self.lang)
        p.text(x, cy, heading, SMALL, fill=INK_SOFT, bold=True)
        left = x + p.measure(heading, SMALL, bold=True) + 10
        by_phase = {y.phase: y for y in player.yields}
        for phase in PHASES[:3]:
            swatch = PALETTE[PHASE_COLOUR[phase] or "green"]
            result = by_phase.get(phase)
            money, points = (result.money, result.points) if result else (0, 0)
            p.round_rect(
                left,
                cy - 21,
                left + 128,
                cy + 21,
                10,
                swatch.tint,
                outline=swatch.strong,
                width=1.5,
            )
            p.icon(phase, left + 20, cy, 22, swatch.dark)
            p.coin(left + 58, cy, 36, str(money), size=SMALL if money < 100 else 16)
            p.shield(left + 100, cy, 40, str(points), size=SMALL if points < 100 else 16)
            left += 134
        markers = [m for m in PHASES if m in player.markers]
        if markers:
            right = x + width - len(markers) * 40 + 4
            starts = label("starts", self.lang)
            if right - 8 - p.measure(starts, SMALL, bold=True) > left:
                p.text(right - 8, cy, starts, SMALL, fill=INK_SOFT, bold=True, align="right")
            for i, phase in enumerate(markers):
                self.phase_token(p, phase, right + i * 40 + 18, cy, 36)

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
        winner = 0 if outcome.solo else 36
        return 60 + winner + STANDING_H * len(outcome.standings) + 8

    def scores(self, p: Painter, y: float) -> None:
        """One block per player: rank, name and total, then the parts of the total below."""
        outcome = self.view.outcome
        assert outcome is not None
        h = self.scores_height()
        p.round_rect(MARGIN, y, WIDTH - MARGIN, y + h, 14, WHITE, outline=PANEL_EDGE, width=2)
        title = label("score_attack" if outcome.solo else "final_scores", self.lang)
        p.text(MARGIN + 16, y + 30, title, 28, bold=True)
        top = y + 60
        if not outcome.solo:
            winners = ", ".join(self.names.get(seat, seat) for seat in outcome.winners)
            text = label("winner", self.lang, name=winners)
            p.text(MARGIN + 16, top + 10, text, 22, bold=True, max_width=INNER - 32)
            top += 36
        heads = ("col.track", "col.aristocrats", "col.money_points", "col.hand", "col.money")
        cell_w = (INNER - 2 * 16 - 40) / len(heads)
        seats = {pl.id: pl for pl in self.view.players}
        for row, standing in enumerate(outcome.standings):
            ry = top + STANDING_H * row
            player = seats.get(standing.seat)
            seat = player.seat if player is not None else row
            b = standing.breakdown
            if standing.rank == 1 and not outcome.solo:
                p.round_rect(
                    MARGIN + 8, ry + 2, WIDTH - MARGIN - 8, ry + STANDING_H - 4, 10, HIGHLIGHT
                )
                p.icon("aristocrats", MARGIN + 34, ry + 26, 28, (196, 140, 0))
            else:
                p.text(MARGIN + 34, ry + 26, str(standing.rank), 24, bold=True, align="centre")
            p.disc(MARGIN + 74, ry + 26, 34, SEAT_COLOURS[seat % len(SEAT_COLOURS)])
            p.text(
                MARGIN + 74, ry + 26, str(seat + 1), SMALL, bold=True, fill=WHITE, align="centre"
            )
            total = str(standing.score)
            total_w = p.text(WIDTH - MARGIN - 20, ry + 26, total, 30, bold=True, align="right")
            name = self.names.get(standing.seat, standing.seat)
            room = INNER - 100 - total_w - 40
            p.text(MARGIN + 100, ry + 26, name, 24, bold=True, max_width=room)
            kinds = label("kinds", self.lang, n=b.get("aristocrat_kinds", 0))
            cells = (
                str(b.get("track", 0)),
                f"{b.get('aristocrats', 0)} ({kinds})",
                str(b.get("money_points", 0)),
                str(b.get("hand_penalty", 0)).replace("-", "−"),
                f"₽ {b.get('money', 0)}",
            )
            for i, (head, cell) in enumerate(zip(heads, cells, strict=True)):
                cx = MARGIN + 56 + i * cell_w
                text = p.fit(label(head, self.lang), SMALL, cell_w - 8)
                p.text(cx, ry + 58, text, SMALL, fill=INK_SOFT)
                p.text(cx, ry + 84, p.fit(cell, 22, cell_w - 8), 22)
