"""The camera reader of Cannonball Colony: one frame -> the island (terrain, roads, pieces, ships), per-cell confidence, hidden cells and motion.

Stages (in this folder or companion/vision; their thresholds gathered in ReaderSettings):
  markers   board_finder: find or re-check the boards' corner markers
  layout    island: one table plane, each board placed on it, the logical grid
  views     board_view: each board rectified, white-balanced on its frame, pixels named in Lab
  cells     cell_features + cell_model: each cell's token, from class shares turned to the lean
  ships     the same, at the spots in the frame beside the edge cells
  hands     occlusion: cells under a hand, an arm or its shadow
  motion    motion: the share of the boards' pixels that changed since the last frame

The three small networks (cells, hidden, ships) are trained on rendered views with known
truth (benchmarks/read_accuracy.py --train) and ship as reader_model.json beside this file.
While the boards stay put, everything that depends only on where they lie (the island, the
resampling maps, each cell's lean and sampling grid, the outlines) is worked out once. An
IslandReader (make_reader()) reads one camera stream and keeps all of that itself: the module
holds no state.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from companion.games.cannonball_colony.cells import (COUNTRY_BY_INITIAL, SUPPLY_BY_PLAYER_COUNT, Cell, Country,
                                                      Ground, Piece, PieceKind)
from companion.games.cannonball_colony.position import Position
from companion.games.cannonball_colony.observation import BoardObservation
from companion.games.cannonball_colony.camera.board_finder import BoardFix, FinderSettings, find_boards
from companion.games.cannonball_colony.camera.board_view import BoardView, ViewSettings, place_boards, view_boards
from companion.games.cannonball_colony.camera.cell_features import FeatureSettings, board_features
from companion.vision.cell_model import CellModel, load_models
from companion.vision.colour_classes import ColourSettings, ColourTable, references_from_calibration
from companion.games.cannonball_colony.camera.kit_colours import KIT_COLOURS
from companion.games.cannonball_colony.camera.untaught_check import kit_pieces
from companion.games.cannonball_colony.camera.island import IslandGeometry, IslandNotFound, assemble_island
from companion.games.cannonball_colony.camera.land_doubt import LandDoubtSettings, doubt_unlike_land
from companion.vision.motion import MotionSettings, board_motion, motion_signature
from companion.games.cannonball_colony.camera.occlusion import OcclusionSettings, context_features, hidden_cells, hidden_probability

MODEL_FILE = Path(__file__).with_name("reader_model.json")
NO_SHIP = "none"


@dataclass(frozen=True)
class ReaderSettings:
    finder: FinderSettings = FinderSettings()
    view: ViewSettings = ViewSettings()
    features: FeatureSettings = FeatureSettings()
    colour: ColourSettings = ColourSettings()
    occlusion: OcclusionSettings = OcclusionSettings()
    motion: MotionSettings = MotionSettings()
    # A ship is seen when the ship model is at least this sure, and only one per country:
    # the surest spot wins.
    ship_probability: float = 0.5
    # Untaught, check each piece the network is sure of against the kit's own looks (camera/untaught_check.py).
    check_kinds: bool = True
    # A cell read as land whose middle shows little of that land's ink is doubtful (camera/land_doubt.py).
    land: LandDoubtSettings = LandDoubtSettings()


@dataclass(frozen=True, eq=False)
class Reading:
    """Everything one frame gave, stage by stage (for debugging pictures and the benchmarks)."""

    observation: BoardObservation
    fix: BoardFix | None
    island: IslandGeometry | None
    views: dict[int, BoardView] = field(default_factory=dict)
    tokens: dict = field(default_factory=dict)          # (board, col, row) -> token
    probabilities: dict = field(default_factory=dict)   # (board, col, row) -> probability
    ships: dict = field(default_factory=dict)            # country -> (board, col, row, probability)
    timings: dict = field(default_factory=dict)          # stage -> seconds
    doubts: dict = field(default_factory=dict)           # (board, col, row) -> why its reading was doubted


class IslandReader:
    """Reads frames one after another; keeps the last boards' fix and picture to track and to measure motion."""

    def __init__(self, settings: ReaderSettings = ReaderSettings(), references=None,
                 players: tuple[Country, ...] | None = None, models: dict[str, CellModel] | None = None,
                 taught=None):
        self.settings = settings
        colour_refs = references_from_calibration(references) if references is not None else None
        self.table = ColourTable(colour_refs, settings.colour, KIT_COLOURS)
        # The group's own pieces (camera/taught.py): their paint and looks re-read the cells on roads.
        # Untaught, the kit's own looks check the network's pieces: a kind they do not confirm is doubtful.
        self.taught = taught
        self._kit_looks = None
        self._models = models
        self.players = tuple(players) if players else None
        self._last: tuple[BoardObservation, BoardFix, dict] | None = None
        self._layout: tuple | None = None   # (located boards, island, board places, picture size)
        self._outline_cache: tuple | None = None

    @property
    def kit_looks(self):
        if self._kit_looks is None:
            self._kit_looks = kit_pieces() or False
        return self._kit_looks or None

    @property
    def models(self) -> dict[str, CellModel]:
        if self._models is None:
            self._models = _shipped_models(MODEL_FILE.stat().st_mtime_ns)
        return self._models

    def read(self, image: np.ndarray, timestamp: float = 0.0, previous: BoardObservation | None = None) -> BoardObservation:
        return self.read_stages(image, timestamp, previous).observation

    read_frame = read   # the camera part's name for it (companion.live's reader)

    def read_stages(self, image: np.ndarray, timestamp: float = 0.0,
                    previous: BoardObservation | None = None) -> Reading:
        _check_image(image)
        timings = {}
        clock = time.perf_counter()
        last_fix, last_signature = None, None
        if previous is not None and self._last is not None and self._last[0] is previous:
            last_fix, last_signature = self._last[1], self._last[2]
        fix, island, views = self.look(image, last_fix, timings)
        problems = list(fix.problems)
        if island is None:
            observation = BoardObservation(timestamp, None, problems=tuple(problems))
            self._last = None
            return Reading(observation, fix, None, timings=timings)
        features = {board: board_features(view, self.settings.features) for board, view in views.items()}
        timings["features"] = time.perf_counter() - clock - sum(timings.values())
        tokens, probabilities = self._cells(features)
        doubts = {}
        if self.taught is not None:
            doubts = self.taught.revise(views, tokens, probabilities, image)
        elif self.settings.check_kinds and self.kit_looks is not None:
            doubts = self.kit_looks.doubt(views, tokens, probabilities, image)
        doubts.update(doubt_unlike_land(views, tokens, probabilities, self.settings.land, taught=self.taught is not None))
        timings["cells"] = time.perf_counter() - clock - sum(timings.values())
        ships = self._ships(features)
        timings["ships"] = time.perf_counter() - clock - sum(timings.values())
        hidden = self._hidden(views, features)
        timings["hands"] = time.perf_counter() - clock - sum(timings.values())
        signature = motion_signature(views, self.settings.motion)
        motion = board_motion(signature, last_signature, self.settings.motion)
        timings["motion"] = time.perf_counter() - clock - sum(timings.values())
        position, confidence, outlines, more = self._position(island, views, tokens, probabilities, ships, previous)
        problems += more
        hidden_logical = frozenset(Cell(views[b].origin[0] + c, views[b].origin[1] + r) for b, c, r in hidden)
        observation = BoardObservation(timestamp, position, confidence, hidden_logical, motion, outlines, tuple(problems))
        timings["assemble"] = time.perf_counter() - clock - sum(timings.values())
        self._last = (observation, fix, signature)
        return Reading(observation, fix, island, views, tokens, probabilities, ships, timings, doubts)

    def look(self, image: np.ndarray, last_fix: BoardFix | None = None, timings: dict | None = None):
        """Markers, layout and board views: (fix, island or None, views). The fix's problems
        say why no island was found."""
        timings = {} if timings is None else timings
        clock = time.perf_counter()
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        fix = find_boards(grey, last_fix, self.settings.finder)
        timings["markers"] = time.perf_counter() - clock
        try:
            island = self._island(fix)
        except IslandNotFound as error:
            fix = replace(fix, problems=fix.problems + (f"board not located: {_unlocated(error)}",))
            return fix, None, {}
        timings["layout"] = time.perf_counter() - clock - timings["markers"]
        places = self._places(fix, island, image)
        views = view_boards(image, places, self.table, self.settings.view)
        timings["views"] = time.perf_counter() - clock - timings["markers"] - timings["layout"]
        return fix, island, views

    def _island(self, fix: BoardFix) -> IslandGeometry:
        """The island of a fix; the same one again while the fix's placement stands."""
        if self._layout is not None and self._layout[0] is fix.located:
            return self._layout[1]
        island = assemble_island(fix.located, self.settings.finder.island)
        self._layout = (fix.located, island, None, None)
        return island

    def _places(self, fix: BoardFix, island: IslandGeometry, image: np.ndarray) -> dict:
        size = (image.shape[1], image.shape[0])
        if self._layout[2] is None or self._layout[3] != size:
            self._layout = (fix.located, island, place_boards(island, size, self.settings.view), size)
        return self._layout[2]

    def _outlines(self, views: dict) -> dict:
        """Every cell's outline in the picture, once per placement of the boards."""
        places = [v.place for _, v in sorted(views.items())]
        cached = self._outline_cache
        if cached is None or len(cached[0]) != len(places) or any(a is not b for a, b in zip(cached[0], places)):
            self._outline_cache = (places, _outlines(views))
        return self._outline_cache[1]

    # --- stages -----------------------------------------------------------------------

    def _cells(self, features: dict) -> tuple[dict, dict]:
        tokens, probabilities = {}, {}
        if not features:
            return tokens, probabilities
        labels, best, _ = self.models["cells"].predict(np.vstack([f.cells for f in features.values()]))
        keys = [(board, col, row) for board in features for row in range(6) for col in range(6)]
        for key, label, probability in zip(keys, labels, best):
            tokens[key] = label
            probabilities[key] = float(probability)
        return tokens, probabilities

    def _hidden(self, views: dict, features: dict) -> set:
        model = self.models.get("hidden")
        if model is None or not features:
            return set()
        rows = np.vstack([context_features(views[board], f.cells) for board, f in features.items()])
        p_hidden = hidden_probability(model, rows)
        keys = [(board, col, row) for board in features for row in range(6) for col in range(6)]
        return hidden_cells(dict(zip(keys, p_hidden)), self.settings.occlusion)

    def _ships(self, features: dict) -> dict:
        found: dict[Country, tuple] = {}
        if not features:
            return found
        labels, best, _ = self.models["ships"].predict(np.vstack([f.spots for f in features.values()]))
        keys = [(board, col, row) for board, f in features.items() for col, row, _side in f.spot_places]
        for (board, col, row), label, probability in zip(keys, labels, best):
            if label == NO_SHIP or probability < self.settings.ship_probability:
                continue
            country = Country(label)
            if country not in found or probability > found[country][3]:
                found[country] = (board, col, row, float(probability))
        return found

    def _position(self, island: IslandGeometry, views, tokens, probabilities, ships, previous):
        problems = []
        boards = sorted(views)
        corners = tuple(Cell(*views[b].origin) for b in boards)
        players = self._players(boards, ships, previous, problems)
        ground = {Cell(c, r): Ground.SEA for r in range(island.height) for c in range(island.width)}
        pieces, confidence = {}, {}
        outlines = self._outlines(views)
        for (board, col, row), token in tokens.items():
            cell = Cell(views[board].origin[0] + col, views[board].origin[1] + row)
            if len(token) == 2:
                ground[cell] = Ground.ROAD
                pieces[cell] = Piece(PieceKind(token[0]), COUNTRY_BY_INITIAL[token[1]])
            else:
                ground[cell] = Ground(token)
            confidence[cell] = probabilities[(board, col, row)]
        landing = {}
        # Boards where _players named two countries' ships (it seats boards by their ships when no players are given).
        crowded = set() if self.players is not None else {
            board for board, count in Counter(ship[0] for ship in ships.values()).items() if count > 1}
        for country, (board, col, row, _p) in ships.items():
            if country in players:
                landing[country] = Cell(views[board].origin[0] + col, views[board].origin[1] + row)
            elif board not in crowded:
                problems.append(f"a {country} ship on board {board}, but {country} is not playing")
        roads = sum(1 for g in ground.values() if g is Ground.ROAD)
        supply = SUPPLY_BY_PLAYER_COUNT.get(len(players))
        supply = None if supply is None else max(0, supply - roads)
        position = Position(players, corners, island.width, island.height, ground, pieces, landing, supply=supply)
        return position, confidence, outlines, problems

    def _players(self, boards, ships, previous, problems) -> tuple[Country, ...]:
        """Seat i is board i: the country whose ship is on it, or as given, or as last seen."""
        if self.players is not None:
            if len(self.players) != len(boards):
                problems.append(f"{len(self.players)} players given but {len(boards)} boards seen")
            return self.players
        on_board = {}
        for board in sorted({ship[0] for ship in ships.values()}):
            # A hand or a piece beside the landing may pass for another country's ship: the surest one seats the board.
            seen = sorted(_ships_on(ships, board), key=lambda country: -ships[country][3])
            on_board[board] = seen[0]
            if len(seen) > 1:
                problems.append(f"ships of {' and '.join(map(str, seen))} both seen on board {board}: "
                                f"{seen[0]}'s, the surest, taken")
        remembered = previous.position.players if previous is not None and previous.position is not None else ()
        seats = []
        for index, board in enumerate(boards):
            country = on_board.get(board)
            if country is None and len(remembered) == len(boards):
                country = remembered[index]
            seats.append(country)
        if None in seats:
            spare = [c for c in Country if c not in seats]
            problems.append("players unknown for board " + ", ".join(str(b) for b, s in zip(boards, seats) if s is None)
                            + ": no ship landed there; give --players")
            seats = [s if s is not None else spare.pop(0) for s in seats]
        if len(set(seats)) != len(seats):
            problems.append("two boards show ships of one country")
        return tuple(seats)


def _ships_on(ships: dict, board: int) -> list[Country]:
    """The countries whose ship was read on `board` (ships: country -> (board, col, row, probability))."""
    return [country for country, ship in ships.items() if ship[0] == board]


def _outlines(views: dict[int, BoardView]) -> dict[Cell, tuple]:
    """Every cell's four image corners (TL, TR, BR, BL), one transform per board."""
    outlines = {}
    steps = np.arange(7, dtype=np.float64)
    for view in views.values():
        col, row = view.origin
        grid = np.stack(np.meshgrid(steps + col, steps + row), axis=-1).reshape(-1, 1, 2)
        corners = cv2.perspectiveTransform(grid, view.grid_to_image).reshape(7, 7, 2).round(2)
        for r in range(6):
            for c in range(6):
                quad = (corners[r, c], corners[r, c + 1], corners[r + 1, c + 1], corners[r + 1, c])
                outlines[Cell(col + c, row + r)] = tuple((float(x), float(y)) for x, y in quad)
    return outlines


@lru_cache(maxsize=1)
def _shipped_models(modified_ns: int) -> dict[str, CellModel]:
    """The networks' file, read once while it stays unchanged: every new reader uses them (nothing writes to them)."""
    return load_models(MODEL_FILE)


def _check_image(image) -> None:
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.ndim != 3 or image.shape[2] != 3:
        shape = getattr(image, "shape", None)
        raise ValueError(f"expected a BGR uint8 picture (height, width, 3), got {type(image).__name__} {shape}")


def _unlocated(error: IslandNotFound) -> str:
    text = str(error)
    return "markers 0-15 not seen" if "none of markers" in text else text


def make_reader(**options) -> IslandReader:
    """The camera part's reader for one camera stream: `reader.read_frame(image_bgr, timestamp,
    previous)` tracks the boards from `previous` when it is this reader's last observation,
    and searches afresh otherwise. Options as IslandReader's (settings, references, players)."""
    return IslandReader(**options)
