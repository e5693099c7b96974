"""/card through the contract: a game's glossary, looked up in either language, in words."""

from __future__ import annotations

import pytest

import games
from bot.service.glossary import NoGlossary, UnknownCard, card_choices, card_lines, find_entry


@pytest.mark.parametrize("game_id", [g.id for g in games.all()])
def test_every_glossary_entry_is_named_and_explained_in_both_languages(game_id: str) -> None:
    game = games.get(game_id)
    entries = game.glossary()
    assert len({e.key for e in entries}) == len(entries)
    for lang in ("en", "ja"):
        names = [e.names[lang] for e in entries]
        assert len(set(names)) == len(names)
    for entry in entries:
        for texts in (entry.names, entry.kind, entry.text):
            assert texts["en"].strip() and texts["ja"].strip()
        assert find_entry(game, entry.names["ja"]) == entry


def test_a_card_is_found_in_either_language_and_described() -> None:
    game = games.get("stpetersburg")
    pub = find_entry(game, "pub")
    assert find_entry(game, "酒場") == pub and find_entry(game, "PU") == pub
    en = card_lines(pub, "en")
    assert en[0] == "**Pub** (酒場) — Building (blue)"
    assert en[1] == "Cost: 1 ruble"
    assert "buy 0 to 5 points at 2 rubles each" in "\n".join(en)
    ja = card_lines(pub, "ja")
    assert ja[0] == "**酒場** (Pub) — 建物（青）" and ja[1] == "費用：1ルーブル"
    author = card_lines(find_entry(game, "Author"), "en")
    assert author[-1] == "Reconstructed: the Japanese name is our own (no published one found)"
    assert card_lines(find_entry(game, "作家"), "ja")[-1].startswith("推定（再構成）：")
    assert all(not line.startswith("Reconstructed") for line in en)


def test_unknown_names_and_games_without_a_glossary_are_refused_in_both_languages() -> None:
    game = games.get("stpetersburg")
    with pytest.raises(UnknownCard) as refused:
        find_entry(game, "Dragon")
    assert refused.value.message("en").startswith("Sankt Petersburg has no card or tile called")
    assert "「Dragon」というカード" in refused.value.message("ja")
    with pytest.raises(UnknownCard):
        find_entry(game, "")  # nothing typed: it names some there are
    with pytest.raises(NoGlossary) as none:
        find_entry(games.get("tally"), "anything")
    assert none.value.message("en") == "Tally has no card glossary yet."
    assert none.value.message("ja") == "タリーにはまだカードの解説がありません。"


def test_choices_autocomplete_from_names_in_both_languages() -> None:
    game = games.get("stpetersburg")
    assert ("酒場 (Pub)", "pub") in card_choices(game, "酒", "ja")
    assert ("Pub (酒場)", "pub") in card_choices(game, "pu", "en")
    assert len(card_choices(game, "", "en")) == 25
    assert card_choices(games.get("tally"), "", "en") == []


def test_catans_builds_and_expansions_come_from_its_data() -> None:
    game = games.get("catan")
    town_hall = card_lines(find_entry(game, "Rathaus"), "en")
    assert town_hall[0] == "**Town hall (Rathaus)** (市庁舎) — City expansion (on an own city)"
    assert town_hall[1] == "Cost: 3 wool, 3 ore"
    assert town_hall[-1] == (
        "Reconstructed: how many copies there are, which player counts use it (its mark), "
        "its victory points"
    )
    road = card_lines(find_entry(game, "道"), "ja")
    assert road[0] == "**道** (Road) — 建物カード" and road[1] == "費用：木材1枚、粘土1枚"
    assert not any(line.startswith("推定") for line in road)  # every road is confirmed


def test_venedigs_buildings_and_tiles_come_from_its_data() -> None:
    game = games.get("venedig")
    basilika = card_lines(find_entry(game, "教会"), "en")
    assert basilika[:3] == [
        "**Basilika** (教会) — Building",
        "Cost: 4 cards of its type",
        "takes 3 mutually adjacent free spaces; 5 pieces, 8 cards",
    ]
    assert "Scores: 7 points." in basilika[3] and basilika[-1].startswith("Reconstructed: ")
    swamp = card_lines(find_entry(game, "swamp"), "ja")
    assert swamp[1] == "86枚、金（値: 枚数）0: 26, 1: 40, 2: 20"


def test_catherines_plan_cards_and_cities_are_marked_reconstructed() -> None:
    game = games.get("catherine")
    market = card_lines(find_entry(game, "市場"), "en")
    assert market[:2] == ["**Market** (市場) — Plan card", "18 in the deck"]
    riga = card_lines(find_entry(game, "Riga"), "ja")
    assert riga[0] == "**リガ** (Riga) — 都市（西部）"
    assert riga[-1] == "推定（再構成）：地図（都市・区域・特徴）"
    build = card_lines(find_entry(game, "build-in-region"), "en")
    assert build[-2].endswith("(X: the good or book printed on the card.)")
