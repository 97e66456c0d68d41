"""The thresholds of the coin reader (coins, coin_spacing): a part of the Cannons & Coastlines camera
reader's settings (settings.CoastReaderSettings.coins), kept in a module of their own so settings.py stays readable;
the measurement seeds' rule of settings.py holds here too."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CoinSettings:
    """Coins on a mat, found by their rims and named by their ring's hue (coins)."""

    chroma_weight: float = 2.5          # a step of colour counts this much more than a step of lightness
    edge_min: float = 3.0               # levels per px of that paper likeness: weaker edges are the paper's grain
    edge_cap: float = 15.0              # a strong edge votes no more than this, so a shiny face cannot outvote rims
    vote_spread_mm: float = 1.5         # votes are spread this far: rims are a little off round (lean, blur)
    face_check_mm: float = 8.0          # a coin's centre has no paper within this radius ...
    face_covered: float = 0.8           # ... bar a fifth of it (shine, blur)
    paper_like_min: float = 200.0       # paper likeness (Lab L - weight * chroma) below this is not paper; paper is near 232
    min_votes: float = 0.43             # of a full rim; measured on the dev views (100-179): 0.42-0.44 best
    weak_votes: float = 0.2             # a coin with fewer votes than min_votes still counts ...
    weak_face_covered: float = 0.93     # ... with this much of its face covered (dev views 100-299: 0.93-0.97 alike)
    # A coin's face (median paper likeness) lies this far below the zone's paper (its 90th
    # percentile): on views 7000-7299 true coins lie 80 and more below, blotched paper 8-30.
    face_below_paper: float = 55.0
    # A peak with this many full rims' votes is a coin however pale its middle (neither face test applies): blotched
    # paper and a hull's straight edge gather no such votes. Off for the kit's coins; taught, a pale coin's (taught.py).
    strong_rim_votes: float = float("inf")
    zone_overhang_mm: float = 4.0       # a coin lies over its zone's bottom line by this much at most, where a hull lies beyond
    # Taught: a coin's spot within a coin's radius of the zone's bottom line whose face lies this much on a prize hull's
    # cover is the hull's edge leaning in (coins.on_a_leaning_hull). Kept tuning mats 500-599, 1100-1199, 1300-2999: such
    # spots 5.5-10 mm above the line, 0.46-1.0 on the cover (1872 ben, 2912 ben: coins counted over, sure); true coins
    # touching a hull's cover lie 17.5 mm or more above it.
    hull_face_share_most: float = 0.4
    # Taught: a coin counted over the zone's bottom line whose disc lies this share or more on a prize hull's cover (less
    # than hull_face_share_most) is asked: the hull's edge read as a coin? Off (over 1) untaught; TaughtSettings.hull_edge_share_least.
    hull_edge_share_least: float = 2.0
    separation_slack_mm: float = 1.0    # centres lie a coin's width less the kit's overlap, less this, apart
    zone_margin_mm: float = 4.0         # the zone is read this much wider, so a coin at its edge is seen whole
    # Each kind's ring hue as the camera sees it on the white-balanced mat: a webcam's colours
    # are not the printer's (cyan comes out greener, green yellower, purple redder than their
    # sRGB), so these are measured: the chroma-weighted ring hue of the true coins on the dev
    # views 100-159. Kinds only name the coins; every coin scores 1 point whatever its kind (CS-4).
    hues_deg: tuple[tuple[str, float], ...] = (
        ("skilled_gunner", 38.0), ("evasive_maneuvers", 65.0), ("repair_crew", 129.0), ("full_sail", 176.0),
        ("brace_for_impact", 290.0), ("boarding_party", 329.0))
    ring_sample_mm: tuple[float, ...] = (8.2, 9.0, 9.8)   # across the 3 mm ring, clear of its outer rim
    unclear_margin: float = 0.1         # a coin whose ring's votes lead by less is named a doubt
    # Close calls on the coins' spacing (coin_spacing): a peak like a coin ruled out by a coin taken this near
    # past the separation (a coin half under another), and a coin with crowded_neighbours coins taken nearer
    # than crowded_share of a coin's width (the gap between coins read as a coin) are doubts.
    close_call_mm: float = 1.1
    crowded_share: float = 0.78
    crowded_neighbours: int = 2
    # Untaught, the coins' width is not known: a group's coins may be far smaller than the kit's (18 mm, centres 15 mm
    # apart when they overlap), and a peak like a coin ruled out this far or more from every coin taken is named a
    # doubt too. Tuning seeds 500-699 untaught: 2 of the 6 mats whose coins were miscounted and sure show such a peak
    # (16.2, 16.5 mm), none read right and sure (15.6 mm the nearest).
    untaught_least_apart_mm: float = 16.0
    # A peak with gap_neighbours or more coins taken round it, nearer than gap_reach_share of a coin's width, is the gap
    # between them, not a coin (coin_spacing.gaps_between). Off (0) where the coins' width is the kit's guess: a smaller
    # set's coins lie nearer than that; taught, TaughtSettings.gap_reach_share.
    gap_reach_share: float = 0.0
    gap_neighbours: int = 3
    gap_open_most_deg: float = 210.0    # surrounding it: no side open more than this (three round a missing fourth: 180, nudged)
    # ... and showing the paper in its middle: within gap_middle_mm, less than this below the zone's paper likeness
    # (seeds 500-699 taught: the gaps 14-53; coins read right 29 and up, 1 in 100 under 41; the one among three, 252).
    gap_middle_below_paper: float = 60.0
    gap_middle_mm: float = 3.0
    # A close call on the spacing whose disc shows this share of it covered outside every coin taken (half_under_clear_mm
    # round each) is a coin half under another, taken and asked about (coin_spacing.half_under_shown). Off (over 1)
    # where the coins' width is the kit's guess; taught, TaughtSettings.half_under_shown.
    half_under_shown: float = 2.0
    half_under_clear_mm: float = 1.0
    # A peak this many full rims' votes strong, its face too pale for a coin's, lying lone_rim_apart_share of a coin's
    # width or more from every coin taken, is a coin counted by its rim alone and asked about (coin_spacing.lone_rims).
    # Off where the coins' width is the kit's guess; taught, TaughtSettings.lone_rim_votes.
    lone_rim_votes: float = float("inf")
    lone_rim_apart_share: float = 0.9
    # A peak this many full rims' votes strong, its face a coin's, ruled out by a coin taken nearer than the close calls but
    # overlap_share of a coin's width or more from it, is a doubt: two coins lying over each other pull their peaks
    # together (tuning seed 1629 cleo, sure and wrong: 1.45 votes 0.67 of a width away, the coins 0.85 apart; no other
    # peak of 0.8 votes or more lay 0.6 of a width away or further on 1500-1699, the nearest 0.84 at 0.56 on 1629 anna,
    # and none named a mat on 1100-1199 or 1300-1499). Off where the coins' width is the kit's guess (taught.py).
    overlap_votes: float = float("inf")
    overlap_share: float = 0.6
    # The middle of ring_peaks_least or more peaks ruled out by their face, each within ring_reach_share of a coin's width
    # of it and ring_inside_share or more from it, is a pale coin packed among others, counted and asked
    # (coin_spacing.ringed_middles; seeds 1921 cleo, 2083 anna: the peaks 0.20-0.34 of a width from their middle).
    # Off (0) where the coins' width is the kit's guess; taught, TaughtSettings.ring_peaks_least.
    ring_peaks_least: int = 0
    ring_reach_share: float = 0.35
    ring_inside_share: float = 0.15
    # A coin taken by fewer than min_votes full rims' votes showing less than this share of a coin's face outside every
    # other coin taken (half_under_clear_mm round each) is a coin's blurred or shadowed edge read as a second coin: asked
    # (coin_spacing.faint_doubles). Off (0) where the coins' width is the kit's guess; taught, TaughtSettings.faint_face_shown_least.
    faint_face_shown_least: float = 0.0
    # A coin's width of the coin zone covered this share or more clear of every coin counted (half_under_clear_mm round
    # each) is a coin that no peak counted, asked (coin_spacing.face_left_unread). Off (over 1) where the coins' width is
    # the kit's guess; taught, TaughtSettings.face_left_unread_least.
    face_left_unread_least: float = 2.0
