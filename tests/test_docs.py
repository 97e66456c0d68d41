"""The project's own documents hold up: docs/formats.md's checked examples parse with the real
parsers, every rule id the code uses is defined in docs/rulings.md, and every relative link in
README.md and docs/*.md leads to a file (and heading) in the repository."""

from __future__ import annotations

import json
import math
import re
import shlex
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
FORMATS = DOCS / "formats.md"
RULINGS = DOCS / "rulings.md"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
CODE_SUFFIXES = (".py", ".js", ".html", ".json")

# `<!-- check: KIND [ARGUMENT] -->` right above a fenced block marks it for checking.
CHECKED = re.compile(r"<!-- check: (?P<kind>[\w-]+)(?: (?P<arg>[^\n]*?))? -->\n```[\w-]*\n(?P<body>.*?)\n```", re.S)
RULE_ID = re.compile(r"(?<![\w-])(?:(?:CC|CS|TC|CN|BC)-P?\d+|rules:[a-z][a-z-]*)(?![\w-])")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


@dataclass(frozen=True)
class Example:
    kind: str
    arg: str
    body: str
    line: int

    def __str__(self) -> str:
        return f"formats.md:{self.line}:{self.kind}"


def checked_examples(text: str) -> list[Example]:
    return [Example(m["kind"], m["arg"] or "", m["body"], text.count("\n", 0, m.start()) + 1)
            for m in CHECKED.finditer(text)]


EXAMPLES = checked_examples(FORMATS.read_text(encoding="utf-8"))


def _lines(example: Example) -> list[str]:
    return [line for line in example.body.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def _file(tmp_path: Path, example: Example, name: str) -> Path:
    path = tmp_path / name
    path.write_text(example.body + "\n", encoding="utf-8")
    return path


def _board_position():
    from companion.games.cannonball_colony.text import parse_board

    return parse_board(next(e for e in EXAMPLES if e.kind == "board").body)


# --- one checker per kind of example: the real parser, and what the page says of its result --


def check_board(example, tmp_path):
    from companion.games.cannonball_colony.text import parse_board, print_board

    position = parse_board(example.body)
    without_comments = [line.split("#", 1)[0].rstrip() for line in example.body.splitlines()]
    assert print_board(position) == "\n".join(line for line in without_comments if line) + "\n"
    assert parse_board(print_board(position)) == position


def check_board_error(example, tmp_path):
    from companion.games.cannonball_colony.text import BoardTextError, parse_board

    with pytest.raises(BoardTextError) as refused:
        parse_board(example.body)
    assert str(refused.value).startswith(example.arg), f"the page says {example.arg!r}, the parser {refused.value}"


def check_black_cannon_position(example, tmp_path):
    from companion.games.black_cannon.text import parse_board, print_board

    position = parse_board(example.body)
    assert print_board(position) == example.body.strip() + "\n", "the page shows the position as it prints"
    assert parse_board(print_board(position)) == position


def check_moves(example, tmp_path):
    from companion.games.cannonball_colony.moves import parse_move

    for line in _lines(example):
        assert str(parse_move(line)) == line.strip(), "the page shows each move as the notation writes it"


def check_questions(example, tmp_path):
    from companion.games.cannonball_colony.referee import answer

    position = _board_position()
    for line in _lines(example):
        words = shlex.split(line)
        player = None
        if "--player" in words:
            at = words.index("--player")
            player, words = words[at + 1], words[:at] + words[at + 2:]
        assert answer(position, words, player).sentence


def check_terrain(example, tmp_path):
    from companion.games.cannonball_colony.kit.terrain import parse_terrain, terrain_to_text

    assert terrain_to_text(parse_terrain(example.body)) == example.body.strip()


def check_pieces_sheet(example, tmp_path):
    from companion.cli import main

    shown = json.loads(example.body)
    assert main(["print", "pieces", "--game", example.arg, "--paper", shown["paper"], "--format", "png",
                 "--dpi", "72", "--out", str(tmp_path)]) == 0
    written = json.loads((tmp_path / "pieces-sheet.json").read_text())
    assert set(shown) == set(written)
    assert all(shown[key] == written[key] for key in ("game", "paper", "page_mm", "sheet_origin_mm"))
    assert all(item in written[key] for key in ("markers", "squares") for item in shown[key])


def check_piece_looks(example, tmp_path):
    from calibration.pieces import PieceLooks

    looks = PieceLooks.from_json(json.loads(example.body))
    assert looks.problems() == {square["label"]: f"{square['status']} in {square['photo']}"
                                for square in json.loads(example.body)["squares"]}


def check_coast_table(example, tmp_path):
    from companion.games.cannons_coastlines.factions import load_rulebook
    from companion.games.cannons_coastlines.table_json import table_from_json, table_to_json

    rulebook = load_rulebook()
    table = table_from_json(json.loads(example.body), rulebook)
    assert table_from_json(table_to_json(table), rulebook) == table


def check_coast_mat(example, tmp_path):
    from companion.games.cannons_coastlines.factions import load_rulebook
    from companion.games.cannons_coastlines.mat_correction import checked_mat, mat_words
    from companion.games.cannons_coastlines.table import Table

    table = Table(72, 48, ("anna", "ben"), {"anna": "navy", "ben": "pirates"}, {})
    assert mat_words(checked_mat(table, load_rulebook(), "ben", json.loads(example.body))) == \
        "3 coins; prizes: 1 navy hull, 3 navy mast"
    with pytest.raises(ValueError, match="not from 'pirates'"):
        checked_mat(table, load_rulebook(), "ben", {"prizes": {"pirates:hull": 1}})


def check_cannonades_state(example, tmp_path):
    from companion.games.cannonades.text import parse_board, print_board

    game = parse_board(example.body)
    assert parse_board(print_board(game)).to_json() == game.to_json()
    assert sorted(game.where_is(card) for card in ("C01", "S09", "C30")) == ["discard", "hand:anna", "ship:anna-1"]


def check_cannonades_deck(example, tmp_path):
    from companion.games.cannonades.deck import load_deck

    deck = load_deck(_file(tmp_path, example, "deck.json"))
    shown = json.loads(example.body)["cards"]
    assert deck.to_json()["cards"] == [{**card, "icons": sorted(card["icons"]), "grins": card.get("grins", 0)}
                                       for card in shown]


def check_values(example, tmp_path):
    from companion.games.cannons_coastlines.record import check_house
    from companion.games.cannons_coastlines.factions import load_rulebook
    from companion.games.cannons_coastlines.scoring import value_table

    house = json.loads(example.body)
    check_house(house)
    in_use = value_table(load_rulebook(), house)
    assert all(in_use[faction][kind] == value for faction, kinds in house.items() for kind, value in kinds.items())


def check_leds(example, tmp_path):
    from companion.hardware.led_map import load_led_map

    led_map = load_led_map(_file(tmp_path, example, "leds.json"))
    width, height = (int(n) for n in example.arg.split("x"))
    assert led_map.fit_problem(width, height) is None


def check_hardware_config(example, tmp_path):
    from firmware_bridge.bridge import load_board_config

    config = load_board_config(_file(tmp_path, example, "board.json"))
    assert all(getattr(config, key) == value for key, value in json.loads(example.body).items())


def check_intrinsics(example, tmp_path):
    from calibration.store import check_intrinsics, load_intrinsics

    path = _file(tmp_path, example, "camera-calibration.json")
    intrinsics = load_intrinsics(path)
    status = check_intrinsics(path, intrinsics.image_size, now=intrinsics.created + timedelta(days=1))
    assert status.ok, str(status)


def check_colour(example, tmp_path):
    from calibration.colour import ColourReferences
    from companion.vision.colour_classes import references_from_calibration

    references_from_calibration(ColourReferences.from_json(json.loads(example.body)))  # the reader can use it


def check_cannon_calibration(example, tmp_path):
    from firmware_bridge.aiming import load

    aiming = load(_file(tmp_path, example, "cannon-calibration.json"))
    ahead = aiming.pose.x + 300 * math.cos(math.radians(aiming.pose.heading)), \
        aiming.pose.y + 300 * math.sin(math.radians(aiming.pose.heading))
    assert all(math.isfinite(angle) for angle in aiming.angles_for(*ahead))


def check_shots(example, tmp_path):
    from firmware_bridge.aiming import read_shots

    assert len(read_shots(_file(tmp_path, example, "shots.csv"))) == len(_lines(example)) - 1   # less the header


def check_record(example, tmp_path):
    """Replaying the page's game through a real session writes the same events, with the same keys and rule ids."""
    from companion.games.cannonball_colony.record import RECORD
    from companion.session import EventLog, Session

    shown = [json.loads(line) for line in example.body.splitlines()]
    assert [event["seq"] for event in shown] == list(range(1, len(shown) + 1))
    session = Session(EventLog(tmp_path / "game.sqlite"), RECORD)
    for event in shown:
        if event["type"] == "game":
            session.act({"type": "start", "board": event["board"], "source": event["source"]})
        elif event["type"] in ("move", "proposal"):
            session.act({"type": "propose", "move": event["move"], "source": event["source"]})
        else:
            session.act({"type": event["type"], "source": event["source"]})
    written = [event.to_json() for event in session.log.events()]
    assert [e["type"] for e in written] == [e["type"] for e in shown]
    for page, real in zip(shown, written):
        assert sorted(page) == sorted(real), f"event {page['seq']}: the page's keys differ from the log's"
        if "verdict" in page:
            assert [r["rule"] for r in page["verdict"]["reasons"]] == [r["rule"] for r in real["verdict"]["reasons"]]
    Session(EventLog(tmp_path / "game.sqlite"), RECORD)   # and the log replays, as a restart does


def check_frames(example, tmp_path):
    from firmware_bridge.codec import Deframer, encode_frame
    from firmware_bridge.protocol import Msg

    for line in _lines(example):
        wire_hex, _, comment = line.partition("#")
        wire = bytes.fromhex(wire_hex)
        deframer = Deframer()
        frames = deframer.feed(wire)
        assert deframer.garbled == 0 and len(frames) == 1, f"{line!r}: {list(deframer.errors)}"
        name, seq, payload = re.fullmatch(r"\s*(\w+) seq (\d+)(?: payload ([0-9a-f ]+))?\s*", comment).groups()
        frame = frames[0]
        assert (frame.type, frame.seq, frame.payload) == (Msg[name], int(seq), bytes.fromhex(payload or ""))
        assert encode_frame(frame) == wire


def check_venue_messages(example, tmp_path):
    """Each `TOPIC PAYLOAD` line is taken by the venue board as it is, in order."""
    from companion.games import plugins
    from companion.venue.board import VenueBoard

    board = VenueBoard("club", {slug: plugin.title for slug, plugin in plugins().items()})
    for line in _lines(example):
        topic, _, payload = line.partition(" ")
        assert board.receive(topic, payload.encode()), f"{example}: dropped {topic} ({dict(board.dropped)})"
    assert board.lines()[0]["events"] == 2 and board.lines()[0]["status"] == "offline"


CHECKERS = {name.removeprefix("check_").replace("_", "-"): check for name, check in dict(globals()).items()
            if name.startswith("check_") and callable(check)}


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_a_checked_example_parses_as_the_page_says(example, tmp_path):
    assert example.kind in CHECKERS, f"{example}: no checker for {example.kind!r} (known: {', '.join(CHECKERS)})"
    CHECKERS[example.kind](example, tmp_path)


def test_every_kind_of_format_has_a_checked_example():
    missing = set(CHECKERS) - {example.kind for example in EXAMPLES}
    assert not missing, f"docs/formats.md has no checked example of {sorted(missing)}"


def test_a_bad_example_would_be_caught(tmp_path):
    page = "<!-- check: board-error line 2, column 1 -->\n```text\nplayers: france spain\n```\n"
    (bad,) = checked_examples(page)
    with pytest.raises(AssertionError, match="missing the 'boards:' header"):
        check_board_error(bad, tmp_path)   # the parser says line 1, not line 2


# --- rule ids ------------------------------------------------------------------------------


def rule_ids_in(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def rule_ids_used() -> dict[str, list[str]]:
    """Every rule id in the code under companion/, with where it appears."""
    used: dict[str, list[str]] = {}
    for path in sorted((ROOT / "companion").rglob("*")):
        if path.suffix in CODE_SUFFIXES and path.is_file():
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                for rule in rule_ids_in(line):
                    used.setdefault(rule, []).append(f"{path.relative_to(ROOT)}:{number}")
    return used


def rulings_defined() -> list[str]:
    """The ids in the first column of docs/rulings.md's tables."""
    cells = re.findall(r"^\|\s*`?([^|`]+?)`?\s*\|", RULINGS.read_text(encoding="utf-8"), re.M)
    return [cell for cell in cells if RULE_ID.fullmatch(cell)]


def test_the_rule_id_pattern_finds_ids_and_nothing_else():
    text = 'Reason("CC-P9", ...) rules:sail-away; "CS-12" BC-3. ABC-1 CC-1a rules: none XCC-2'
    assert rule_ids_in(text) == {"CC-P9", "rules:sail-away", "CS-12", "BC-3"}


def test_the_code_uses_rule_ids_of_both_working_games():
    used = rule_ids_used()
    assert {"CC-6", "CC-P4", "CS-5", "rules:turn"} <= set(used)


def test_every_rule_id_the_code_uses_is_defined_in_the_rulings():
    defined = set(rulings_defined())
    missing = {rule: places[:3] for rule, places in rule_ids_used().items() if rule not in defined}
    assert not missing, f"rule ids used in companion/ but not defined in docs/rulings.md: {missing}"


def test_each_ruling_is_defined_once_and_every_game_keeps_its_rulings():
    defined = rulings_defined()
    assert len(defined) == len(set(defined)), "a ruling is defined twice"
    design = {f"{prefix}{n}" for prefix, count in (("CC-", 9), ("CC-P", 4), ("CS-", 5), ("TC-", 5), ("CN-", 1),
                                                   ("BC-", 6)) for n in range(1, count + 1)}
    assert design <= set(defined), f"missing rulings: {sorted(design - set(defined))}"


# --- links ---------------------------------------------------------------------------------


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*$", FENCE.sub("", page.read_text(encoding="utf-8")), re.M):
        base = slug(heading)
        out.add(base if base not in seen else f"{base}-{seen[base]}")
        seen[base] = seen.get(base, 0) + 1
    return out


def broken_links(page: Path) -> list[str]:
    broken = []
    for target in LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):   # http:, https:, mailto:
            continue
        path_part, _, anchor = target.partition("#")
        path = (page.parent / path_part).resolve() if path_part else page
        if ROOT not in path.parents and path != ROOT or not path.exists():
            broken.append(f"{target}: no such file in the repository")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{target}: {path.name} has no heading #{anchor}")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_heading_in_the_repository(page):
    assert not broken_links(page), f"{page.relative_to(ROOT)}: {broken_links(page)}"


def test_a_broken_link_is_found(tmp_path):
    page = ROOT / "docs" / "_probe.md"
    page.write_text("# Here\n[ok](#here) [gone](nowhere.md) [no heading](rulings.md#nowhere) [web](https://x.org)\n")
    try:
        found = broken_links(page)
    finally:
        page.unlink()
    assert found == ["nowhere.md: no such file in the repository", "rulings.md#nowhere: rulings.md has no heading #nowhere"]


def test_headings_get_github_anchors():
    assert slug("Cannons & Coastlines table JSON") == "cannons--coastlines-table-json"
    assert slug("House prize values (`--values`)") == "house-prize-values---values"
