"""Taught: a mast blob carrying a fleet's paint that no mast read from it is of (mats.read_fittings).

A mast blob is read by its patches of paint, or, with none, by the vote of its coloured pixels. Either
can leave paint on the blob unread: a dark pennant too faint in chroma for the vote, outvoted by a wooden
pole's shades (the mast read as the pole's nearest fleet), or a pale band's half lying against another
mast's band, short of a patch (a mast missed). Paint of a fleet the prize may come from, as much as
MatSettings.unread_paint_doubt_mm2 on the blob and lying dense (MatSettings.unread_paint_dense_mm: a dark
pole's shades of a fleet's hue run thin along it) or at least MatSettings.unread_paint_dense_share as dense as the
paint of the masts read from the blob (a group whose bands are thin stripes: 5177 cleo), is then a doubt: the
players are asked. It is not read
as a mast: on the tuning seeds a mast read right by its pole's vote showed as much of another fleet's paint
(3801 anna). Untaught the reader's paint is the kit's, and no such doubt is named.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from companion.games.cannons_coastlines.camera.fitting_doubts import length_mm
from companion.games.cannons_coastlines.camera.mat_looks import MatLooks
from companion.games.cannons_coastlines.camera.mat_picture import MAT_PX_PER_MM
from companion.games.cannons_coastlines.camera.settings import MatSettings


def unread_paint_doubts(blob: np.ndarray, read: Iterable[int], paint: dict[int, np.ndarray], allowed: Iterable[int],
                        looks: MatLooks, settings: MatSettings) -> list[str]:
    """Doubts for each allowed fleet (`allowed`) not among the masts read from `blob` (`read`) whose paint (`paint`:
    each fleet's, 0/1) covers MatSettings.unread_paint_doubt_mm2 or more of the blob, at MatSettings.unread_paint_dense_mm
    mm^2 or more per mm it reaches along the blob, or at MatSettings.unread_paint_dense_share or more of the mm^2 per mm
    the read masts' own paint holds along its reach; taught only."""
    if not looks.taught:
        return []
    read = set(read)
    mm2 = {fleet: float(((paint_of > 0) & blob).sum()) / MAT_PX_PER_MM ** 2 for fleet, paint_of in paint.items()}
    read_mm2 = sum(mm2.get(fleet, 0.0) for fleet in read)
    read_reach = sum(length_mm((paint[fleet] > 0) & blob) for fleet in read if fleet in paint)
    read_dense = read_mm2 / read_reach if read_reach > 0 else 0.0   # mm^2 a mm of the read masts' own paint
    doubts = []
    for fleet in sorted(set(allowed) - read):
        if mm2.get(fleet, 0.0) < settings.unread_paint_doubt_mm2:
            continue
        # A dark pole's shades of a fleet's hue run thin along it; a pennant or a band's half lies dense.
        reach = length_mm((paint[fleet] > 0) & blob)
        dense_enough = settings.unread_paint_dense_mm
        if read_dense > 0:   # a group's thin stripes: as dense as a share of the read masts' own paint is enough
            dense_enough = min(dense_enough, settings.unread_paint_dense_share * read_dense)
        if mm2[fleet] < dense_enough * reach:
            continue
        doubts.append(f"{mm2[fleet]:.0f} mm^2 of fleet {fleet}'s paint over {reach:.0f} mm on a mast blob read as "
                      f"{', '.join(f'fleet {f}' for f in sorted(read)) or 'no mast'} ({read_mm2:.0f} mm^2 of its paint): "
                      "a mast misread?")
    return doubts
