"""Which of the table's loose blobs may be a die: blobs of a die's size, and pieces of one die (a body
that partly matches the print behind it) taken together; a blob far bigger than a die is told apart."""

from __future__ import annotations

import numpy as np

from companion.games.black_cannon.camera.foreground import Blob
from companion.games.black_cannon.camera.settings import ReaderSettings


def die_candidates(loose: list[Blob], settings: ReaderSettings) -> list[Blob]:
    """The blobs that may be a die: each blob of a die's size, and, since a die whose body partly matches
    the print behind it breaks into pieces, pieces within a few mm of each other taken together (a hand
    or a ship that joins a die's group does not cost the die its own blob)."""
    groups = [[blob] for blob in loose]
    singles = [list(group) for group in groups]
    merged = True
    while merged:
        merged = False
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                if _gap_mm(_box_of(groups[i]), _box_of(groups[j])) <= settings.die_pieces_gap_mm:
                    groups[i] += groups.pop(j)
                    merged = True
                    break
            if merged:
                break
    found = []
    for group in singles + [group for group in groups if len(group) > 1]:
        box = _box_of(group)
        area = sum(blob.area_mm2 for blob in group)
        if not _too_small(area, settings) and not _too_big(area, box, settings):
            weights = np.array([blob.area_mm2 for blob in group])[:, None]
            centre = (np.array([blob.centre_mm for blob in group]) * weights).sum(axis=0) / weights.sum()
            colour = (np.array([blob.colour for blob in group]) * weights).sum(axis=0) / weights.sum()
            found.append(Blob(centre, float(area), colour, box))
    return found


def bigger_than_a_die(blob: Blob, settings: ReaderSettings) -> bool:
    """Whether a blob is too big to be one die, its sides and its shadow (a die may lie inside it)."""
    return _too_big(blob.area_mm2, blob.box_mm, settings)


def _too_big(area: float, box, settings: ReaderSettings) -> bool:
    return area > 4.0 * settings.die_size_mm[1] ** 2 or max(box[2] - box[0], box[3] - box[1]) > settings.die_blob_span_mm


def _too_small(area: float, settings: ReaderSettings) -> bool:
    return area < settings.die_min_area_share * settings.die_size_mm[0] ** 2


def _box_of(group: list[Blob]) -> tuple[float, float, float, float]:
    boxes = np.array([blob.box_mm for blob in group])
    return float(boxes[:, 0].min()), float(boxes[:, 1].min()), float(boxes[:, 2].max()), float(boxes[:, 3].max())


def _gap_mm(a, b) -> float:
    return max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3], 0.0)
