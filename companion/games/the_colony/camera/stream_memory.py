"""What a stream of frames keeps from one read to the next (ColonyReader.read's `memory`), so that a
frame where a hand sows into a log or two costs the work of those logs, not of the whole board:

- the board's frame, while its corner markers stay where they were, and the patch maps it gives;
- each space's look (features.SpaceLook, AntLook), while its patch, compared at half resolution
  with the last frame's straight from the picture, has not changed (only changed patches are sampled);
- each space's counter row, while its look, the bead size and the lean stand (reader.space_features),
  and the counter's answer for every row it has seen (reader._count_probabilities).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.games.the_colony.camera.board_frame import PatchMaps
from companion.games.the_colony.camera.settings import ColonyReaderSettings


@dataclass
class StreamMemory:
    markers: dict = field(default_factory=dict)   # the corner markers seen last frame, looked for near there
    frame: object = None                  # the board's frame, kept while those markers stay put
    frame_markers: dict = field(default_factory=dict)   # the markers the frame was made from, where they lay
    maps: PatchMaps | None = None         # the patch maps of that frame
    greys: list = field(default_factory=list)    # per space, its patch's half-size green last frame
    looks: list = field(default_factory=list)    # per space, (SpaceLook, AntLook)
    small: np.ndarray | None = None       # the last picture measured, at a quarter size, green channel
    measured: object = None               # and what was measured from it (reader.SpaceFeatures),
    measured_for: int | None = None       # given this egg total
    counted: object = None                # the measure the counter last ran on,
    counted_rows: np.ndarray | None = None    # its rows,
    counted_model: object = None          # which counter,
    probabilities: np.ndarray | None = None   # and what it gave
    units: list = field(default_factory=list)  # one bead's area as each recent picture measured it (mm2)
    outlines: dict = field(default_factory=dict)   # corner markers the frame took from outlines (outlined_markers)

    def still(self, markers: dict, settings: ColonyReaderSettings) -> bool:
        """The board has not moved, its frame stands: the same markers where they were last frame; or enough of
        those the frame was made from near where they lay then, and none it was not made from (a marker found
        again makes a better frame); or, for a frame that took outlines, the markers it read, centred where they lay."""
        if self.frame is None:
            return False
        if set(markers) == set(self.markers) and all(
                float(np.abs(markers[m] - self.markers[m]).max()) < settings.still_marker_px for m in markers):
            return True
        if self.outlines and set(markers) == set(self.frame_markers):
            # A frame that took outlines (outlined_markers) is not made anew for a corner's wobble: at the next frame
            # a hand may lie over the outlined marker. It stands while the markers read keep their centres.
            return max(float(np.linalg.norm(markers[m].mean(0) - self.frame_markers[m].mean(0)))
                       for m in markers) <= settings.outline_kept_px
        return set(markers) <= set(self.frame_markers) and len(markers) >= settings.held_markers and all(
            float(np.abs(markers[m] - self.frame_markers[m]).max()) < settings.held_marker_px for m in markers)

    def new_frame(self, frame, maps: PatchMaps, markers: dict, outlines: dict | None = None) -> None:
        self.frame, self.maps, self.frame_markers, self.outlines = frame, maps, dict(markers), dict(outlines or {})

    def same_picture(self, small: np.ndarray, settings: ColonyReaderSettings) -> bool:
        """Nothing on the table moved since the last picture measured (sensor noise aside)."""
        return self.small is not None and small.shape == self.small.shape and float(
            np.count_nonzero(cv2.absdiff(small, self.small) > settings.still_step)) < settings.still_picture_pixels

    def changed_spaces(self, greys: list[np.ndarray], settings: ColonyReaderSettings) -> list[int]:
        """The spaces whose patch changed since the last frame (more than `still_share` of its pixels by
        `still_step` grey levels): every space when there is no last frame."""
        return changed_between(self.greys, greys, settings)

    def kept(self, changed: list[int]) -> dict:
        """{index: (SpaceLook, AntLook)} of the spaces that did not change."""
        again = set(changed)
        return {index: look for index, look in enumerate(self.looks) if index not in again}

    def remember(self, markers: dict, greys: list, spaces, ants) -> None:
        self.markers, self.greys = dict(markers), list(greys)
        self.looks = list(zip(spaces, ants))

    def steady_unit(self, unit: float | None, new_look: bool, settings: ColonyReaderSettings) -> float | None:
        """One bead's area for this picture: its own `unit`, unless that is more than `stream_unit_agree` off the
        median of the stream's last `stream_unit_pictures` pictures that measured one (this one among them, when
        a space's look changed: a still table's frames count once), or it measured none: then that median. The
        camera and the beads stay as they are, but one picture's few lone blobs can be a bead's part (a glass
        bead's highlight cut off) or none at all; then every count of that picture, which stands while the
        table stays still, is off by half."""
        if unit is not None and (new_look or not self.units):
            self.units = (self.units + [unit])[-settings.stream_unit_pictures:]
        if unit is None or not self.units:
            return float(np.median(self.units)) if self.units else None
        usual = float(np.median(self.units))
        return unit if abs(unit / usual - 1.0) <= settings.stream_unit_agree else usual

    def counted_before(self, rows: np.ndarray, model) -> np.ndarray:
        """Per row, whether the counter already ran on exactly that row (its answer is kept)."""
        if self.counted_rows is None or self.counted_model != model or self.counted_rows.shape != rows.shape:
            return np.zeros(len(rows), bool)
        return (self.counted_rows == rows).all(axis=1)


def changed_between(before: list, after: list, settings: ColonyReaderSettings) -> list[int]:
    """The spaces whose patch (`patch_greys`) differs between two pictures by more than sensor noise: more
    than `still_share` of its pixels by `still_step` grey levels. Every space when either is missing."""
    if len(before) != len(after) or any(a.shape != b.shape for a, b in zip(before, after)):
        return list(range(len(after)))
    return [index for index, (grey, last) in enumerate(zip(after, before))
            if float((np.abs(grey - last) > settings.still_step).mean()) >= settings.still_share]
