"""An arm over the play area, seen in a stream even when it holds still.

A camera stream knows a hand is over the table while it moves (the picture changes between
frames), but a hand that rests, holding a ship or pointing at a mat, leaves the picture calm.
What tells it then is where it comes from: an arm reaches in from outside the picture, so what
differs from the table as last seen clear and touches the picture's edge, and reaches into the
play area, is an arm. A piece moved differs too, but lies inside the picture, away from its edge.

The table as last seen clear is kept at a quarter of the picture's size, in colour (a sleeve
may match the wood's grey but not its hue). It follows the table wherever no arm lies while the
picture is calm, so pieces moved and a slow change of light become the table. An edge change that
stays calm for `settle_seconds` (a lamp turned on, a stream that began with a hand in view that
has since left) is taken as the table, and said so. Nothing here knows a game: the reader gives
the play area as polygons in picture pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.vision.changes import SCALE   # the picture is compared at a quarter of its size, as changes are



@dataclass(frozen=True)
class ArmWatchSettings:
    # Colour levels (the largest of the three channels, 3x3 averaged at a quarter size) from which a place
    # differs from the table seen clear: sensor noise and JPEG leave up to 5 on the rendered clips.
    change_levels: int = 14
    # A change joins one found at `change_levels` through places differing by this much or more, as edges are
    # followed from strong to faint: a dark sleeve on a dark cloth under a warm lamp differs by 9-11 only
    # (held-hand clip 1134, cloth, 34 degrees: its sleeve reached the picture's edge unseen at 14).
    faint_levels: int = 7
    # Gaps this many quarter-size pixels wide are bridged, so a sleeve close to the table's colour in a stretch
    # still joins its hand to the picture's edge.
    bridge_px: int = 5
    # The share of the play area an edge-touching change must cover to be an arm (a fingertip is ~0.1%).
    least_play_share: float = 0.002
    # The share of the picture's outer band (`edge_band_px` wide) an arm must cover where it comes in: a forearm
    # crosses it broadly, a die thrown to the picture's edge only grazes it. 0 (any touch) where no piece can lie
    # at the picture's edge (Cannons & Coastlines: everything read lies inside the table's markers, and a dark
    # sleeve on a dark cloth may touch the edge by a few pixels only: held-hand clip 1134, 6 of 4000).
    least_edge_share: float = 0.0
    edge_band_px: int = 4
    # The reader's motion (share of the picture changed since the frame before) up to which the picture is calm;
    # a moving picture is not looked at (the motion test waits for it anyway).
    calm_motion: float = 0.004
    # An arm that lies calm this long is taken as the table: nothing a player does holds that still for so long.
    settle_seconds: float = 15.0
    # A picture that did not change since the frame before is looked at again this often, so the table seen clear
    # follows pieces moved and a slow change of light (in between, the last frame's sighting stands, at no cost).
    refresh_seconds: float = 2.0
    # Table corners that moved this far (picture pixels) since the table was seen clear mean the camera moved.
    camera_moved_px: float = 6.0


@dataclass(frozen=True)
class ArmSighting:
    over: bool                        # an arm reaches into the play area now
    play_share: float = 0.0           # the share of the play area it covers
    note: str = ""                    # why the table seen clear was taken afresh, when it was
    outline_px: tuple = ()            # the arm's outline in picture pixels (for drawing), when over


class ArmWatch:
    """One per stream: `look` each frame, in order."""

    def __init__(self, settings: ArmWatchSettings = ArmWatchSettings()):
        self.settings = settings
        self.clear: np.ndarray | None = None         # the table as last seen clear, quarter size, BGR
        self.clear_corners: np.ndarray | None = None
        self.calm_since: float | None = None         # when the arm seen now first lay calm
        self.last: ArmSighting | None = None         # the last frame's sighting
        self.looked_at: float | None = None          # when a picture was last looked at in full

    def reset(self) -> None:
        self.clear, self.clear_corners, self.calm_since, self.last, self.looked_at = None, None, None, None, None

    def look(self, image_bgr: np.ndarray, timestamp: float, motion: float, play_area_px: list,
             corners_px) -> ArmSighting:
        """Whether an arm reaches into `play_area_px` (polygons in picture pixels) in this frame; `motion` is the
        share of the picture changed since the frame before, `corners_px` the table's corners (to tell a camera
        that moved)."""
        if motion > self.settings.calm_motion:
            # Moving: the motion test already waits, so nothing is looked at; the first calm frame is looked at afresh.
            self.calm_since, self.last = None, None
            return ArmSighting(False)
        if motion == 0.0 and self.last is not None and timestamp - self.looked_at < self.settings.refresh_seconds:
            self.last = self._again(timestamp)   # nothing changed since the frame before: neither did the arm
            return self.last
        self.last = self._look(image_bgr, timestamp, motion, play_area_px, corners_px)
        self.looked_at = timestamp
        return self.last

    def _again(self, timestamp: float) -> ArmSighting:
        if not self.last.over:
            return replace(self.last, note="")
        if self._settled(timestamp):
            self.clear, self.calm_since = None, None   # taken afresh from the next picture looked at
            return ArmSighting(False, self.last.play_share, self._settled_note())
        return self.last

    def _settled(self, timestamp: float) -> bool:
        """Whether the arm seen has lain calm for `settle_seconds` (counted from the first calm frame it was seen)."""
        if self.calm_since is None:
            self.calm_since = timestamp
        return timestamp - self.calm_since >= self.settings.settle_seconds

    def _settled_note(self) -> str:
        return (f"a change reaching in from the picture's edge lay still for {self.settings.settle_seconds:.0f} s: "
                f"taken as the table")

    def _look(self, image_bgr, timestamp, motion, play_area_px, corners_px) -> ArmSighting:
        settings = self.settings
        small = _quarter(image_bgr)
        corners = np.asarray(corners_px, np.float64).reshape(-1, 2)
        if self.clear is None or self.clear.shape != small.shape or self._camera_moved(corners):
            self._take(small, corners)
            return ArmSighting(False)
        edge, labels = self._edge_changes(small)
        play = _play_mask(play_area_px, small.shape[:2])
        play_px = max(int(play.sum()), 1)
        share = float((edge & play).sum()) / play_px
        if share < settings.least_play_share:
            self.calm_since = None
            # Calm and clear: the table follows pieces moved and the light, away from any change at the edge.
            keep = cv2.dilate(edge.astype(np.uint8), _disc(settings.bridge_px)).astype(bool)
            self.clear[~keep] = small[~keep]
            return ArmSighting(False, share)
        if self._settled(timestamp):
            self._take(small, corners)
            return ArmSighting(False, share, self._settled_note())
        reaching = np.isin(labels, np.unique(labels[edge & play]))    # the arms over the play area, whole
        return ArmSighting(True, share, outline_px=_outline(reaching))

    def _take(self, small: np.ndarray, corners: np.ndarray) -> None:
        self.clear, self.clear_corners, self.calm_since = small.copy(), corners, None

    def _camera_moved(self, corners: np.ndarray) -> bool:
        if self.clear_corners is None or self.clear_corners.shape != corners.shape or not len(corners):
            return False
        return float(np.abs(corners - self.clear_corners).max()) > self.settings.camera_moved_px

    def _edge_changes(self, small: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """What differs from the table seen clear and touches the picture's edge (bridged over small gaps), and the
        changes' labels."""
        settings = self.settings
        difference = cv2.blur(cv2.absdiff(small, self.clear).max(axis=2), (3, 3))
        faint = (difference >= settings.faint_levels).astype(np.uint8)
        bridged = cv2.morphologyEx(faint, cv2.MORPH_CLOSE, _disc(settings.bridge_px))
        count, labels = cv2.connectedComponents(bridged, connectivity=8)
        if count <= 1:
            return np.zeros(faint.shape, bool), labels
        strong = np.unique(labels[difference >= settings.change_levels])
        border = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
        touching = np.intersect1d(np.unique(border[border > 0]), strong)
        if settings.least_edge_share > 0 and len(touching):
            band = np.ones(labels.shape, bool)
            b = settings.edge_band_px
            band[b:-b, b:-b] = False
            crossing = np.bincount(labels[band], minlength=count)
            touching = touching[crossing[touching] >= settings.least_edge_share * band.sum()]
        return np.isin(labels, touching), labels


def _quarter(image_bgr: np.ndarray) -> np.ndarray:
    height, width = image_bgr.shape[:2]
    return cv2.resize(image_bgr, (width // SCALE, height // SCALE), interpolation=cv2.INTER_AREA)


def _play_mask(polygons: list, shape: tuple[int, int]) -> np.ndarray:
    mask = np.zeros(shape, np.uint8)
    for polygon in polygons:
        points = np.round(np.asarray(polygon, np.float64).reshape(-1, 2) / SCALE).astype(np.int32)
        cv2.fillPoly(mask, [points], 1)
    return mask.astype(bool)


def _disc(radius: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))


def _outline(mask: np.ndarray) -> tuple:
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return ()
    largest = max(contours, key=cv2.contourArea)
    return tuple((float(x) * SCALE, float(y) * SCALE) for x, y in largest.reshape(-1, 2))
