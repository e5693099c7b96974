"""Venedig component data: board.json loaded into fast lookup tables and checked as digest §2.7 asks."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from itertools import combinations, pairwise
from typing import Any

from games.base import InvalidData

# Building types in a fixed order: state tuples are indexed by it.
TYPES: tuple[str, ...] = ("casa", "palazzo", "campo", "basilika", "ponte")
CASA, PALAZZO, CAMPO, BASILIKA, PONTE = range(5)
FOOTPRINTS = {"casa": "single", "palazzo": "pair", "campo": "single", "basilika": "triangle"}
DATA_FILE = "board.json"
STATUSES = ("confirmed", "reconstructed")
POINT_RULES = {
    "casa": "fixed",
    "palazzo": "adjacent_spaces_without_piece",
    "campo": "adjacent_spaces_with_piece",
    "basilika": "fixed",
    "ponte": "casas_in_chosen_connected_district",
}


@dataclass(frozen=True)
class Site:
    """A bridge site: two spaces of two districts across a canal."""

    id: str
    spaces: tuple[int, int]
    districts: tuple[str, str]


@dataclass(frozen=True)
class Data:
    """Everything the rules read from the data file, indexed for speed (space = index 0..N-1)."""

    id: str
    key: str  # id and a digest of the file: two files never share it
    source: str
    cards: tuple[int, ...]  # copies per type
    pieces: tuple[int, ...]
    required: tuple[int, ...]
    fixed_points: tuple[int, ...]  # casa and basilika; 0 where points depend on the board
    architect: tuple[bool, ...]
    swamp_values: tuple[int, ...]  # one entry per tile
    treasure_values: tuple[int, ...]
    share_divisor: int
    gold_per_step: int
    hand_limit: int
    start_hand: int
    max_types: int
    pool_wipe: int
    drain_max: int
    goal: int
    cols: int
    rows: int
    cells: tuple[tuple[int, int], ...]
    labels: tuple[str, ...]
    district: tuple[str, ...]
    districts: tuple[str, ...]
    district_spaces: Mapping[str, tuple[int, ...]]
    neighbours: tuple[tuple[int, ...], ...]
    pairs: tuple[tuple[int, int], ...]
    triangles: tuple[tuple[int, int, int], ...]
    sites: tuple[Site, ...]
    material: frozenset[int]
    preprinted: tuple[tuple[int, tuple[int, ...]], ...]  # (type, spaces)
    preprinted_site: str | None
    track_cells: tuple[tuple[int, int], ...]  # index n = track space n (0..goal)
    track_adjacent: tuple[frozenset[str], ...]
    canals: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]
    status: Mapping[str, str]  # part -> confirmed / reconstructed

    # Cached: the rules ask after almost every gondola move whether the tiles held could be
    # worth a step (core.may_convert), and a property would recompute the maximum each time.
    @cached_property
    def swamp_max(self) -> int:
        return max(self.swamp_values)

    @cached_property
    def treasure_max(self) -> int:
        return max(self.treasure_values)

    def initial_board(self) -> str:
        """One character per space: '.' swamp, '_' free, a digit the type of a piece."""
        board = ["." for _ in self.cells]
        for space in self.material:
            board[space] = "_"
        for kind, spaces in self.preprinted:
            for space in spaces:
                board[space] = str(kind)
        return "".join(board)

    def label_index(self) -> dict[str, int]:
        return {label.casefold(): i for i, label in enumerate(self.labels)}


def neighbour_cells(cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The six grid neighbours of a cell (pointy-top hexes, odd rows shifted right)."""
    c, r = cell
    if r % 2 == 0:
        deltas = ((1, 0), (-1, 0), (0, -1), (-1, -1), (0, 1), (-1, 1))
    else:
        deltas = ((1, 0), (-1, 0), (1, -1), (0, -1), (1, 1), (0, 1))
    return [(c + dc, r + dr) for dc, dr in deltas]


class _Checker:
    """Raises InvalidData naming the file, the record and the reason."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, record: str, reason: str) -> InvalidData:
        return InvalidData(
            f"{self.source}: {record}: {reason}",
            f"{self.source}: {record}: {reason}（盤面データの検証に失敗しました）",
        )

    def need(self, ok: bool, record: str, reason: str) -> None:
        if not ok:
            raise self.fail(record, reason)

    def get(self, raw: Mapping[str, Any], key: str, record: str) -> Any:
        if not isinstance(raw, Mapping) or key not in raw:
            raise self.fail(record, f"missing {key!r}")
        return raw[key]

    def cell(self, value: Any, record: str) -> tuple[int, int]:
        ok = (
            isinstance(value, list | tuple)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        )
        self.need(ok, record, f"{value!r} is not a cell [col,row]")
        return (int(value[0]), int(value[1]))

    def status(self, raw: Mapping[str, Any], record: str) -> str:
        value = self.get(raw, "status", record)
        self.need(value in STATUSES, record, f"status must be one of {STATUSES}, not {value!r}")
        return str(value)


# Every board loaded, by key: views name their board so a renderer draws the right geometry.
BOARDS: dict[str, Data] = {}


def load(text: str, source: str) -> Data:
    """Parse and validate a board file; InvalidData (file, record, reason) on the first fault."""
    check = _Checker(source)
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise check.fail(f"line {error.lineno}", f"not valid JSON ({error.msg})") from None
    check.need(isinstance(raw, dict), "file", "the top level must be an object")
    status: dict[str, str] = {}
    rules = check.get(raw, "rules", "file")
    status["rules"] = check.status(rules, "rules")

    def number(raw_part: Mapping[str, Any], key: str, record: str, low: int = 0) -> int:
        value = check.get(raw_part, key, record)
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= low
        check.need(ok, record, f"{key} must be a whole number ≥ {low}, not {value!r}")
        return int(value)

    types_raw = check.get(raw, "building_types", "file")
    names = {name.casefold(): name for name in types_raw} if isinstance(types_raw, dict) else {}
    check.need(set(names) == set(TYPES), "building_types", f"must be exactly {', '.join(TYPES)}")
    pieces, required, fixed, architect = [], [], [], []
    for kind in TYPES:
        record = f"building_types.{names[kind]}"
        entry = types_raw[names[kind]]
        status[record] = check.status(entry, record)
        pieces.append(number(entry, "pieces", record, 1))
        required.append(number(entry, "cards_required", record, 1))
        rule = check.get(check.get(entry, "points", record), "rule", record)
        check.need(rule == POINT_RULES[kind], record, f"points rule must be {POINT_RULES[kind]!r}")
        fixed.append(number(entry["points"], "value", record, 0) if rule == "fixed" else 0)
        has_architect = check.get(entry, "architect", record)
        check.need(has_architect is (kind != "casa"), record, "only Casa has no architect")
        architect.append(bool(has_architect))
        if kind in FOOTPRINTS:
            check.need(
                entry.get("footprint") == FOOTPRINTS[kind],
                record,
                f"footprint must be {FOOTPRINTS[kind]!r}",
            )

    def counts(part: str, keys: tuple[str, ...], values_key: str) -> dict[str, int]:
        entry = check.get(raw, part, "file")
        status[part] = check.status(entry, part)
        table = check.get(entry, values_key, part)
        check.need(isinstance(table, dict), part, f"{values_key} must be an object")
        out = {}
        for key in table:
            check.need(key.casefold() in keys, part, f"unknown key {key!r}")
            out[key.casefold()] = number(table, key, f"{part}.{key}", 0)
        return out

    card_counts = counts("cards", TYPES, "counts")
    check.need(sum(card_counts.values()) == 42, "cards", "there must be 42 building cards")
    swamp = counts("swamp_tiles", ("0", "1", "2"), "values")
    check.need(sum(swamp.values()) == 86, "swamp_tiles", "there must be 86 swamp tiles (0–2)")
    treasure = counts("treasure_tiles", ("3", "4", "5", "6"), "values")
    check.need(sum(treasure.values()) == 18, "treasure_tiles", "there must be 18 treasure tiles")
    check.need(sum(pieces) == 42, "building_types", "there must be 42 pieces in all")

    board = check.get(raw, "board", "file")
    status["board"] = check.status(board, "board")
    data = _load_board(check, board, status)
    rule_values = {
        key: number(rules, key, "rules", 1)
        for key in (
            "gold_per_step",
            "hand_limit",
            "start_hand",
            "max_types_in_front",
            "pool_wipe_types",
            "drain_max",
            "goal",
        )
    }
    check.need(rules.get("partner_share") == "floor_half", "rules", "partner_share: floor_half")
    goal = rule_values["goal"]
    check.need(len(data["track_cells"]) == goal + 1, "board.track", f"spaces must be 0..{goal}")
    free_sites = len(data["sites"]) - (1 if data["preprinted_site"] else 0)
    check.need(
        free_sites >= pieces[PONTE] - 1,
        "board.bridge_sites",
        f"check 20: {free_sites} free sites for {pieces[PONTE] - 1} Ponte pieces",
    )
    loaded = Data(
        id=str(raw.get("id", source)),
        key=f"{raw.get('id', source)}@{hashlib.sha256(text.encode()).hexdigest()[:12]}",
        source=source,
        cards=tuple(card_counts.get(k, 0) for k in TYPES),
        pieces=tuple(pieces),
        required=tuple(required),
        fixed_points=tuple(fixed),
        architect=tuple(architect),
        swamp_values=tuple(int(v) for v, n in sorted(swamp.items()) for _ in range(n)),
        treasure_values=tuple(int(v) for v, n in sorted(treasure.items()) for _ in range(n)),
        share_divisor=2,
        gold_per_step=rule_values["gold_per_step"],
        hand_limit=rule_values["hand_limit"],
        start_hand=rule_values["start_hand"],
        max_types=rule_values["max_types_in_front"],
        pool_wipe=rule_values["pool_wipe_types"],
        drain_max=rule_values["drain_max"],
        goal=goal,
        status=status,
        **data,
    )
    BOARDS[loaded.key] = loaded
    return loaded


def _load_board(check: _Checker, board: Mapping[str, Any], status: dict[str, str]) -> Any:
    grid = check.get(board, "grid", "board")
    cols, rows = check.get(grid, "cols", "board.grid"), check.get(grid, "rows", "board.grid")
    check.need(isinstance(cols, int) and isinstance(rows, int), "board.grid", "cols/rows")

    def in_bounds(cell: tuple[int, int]) -> bool:
        return bool(0 <= cell[0] < cols and 0 <= cell[1] < rows)

    districts_raw = check.get(board, "districts", "board")
    check.need(isinstance(districts_raw, dict) and bool(districts_raw), "board.districts", "empty")
    cells: list[tuple[int, int]] = []
    district: list[str] = []
    where: dict[tuple[int, int], int] = {}
    for name, members in districts_raw.items():
        record = f"board.districts.{name}"
        check.need(isinstance(members, list) and bool(members), record, "must list its spaces")
        given = [check.cell(value, record) for value in members]
        for cell in sorted(given, key=lambda c: (c[1], c[0])):
            check.need(in_bounds(cell), record, f"check 7: space {list(cell)} is out of bounds")
            check.need(cell not in where, record, f"space {list(cell)} is listed twice")
            where[cell] = len(cells)
            cells.append(cell)
            district.append(str(name))
    labels: list[str] = []
    seen: dict[str, int] = {}
    for name in district:
        seen[name] = seen.get(name, 0) + 1
        labels.append(f"{name}{seen[name]}")
    neighbours = tuple(
        tuple(where[n] for n in neighbour_cells(cell) if n in where) for cell in cells
    )
    names = tuple(districts_raw)
    for name in names:
        record = f"board.districts.{name}"
        members = [i for i, d in enumerate(district) if d == name]
        reached, todo = {members[0]}, [members[0]]
        while todo:
            for n in neighbours[todo.pop()]:
                if district[n] == name and n not in reached:
                    reached.add(n)
                    todo.append(n)
        check.need(len(reached) == len(members), record, "check 7: the district is not connected")
        for i in members:
            for n in neighbours[i]:
                check.need(
                    district[n] == name,
                    record,
                    f"check 8: {labels[i]} {list(cells[i])} touches district {district[n]}",
                )

    def space(value: Any, record: str) -> int:
        cell = check.cell(value, record)
        check.need(cell in where, record, f"{list(cell)} is not a district space")
        return where[cell]

    material = [space(v, "board.material_spaces") for v in board.get("material_spaces", [])]
    check.need(len(set(material)) == len(material), "board.material_spaces", "listed twice")

    sites: list[Site] = []
    for number, entry in enumerate(check.get(board, "bridge_sites", "board")):
        record = f"board.bridge_sites[{number}] {entry.get('id', '?')}"
        status[record] = check.status(entry, record)
        ends = [space(v, record) for v in check.get(entry, "spaces", record)]
        check.need(len(ends) == 2, record, "check 9: a site has 2 spaces")
        names_given = tuple(check.get(entry, "districts", record))
        actual = (district[ends[0]], district[ends[1]])
        check.need(actual[0] != actual[1], record, "check 9: both spaces in one district")
        check.need(names_given == actual, record, f"check 9: districts are {actual}")
        crosses = [check.cell(v, record) for v in check.get(entry, "crosses", record)]
        check.need(bool(crosses), record, "check 9: a site crosses water")
        for cell in crosses:
            check.need(cell not in where and in_bounds(cell), record, "check 9: crosses land")
            banks = {district[where[n]] for n in neighbour_cells(cell) if n in where}
            check.need(banks <= set(actual), record, f"check 9: {list(cell)} borders {banks}")
        chain = [cells[ends[0]], *crosses, cells[ends[1]]]
        for a, b in pairwise(chain):
            check.need(b in neighbour_cells(a), record, "check 9: the crossing is not continuous")
        check.need(len(crosses) <= 2, record, "check 9: spaces are at most 2 cells of water apart")
        sites.append(Site(str(entry["id"]), (ends[0], ends[1]), actual))
    used: dict[int, str] = {}
    for site in sites:
        for s in site.spaces:
            check.need(
                s not in used, f"board.bridge_sites {site.id}", f"check 10: shares {labels[s]}"
            )
            used[s] = site.id
            check.need(s not in material, f"board.bridge_sites {site.id}", "check 10: on material")

    preprinted: list[tuple[int, tuple[int, ...]]] = []
    preprinted_site: str | None = None
    taken: set[int] = set(material)
    kinds_seen: list[int] = []
    for number, entry in enumerate(check.get(board, "preprinted", "board")):
        record = f"board.preprinted[{number}]"
        status[record] = check.status(entry, record)
        kind_name = str(check.get(entry, "type", record)).casefold()
        check.need(kind_name in TYPES, record, f"unknown type {kind_name!r}")
        kind = TYPES.index(kind_name)
        spaces = tuple(space(v, record) for v in check.get(entry, "spaces", record))
        for s in spaces:
            check.need(s not in taken, record, f"check 6: {labels[s]} is used twice")
            taken.add(s)
        if kind == PONTE:
            match = [site for site in sites if set(site.spaces) == set(spaces)]
            check.need(bool(match), record, "check 5: the Ponte is not on a bridge site")
            preprinted_site = match[0].id
        else:
            check.need(
                _footprint_ok(kind, spaces, neighbours),
                record,
                "checks 3–4: footprint is not " + FOOTPRINTS[kind_name],
            )
            for s in spaces:
                check.need(s not in used, record, f"check 10: {labels[s]} is on a bridge site")
        kinds_seen.append(kind)
        preprinted.append((kind, spaces))
    check.need(
        sorted(kinds_seen) == list(range(len(TYPES))),
        "board.preprinted",
        "check 3: exactly one pre-printed piece of each type",
    )
    swamp = len(cells) - len(taken)
    check.need(swamp == 86, "board", f"checks 1–2: {swamp} swamp spaces, not 86")

    track = check.get(board, "track", "board")
    status["board.track"] = check.status(track, "board.track")
    track_cells: list[tuple[int, int]] = []
    adjacent: list[frozenset[str]] = []
    same = {tuple(pair) for pair in track.get("same_space", [])}
    for number, entry in enumerate(check.get(track, "spaces", "board.track")):
        record = f"board.track.spaces[{number}] n={entry.get('n')}"
        check.need(entry.get("n") == number, record, "track spaces must be numbered 0, 1, 2, …")
        cell = check.cell(check.get(entry, "cell", record), record)
        check.need(in_bounds(cell) and cell not in where, record, "check 12: not water")
        if track_cells:
            previous = track_cells[-1]
            check.need(cell in neighbour_cells(previous), record, "check 13: route broken")
        geometric = frozenset(district[where[n]] for n in neighbour_cells(cell) if n in where)
        declared = frozenset(str(d) for d in check.get(entry, "adj", record))
        track_cells.append(cell)
        adjacent.append(declared)
        if cell in track_cells[:-1]:
            first = track_cells.index(cell)
            check.need((first, number) in same, record, "check 11: cell used twice")
            check.need(len(declared) == 4, record, "check 15: the shared space borders 4")
            check.need(adjacent[first] == declared, record, "check 11: shared space differs")
            continue
        if any(number == a for a, _ in same):
            continue
        check.need(declared == geometric, record, f"check 17: adjacent to {sorted(geometric)}")
    goal = len(track_cells) - 1
    for number in (0, *range(max(goal - 3, 1), goal + 1)):
        check.need(
            not adjacent[number], f"board.track n={number}", "check 14: must border no district"
        )
    for number in range(1, goal - 3):
        if any(number in pair for pair in same):
            continue
        ok = 1 <= len(adjacent[number]) <= 2
        check.need(ok, f"board.track n={number}", "check 16: must border 1 or 2 districts")
    for name in names:
        check.need(
            any(name in a for a in adjacent), f"board.districts.{name}", "check 18: no track"
        )
    canals = []
    for entry in board.get("canals", []):
        record = f"board.canals {entry.get('id', '?')}"
        canal_cells = tuple(check.cell(v, record) for v in check.get(entry, "cells", record))
        banks = set(check.get(entry, "banks", record))
        for cell in canal_cells:
            near = {district[where[n]] for n in neighbour_cells(cell) if n in where}
            check.need(near == banks, record, f"check 19: {list(cell)} borders {sorted(near)}")
        canals.append((str(entry["id"]), canal_cells))

    pairs = tuple((a, b) for a in range(len(cells)) for b in neighbours[a] if a < b)
    triangles = tuple(
        t
        for a, b in pairs
        for t in [(a, b, c) for c in neighbours[a] if c > b and c in neighbours[b]]
    )
    return {
        "cols": cols,
        "rows": rows,
        "cells": tuple(cells),
        "labels": tuple(labels),
        "district": tuple(district),
        "districts": names,
        "district_spaces": {n: tuple(i for i, d in enumerate(district) if d == n) for n in names},
        "neighbours": neighbours,
        "pairs": pairs,
        "triangles": triangles,
        "sites": tuple(sites),
        "material": frozenset(material),
        "preprinted": tuple(preprinted),
        "preprinted_site": preprinted_site,
        "track_cells": tuple(track_cells),
        "track_adjacent": tuple(adjacent),
        "canals": tuple(canals),
    }


def _footprint_ok(
    kind: int, spaces: tuple[int, ...], neighbours: tuple[tuple[int, ...], ...]
) -> bool:
    size = {CASA: 1, CAMPO: 1, PALAZZO: 2, BASILIKA: 3}[kind]
    if len(spaces) != size:
        return False
    return all(b in neighbours[a] for a, b in combinations(spaces, 2))


def shipped() -> Data:
    text = resources.files(__package__).joinpath(DATA_FILE).read_text("utf-8")
    return load(text, f"games/venedig/{DATA_FILE}")


DATA: Data = shipped()
