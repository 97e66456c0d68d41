"""`companion referee GAME BOARD QUESTION...`: settle a dispute about a board written as text."""

from __future__ import annotations

import json
import sys

from companion.cli import UsageError
from companion.games import plugins, plugins_with


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "referee",
        help="answer a rules question about a board",
        description="Answer a dispute about a board text (or '-' for stdin). Questions: "
        "fort-distance A B | cannon-range CANNON TARGET | check fort|cannon|blockade|road|landing CELL "
        "--player P | legal --player P | score; Cannonades over a JSON state: legal --seat S | "
        "resolve-shot WEAPON TARGET | end",
    )
    parser.add_argument("game", choices=plugins_with("referee"), help="the game whose rules answer")
    parser.add_argument("board", help="board text file, - for standard input, or a photo (.jpg, .png) of the table")
    parser.add_argument("question", nargs="+", help="the question and its cells")
    parser.add_argument("--player", "--seat", dest="player",
                        help="the country asking (for check and legal); --seat: the card game's seat")
    parser.add_argument("--via", metavar="ID,ID,...",
                        help="the choices a move makes along the way, in the order they come up (for a game "
                             "whose question takes them)")
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
    # Options the game reads itself come after the question (`moves --fleet red --dice 4,2`).
    parser.set_defaults(run=run, game_options=True)


def read_board_text(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    try:
        with open(source, encoding="utf-8") as board:  # not pathlib: its imports slow the start
            return board.read()
    except FileNotFoundError:
        raise UsageError(f"no board file at {source!r}") from None
    except UnicodeDecodeError as error:
        raise UsageError(f"{source!r} is not a board text (not UTF-8 at byte {error.start})") from None
    except OSError as error:
        raise UsageError(f"cannot read {source!r}: {error.strerror}") from None


def run(args) -> int:
    from companion.commands.read import is_photo, read_photo

    game = plugins()[args.game]
    referee, board_text = game.load("referee"), game.load("text")
    if is_photo(args.board):
        if not game.has("photo"):
            raise UsageError(f"{game.title} boards are not read from photos: give a board text")
        # A photo: the camera reader gives the position (cv2 and numpy load only inside the photo part).
        position = read_photo(game, args.board).position
    else:
        text = read_board_text(args.board)
        try:
            position = board_text.parse_board(text)
        except board_text.BoardTextError as error:
            raise UsageError(f"bad board {args.board!r}: {error}") from None
    try:
        # --via is the game's to read: it reaches the referee as words, where the question ends.
        words = [*args.question, *getattr(args, "unknown_options", ()), *(["--via", args.via] if args.via is not None else [])]
        reply = referee.answer(position, words, args.player)
    except referee.QuestionError as error:
        raise UsageError(f"bad question: {error}") from None
    if args.json:
        print(json.dumps(reply.data))
        return 0
    print(reply.sentence)
    for line in reply.extra:
        print(line)
    if reply.path or reply.ends:
        print()
        print(board_text.draw_evidence(position, reply.path, reply.ends), end="")
        print("[..] path or line of fire   {..} the cells asked about, or what blocks")
    return 0
