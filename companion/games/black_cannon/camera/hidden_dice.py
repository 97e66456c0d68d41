"""Dice whose body the colour test (foreground.py) leaves out, as more candidates for the pip counter. A die
of a mid-tone colour over the print's black lines lies between the line's colour and the square's in every
channel, and only its shadow is left: its hue still differs from the print's (TableView.tinted). A die the
colour of the ground it lies on (an ivory die on the board's border) leaves only its pips, spots the
opening drops (TableView.speckles): a few pip-sized round spots within a die's top of each other are a die.
Where its pips touch its shaded edges, those thin strips together draw the die's outline: a ring of speckles of
a die's size both ways is a die too (an ivory die on the pale sea, bc-dice29). Each candidate is only a place
to look: the pip counter reads it, or finds no face and it is dropped."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.black_cannon.camera.die_blobs import bigger_than_a_die, die_candidates
from companion.games.black_cannon.camera.foreground import Blob, TableView, blobs, joined_parts
from companion.games.black_cannon.camera.settings import ReaderSettings
from companion.games.black_cannon.camera.ships import near_a_ship
from companion.vision.components import parts_with_stats


def hidden_dice(table: TableView, found: list[Blob], candidates: list[Blob], ships,
                settings: ReaderSettings) -> list[Blob]:
    """Candidate blobs of dice found by their hue or by their pips, away from the candidates already taken."""
    known = {_box_key(blob) for blob in found}
    tinted = [blob for blob in blobs(table, tinted=True) if _box_key(blob) not in known
              and not near_a_ship(blob.centre_mm, ships, settings) and not bigger_than_a_die(blob, settings)]
    more = die_candidates(tinted, settings)
    more += [blob for blob in pip_clusters(table, settings) + die_outlines(table, settings)
             if not near_a_ship(blob.centre_mm, ships, settings)]
    # A place already looked at is not looked at again: a die read from more crops has more chances of one whose
    # sides escape the doubt a cocked die raises (tuning seeds, a die forced to lean), the most confident kept.
    taken: list[Blob] = list(candidates)
    new = []
    for blob in more:
        if not any(_within(blob.centre_mm, other.box_mm, settings.die_pieces_gap_mm) for other in taken):
            new.append(blob)
            taken.append(blob)
    return new


def _within(point, box, reach: float) -> bool:
    return box[0] - reach <= point[0] <= box[2] + reach and box[1] - reach <= point[1] <= box[3] + reach


def pip_clusters(table: TableView, settings: ReaderSettings) -> list[Blob]:
    """Groups of pip-sized round speckles, each within `pip_cluster_link_mm` of another of its group, of
    `pip_cluster_least` speckles or more: the pips of a die whose body matches the ground."""
    ppm = table.px_per_mm
    count, _, stats, centres = parts_with_stats(table.speckles)
    low, high = (area * ppm ** 2 for area in settings.speckle_pip_mm2)
    pips = _pip_sized(stats, low, high, settings)
    if len(pips) < settings.pip_cluster_least:
        return []
    points = table.to_mm(centres[pips])
    group = list(range(len(pips)))     # single linkage: each speckle joins the group of any near it

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    near = np.hypot(*(points[:, None, :] - points[None, :, :]).transpose(2, 0, 1)) <= settings.pip_cluster_link_mm
    for i, j in zip(*np.nonzero(np.triu(near, 1))):
        group[root(i)] = root(j)
    found = []
    for head in {root(i) for i in range(len(pips))}:
        members = points[[i for i in range(len(pips)) if root(i) == head]]
        low_mm, high_mm = members.min(axis=0), members.max(axis=0)
        if len(members) < settings.pip_cluster_least or max(high_mm - low_mm) > settings.die_size_mm[1]:
            continue
        found.append(Blob(members.mean(axis=0), float(settings.die_size_mm[0] ** 2), np.zeros(3),
                          (float(low_mm[0]), float(low_mm[1]), float(high_mm[0]), float(high_mm[1]))))
    return found


def die_outlines(table: TableView, settings: ReaderSettings) -> list[Blob]:
    """The speckles joined across `die_outline_join_mm` into parts whose box spans `die_outline_span_mm` both ways:
    the shaded edges and pips of a die the colour of the ground, the print's thin misregistered lines being far
    longer than a die one way or far thinner the other."""
    low, high = settings.die_outline_span_mm
    return [blob for blob in joined_parts(table, table.speckles, settings.die_outline_join_mm)
            if low <= min(blob.box_mm[2] - blob.box_mm[0], blob.box_mm[3] - blob.box_mm[1])
            and max(blob.box_mm[2] - blob.box_mm[0], blob.box_mm[3] - blob.box_mm[1]) <= high]


def _pip_sized(stats: np.ndarray, low: float, high: float, settings: ReaderSettings) -> list[int]:
    """The labels (stats' rows after the background's) of the speckles of a pip's area (`low` to `high` px), not
    drawn out and filling their boxes: every speckle's tests at once, the same figures as speckle by speckle."""
    _, _, w, h, area = stats[1:].T
    return (np.flatnonzero((low <= area) & (area <= high)
                           & (np.maximum(w, h) <= settings.speckle_elongation * np.minimum(w, h))
                           & (area >= settings.speckle_fill_least * w * h)) + 1).tolist()


def _box_key(blob: Blob) -> tuple[float, ...]:
    return tuple(np.round(blob.box_mm, 1))
