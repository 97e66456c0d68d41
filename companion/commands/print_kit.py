"""`companion print`: write the printable kit (each game's sheets, loose markers, colour patches,
ChArUco, a game's pieces teaching sheet) as PDF and PNG. A game's sheets, marker groups and pieces
come from its plug-in's kit part (companion/kit/part.py); this command knows only the sheets every
game shares."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from companion.cli import UsageError
from companion.games import plugins

SHARED_SHEETS = ("patches", "charuco", "markers")
PIECES = "pieces"   # one game's teaching sheet: printed only when asked for, with --game
# The calibration default: the board `companion calibrate` expects unless told otherwise.
CHARUCO_DEFAULT = "charuco:5x7:40mm:20mm:DICT_6X6_250"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "print",
        help="write printable sheets: each game's kit, markers, colour patches, ChArUco board",
        description="Write printable sheets as PDF and PNG. Print them at 100% (no 'fit to "
                    "page'); each sheet states a length to measure after printing.",
    )
    parser.add_argument("sheets", nargs="+", metavar="SHEET",
                        help=f"what to print: a game's set (islands, coast), {', '.join(SHARED_SHEETS)}, or all; "
                             f"or {PIECES} (with --game): the sheet that teaches the companion your pieces")
    parser.add_argument("--game", metavar="GAME",
                        help="pieces: the game whose pieces the teaching sheet shows (a game with a pieces sheet)")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)")
    parser.add_argument("--format", choices=("pdf", "png", "both"), default="both",
                        help="PDF to print (vector: markers stay sharp at any zoom), PNG to look at, or both (default)")
    parser.add_argument("--dpi", type=int, default=300, help="PNG resolution (default 300)")
    parser.add_argument("--out", type=Path, default=Path("kit"), help="output folder (default ./kit)")
    parser.add_argument("--board", type=int, action="append", choices=(1, 2, 3, 4),
                        help="island board number; repeat for several (default all four)")
    parser.add_argument("--seed", type=int, help="seed for random island terrain")
    parser.add_argument("--terrain", action="append", default=[],
                        help="terrain of the next --board, six rows of g f l m separated by '/', "
                             "e.g. gfgmlg/ffgggl/gglmgg/fggffg/mgglgf/ggfggm")
    parser.add_argument("--pattern", default=CHARUCO_DEFAULT,
                        help=f"ChArUco board to print (default {CHARUCO_DEFAULT})")
    parser.add_argument("--group", action="append", metavar="GROUP",
                        help="marker group (table, ships, harbours, flags, cannon); repeat for several (default all)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4),
                        help="coast: fleets' tags and harbour mats for this many players (default 4)")
    parser.add_argument("--deck", metavar="FILE",
                        help="cannonades, cannonade-stickers: the deck list (JSON, docs/formats.md) to print "
                             "or make stickers for (cannonades default: the default deck)")
    parser.set_defaults(run=run)


def game_kits() -> list:
    """Every game's kit part (companion.kit.part.GameKit), in plug-in order."""
    return [game.load("kit") for game in plugins().values() if game.has("kit")]


def pieces_sheets() -> dict:
    """{slug: PiecesSheet} of every game whose kit part has a pieces teaching sheet: `--game`'s choices."""
    return {slug: kit.pieces for slug, game in plugins().items() if game.has("kit")
            for kit in (game.load("kit"),) if kit.pieces is not None}


def marker_groups() -> dict:
    """{name: MarkerGroup}: every game's loose markers, then the cannon's, which every game shares."""
    from companion.kit.layout import CANNON_GROUP

    groups = {group.name: group for kit in game_kits() for group in kit.marker_groups}
    return {**groups, CANNON_GROUP.name: CANNON_GROUP}


def run(args: argparse.Namespace) -> int:
    from companion.kit import layout, output, pdf, sheets

    if not 72 <= args.dpi <= 1200:
        raise UsageError(f"--dpi {args.dpi}: expected 72..1200")
    paper = layout.PAPERS[args.paper]
    game_sets = {kit_set.word: kit_set for kit in game_kits() for kit_set in kit.sets}
    known = (*game_sets, *SHARED_SHEETS)
    unknown = [word for word in args.sheets if word not in known and word not in ("all", PIECES)]
    if unknown:
        raise UsageError(f"unknown sheet {unknown[0]!r}: expected some of {', '.join(known)}, or all; "
                         f"or {PIECES} --game GAME")
    teaching = _teaching_sheet(args)
    wanted = set(known) if "all" in args.sheets else set(args.sheets) - {PIECES}
    groups = marker_groups()
    bad_group = next((name for name in args.group or () if name not in groups), None)
    if bad_group is not None:
        raise UsageError(f"--group {bad_group!r}: expected one of {', '.join(groups)}")
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def emit(name: str, pages: list[sheets.PageDrawing], titles: list[str]) -> None:
        if args.format in ("png", "both"):
            for title, page in zip(titles, pages):
                image = sheets.rasterise(page, paper, args.dpi)
                written.append(output.write_png(args.out / f"{title}-{paper.name}.png", image, args.dpi))
        if args.format in ("pdf", "both"):
            written.append(pdf.write_pdf(args.out / f"{name}-{paper.name}.pdf", pages, paper, name))

    for word, kit_set in game_sets.items():
        if word not in wanted:
            continue
        try:
            printed = kit_set.make(args)
            pages = [sheets.sheet_page(sheet.layout, paper, sheet.draw_grid) for sheet in printed.sheets]
        except ValueError as error:
            raise UsageError(str(error)) from None
        emit(kit_set.file, pages, [sheet.name for sheet in printed.sheets])
        for file_name, text in printed.files.items():
            (args.out / file_name).write_text(text)
            written.append(args.out / file_name)
        if printed.note:
            print(printed.note)
    if "patches" in wanted:
        emit("colour-patches", [sheets.sheet_page(layout.patch_sheet_layout(), paper)], ["colour-patches"])
    if "charuco" in wanted:
        from calibration.patterns import CharucoPattern, parse_pattern

        try:
            pattern = parse_pattern(args.pattern)
        except ValueError as error:
            raise UsageError(f"--pattern: {error}") from None
        if not isinstance(pattern, CharucoPattern):
            raise UsageError(f"--pattern {args.pattern!r}: print makes ChArUco boards only")
        fitted = sheets.fit_charuco(pattern, paper)
        if fitted != pattern:
            print(f"charuco: {pattern} does not fit {paper.name} paper; printed {fitted} "
                  f"instead: give `companion calibrate` that pattern")
        emit("charuco", [sheets.charuco_page(pattern, paper)], ["charuco"])
    if "markers" in wanted:
        names = args.group or list(groups)
        emit("markers", [sheets.sheet_page(layout.marker_sheet_layout(groups[name]), paper) for name in names],
             [f"markers-{name}" for name in names])
    if teaching is not None:
        from companion.kit.pieces_sheet import RECORD_FILE, pieces_sheet_record

        emit(f"pieces-{args.game}", [sheets.sheet_page(teaching.sheet, paper)], [f"pieces-{args.game}"])
        record = pieces_sheet_record(args.game, paper, teaching)
        (args.out / RECORD_FILE).write_text(json.dumps(record, indent=2) + "\n")
        written.append(args.out / RECORD_FILE)
    for path in written:
        print(path)
    return 0


def _teaching_sheet(args: argparse.Namespace):
    """The PiecesLayout of --game when `pieces` is asked for, else None; UsageError for a bad --game."""
    if PIECES not in args.sheets:
        if args.game is not None:
            raise UsageError(f"--game {args.game!r}: only the {PIECES} sheet takes --game")
        return None
    from companion.kit.pieces_sheet import pieces_sheet_layout

    offered = pieces_sheets()
    if args.game not in offered:
        given = "no --game" if args.game is None else f"--game {args.game!r}"
        raise UsageError(f"{PIECES}: {given}: expected --game one of {', '.join(offered) or '(no game has one)'}")
    try:
        return pieces_sheet_layout(offered[args.game])
    except ValueError as error:
        raise UsageError(str(error)) from None
