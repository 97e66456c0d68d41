"""Cannonball Colony's camera part for the live pipeline (companion.live.Pipeline): the board
reader, the shared still-table tracker over cells, and the moves a committed board shows.

A committed board is explained against the session's game (inference.explain): the moves it
shows are proposed, a taken-back build is undone, and a doubt becomes a question to the players.
"""

from __future__ import annotations

import copy
from pathlib import Path

from companion.games.cannonball_colony.game import Game, Phase
from companion.games.cannonball_colony.inference import Explained, Question, TakenBack, explain
from companion.games.cannonball_colony.known_pieces import settle_kinds, unsure_cells
from companion.games.cannonball_colony.moves import Pass, Roads
from companion.games.cannonball_colony.observation import BoardObservation, position_from_tokens
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.text import BoardTextError, parse_board, print_board
from companion.games.cannonball_colony.camera.annotate import annotate
from companion.tracking import Committed, Observation, Tracker, TrackerSettings, describe

ROOT = Path(__file__).resolve().parents[4]
RENDERS = ROOT / "samples" / "renders"
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".webm", ".mov")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


class ColonyCamera:
    """One pipeline's camera work. `restart_on_loop`: the first still board of each pass starts a
    new game when it does not follow from the current one (or the game is over). `auto_confirm`:
    a finished turn is confirmed when the next player's move shows up."""

    without_camera = "play moves by hand on the Turn screen"
    no_reader = "No board reader installed: showing the camera, not refereeing"
    no_reader_status = "showing the camera; the board reader for this game is not installed yet"
    first_reading = "Looking for the board..."

    def __init__(self, record=None, *, auto_confirm: bool = False, restart_on_loop: bool = False,
                 tracker_settings: TrackerSettings | None = None):
        self.auto_confirm, self.restart_on_loop = auto_confirm, restart_on_loop
        self.tracker_settings = tracker_settings or TrackerSettings()
        self.tracker = Tracker(self.tracker_settings)
        self.passes = -1                  # passes begun before this one
        self._first_commit_of_pass = True
        # A game the camera started does not know whose turn it is: the first move shows it. A looping
        # clip's games are all the camera's, so one resumed after a restart, with no move yet, is too.
        self._turn_guessed = restart_on_loop

    @staticmethod
    def reader(pieces: str | None = None):
        """A reader of its own for one stream: it tracks the boards from frame to frame; with `pieces`
        (a taught pieces file, calibration.pieces) it reads the group's own pieces as taught."""
        from companion.games.cannonball_colony.camera.reader import make_reader

        taught = None
        if pieces is not None:
            from calibration.pieces import PieceLooks
            from companion.games.cannonball_colony.camera.taught import TaughtPieces

            taught = TaughtPieces(PieceLooks.load(pieces, "cannonball-colony"))   # CalibrationFileError quotes it
        return make_reader(taught=taught).read_frame

    @staticmethod
    def clip() -> Path | None:
        """The rendered Cannonball Colony clip under samples/renders: a video file or a folder of frames."""
        if not RENDERS.is_dir():
            return None
        candidates = sorted(RENDERS.rglob("*"), key=lambda p: ("cannonball" not in p.name.lower(), str(p)))
        for path in candidates:
            if path.is_file() and path.suffix.lower() in VIDEO_SUFFIXES:
                return path
        for path in candidates:
            if path.is_dir() and any(p.suffix.lower() in IMAGE_SUFFIXES for p in path.iterdir()):
                return path
        return None

    def new_pass(self) -> None:
        self.tracker = Tracker(self.tracker_settings)
        self.passes += 1
        self._first_commit_of_pass = True

    # --- one reading ------------------------------------------------------------------

    def track(self, observation: BoardObservation):
        if not observation.located:
            return None
        return self.tracker.update(Observation(observation.timestamp, observation.tokens(),
                                               dict(observation.confidence), frozenset(observation.hidden),
                                               observation.motion))

    @staticmethod
    def committed(outcome) -> bool:
        return isinstance(outcome, Committed)

    @staticmethod
    def status(observation: BoardObservation, outcome, where: str) -> tuple[str, str]:
        if not observation.located:
            why = "; ".join(observation.problems) or "no board markers found"
            return f"board not found: {why}", "looking for the board"
        return f"reading the board from {where}", describe(outcome, "cells")

    @staticmethod
    def annotate(image, observation: BoardObservation, highlight):
        return annotate(image, observation, highlight)

    # --- what a still board says --------------------------------------------------------

    def commands(self, snapshot, committed: Committed, observation: BoardObservation) -> list[dict]:
        game = snapshot.state
        first, self._first_commit_of_pass = self._first_commit_of_pass, False
        # A new game is what the camera sees and nothing else: the reader's supply and earned
        # pieces for the island as it stands, never an old game's.
        afresh = position_from_tokens(observation.position, committed.tokens)
        if game is None:
            return self._start_game(afresh)
        elsewhere = not same_island(game.position, afresh)   # e.g. a tablet started the sample island
        seen = None if elsewhere else position_from_tokens(game.position, committed.tokens)
        notes: tuple[str, ...] = ()
        if seen is not None:   # what the game knows of its pieces wins over an unsure or contrary reading
            known = settle_kinds(game, seen, unsure_cells(observation.confidence))
            if known.question is not None:
                return [question(known.question.message, known.question.cells)]
            seen, notes = known.position, known.notes
        explanation = None if elsewhere else explain(game, seen)
        if first and self.restart_on_loop and (elsewhere or self._starts_over(game, explanation)):
            return self._start_game(afresh)
        if elsewhere:
            return [question(f"The camera sees another island ({island_text(afresh)}), not the game's "
                             f"({island_text(game.position)}): put the game's island under the camera, or start a "
                             "new game.")]
        before: list[dict] = []
        if isinstance(explanation, Question) and self._turn_guessed:
            mover = self._first_mover(game, seen)
            if mover is not None:
                game, explanation, before = mover
        if isinstance(explanation, Question) and self.auto_confirm and game.turn is not None and game.turn.done:
            ahead = self._turns_ahead(game, seen)
            if ahead is not None:
                game, explanation, skipped = ahead
                before += skipped
        if explanation is None:
            return before
        if isinstance(explanation, Explained):
            self._turn_guessed = False
            pending = game.turn.build if game.turn is not None else None
            note = {"note": " ".join(notes)} if notes else {}
            return before + [{"type": "propose", "move": move_text(move, pending), **note} for move in explanation.moves]
        if isinstance(explanation, TakenBack):
            return before + [{"type": "undo"}]
        return before + [question(explanation.message, explanation.cells)]

    def _starts_over(self, game: Game, explanation) -> bool:
        """At a pass's first still table: a game that is over, or a table that is not this
        game's next move (any change on a later pass: the clip is back at its start)."""
        if game.phase is Phase.OVER:
            return True
        return explanation is not None and (self.passes > 0 or not isinstance(explanation, Explained))

    @staticmethod
    def _turns_ahead(game: Game, seen):
        """With nobody to tap Confirm: when the change is the next player's move, confirm the
        finished turn (and pass for anyone in between who cannot build, as they must); the game
        then, the move's explanation and the commands that get there, or None when no next turn explains it."""
        ahead = copy.deepcopy(game)
        ahead.confirm()
        commands = [{"type": "confirm"}]
        for _ in ahead.position.players:
            explanation = explain(ahead, seen)
            if isinstance(explanation, Explained):
                break
            if ahead.phase is Phase.OVER or not ahead.play(Pass()).legal:
                return None   # this player could have built: the change is not theirs to skip
            ahead.confirm()
            commands += [{"type": "propose", "move": "pass"}, {"type": "confirm"}]
        else:
            return None
        return ahead, explanation, commands

    @staticmethod
    def _first_mover(game: Game, seen):
        """(game, explanation, commands) with the turn given to the one other player whose move
        explains the change, restarting the camera's game at that turn; None when not exactly one does."""
        if game.history or (game.turn is not None and (game.turn.build or game.turn.shot)):
            return None
        found = []
        for player in game.position.players:
            if player == game.player:
                continue
            trial = Game.from_position(game.position.replace(turn=player))
            explanation = explain(trial, seen)
            if isinstance(explanation, Explained):
                found.append((player, trial, explanation))
        if len(found) != 1:
            return None
        player, trial, explanation = found[0]
        # The same game, its turn put right: a correction, not a second "new game".
        correction = {"type": "correct", "board": print_board(game.position), "turn": str(player),
                      "note": f"{player.title} made the first move, so the game starts on {player.title}'s turn."}
        return trial, explanation, [correction]

    def _start_game(self, seen: Position) -> list[dict]:
        board = print_board(seen)
        try:
            parse_board(board)
        except BoardTextError as error:
            return [question(f"The camera sees an island the rules cannot hold ({error}). Please check the table.")]
        self._turn_guessed = True
        return [{"type": "start", "board": board}]


def question(message: str, cells=()) -> dict:
    return {"type": "question", "message": message, "cells": tuple(cells)}


def same_island(game: Position, seen: Position) -> bool:
    return (game.players, game.boards, game.width, game.height) == (seen.players, seen.boards, seen.width, seen.height)


def island_text(position: Position) -> str:
    players = " and ".join(country.title for country in position.players)
    return f"{players} on boards {' '.join(map(str, position.boards))}"


def move_text(move, pending) -> str:
    """A second grass road is proposed on its own: the session joins it to the first (extend)."""
    if isinstance(move, Roads) and isinstance(pending, Roads) and len(pending.cells) == 1 \
            and len(move.cells) == 2 and move.cells[0] == pending.cells[0]:
        return f"road {move.cells[1]}"
    return str(move)
