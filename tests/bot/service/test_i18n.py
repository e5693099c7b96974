"""The message catalogue: every message in both languages, with the same placeholders."""

from __future__ import annotations

import copy
import inspect
import pickle

import pytest

from bot.service import errors
from bot.service.i18n import CATALOGUE, LANGS, Text, duration, lang_of, placeholders, t


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_message_exists_in_every_language_with_the_same_placeholders(key: str) -> None:
    entry = CATALOGUE[key]
    assert set(entry) == set(LANGS)
    assert all(entry[lang].strip() for lang in LANGS)
    assert placeholders(entry["en"]) == placeholders(entry["ja"])


def test_every_error_has_a_catalogue_key() -> None:
    classes = [
        c
        for _, c in inspect.getmembers(errors, inspect.isclass)
        if issubclass(c, errors.TableError) and c is not errors.TableError
    ]
    assert len(classes) > 20
    assert all(c.key in CATALOGUE for c in classes)
    assert len({c.key for c in classes}) == len(classes)  # each error its own message


def test_parameters_follow_the_language_of_the_message() -> None:
    name = Text(en="Tally", ja="タリー")
    assert t("reminder.waiting", "en", seat="A", game=name, waited="1 h").startswith("A, Tally")
    assert "タリー" in t("reminder.waiting", "ja", seat="A", game=name, waited="1時間")
    assert t("turn.next", "de", seats="A") == "To act: A"  # English where a language is missing
    assert Text.of("game.over").get("ja") == "ゲーム終了です。"
    assert Text.join([Text("a", "あ"), Text("b", "い")]).ja == "あ、い"


def test_locales_and_durations() -> None:
    assert lang_of("ja") == "ja" and lang_of("en-GB") == "en" and lang_of(None) == "en"
    assert duration(59).en == "1 min"
    assert duration(3 * 3600).en == "3 h" and duration(3 * 3600).ja == "3時間"
    assert duration(3 * 86400).en == "3 d"


def test_a_text_makes_only_the_languages_read_and_each_once() -> None:
    asked: list[str] = []

    def render(lang: str) -> str:
        asked.append(lang)
        return {"en": "pass", "ja": "パス"}[lang]

    text = Text.each(render)
    assert asked == []  # nothing is made until read
    assert text.get("ja") == "パス" and text.ja == "パス"
    assert asked == ["ja"]
    assert str(text) == "pass" and asked == ["ja", "en"]
    assert text == Text("pass", "パス") and hash(text) == hash(Text("pass", "パス"))
    assert text != Text("pass", "pass")
    with pytest.raises(KeyError):
        Text.of("no.such.key")  # a wrong key still fails where it is written
    lazy = Text.each(lambda lang: f"<{lang}>")
    assert pickle.loads(pickle.dumps(lazy)) == Text("<en>", "<ja>") == copy.deepcopy(lazy)
