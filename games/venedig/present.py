"""How Venedig shows itself to the adapters: menus, move commands, text board, rules summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.adapters import (
    CommandGroup,
    Label,
    MoveCommand,
    MoveGroup,
    Offer,
    Param,
    bilingual,
    move_param,
)
from games.base import counted
from games.venedig.core import points_for
from games.venedig.data import CASA, PONTE, TYPES, Data
from games.venedig.models import VIRTUAL, Build, Casa, Convert, Move, Solo, View
from games.venedig.narration import seat_name
from games.venedig.notation import format_move, type_name

MOVE_GROUPS = (
    MoveGroup(
        key="place",
        texts=bilingual("Place the virtual Casa", "仮想プレーヤーの家を置く"),
        menu=True,
    ),
    MoveGroup(
        key="build", texts=bilingual("Build a completed group", "揃った建物を建てる"), menu=True
    ),
    MoveGroup(key="resolve", texts=bilingual("Have it built", "建設させる"), tone="primary"),
    MoveGroup(
        key="play", texts=bilingual("Play cards into a group", "カードを出す"), tone="success"
    ),
    MoveGroup(key="solo", texts=bilingual("Build alone", "単独で建設"), menu=True),
    MoveGroup(key="casa", texts=bilingual("Build a Casa", "家を建てる"), menu=True),
    MoveGroup(key="keep", texts=bilingual("Keep two types", "残す2種類"), menu=True),
    MoveGroup(key="drain", texts=bilingual("Drain a swamp space", "沼地を干拓"), menu=True),
    MoveGroup(key="draw", texts=bilingual("Draw one card", "1枚補充"), tone="primary"),
    MoveGroup(key="swap", texts=bilingual("Pool a card, take 3", "プールに置いて3枚"), menu=True),
    MoveGroup(key="convert", texts=bilingual("Convert gold", "金を換える"), menu=True),
    MoveGroup(key="done", texts=bilingual("Done", "完了"), tone="danger"),
)
PRIVATE_KINDS = {"play", "solo", "casa", "swap", "convert"}  # legality shows the hand or gold
PHASE_NAMES = {
    "vcasa": bilingual("place the virtual player's Casa", "仮想プレーヤーの家を配置"),
    "build": bilingual("step 1: play cards and build", "1. カードを出して建設"),
    "locate": bilingual("the master builder places the building", "建築主が建物を配置"),
    "pause": bilingual("between moves: convert gold or go on", "移動の合間: 換金するか続ける"),
    "limit": bilingual("two-type limit: keep two types", "2種類の制限: 残す種類を選ぶ"),
    "drain": bilingual("step 2: drain swamp", "2. 沼地の干拓"),
    "draw": bilingual("step 3: draw cards", "3. カードの補充"),
    "final": bilingual("game end: last chance to convert gold", "ゲーム終了: 最後の換金"),
    "over": bilingual("game over", "ゲーム終了"),
}


def offers(data: Data, view: View, moves: Sequence[Move], lang: str) -> list[Offer]:
    out = []
    for move in moves:
        detail = None
        if isinstance(move, Solo | Build | Casa) and move.at is not None:
            points = _points(view, move, data)
            detail = f"{points} ポイント" if lang == "ja" else f"scores {points}"
        elif isinstance(move, Convert):
            steps = sum(move.values) // data.gold_per_step
            detail = f"{steps} マス進む" if lang == "ja" else counted(steps, "step")
        out.append(
            Offer(
                move=format_move(move),
                group=move.kind,
                label=format_move(move, lang),
                detail=detail,
                public=move.kind not in PRIVATE_KINDS,
            )
        )
    return out


def _points(view: View, move: Solo | Build | Casa, data: Data) -> int:
    kind = CASA if isinstance(move, Casa) else TYPES.index(move.type)
    assert move.at is not None
    spaces: tuple[int, ...]
    if kind == PONTE:
        spaces = next(site.spaces for site in data.sites if site.id == move.at)
    else:
        index = data.label_index()
        spaces = tuple(index[label.casefold()] for label in move.at.split("-"))
    board = list(view.board)
    for s in spaces:
        board[s] = str(kind)
    district = None if isinstance(move, Casa) else move.district
    return points_for(data, "".join(board), kind, spaces, district)


TYPE_CHOICES = tuple(
    Label(value=t, texts=bilingual(type_name(t), type_name(t, "ja"))) for t in TYPES[1:]
)
COMMANDS = CommandGroup(
    name="venedig",
    names=bilingual("venedig", "ヴェネチア"),
    texts=bilingual("Venedig moves", "ヴェネチアの手"),
    commands=(
        MoveCommand(
            name="play",
            names=bilingual("play", "出す"),
            texts=bilingual(
                "Play cards of one type into its group", "同じ種類のカードを建設に出す"
            ),
            template="play {type} {count}",
            params=(
                Param(
                    name="type",
                    names=bilingual("type", "種類"),
                    texts=bilingual("Building type", "建物の種類"),
                    kind="choice",
                    choices=TYPE_CHOICES,
                ),
                Param(
                    name="count",
                    names=bilingual("count", "枚数"),
                    texts=bilingual("How many cards", "枚数"),
                    kind="int",
                    minimum=1,
                    maximum=4,
                ),
            ),
        ),
        MoveCommand(
            name="build",
            names=bilingual("build", "建設"),
            texts=bilingual("Build a completed group: choose its site", "揃った建物の場所を選ぶ"),
            template="build {site}",
            params=(
                move_param(
                    "site", "Where (labels as on the map)", "場所（地図のラベル）", ("build",)
                ),
            ),
        ),
        MoveCommand(
            name="solo",
            names=bilingual("solo", "単独"),
            texts=bilingual(
                "Play all the cards a building needs and build it",
                "必要なカードを全部出して単独で建設",
            ),
            template="solo {site}",
            params=(move_param("site", "Building and site", "建物と場所", ("solo",)),),
        ),
        MoveCommand(
            name="casa",
            names=bilingual("casa", "家"),
            texts=bilingual(
                "Play a Casa card and build it on a free space", "家のカードを出し空きマスに建てる"
            ),
            template="casa {space}",
            params=(move_param("space", "Free space (e.g. A7)", "空きマス（例: A7）", ("casa",)),),
        ),
        MoveCommand(
            name="resolve",
            names=bilingual("resolve", "解決"),
            texts=bilingual(
                "Have a completed group built by its master builder",
                "揃った建物を建築主に建てさせる",
            ),
            template="resolve {type}",
            params=(
                Param(
                    name="type",
                    names=bilingual("type", "種類"),
                    texts=bilingual("Building type", "建物の種類"),
                    kind="choice",
                    choices=TYPE_CHOICES,
                ),
            ),
        ),
        MoveCommand(
            name="convert",
            names=bilingual("convert", "換金"),
            texts=bilingual("Spend gold tiles: 5 gold = 1 step", "金タイルを使う: 5金で1マス"),
            template="convert {tiles}",
            params=(move_param("tiles", "Tile values to spend", "使うタイルの金額", ("convert",)),),
        ),
        MoveCommand(
            name="drain",
            names=bilingual("drain", "干拓"),
            texts=bilingual("Take a swamp tile off a space", "沼地タイルを取り除く"),
            template="drain {space}",
            params=(
                move_param("space", "Swamp space (e.g. B7)", "沼地のマス（例: B7）", ("drain",)),
            ),
        ),
        MoveCommand(
            name="draw",
            names=bilingual("draw", "補充"),
            texts=bilingual(
                "Draw: one card, or pool one and take three", "補充: 1枚、またはプールに置いて3枚"
            ),
            template="{cards}",
            params=(move_param("cards", "Which draw", "補充の方法", ("draw", "swap")),),
        ),
        MoveCommand(
            name="keep",
            names=bilingual("keep", "残す"),
            texts=bilingual("Two-type limit: the types you keep", "2種類の制限: 残す種類"),
            template="keep {types}",
            params=(move_param("types", "Types to keep", "残す種類", ("keep",)),),
        ),
        MoveCommand(
            name="place",
            names=bilingual("place", "配置"),
            texts=bilingual("Place the virtual player's Casa", "仮想プレーヤーの家を置く"),
            template="place {space}",
            params=(move_param("space", "Free space", "空きマス", ("place",)),),
        ),
        MoveCommand(
            name="done",
            names=bilingual("done", "完了"),
            texts=bilingual("End this step / go on", "このステップを終える・続ける"),
            template="done",
        ),
    ),
)


def board_text(data: Data, view: View, lang: str, names: Mapping[str, str]) -> str:
    """The position in plain text: phase, map, then each player (own secrets if any)."""
    ja = lang == "ja"
    sep = "、" if ja else ", "

    def who(seat: str | None) -> str:
        return seat_name(seat, names, lang)

    def cards(counts: Sequence[int]) -> str:
        shown = [f"{type_name(k, lang)}×{n}" for k, n in enumerate(counts) if n]
        return sep.join(shown) or "-"

    def hand(kinds: Sequence[int]) -> str:
        return cards([list(kinds).count(k) for k in range(len(TYPES))])

    lines = [PHASE_NAMES[view.phase]["ja" if ja else "en"]]
    if view.to_act:
        acting = sep.join(who(s) for s in view.to_act)
        lines.append(f"手番: {acting}" if ja else f"To act: {acting}")
    lines.extend(_map(view, data))
    # Indented with the map: a text too long for an image description drops both together.
    lines.append(
        "  ~ 沼地、空白 空き、c 家 P 宮殿 C 広場 B 教会 p 橋"
        if ja
        else "  ~ swamp, blank free; c Casa, P Palazzo, C Campo, B Basilika, p Ponte"
    )
    for p in view.players:
        if ja:
            gold = f"沼地{p.swamp_count}・財宝{p.treasure_count}"
            line = f"{who(p.id)}: ゴンドラ {p.pos} 手札{p.hand_size}枚 金タイル {gold} 前: {cards(p.front)}"
        else:
            gold = f"{p.swamp_count} swamp, {p.treasure_count} treasure"
            line = f"{who(p.id)}: gondola {p.pos}, {p.hand_size} in hand, gold tiles: {gold}; out: {cards(p.front)}"
        lines.append(line)
        if p.hand is not None:
            lines.append(("  手札: " if ja else "  Hand: ") + hand(p.hand))
        if p.swamp is not None and p.treasure is not None:
            values = "+".join(str(v) for v in (*p.swamp, *p.treasure)) or "-"
            lines.append(("  金: " if ja else "  Gold: ") + values)
    if view.virtual is not None:
        lines.append(f"{who(VIRTUAL)}: {cards(view.virtual)}")
    held = [
        f"{type_name(k, lang)}→{who(a)}" for k, a in enumerate(view.architects) if a is not None
    ]
    lines.append(("建築家: " if ja else "Architects: ") + (sep.join(held) or "-"))
    lines.append(("プール: " if ja else "Pool: ") + hand(view.pool))
    supply = sep.join(f"{type_name(k, lang)} {n}" for k, n in enumerate(view.supply))
    lines.append(("在庫: " if ja else "Supply: ") + supply)
    lines.append(
        f"山札 {view.deck_count}枚 捨て札 {len(view.discard)}枚 財宝 {view.treasure_left}枚"
        if ja
        else f"Deck {view.deck_count}, discard {len(view.discard)}, treasure {view.treasure_left}"
    )
    if view.outcome is not None:
        for s in view.outcome.standings:
            lines.append(f"{s.rank}. {who(s.seat)} {s.score}")
    return "\n".join(lines)


def _map(view: View, data: Data) -> list[str]:
    """The board as rows of cells: district spaces show their label and what is on them."""
    marks = {".": "~", "_": " "}
    letters = "cPCBp"
    at = {cell: i for i, cell in enumerate(data.cells)}
    track = {cell: n for n, cell in enumerate(data.track_cells)}
    rows = []
    for r in range(data.rows):
        parts = []
        for c in range(data.cols):
            if (c, r) in at:
                s = at[(c, r)]
                ch = view.board[s]
                mark = letters[int(ch)] if ch.isdigit() else marks[ch]
                parts.append(f"{data.labels[s]:>3}{mark}")
            elif (c, r) in track:
                # The shared space takes one character more than the others.
                shared = (c, r) == data.track_cells[10]
                parts.append("10/45" if shared else f"{track[(c, r)]:>3} ")
            else:
                parts.append("    ")
        line = ("  " if r % 2 else "") + "".join(parts)
        if line.strip():
            rows.append(line.rstrip())
    return rows


RULES = {
    "en": (
        "**Venedig** (2–5 players). Build Venice and move your gondola furthest along the canals. "
        "Your turn: **1.** play cards — a Casa is built at once; other types join a group in front "
        "of players until the cards needed are out (Palazzo 3, Campo 3, Ponte 3, Basilika 4); "
        "the master builder (most cards, holding the architect) places it, scores the full points "
        "and each other participant half. A participant whose gondola borders the district draws "
        "a treasure. Then keep at most 2 types in front of you. **2.** drain up to 2 swamp tiles "
        "(secret gold 0–2). **3.** draw 1 card, or put 1 into the pool and take 3 (hand ≤ 5). "
        "5 gold = 1 step, any time in your turn. Occupied canal spaces are skipped. The game ends "
        "when a type's pieces run out or a gondola reaches 60; all gold is converted, the "
        "furthest gondola wins. With 2 players a virtual third player joins groups."
    ),
    "ja": (
        "**ヴェネチア**（2〜5人）。街を建設し、ゴンドラを運河の最も先へ進めた人の勝ち。"
        "手番: **1.** カードを出す — 家はすぐ建つ。他の種類は必要枚数（宮殿3・広場3・橋3・教会4）が"
        "揃うまでプレーヤーの前に並べ、建築家コマを持つ建築主が配置してポイントを全部、他の参加者は半分を得る。"
        "建てた区画に隣接する運河にゴンドラがある参加者は財宝を1枚取る。その後、前に置けるのは2種類まで。"
        "**2.** 沼地タイルを2枚まで干拓（金0〜2、非公開）。**3.** 1枚引くか、プールに1枚置いて3枚取る（手札5枚まで）。"
        "手番中いつでも5金で1マス。ゴンドラのいるマスは数えない。どれかの建物が尽きるかゴンドラが60に達したら終了。"
        "全員が金を換え、最も進んだ人の勝ち。2人では仮想の3人目が建設に加わる。"
    ),
}
