"""Whom a board pings and which stretch of the move log it tells, read from the log alone.

The rule: a member is pinged when a decision becomes theirs that they were not already pinged
for. A seat owes a decision from the version it joined the seats to act until it leaves them, or
until other seats join them: that opens a new step, in which everyone to act owes a new decision
(the last chooser of a simultaneous step, who owes the next step too, is pinged for it with the
others, as they may have put the phone down after choosing). Its own moves that leave it to act
alone or while others only leave (a Pub decision, the first of two placements, others' secret
choices) do not end it. So a simultaneous step (several seats owe a choice) is one board, posted
when the step opens and pinging each member owing a choice once; each choice edits that board in
place, and a member who simply continues has their board edited, pinging nobody. Every move
record keeps the seats that could act before it (`acting`), so all of this is worked out from
the log, the same in every process and after a restart.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from bot.service.store import MoveRecord


@dataclass(frozen=True, slots=True)
class BoardPlan:
    """What the board owed at the latest version is: a new message pinging `ping` (seat names),
    or an edit of the latest board (`edit`); its story is the moves after version `after`."""

    ping: tuple[str, ...]
    edit: bool
    after: int


class Stretches:
    """The seats to act at every version of a table, and since when each has been."""

    def __init__(
        self,
        moves: Sequence[MoveRecord],
        acting_now: Collection[str],
        turns: Mapping[int, str | None] | None = None,
    ) -> None:
        # acting[v]: the seats to act at version v (before move v + 1; now for the last).
        self.moves = list(moves)
        self.acting = [frozenset(m.acting) for m in self.moves] + [frozenset(acting_now)]
        # since[v]: for each seat to act at version v, the version its decision began at. A seat
        # whose turn it still is (`Game.turn_of`, version -> seat) keeps its decision while an
        # AI decides something inside that turn at once (placing the building it resolved); a
        # member deciding there may take hours, so the turn's owner is pinged again after.
        self.since: list[dict[str, int]] = []
        turns = turns or {}
        alive: dict[str, int] = {}
        for version, seats in enumerate(self.acting):
            # A seat joining opens a new step: every seat to act in it begins a new decision.
            opened = any(seat not in alive for seat in seats)
            current = {seat: version if opened else alive.get(seat, version) for seat in seats}
            self.since.append(current)
            turn = turns.get(version)
            answered = version < len(self.moves) and self.moves[version].by == "ai"
            kept = {turn: alive[turn]} if turn in alive and turn not in seats and answered else {}
            alive = {**kept, **current}
        # Versions a board was shown at: those a member or the bot moved from, and now.
        self.shown = [v for v, m in enumerate(self.moves) if m.by != "ai"] + [len(self.moves)]

    @property
    def now(self) -> int:
        return len(self.acting) - 1

    def newly_owing(self, version: int, humans: Collection[str], posted: int) -> list[str]:
        """The human seats to act at `version` that began owing their decision after the board
        of version `posted` (-1: none) was shown: the ones a board at `version` must ping."""
        owing = self.since[version]
        return sorted(seat for seat in owing if seat in humans and owing[seat] > posted)

    def last_turn(self, seat: str, version: int) -> int:
        """The seq of `seat`'s last move before the run of moves it is making at `version` (0:
        none): a seat that moved and is still to act is in the middle of its turn."""
        run = version
        while run > 0 and self.moves[run - 1].seat == seat:
            run -= 1
        return next((m.seq for m in reversed(self.moves[:run]) if m.seat == seat), 0)

    def last_shown(self, seat: str, before: int) -> int:
        """The latest version before `before` whose board asked `seat` to act (-1: none): its
        reader has been shown the story up to there."""
        return next((v for v in reversed(self.shown) if v < before and seat in self.acting[v]), -1)

    def story_start(self, version: int, humans: Collection[str], posted: int) -> int:
        """Where a new board at `version` begins its story: after what the members it asks to
        act already know (their own last turn, or the last board that asked them to act), so
        that no line is told to one of them twice; and never after the board before it
        (`posted`), so nothing since is skipped. With several readers, the one who knows most
        sets the start: the others find anything older on the boards just above."""
        readers = [seat for seat in self.acting[version] if seat in humans]
        known = [
            max(self.last_turn(seat, version), self.last_shown(seat, version)) for seat in readers
        ]
        return min(posted, max(known)) if known else posted

    def plan(self, humans: Collection[str], posted: int | None, finished: bool) -> BoardPlan:
        """The board owed now, given the version of the latest board posted (None: none yet)."""
        last = -1 if posted is None else posted
        ping = self.newly_owing(self.now, humans, last)
        readers = [seat for seat in self.acting[self.now] if seat in humans]
        if posted is None or finished or ping or not readers:
            return BoardPlan(tuple(ping), False, self.story_start(self.now, humans, last))
        return BoardPlan((), True, self.opening(humans, posted))

    def opening(self, humans: Collection[str], posted: int) -> int:
        """Where the story of the board shown at `posted` began: the board is followed back
        through the versions it was shown at while no one new had to be pinged."""
        opened, before = -1, -1
        previous = -1
        for version in (v for v in self.shown if v <= posted):
            readers = [seat for seat in self.acting[version] if seat in humans]
            if previous < 0 or not readers or self.newly_owing(version, humans, previous):
                opened, before = version, previous
            previous = version
        return -1 if opened < 0 else self.story_start(opened, humans, before)
