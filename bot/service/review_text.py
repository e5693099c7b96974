"""A finished review as a player reads it: the chart, their costliest decisions in plain words,
and what they saw at each. Shared by the Discord adapter and the console."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.service.i18n import t
from bot.service.review import Reviewed
from games.base import ScoreChart
from games.review import Verdict

COSTLIEST = 3  # decisions shown to a player


def seat_of(reviewed: Reviewed, user: str) -> str | None:
    """The seat the user played (or played until an AI took it over), if any."""
    for seat in reviewed.replayed.record.seats:
        if user in (seat.user, seat.replaced_user):
            return seat.seat
    return None


def chart(reviewed: Reviewed) -> tuple[ScoreChart, tuple[str, ...]]:
    """The win-chance chart and the seats in order (their colours follow the board's)."""
    seats = reviewed.replayed.seats
    return reviewed.review.chart(seats), seats


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the player's costliest decisions: the verdict and what the player saw then."""

    number: int  # 1 for the costliest
    verdict: Verdict
    view: Any  # the seat's own view before the move (a finished game: theirs to see again)


def costliest(reviewed: Reviewed, seat: str | None) -> list[Decision]:
    if seat is None:
        return []
    game = reviewed.replayed.game
    states = reviewed.replayed.states
    return [
        Decision(number, verdict, game.view(states[verdict.seq - 1], seat))
        for number, verdict in enumerate(reviewed.review.costliest(seat, COSTLIEST), start=1)
    ]


def _percent(value: float) -> str:
    return f"{100 * value:.0f}"


def decision_lines(reviewed: Reviewed, decision: Decision, lang: str) -> list[str]:
    """A decision in plain words, and the evidence for it."""
    game = reviewed.replayed.game
    verdict = decision.verdict
    made = game.format(game.parse(verdict.made), lang=lang)
    preferred = game.format(game.parse(verdict.preferred), lang=lang)
    gap = verdict.points_gap
    points = t("review.points", lang, points=f"{gap:.1f}") if gap >= 0.05 else ""
    return [
        t(
            "review.decision",
            lang,
            n=decision.number,
            move=verdict.seq,
            made=made,
            preferred=preferred,
            win=_percent(verdict.win_gap),
            points=points,
        ),
        t(
            "review.evidence",
            lang,
            made_win=_percent(verdict.win_made),
            preferred_win=_percent(verdict.win_preferred),
            preferred=preferred,
            error=_percent(verdict.error),
            worlds=verdict.worlds,
        ),
    ]


def answer_lines(reviewed: Reviewed, seat: str | None, lang: str) -> list[str]:
    """The private answer's text for the player of `seat` (None: not a player here)."""
    game = reviewed.replayed.game
    lines = [t("review.title", lang, game=game.names.get(lang, game.names["en"]))]
    if seat is None:
        return [*lines, t("review.not_player", lang)]
    decisions = costliest(reviewed, seat)
    if not decisions:
        return [*lines, t("review.none_costly", lang)]
    lines.append(t("review.costliest", lang))
    for decision in decisions:
        lines.extend(decision_lines(reviewed, decision, lang))
    return lines
