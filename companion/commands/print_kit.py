"""`companion print`: write the printable kit (boards, markers, patches, ChArUco) as PDF and PNG."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from companion.cli import UsageError

SHEETS = ("islands", "patches", "charuco", "markers", "coast", "all")
# The calibration default: the board `companion calibrate` expects unless told otherwise.
CHARUCO_DEFAULT = "charuco:5x7:40mm:20mm:DICT_6X6_250"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "print",
        help="write printable sheets: island boards, markers, colour patches, ChArUco board, "
             "the Cannons & Coastlines kit",
        description="Write printable sheets as PDF and PNG. Print them at 100% (no 'fit to "
                    "page'); each sheet states a length to measure after printing.",
    )
    parser.add_argument("sheets", nargs="+", choices=SHEETS, metavar="SHEET",
                        help=f"what to print: {', '.join(SHEETS)}")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)")
    parser.add_argument("--format", choices=("pdf", "png", "both"), default="both",
                        help="PDF to print, PNG to look at, or both (default)")
    parser.add_argument("--dpi", type=int, default=300, help="PNG and PDF resolution (default 300)")
    parser.add_argument("--out", type=Path, default=Path("kit"), help="output folder (default ./kit)")
    parser.add_argument("--board", type=int, action="append", choices=(1, 2, 3, 4),
                        help="island board number; repeat for several (default all four)")
    parser.add_argument("--seed", type=int, help="seed for random island terrain")
    parser.add_argument("--terrain", action="append", default=[],
                        help="terrain of the next --board, six rows of g f l m separated by '/', "
                             "e.g. gfgmlg/ffgggl/gglmgg/fggffg/mgglgf/ggfggm")
    parser.add_argument("--pattern", default=CHARUCO_DEFAULT,
                        help=f"ChArUco board to print (default {CHARUCO_DEFAULT})")
    parser.add_argument("--group", action="append",
                        choices=("table", "ships", "harbours", "flags", "cannon"),
                        help="marker group; repeat for several (default all)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4),
                        help="coast: fleets' tags and harbour mats for this many players (default 4)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from companion.kit import layout, output, sheets

    from companion.games.cannonball_colony.kit import terrain
    if not 72 <= args.dpi <= 1200:
        raise UsageError(f"--dpi {args.dpi}: expected 72..1200")
    paper = layout.PAPERS[args.paper]
    wanted = set(SHEETS[:-1]) if "all" in args.sheets else set(args.sheets)
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def emit(name: str, pages: list, titles: list[str]) -> None:
        if args.format in ("png", "both"):
            for title, image in zip(titles, pages):
                written.append(output.write_png(args.out / f"{title}-{paper.name}.png", image, args.dpi))
        if args.format in ("pdf", "both"):
            written.append(output.write_pdf(args.out / f"{name}-{paper.name}.pdf", pages, paper, name))

    if "islands" in wanted:
        boards = args.board or [1, 2, 3, 4]
        if len(args.terrain) > len(boards):
            raise UsageError(f"{len(args.terrain)} --terrain given for {len(boards)} board(s) "
                             f"{boards}: give one --terrain per --board")
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
        terrains = {}
        for index, board in enumerate(boards):
            if index < len(args.terrain):
                try:
                    terrains[board] = terrain.parse_terrain(args.terrain[index])
                except ValueError as error:
                    raise UsageError(f"--terrain for board {board}: {error}") from None
            else:
                terrains[board] = terrain.random_terrain(seed, board)
        pages = []
        for board in boards:
            board_text = terrain.terrain_to_text(terrains[board])
            board_layout = layout.island_terrain_label(layout.island_board_layout(board), board_text)
            pages.append(sheets.render_sheet(board_layout, paper, args.dpi, terrains[board]))
        emit("island-boards", pages, [f"island-board-{board}" for board in boards])
        record = {"seed": seed, "boards": {str(b): terrain.terrain_to_text(terrains[b]) for b in boards}}
        record_path = args.out / "island-boards.json"
        record_path.write_text(json.dumps(record, indent=2) + "\n")
        written.append(record_path)
        print(f"island terrain: --seed {seed}" + (" (given terrain where --terrain was set)"
                                                  if args.terrain else ""))
    if "patches" in wanted:
        emit("colour-patches", [sheets.render_sheet(layout.patch_sheet_layout(), paper, args.dpi)],
             ["colour-patches"])
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
        emit("charuco", [sheets.render_charuco(pattern, paper, args.dpi)], ["charuco"])
    if "markers" in wanted:
        groups = args.group or list(layout.MARKER_GROUPS)
        pages = [sheets.render_sheet(layout.marker_sheet_layout(group), paper, args.dpi)
                 for group in groups]
        emit("markers", pages, [f"markers-{group}" for group in groups])
    if "coast" in wanted:
        from companion.games.cannons_coastlines.kit.sheets import coast_layouts

        named = coast_layouts(args.players)
        emit("coast-kit", [sheets.render_sheet(sheet, paper, args.dpi) for _, sheet in named],
             [name for name, _ in named])
    for path in written:
        print(path)
    return 0
