"""A second look for the teaching sheet's corner markers when the first look saw only one. A sheet small in the photo
shows its markers a dozen pixels across, and ArUco misses most of them (tuning seeds 1500-1699: 4 photos of 200 with
one marker seen, 6000-6199: 2 of 186); the picture is looked at again magnified, where the same detector finds them.

A marker so found is kept only when it is one of the sheet's markers not seen yet and it lies where the seen marker's
pose puts it. Two markers leave a homography no residual worth checking (the seen marker's four close corners fit
any of a wide family of plane maps), so the check is a camera's: the seen marker's pose, solved with a typical
webcam's focal length (companion.vision.plane_camera's prior), places every printed corner of the found marker; each
must lie within a share of the two markers' distance of where it was detected. IPPE gives a small marker two poses
(its tilt either way); the one that agrees better is taken, both being cameras that could have taken the photo.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from calibration.pose import SheetLayout
from companion.vision.markers import DetectedMarker, detect_markers_magnified
from companion.vision.plane_camera import prior_plane_maps


@dataclass(frozen=True)
class SheetSearchSettings:
    # The picture is looked at again magnified this many times, as Black Cannon's board corners are (corner_search.py).
    scales: tuple[float, ...] = (1.5, 2.0)
    # A found marker's corners within this share of its distance from the seen marker of where that marker's pose puts
    # them. Tuning seeds 1500-1699 / 6000-6199, every pair of markers both seen at first (2078 / 2008 pairs): the
    # worst corner is a median 0.03 of the distance off, 99% within 0.10, at worst 0.14 / 0.21; the markers found
    # magnified on photos with one seen lie 0.01-0.06 off.
    agreement: float = 0.15


def with_missed_sheet_markers(image: np.ndarray, seen: list[DetectedMarker], layout: SheetLayout, wanted: int,
                              settings: SheetSearchSettings = SheetSearchSettings()) -> list[DetectedMarker]:
    """`seen` and the sheet's markers found on a magnified look, when exactly one of the sheet's markers was seen
    (`seen` unchanged otherwise: with none there is nothing to check a found marker against, and with two or more the
    sheet is located from the first look alone); the look stops at the first scale that brings `wanted` markers."""
    on_sheet = [marker for marker in seen if marker.id in layout.markers]
    if len(on_sheet) != 1:
        return seen
    anchor = on_sheet[0]
    found = list(seen)
    for scale in settings.scales:
        have = {marker.id for marker in found}
        for marker in detect_markers_magnified(image, scale):
            if marker.id in layout.markers and marker.id not in have and _agrees(image, anchor, marker, layout, settings):
                found.append(marker)
                have.add(marker.id)
        if len(have & set(layout.markers)) >= wanted:
            break
    return sorted(found, key=lambda marker: (marker.id, marker.corners))


def _agrees(image: np.ndarray, anchor: DetectedMarker, marker: DetectedMarker, layout: SheetLayout,
            settings: SheetSearchSettings) -> bool:
    """Whether `marker` lies where `anchor`'s pose (a typical webcam's focal length) puts its printed corners."""
    maps = prior_plane_maps(layout.markers[anchor.id], anchor.corners, image.shape[:2])
    detected = np.float64(marker.corners)
    distance = float(np.linalg.norm(detected.mean(axis=0) - np.float64(anchor.corners).mean(axis=0)))
    printed = np.float64(layout.markers[marker.id]).reshape(-1, 1, 2)
    return any(float(np.linalg.norm(cv2.perspectiveTransform(printed, plane_map).reshape(-1, 2) - detected,
                                    axis=1).max()) <= settings.agreement * distance for plane_map in maps)
