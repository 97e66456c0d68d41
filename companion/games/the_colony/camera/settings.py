"""The egg reader's thresholds, in one place (see reader.py for how each is used)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ColonyReaderSettings:
    px_per_mm: float = 4.0            # the rectified patches' resolution
    egg_radius_mm: float = 12.9       # eggs are looked for inside the printed circle's line
    annulus_mm: tuple[float, float] = (14.2, 18.0)   # paper round the circle: its white, and any hand
    ant_sample_mm: float = 6.0        # of the 7 mm ant spot, inside its dashed line
    ant_ring_mm: tuple[float, float] = (7.8, 10.0)
    ink_grow_px: int = 3              # printed lines (dilated so) are left out of paper statistics
    paper_percentile: float = 75.0
    dark: float = 0.42                # darkness (1 - grey / paper white) of an egg or a dark ant
    faint: float = 0.2                # darkness counted into the darkness sum
    hand_dark: float = 0.30           # paper this dark, or this coloured, round a circle is a hand ...
    hand_chroma: float = 0.16
    hand_share: float = 0.07          # ... when this share of the paper round it is
    skin_redness: float = 0.2         # "paper" round a space this much redder (log R/B) than the board's is a hand over
                                      # it all (TRAIN 1720-1919, VARIED 100320-100519: open at most 0.16, skin 0.25-0.51)
    unit_default_mm2: float = 30.0    # one bead's area when the picture shows no lone bead to measure
    unit_range_mm2: tuple[float, float] = (10.0, 90.0)
    stream_unit_pictures: int = 15    # a stream reads a picture whose bead size is off the median of its last pictures
    stream_unit_agree: float = 0.25   # by more than this share with that median instead (clip 4137: one still
                                      # picture's lone beads gave 19 mm2 for 33, every count then 1.7 times; not tuned)
    ant_present: float = 0.14         # share of the ant spot that is dark or red: an ant stands there
    ant_red: float = 0.35             # red share of what is dark or red: a red ant
    red_margin: float = 0.18          # red over green and blue, as a share of paper white
    bead_shrink: int = 2              # bead centres are looked for on the space patches shrunk so (2 px/mm)
    bead_reach_mm: float = 14.0       # a log's beads lie this near its centre (the circle is 13.5) ...
    bead_height_mm: float = 2.5       # ... seen where their middles, this high, show: leaning away from the camera
    bead_look_mm: float = 17.5        # the density is found this far from the centre (leaning beads, never the ant spot's far side)
    bead_floor: float = 0.05          # blurred darkness under this is bare paper: no bead centre there
    density_unit: float = 0.04        # the density network's output is in these beads per pixel
    density_sigma_mm: float = 1.0     # a bead's centre spread so when training the density
    cell_apart: float = 0.9           # the density's peaks are at least this many bead radii apart ...
    cell_least: float = 0.3           # ... and a peak's cell holds at least this share of a bead
    cell_smooth_px: float = 1.0       # the density is blurred so (coarse grid pixels) before its peaks are found
    cell_peak_floor: float = 0.004    # a peak lower than this (beads per pixel) is the density's noise
    unit_agree: float = 0.15          # the total's bead size this near the lone beads' (a share): it alone counts ...
    total_unit_weight: float = 0.5    # ... else its counter's odds weigh so against the lone beads' (geometric)
    confident: float = 0.8            # a count below this posterior is reported as a question
    hidden_confidence: float = 0.2    # the most a count under a hand can claim
    pile_floor_units: float = 2.0     # a log with less dark area (in beads) holds no pile worth asking about ...
    pile_ask: float = 0.15            # ... else a pile score (pile_score.py) this high makes its count a question:
    piled_confidence: float = 0.6     # the most such a count can claim (below `confident`)
    pile_lean: float = 0.08           # a score this high (below `pile_ask`) is asked too unless its posterior reaches
    pile_lean_confident: float = 0.9  # this (TRAIN 1720-1919, VARIED 100320-100519: 17 of 50 sure and wrong asked, 215 right)
    fused_cell: float = 1.5           # a density cell holding this many beads or more is beads fused into one (tall pony
                                      # beads side by side); its count is asked unless its posterior reaches ...
    fused_confident: float = 0.92     # ... this (TRAIN 1720-1919, VARIED 100320-100519: 6 of 29 sure and wrong asked, 52 right)
    inside_whole: float = 0.98        # a space less inside the picture than this share is hidden
    hidden_keeps_reading: float = 0.3  # a hidden space's count odds keep this share of its reading (the rest flat)
    min_markers: int = 2
    still_step: float = 30.0          # a patch pixel changed by this much (of 255) has changed, not flickered
    still_share: float = 0.004        # fewer changed pixels than this share: a stream keeps the space's look
    still_picture_pixels: int = 3     # fewer changed pixels in the whole quarter-size picture: nothing moved (an egg is ~10)
    still_marker_px: float = 1.0      # markers that moved less than this: the board's frame is kept
    # The frame also stands while at least `held_markers` of the markers it was made from show, each within
    # `held_marker_px` of where it lay then, and no other: a marker found only now and then at a steep tilt, or
    # corners that wobble a pixel or two, refitted the frame every few frames, and a frame from three markers puts the
    # far logs px off each time, so still pictures read as moving and as hands.
    held_markers: int = 2             # (two markers fix the board's plane, as the shared frame memory holds it)
    held_marker_px: float = 2.5       # on clips 4000-4071 a still board's corners wobble up to 2.1 px from their median
    marker_search_grow: float = 0.8   # a stream looks for a marker this many of its sides round where it was
    # A corner marker the detector outlined but could not read (outlined_markers.py) is taken from its outline when
    # that is the one outline of about its size near where the frame from the markers read puts it. Set on the
    # first frames of clips 4125, 4146-4159 (two markers read; not tuned): the outline lay 0.3-0.9 sides off.
    outline_reach: float = 1.0        # in the marker's sides, from where the frame puts its centre
    outline_size: tuple[float, float] = (0.6, 1.6)   # its side over the side the frame gives the marker
    outline_same: float = 0.3         # outlines nearer than this (in sides) are one square outlined twice
    outline_rounds: int = 2           # the frame made anew with the outlines taken puts the others better
    outline_residual_px: float = 2.0  # the frame with them must fit every corner this well (there: 0.9-1.4 px)
    outline_kept_px: float = 1.5      # a stream's frame with outlines stands while the markers read keep their centres
                                      # this near (4148: a still board's centres wobble 0.9 px, one corner 3 px)


SETTINGS = ColonyReaderSettings()
