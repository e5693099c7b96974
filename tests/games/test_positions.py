"""Positions as text: round trips and checks over seeded random games, and what `from_position`
refuses (a misspelt part, an unknown card, a duplicated card, a count out of range)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import games
from games.base import InvalidPosition
from games.stpetersburg.data import CARDS, card_key
from tests.games.test_conformance import random_game

GAMES = ("stpetersburg", "catherine", "catan", "venedig")
# Seeds per seat count: Catan's 6-seat games run to a thousand moves, so it plays fewer.
SEEDS = {"stpetersburg": 2, "catherine": 3, "catan": 1, "venedig": 1}


def seat_counts(game_id: str) -> list[tuple[str, int]]:
    game = games.get(game_id)
    return [(game_id, n) for n in range(game.min_players, game.max_players + 1)]


@pytest.mark.parametrize(
    ("game_id", "players"), [pair for game_id in GAMES for pair in seat_counts(game_id)]
)
def test_every_position_round_trips_and_passes_its_checks(game_id, players):
    game = games.get(game_id)
    positions = 0
    for seed in range(SEEDS[game_id]):
        for state, _, _ in random_game(game, players, seed):
            assert game.check(state) == []
            text = game.position_text(state)
            assert "\n" not in text and text.startswith(f"{game_id}/1; ")
            assert game.from_position(text) == state.model_copy(update={"events": ()})
            positions += 1
    assert positions > 20 * SEEDS[game_id]


def mid_game(game_id: str, players: int = 2, moves: int = 30, seed: int = 5):
    game = games.get(game_id)
    for index, (state, _, _) in enumerate(random_game(game, players, seed=seed)):
        if index == moves:
            return state
    raise AssertionError("the game ended early")


def part(text: str, name: str) -> str:
    found = re.search(rf"; {re.escape(name)}=([^;]*)", text)
    assert found is not None, name
    return found.group(1)


def with_part(text: str, name: str, value: str, *, rename: str | None = None) -> str:
    old = f"; {name}={part(text, name)}"
    assert text.count(old) == 1
    return text.replace(old, f"; {rename or name}={value}")


# game -> (a part holding cards, an unknown card, a card of the game, a count part, a value
# out of its range)
CASES = {
    "stpetersburg": ("1.hand", "Lumberjak", "workers", "round", "100"),
    "catherine": ("1.hand", "W99", "deck", "1.favour", "99"),
    "catan": ("1.hand", "clai", "draw", "1.roads", "99"),
    "venedig": ("1.hand", "Casaa", "deck", "1.pos", "999"),
}


def text_of(game_id: str) -> str:
    return games.get(game_id).position_text(mid_game(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_misspelt_part_is_refused_naming_it(game_id):
    game = games.get(game_id)
    text = text_of(game_id)
    hand = CASES[game_id][0]
    misspelt = with_part(text, hand, part(text, hand), rename="1.hnd")
    with pytest.raises(InvalidPosition, match=r"^1\.hnd: unknown part \(did you mean '1\.hand'"):
        game.from_position(misspelt)
    added = text + "; colour=blue"
    with pytest.raises(InvalidPosition, match=r"^colour: unknown part"):
        game.from_position(added)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_card_is_refused_naming_the_part(game_id):
    game = games.get(game_id)
    text = text_of(game_id)
    hand, unknown = CASES[game_id][:2]
    broken = with_part(text, hand, ",".join(filter(None, [unknown, part(text, hand)])))
    with pytest.raises(InvalidPosition, match=rf"^{re.escape(hand)}: unknown .*'{unknown}'"):
        game.from_position(broken)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_duplicated_card_is_refused_naming_the_part(game_id):
    game = games.get(game_id)
    text = text_of(game_id)
    hand, _, pile = CASES[game_id][:3]
    # The top card of a pile, written once more in a hand: one copy too many of it.
    top = part(text, pile).split(",")[0].split("*")[0]
    broken = with_part(text, hand, ",".join(filter(None, [top, part(text, hand)])))
    # Named by the part where the copies went over what exists (reading order).
    with pytest.raises(InvalidPosition, match=rf"^[\w.]+: duplicated {re.escape(top)}: more than"):
        game.from_position(broken)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_count_out_of_range_is_refused_naming_the_part(game_id):
    game = games.get(game_id)
    text = text_of(game_id)
    _, _, _, count, value = CASES[game_id]
    with pytest.raises(InvalidPosition, match=rf"^{re.escape(count)}: {value} is out of range"):
        game.from_position(with_part(text, count, value))
    with pytest.raises(InvalidPosition, match=rf"^{re.escape(count)}: 'x' is not a number"):
        game.from_position(with_part(text, count, "x"))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_text_whose_state_fails_a_check_is_refused_naming_the_violation(game_id):
    game = games.get(game_id)
    text = text_of(game_id)
    pile = CASES[game_id][2]
    cards = part(text, pile).split(",")
    # The top card of the pile taken away: one card of the game is nowhere.
    first, _, run = cards[0].partition("*")
    cards[0] = f"{first}*{int(run) - 1}" if run and int(run) > 2 else first if run else ""
    broken = with_part(text, pile, ",".join(filter(None, cards)))
    with pytest.raises(InvalidPosition, match=r"^the position fails a check: \w+ conserved"):
        game.from_position(broken)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tag_names_game_and_version(game_id):
    game = games.get(game_id)
    text = text_of(game_id)
    with pytest.raises(InvalidPosition, match=rf"^tag: expected '{game_id}/1'"):
        game.from_position(text.replace(f"{game_id}/1", f"{game_id}/0", 1))
    with pytest.raises(InvalidPosition, match=r"^seats: this part is given twice"):
        game.from_position(text + "; seats=a,b")


def test_seat_names_with_separators_are_quoted_and_read_back():
    game = games.get("stpetersburg")
    state = game.new(["Anne; B=1", "Bo, the *2nd*", " 花子"], seed=3)
    text = game.position_text(state)
    assert 'seats="Anne; B=1","Bo, the *2nd*"," 花子"' in text
    assert game.from_position(text) == state.model_copy(update={"events": ()})


def test_a_position_reads_card_names_in_japanese_and_any_case():
    game = games.get("stpetersburg")
    state = mid_game("stpetersburg")
    text = game.position_text(state)
    first, star, run = part(text, "workers").partition(",")[0].partition("*")
    rest = part(text, "workers").partition(",")[2]
    key = card_key(first)
    assert key is not None
    japanese = f"{CARDS[key].ja}{star}{run}"
    edited = with_part(text, "workers", ",".join(filter(None, [japanese, rest.upper()])))
    assert edited != text
    assert game.from_position(edited) == state.model_copy(update={"events": ()})


# Public fields that the views leave out and the samplers do not restore (not secrets: whose
# action step a Pub decision interrupts), copied into each sample before comparing.
NOT_IN_VIEW = {"stpetersburg": ("turn",), "catherine": (), "catan": (), "venedig": ()}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_text_tells_no_secret(game_id):
    """A seat's view text is the same for every state its view cannot tell apart: the game's
    sampler redraws everything hidden from that seat (stacks, others' hands, secret money...)."""
    game = games.get(game_id)
    rng = random.Random(7)
    compared = 0
    for players in range(max(2, game.min_players), game.max_players + 1):
        for index, (state, _, _) in enumerate(random_game(game, players, seed=players)):
            if index % 7:
                continue
            seat = game.players(state)[index % players]
            sample = game.sample_state(game.view(state, seat), seat, rng)
            assert sample is not None
            public = {name: getattr(state, name) for name in NOT_IN_VIEW[game_id]}
            sample = sample.model_copy(update=public)
            assert game.view_text(sample, seat) == game.view_text(state, seat)
            assert game.view_text(sample, None) == game.view_text(state, None)
            compared += 1
    assert compared > 20


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_text_shows_the_viewers_own_secrets_and_hides_the_stacks(game_id):
    game = games.get(game_id)
    state = mid_game(game_id, players=3)
    own = game.view_text(state, game.players(state)[0])
    spectator = game.view_text(state, None)
    assert own.startswith(f"{game_id}/1 view; viewer=1; ")
    assert spectator.startswith(f"{game_id}/1 view; viewer=-; ")
    assert "rng=" not in own and "#" in spectator
    assert (
        part(own, "1.hand")
        == part(game.position_text(state), "1.hand")
        != part(spectator, "1.hand")
    )
    assert part(spectator, "1.hand").startswith("#")
    with pytest.raises(InvalidPosition, match=r"^tag: "):
        game.from_position(own)


DOCS = Path(__file__).parents[2] / "docs" / "positions.md"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_documented_examples_are_the_seeded_game_they_say(game_id):
    """docs/positions.md: each game's example is `random_game(game, 2, seed=11)` after 40 moves,
    then the first seat's view of it."""
    game = games.get(game_id)
    lines = [line for line in DOCS.read_text("utf-8").splitlines() if line.startswith(game_id)]
    state = mid_game(game_id, players=2, moves=40, seed=11)
    assert lines == [game.position_text(state), game.view_text(state, game.players(state)[0])]
    assert game.from_position(lines[0]) == state.model_copy(update={"events": ()})
