"""Sankt Petersburg positions for the render tests: seeded random games and a crowded table."""

from __future__ import annotations

import random
from collections.abc import Iterator

import games
from games.stpetersburg.models import PlayerState, State

G = games.get("stpetersburg")
SEATS = ("alice", "bob", "chiyo", "dmitri")
NAMES = {
    "alice": "Alice",
    "bob": "Bob the Builder",
    "chiyo": "千代子",
    "dmitri": "Dmitri Ivanovich Mendeleev",
}


def step(state: State, rng: random.Random) -> State:
    """One random legal move by a seat that may act; buying is favoured so areas fill up."""
    seat = rng.choice(sorted(G.to_act(state)))
    moves = G.legal_moves(state, seat)
    buys = [m for m in moves if m.kind in ("buy", "play", "drawn")]
    move = rng.choice(buys) if buys and rng.random() < 0.6 else rng.choice(moves)
    return G.apply(state, seat, move)


def random_game(players: int, seed: int) -> Iterator[State]:
    """Every state of one seeded random game, from the first deal to the final scoring."""
    rng = random.Random(seed)
    state = G.new(SEATS[:players], seed=seed)
    yield state
    while not state.finished:
        state = step(state, rng)
        yield state


def one_per_phase(players: int, seed: int) -> dict[str, State]:
    """The first state of each phase after round 1, plus pending decisions and the end if seen."""
    found: dict[str, State] = {}
    for state in random_game(players, seed):
        if state.finished:
            found["finished"] = state
        elif state.pending is not None:
            found.setdefault(state.pending.kind, state)
        elif state.round >= 2:
            found.setdefault(state.phase, state)
    return found


def final_state(players: int, seed: int) -> State:
    *_, last = random_game(players, seed)
    return last


# Many cards with the longest names, so nothing may clip or overlap.
CROWDED_AREAS = (
    (
        *["lumberjack"] * 3, "czar_and_carpenter", "carpenter_workshop", "wharf", "fur_shop",
        "church_of_the_resurrection", "catherine_palace", "st_isaacs_cathedral",
        "smolny_cathedral", "potjomkins_village", "observatory", "observatory", "warehouse",
        "minister_of_foreign_affairs", "mistress_of_ceremonies", "warehouse_manager",
        "weapon_master", "chamber_maid", "administrator", "author", "secretary",
    ),
    (
        *["gold_miner"] * 4, "shepherd", "shepherd", "weaving_mill", "gold_smelter",
        *["market"] * 4, "customs_house", "firehouse", "mariinskij_theater", "winter_palace",
        "hermitage", "pub", "pub", "tax_man", "admiral", "patriarch", "controller", "judge",
    ),
    (
        "fur_trapper", "fur_trapper", "ship_builder", "ship_builder", "ship_builder", "wharf",
        "library", "theater", "theater", "academy", "hospital", "bank", "peterhof", "harbor",
        "czar", "senator", "builder", "pope", "author", "author", "author", "administrator",
    ),
    (
        *["lumberjack"] * 3, *["gold_miner"] * 2, "fur_shop", "fur_shop",
        *["customs_house"] * 4, "market", "firehouse", "hospital",
        *["warehouse_manager"] * 4, *["secretary"] * 3, "judge",
    ),
)  # fmt: skip


def crowded_state(players: int = 4, *, seed: int = 5) -> State:
    """A late position where every player has 20 or more cards and a full hand.

    The card counts respect the number of copies of each card, as a real game would.
    """
    state = G.new(SEATS[:players], seed=seed)
    hands = (  # the first player has a Warehouse, so a hand of 4
        ("mistress_of_ceremonies", "library", "fur_trapper", "controller"),
        ("hospital", "administrator", "shepherd"),
        ("firehouse", "library", "ship_builder"),
        ("author", "fur_trapper", "ship_builder"),
    )
    people = []
    for seat, player in enumerate(state.players):
        people.append(
            PlayerState(
                id=player.id,
                money=[112, 7, 45, 0][seat],
                points=[87, 142, 9, 64][seat],
                hand=hands[seat],
                area=CROWDED_AREAS[seat],
                observatories_used=[1, 0, 0, 1][seat],
            )
        )
    return state.model_copy(update={"players": tuple(people), "round": 8, "phase": "buildings"})
