"""What every shipped game tells the adapters: options, offers, move commands, text board, AI."""

from __future__ import annotations

import random
import re
from importlib import import_module

import pytest

import games
from games.adapters import coerce_option, fill_template
from games.base import InvalidOptions
from games.search import SearchPlayer
from tests.games.test_conformance import random_game

GAMES = [g.id for g in games.builtins()]
DESCRIPTION_MAX = 100
NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.mark.parametrize("game_id", GAMES)
def test_options_are_offered_typed_and_refused_by_name(game_id):
    game = games.get(game_id)
    specs = game.option_specs()
    assert len(specs) <= 20  # leaves room for the adapters' own /start options within 25
    game.validate_options({})
    with pytest.raises(InvalidOptions, match="nonsense_option"):
        game.validate_options({"nonsense_option": 1})
    for spec in specs:
        assert NAME.match(spec.name)
        for lang in ("en", "ja"):
            assert 0 < len(spec.texts[lang]) <= DESCRIPTION_MAX
        wrong = {"bool": "yes", "int": 2.5, "choice": "surely-not-a-choice"}[spec.kind]
        with pytest.raises(InvalidOptions, match=spec.name):
            game.validate_options({spec.name: wrong})
        if spec.kind == "int" and spec.maximum is not None:
            with pytest.raises(InvalidOptions, match=spec.name):
                game.validate_options({spec.name: spec.maximum + 1})
        if spec.default is not None:
            typed = str(spec.default).lower()
            assert coerce_option(spec, typed) == spec.default
            game.validate_options({spec.name: spec.default})


@pytest.mark.parametrize("game_id", GAMES)
def test_offers_are_one_per_legal_move_in_order(game_id):
    game = games.get(game_id)
    groups = {g.key for g in game.move_groups}
    checked = 0
    for players in range(game.min_players, game.max_players + 1):
        for state, seat, _ in random_game(game, players, seed=players):
            if seat is None:
                continue
            legal = game.legal_moves(state, seat)
            for lang in ("en", "ja"):
                offers = game.offers(game.view(state, seat), legal, lang=lang)
                assert len(offers) == len(legal)
                for offer, move in zip(offers, legal, strict=True):
                    assert game.parse(offer.move) == move
                    assert offer.move == game.format(move)
                    assert 0 < len(offer.label) <= 100
                    assert offer.detail is None or len(offer.detail) <= 100
                    assert not groups or offer.group in groups, offer.group
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("game_id", GAMES)
def test_move_commands_fit_discord_and_name_real_groups(game_id):
    game = games.get(game_id)
    group = game.commands
    if group is None:
        pytest.skip(f"{game_id} declares no move commands (only /move and the board's controls)")
    assert len(group.commands) <= 25
    assert len({c.name for c in group.commands}) == len(group.commands)
    keys = {g.key for g in game.move_groups}
    for texts in (group.texts, *(c.texts for c in group.commands)):
        assert all(0 < len(texts[lang]) <= DESCRIPTION_MAX for lang in ("en", "ja"))
    for command in group.commands:
        assert len(command.params) <= 25
        fields = set(re.findall(r"\{([a-z_]+)\}", command.template))
        assert fields == {p.name for p in command.params}, command.name
        for param in command.params:
            assert all(0 < len(param.texts[lang]) <= DESCRIPTION_MAX for lang in ("en", "ja"))
            assert set(param.groups) <= keys, (command.name, param.groups)
            if param.kind == "choice":
                assert 0 < len(param.choices) <= 25
        # Options left out drop their bracketed part; required ones always fill.
        assert "{" not in fill_template(command.template, {p.name: "x" for p in command.params})


@pytest.mark.parametrize("game_id", GAMES)
def test_text_board_and_start_event(game_id):
    game = games.get(game_id)
    seats = [f"s{i}" for i in range(max(2, game.min_players))]
    state = game.new(seats, seed=3)
    starts = [e for e in game.events(state) if e.kind == "start"]
    assert len(starts) == 1 and starts[0].private_to is None
    for lang in ("en", "ja"):
        said = game.describe(starts[0], lang=lang, names={s: s.upper() for s in seats})
        assert said and said != "start" and "S0" in said
        public = game.board_text(game.view(state, None), lang=lang, names={})
        assert public.strip()
        for seat in seats:
            assert game.board_text(game.view(state, seat), lang=lang).strip()
    assert game.rules_summary["en"] and game.rules_summary["ja"]
    assert all(len(text) <= 1500 for text in game.rules_summary.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ai_kind_plays_legal_moves(game_id):
    game = games.get(game_id)
    kinds = [k.key for k in game.ai_kinds()]
    assert "random" in kinds and len(set(kinds)) == len(kinds)
    with pytest.raises(InvalidOptions, match="nobody"):
        game.ai("nobody")
    for kind in kinds:
        player = game.ai(kind)
        if isinstance(player, SearchPlayer):
            player = SearchPlayer(player.settings, iterations=6, seconds=None)  # keep it fast
        rng = random.Random(1)
        state = game.new(["a", "b"] if game.max_players > 1 else ["a"], seed=1)
        for _ in range(60):
            if game.outcome(state) is not None:
                break
            seat = sorted(game.to_act(state))[0]
            move = player.choose(game, state, seat, rng)
            assert move in game.legal_moves(state, seat)
            state = game.apply(state, seat, move)


@pytest.mark.parametrize("game_id", GAMES)
def test_strong_ai_is_offered_exactly_when_the_game_samples_states(game_id):
    game = games.get(game_id)
    state = game.new(["a", "b"] if game.max_players > 1 else ["a"], seed=3)
    seat = sorted(game.to_act(state))[0]
    samples = game.sample_state(game.view(state, seat), seat, random.Random(0)) is not None
    assert ("strong" in {k.key for k in game.ai_kinds()}) == samples


@pytest.mark.parametrize("game_id", GAMES)
def test_renderer_is_found_through_the_registration(game_id):
    game = games.get(game_id)
    assert game.renderer, f"{game_id} has no renderer"
    module, _, function = game.renderer.partition(":")
    assert callable(getattr(import_module(module), function))
