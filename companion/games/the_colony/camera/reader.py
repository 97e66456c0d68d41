"""The Colony's reader: from a picture to every log space's egg count (with its posterior), its ant
and whether a hand hides it. Board from its corner markers (board_frame), numbers from the patches
(features), counts from the trained network and the rules' egg total (counting). A stream's memory
(stream_memory) spares a frame the logs that did not change."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.games.the_colony.camera.board_frame import (corner_markers, find_markers_near, lean_mm, locate_board,
                                                           patch_greys, patch_grid, patch_maps, sample_patches)
from companion.games.the_colony.camera.count_trees import count_trees
from companion.games.the_colony.camera.counting import MODEL_FILE, TOTAL_MODEL_FILE, with_total
from companion.games.the_colony.camera.features import (FEATURE_NAMES, AntLook, SpaceLook, bead_unit, feature_row,
                                                        hands_over_whole, look_at_spaces, measured_unit)
from companion.games.the_colony.camera.observation import ColonyObservation, SpaceReading
from companion.games.the_colony.camera.outlined_markers import with_outlined_markers
from companion.games.the_colony.camera.pile_score import pile_scores
from companion.games.the_colony.camera.settings import SETTINGS, ColonyReaderSettings
from companion.games.the_colony.camera.stream_memory import StreamMemory
from companion.games.the_colony.layout import Layout, default_layout
from companion.games.the_colony.position import Position


@dataclass(frozen=True)
class SpaceFeatures:
    """What the reader measured before counting: one feature row per space, the ants, the hands."""

    rows: np.ndarray
    ants: tuple[AntLook, ...]
    hand: tuple[float, ...]
    inside: tuple[float, ...]
    unit: float
    looks: tuple[SpaceLook, ...] = ()    # what the rows were made from, with
    leans: np.ndarray | None = None      # each log's lean (board mm)
    own_rows: np.ndarray | None = None   # with a total whose bead size disagrees with the picture's own
    own_unit: float = 0.0                # (this one, the lone beads'): the rows again on the own size


LONE_SHARE = FEATURE_NAMES.index("lone_share")   # the one column every space's look changes
LARGEST_CELL = FEATURE_NAMES.index("largest_cell")
HAND_HIDES = "a hand hides it"
PILED = "beads may lie piled there, so its count is a question"
FUSED = "beads may touch so closely that two read as one, so its count is a question"


def measure(image: np.ndarray, layout: Layout, settings: ColonyReaderSettings = SETTINGS,
            markers: dict | None = None, eggs_on_board: int | None = None, memory: StreamMemory | None = None):
    """(board frame, SpaceFeatures), or (None, None) when fewer than two corner markers show. With
    `eggs_on_board` one bead's area is the dark area of the open spaces over their share of that total,
    steadier than the lone beads' median. With a stream's `memory`, only what changed is measured again."""
    grid = patch_grid(layout, settings)
    if memory is None:
        frame, _ = locate_board(image, markers)
        if frame is None:
            return None, None
        spaces, ants = look_at_spaces(*sample_patches(image, frame, grid), grid, settings)
        return frame, space_features(hands_over_whole(spaces, settings), ants, frame, grid, eggs_on_board, settings)
    small = cv2.resize(image[:, :, 1], None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    if markers is None:
        markers = corner_markers(image)
    if memory.still(markers, settings):
        if memory.measured is not None and memory.measured_for == eggs_on_board and memory.same_picture(small, settings):
            memory.markers = dict(markers)           # looked for near here next frame
            return memory.frame, memory.measured     # nothing on the table moved: the last reading stands
    else:
        frame, markers = locate_board(image, markers)
        if frame is None:
            return None, None
        # A far marker outlined but not read: the frame from the near ones alone puts the far logs off.
        frame, outlined = with_outlined_markers(image, frame, markers, settings)
        memory.new_frame(frame, patch_maps(frame, grid, image.shape[1::-1]), markers, outlined)
    greys = patch_greys(image, memory.maps, grid)
    changed = memory.changed_spaces(greys, settings)
    patches = sample_patches(image, memory.frame, grid, memory.maps, changed)
    spaces, ants = look_at_spaces(*patches, grid, settings, memory.kept(changed))
    memory.remember(markers, greys, spaces, ants)
    spaces = hands_over_whole(spaces, settings)
    # With no egg total (live play) a bead's size is the stream's, not this one picture's.
    steady = memory.steady_unit(measured_unit(spaces, settings), bool(changed), settings) if eggs_on_board is None else None
    measured = space_features(spaces, ants, memory.frame, grid, eggs_on_board, settings, memory.measured, steady)
    memory.measured, memory.measured_for, memory.small = measured, eggs_on_board, small
    return memory.frame, measured


def space_features(spaces, ants, frame, grid, eggs_on_board: int | None, settings: ColonyReaderSettings = SETTINGS,
                   earlier: SpaceFeatures | None = None, unit: float | None = None) -> SpaceFeatures:
    """The counter's rows for every space's look, one bead's area measured as `eggs_on_board` allows
    (with a total whose bead size disagrees with the lone beads' by more than `unit_agree`, the rows on the
    lone beads' size too), or `unit` when given (a stream's). A row of `earlier` whose look, bead area and
    lean are the same is taken over (its lone share set anew)."""
    unit = unit if unit is not None else picture_unit(spaces, eggs_on_board, settings)
    lone = sum(len(s.lone_mm2) for s in spaces) / max(sum(len(s.blobs_mm2) for s in spaces), 1)
    leans = lean_mm(frame, grid.centres, settings.bead_height_mm)
    earlier_rows = {} if earlier is None or len(earlier.looks) != len(spaces) else \
        {earlier.unit: earlier.rows, **({earlier.own_unit: earlier.own_rows} if earlier.own_rows is not None else {})}

    def rows_on(bead_mm2: float) -> np.ndarray:
        before = earlier_rows.get(bead_mm2)
        rows = []
        for index, (space, lean) in enumerate(zip(spaces, leans)):
            if before is not None and earlier.looks[index] is space and np.array_equal(earlier.leans[index], lean):
                row = before[index].copy()
                row[LONE_SHARE] = lone
            else:
                row = feature_row(space, bead_mm2, lone, grid.px_per_mm, lean, settings)
            rows.append(row)
        return np.array(rows, np.float64)

    rows = rows_on(unit)
    own_unit = bead_unit(spaces, settings) if eggs_on_board is not None else unit
    agree = abs(unit / own_unit - 1.0) <= settings.unit_agree
    own_rows = None if eggs_on_board is None or agree else rows_on(own_unit)
    return SpaceFeatures(rows, tuple(ants), tuple(s.hand_share for s in spaces), tuple(s.inside for s in spaces),
                         unit, tuple(spaces), leans, own_rows, own_unit)


def picture_unit(spaces, eggs_on_board: int | None, settings: ColonyReaderSettings = SETTINGS) -> float:
    """One bead's area in mm2: the lone beads' median, or with `eggs_on_board` the dark area of the open
    spaces over their share of that total."""
    unit = bead_unit(spaces, settings)
    if eggs_on_board:
        open_spaces = [s for s in spaces if s.hand_share <= settings.hand_share]
        covered = sum(s.dark_mm2 for s in spaces if s.hand_share > settings.hand_share) / unit
        dark = sum(s.dark_mm2 for s in open_spaces)
        if dark > 0 and eggs_on_board - covered >= 1:
            unit = float(np.clip(dark / (eggs_on_board - covered), *settings.unit_range_mm2))
    return unit


@dataclass
class ColonyReader:
    layout: Layout = field(default_factory=default_layout)
    settings: ColonyReaderSettings = SETTINGS

    def read(self, image: np.ndarray, timestamp: float = 0.0, eggs_on_board: int | None = None,
             memory: StreamMemory | None = None) -> ColonyObservation:
        """`eggs_on_board`: 57 less the eggs collected, when the game knows it; the counts then add up to it.
        `memory`: a stream's memory of its last frame (markers looked for near where they were, unchanged
        spaces not measured again)."""
        markers = find_markers_near(image, memory.markers, self.settings, memory.frame) \
            if memory is not None and memory.markers else None
        frame, measured = measure(image, self.layout, self.settings, markers, eggs_on_board, memory)
        if measured is None:
            return ColonyObservation(timestamp, ("board not found: fewer than two of its corner markers (ids 20-23) "
                                                 "are in the picture",), (), None)
        settings = self.settings
        probabilities = _count_probabilities(measured, eggs_on_board, memory, self.settings)
        hidden = [hand > settings.hand_share or ant.hand_share > settings.hand_share or inside < settings.inside_whole
                  for hand, ant, inside in zip(measured.hand, measured.ants, measured.inside)]
        # A space under a hand says nothing: its count is left to the total (flat odds, a little towards its reading).
        keep = settings.hidden_keeps_reading
        for index, covered in enumerate(hidden):
            if covered:
                probabilities[index] = keep * probabilities[index] + (1.0 - keep) / probabilities.shape[1]
        counts, confidence = with_total(probabilities, eggs_on_board)
        # A bead piled on others hides from every feature: such a count is asked, never claimed sure.
        piled = _piled(pile_scores(measured.rows, settings), confidence, settings)
        fused = _fused(measured.rows, confidence, settings)
        readings = []
        for index, space in enumerate(self.layout.ids):
            ant, ant_confidence = _ant(measured.ants[index], settings)
            sure = float(confidence[index])
            doubt = "" if hidden[index] else PILED if piled[index] else FUSED if fused[index] else ""
            if doubt:
                sure = min(sure, settings.piled_confidence)
            if hidden[index]:
                sure, ant_confidence = min(sure, settings.hidden_confidence), min(ant_confidence, settings.hidden_confidence)
            question = _question(int(counts[index]), float(confidence[index]), hidden[index], doubt, settings)
            readings.append(SpaceReading(space, int(counts[index]), sure, ant, ant_confidence, hidden[index], question))
        problems = tuple(f"{r.space}: {r.question}" for r in readings if r.question)
        eggs = {r.space: r.eggs for r in readings}
        ants = {r.space: r.ant for r in readings if r.ant}
        position = Position.setup(self.layout).replace(eggs=eggs, ants=ants)
        return ColonyObservation(timestamp, problems, tuple(readings), position, measured.unit, eggs_on_board)


def _count_probabilities(measured: SpaceFeatures, eggs_on_board: int | None, memory: StreamMemory | None,
                         settings: ColonyReaderSettings = SETTINGS) -> np.ndarray:
    """Each space's count probabilities. With a total, the counter on the bead size the total gives; where
    that size disagrees with the picture's own lone beads' (a hand's dark area or an unfamiliar bead's piles
    sway it), the two counters' odds combined (a weighted geometric mean), so that a count they disagree
    on comes out unsure rather than wrong with confidence."""
    on_total = _counter_probabilities(measured, eggs_on_board, memory)
    if eggs_on_board is None or measured.own_rows is None:
        return on_total
    on_own = count_trees(MODEL_FILE).probabilities(measured.own_rows)
    weight = settings.total_unit_weight
    mixed = np.clip(on_total, 1e-9, 1.0) ** weight * np.clip(on_own, 1e-9, 1.0) ** (1.0 - weight)
    return mixed / mixed.sum(axis=1, keepdims=True)


def _counter_probabilities(measured: SpaceFeatures, eggs_on_board: int | None,
                           memory: StreamMemory | None) -> np.ndarray:
    """The counter's probabilities for the rows on `measured.unit`; a stream runs the counter only on rows
    it has not seen."""
    if memory is not None and memory.counted is measured:
        return memory.probabilities.copy()
    model = MODEL_FILE if eggs_on_board is None else TOTAL_MODEL_FILE
    if memory is None:
        return count_trees(model).probabilities(measured.rows)
    seen = memory.counted_before(measured.rows, model)
    if seen.any():
        probabilities = memory.probabilities.copy()
        if not seen.all():
            probabilities[~seen] = count_trees(model).probabilities(measured.rows[~seen])
    else:
        probabilities = count_trees(model).probabilities(measured.rows)
    memory.counted, memory.counted_rows, memory.counted_model = measured, measured.rows.copy(), model
    memory.probabilities = probabilities.copy()
    return probabilities


def _piled(scores: np.ndarray, confidence: np.ndarray, settings: ColonyReaderSettings) -> np.ndarray:
    """Which counts a likely pile makes a question: a pile score of `pile_ask` or more, or of `pile_lean` or
    more with a posterior under `pile_lean_confident` (the counter under-counts piles and is surest of the
    beads it sees; a lesser score still asks it to be surer)."""
    return (scores >= settings.pile_ask) | ((scores >= settings.pile_lean) & (confidence < settings.pile_lean_confident))


def _fused(rows: np.ndarray, confidence: np.ndarray, settings: ColonyReaderSettings) -> np.ndarray:
    """Which counts beads fused into one density cell make a question: a cell holding `fused_cell` beads or more
    (two tall beads side by side, read as one) with a posterior under `fused_confident`."""
    return (rows[:, LARGEST_CELL] >= settings.fused_cell) & (confidence < settings.fused_confident)


def _question(eggs: int, posterior: float, hidden: bool, doubt: str, settings: ColonyReaderSettings) -> str:
    """Why a space's count is asked of the players ("" when it is claimed sure); `doubt`: PILED, FUSED or ""."""
    if hidden:
        return HAND_HIDES
    if doubt:
        return f"{doubt} ({eggs} eggs, {int(posterior * 100)}% likely)"
    if posterior < settings.confident:
        return f"{eggs} eggs is only {int(posterior * 100)}% likely, so its count is a question"
    return ""


def _ant(look: AntLook, settings: ColonyReaderSettings) -> tuple[str | None, float]:
    """The ant on a spot and how sure: by how far its dark-or-red share is from the threshold."""
    covered = look.dark_share + look.red_share
    if covered < settings.ant_present:
        return None, float(min(1.0, 0.5 + (settings.ant_present - covered) / settings.ant_present))
    colour = "red" if look.red_share > settings.ant_red * covered else "black"
    margin = min(1.0, (covered - settings.ant_present) / settings.ant_present)
    balance = abs(look.red_share / covered - settings.ant_red) / max(settings.ant_red, 1 - settings.ant_red)
    return colour, float(min(1.0, 0.5 + 0.5 * min(margin, 1.0)) * min(1.0, 0.5 + balance))
