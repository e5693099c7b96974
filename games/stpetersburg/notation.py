"""Sankt Petersburg notation: canonical text of every move in English and Japanese, and back."""

from __future__ import annotations

from games.base import InvalidMove, normalise
from games.stpetersburg.data import CARDS, STACKS, card_key
from games.stpetersburg.models import Buy, Drawn, Move, Observe, Pass, Play, PubPurchase, Take

KEYWORDS: dict[str, dict[str, str]] = {
    "en": {
        "buy": "buy",
        "take": "take",
        "play": "play",
        "pass": "pass",
        "observe": "observe",
        "discard": "discard",
        "pub": "pub",
        "old": "old",
        "drawn": "drawn",
    },
    "ja": {
        "buy": "購入",
        "take": "手札",
        "play": "出す",
        "pass": "パス",
        "observe": "観測",
        "discard": "捨てる",
        "pub": "酒場",
        "old": "旧",
        "drawn": "公開札",
    },
}
# Extra words people type for the same thing (normalised form -> canonical English keyword).
SYNONYMS = {
    "買う": "buy",
    "取る": "take",
    "プレイ": "play",
    "天文台": "observe",
    "-1": "old",
    "古い": "old",
}
STACK_NAMES: dict[str, dict[str, str]] = {
    "en": {s: s for s in STACKS},
    "ja": {"workers": "職人", "buildings": "建物", "aristocrats": "貴族", "trading": "拡張"},
}
STACK_SYNONYMS = {
    "交換": "trading",
    "建築物": "buildings",
    "worker": "workers",
    "building": "buildings",
    "aristocrat": "aristocrats",
}

_WORDS: dict[str, str] = {**SYNONYMS}
for _lang in KEYWORDS.values():
    for _canonical, _word in _lang.items():
        _WORDS[normalise(_word)] = _canonical
_STACKS: dict[str, str] = {normalise(k): v for k, v in STACK_SYNONYMS.items()}
for _names in STACK_NAMES.values():
    for _stack, _name in _names.items():
        _STACKS[normalise(_name)] = _stack

OPTIONAL_WORDS = frozenset({"old", "旧"})


def card_name(key: str, lang: str = "en") -> str:
    return CARDS[key].name(lang)


def format_move(move: Move, lang: str = "en") -> str:
    words = KEYWORDS["ja" if lang == "ja" else "en"]
    if isinstance(move, Pass):
        return words["pass"]
    if isinstance(move, PubPurchase):
        return f"{words['pub']} {move.points}"
    if isinstance(move, Observe):
        return f"{words['observe']} {STACK_NAMES['ja' if lang == 'ja' else 'en'][move.stack]}"
    if isinstance(move, Drawn):
        text = f"{words[move.action]} {words['drawn']}"
    else:
        verb = {"buy": "buy", "take": "take", "play": "play"}[move.kind]
        old = " " + words["old"] if getattr(move, "old", False) else ""
        text = f"{words[verb]}{old} {card_name(move.card, lang)}"
    target = getattr(move, "target", None)
    if target is not None:
        text += f" > {card_name(target, lang)}"
    return text


def _card(text: str) -> str:
    key = card_key(text)
    if key is None:
        raise InvalidMove(
            f"Unknown card {text.strip()!r}.", f"「{text.strip()}」というカードはありません。"
        )
    return key


def parse_move(text: str) -> Move:
    """Canonical notation (English or Japanese, any case) -> move; InvalidMove otherwise."""
    cleaned = normalise(text.replace("−", "-"))
    if not cleaned:
        raise InvalidMove("Type a move.", "手を入力してください。")
    head, _, rest = cleaned.partition(" ")
    verb = _WORDS.get(head)
    if verb == "pass" and not rest:
        return Pass()
    if verb == "pub":
        if rest.isdigit():
            return PubPurchase(points=int(rest))
        raise InvalidMove(
            "Write the Pub purchase as `pub 3`.", "酒場は `酒場 3` のように書いてください。"
        )
    if verb == "observe":
        stack = _STACKS.get(rest)
        if stack is None:
            raise InvalidMove(
                "Name a stack: workers, buildings, aristocrats or trading.",
                "山を指定してください: 職人、建物、貴族、拡張。",
            )
        return Observe(stack=stack)
    if verb in ("buy", "take", "play", "discard"):
        subject, _, target_text = (part.strip() for part in rest.partition(">"))
        target = _card(target_text) if target_text else None
        first, _, remainder = subject.partition(" ")
        if _WORDS.get(first) == "drawn" and not remainder:
            if verb == "play":
                raise InvalidMove("Use `buy drawn`, `take drawn` or `discard drawn`.")
            if verb != "buy" and target is not None:
                raise InvalidMove(
                    "Only `buy drawn` takes a target.", "対象を指定できるのは購入だけです。"
                )
            return Drawn(action=verb, target=target)
        if verb == "discard":
            raise InvalidMove("Only the drawn card can be discarded: `discard drawn`.")
        old = _WORDS.get(first) == "old" and bool(remainder)
        key = _card(remainder if old else subject)
        if verb == "play":
            if old:
                raise InvalidMove("Cards in hand are never old.", "手札のカードに旧はありません。")
            return Play(card=key, target=target)
        if verb == "take":
            if target is not None:
                raise InvalidMove(
                    "`take` takes no target.", "手札に加えるときは対象を指定しません。"
                )
            return Take(card=key, old=old)
        return Buy(card=key, old=old, target=target)
    raise InvalidMove(
        f"Cannot read {text.strip()!r}. Moves look like `buy Lumberjack`, `take old Theater`, "
        "`play Wharf > Ship Builder`, `pass`.",
        f"「{text.strip()}」は読めません。例: `購入 木こり`、`手札 旧 劇場`、`出す 造船所 > 船職人`、`パス`。",
    )
