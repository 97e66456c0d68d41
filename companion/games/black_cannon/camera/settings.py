"""Every threshold of the Black Cannon reader, in one frozen settings object. Tuned on renders of the
four training die styles only (render/dice.py DIE_STYLES), never on the held-out style."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReaderSettings:
    view_px_per_mm: float = 2.0          # the board-plane view the foreground is found in
    dice_px_per_mm: float = 4.0          # the die-top view the pips are counted in
    margin_mm: float = 30.0              # table round the board where dice may lie
    foreground_colour: float = 38.0      # colour distance (0-255 scale) from the expected table
    foreground_hue: float = 14.0         # Lab a or b (0-255 scale) outside the print's nearby hues: a die's tint
    misregistration_mm: float = 2.5     # how far the print may lie off its homography place (lens distortion)
    foreground_open_mm: float = 4.0      # opening that drops misregistered print lines
    flat_tag_side_tolerance: float = 0.22   # a deck tag whose sides stray more than this is not lying flat
    # ... but one straying less than this more is told by the paint round it too (tuning seeds 2200-2399: standing
    # galleons at the board's edge seen 40-48 degrees off straight down stray 0.221 and 0.225, read lying and sure)
    flat_tag_narrow_miss: float = 0.05
    # Whether a tag's stand stands or lies (tag_pose.py): where the stand it would sit on standing and the one it would
    # belong to lying differ, the share painted in its fleet's colour (tuning seeds 1800-1999: 0.00-0.02 where the
    # stand is not, 0.09-0.91 where it is, a blue hull in shade 0.06), over at least this many pixels each.
    tag_pose_painted: float = 0.25       # a lying stand's hull is seen this painted at least, where the standing one is bare
    tag_pose_bare: float = 0.05          # bare: this share painted at most (a standing stand's: more, the lying one's bare)
    tag_pose_least_px: int = 40
    untold_tag_confidence: float = 0.3   # a tag whose paint and outline disagree or tell nothing is asked about
    ship_clear_mm: float = 24.0          # foreground this near a standing stand belongs to it
    ship_footprint_mm: float = 19.0      # a stand read covers this round its middle (half its diagonal 17.8), up to its top
    die_size_mm: tuple[float, float] = (12.0, 24.0)
    die_blob_span_mm: float = 64.0       # a die, its sides and shadow span no more than this
    die_pieces_gap_mm: float = 4.0      # foreground pieces this near each other are taken as one die's
    die_min_area_share: float = 0.3      # of the smallest die's top: the least foreground a die leaves
    die_solid_mm: float = 8.0            # a blob too big for a die is opened by this to find a die in it (thinner strips go)
    speckle_pip_mm2: tuple[float, float] = (2.0, 20.0)   # a pip left alone by the opening (its die's body unseen)
    speckle_elongation: float = 2.0      # a pip's spot is no longer than this over its width
    speckle_fill_least: float = 0.5      # a round pip fills at least this share of its box (a stroke of print less)
    pip_cluster_link_mm: float = 10.0    # a face's neighbouring pips lie this near at most (24 mm die: 9.2 across)
    pip_cluster_least: int = 2           # this many pips make a candidate (a lone 1 is lost among the print's specks)
    # A die the colour of the ground whose pips touch its shaded edges: the speckles joined across this are its
    # outline, a candidate when its box spans this both ways (hidden_dice.die_outlines; bc-dice29). From tuning seeds
    # 6597's and 6639's flat ivory dice on the pale sea, no candidate at their place on main: their speckles joined at
    # 5 mm span 21 x 23 and 18 x 23 mm, at 3 mm 6597's only in pieces (17 x 10 mm at most). The span: a die's least
    # top (die_size_mm) to the widest body with its sides seen (die_body_most_mm).
    die_outline_join_mm: float = 5.0
    die_outline_span_mm: tuple[float, float] = (12.0, 34.0)
    die_top_guess_mm: float = 18.0       # the die-top view's height, between the sizes
    pip_contrast: float = 0.45           # pip pixels: this share of the way from body to the extreme
    pip_min_contrast: float = 22.0       # grey levels: no pip is fainter than this
    pip_area_share: tuple[float, float] = (0.004, 0.05)   # a pip's area as a share of the die's top
    pip_peak_percentile: float = 99.5    # a crop's strongest contrast, either way, is taken at this percentile of it
    spot_least_px: int = 5               # a spot of fewer pixels says nothing of its shape
    spot_fill_least: float = 0.45        # a pip's spot fills at least this share of its least-area rectangle
    # A spot of a pip's size that fills its box too little (a pip run into a fainter streak: its top's lit edge) is
    # looked at again where it stands at this share of its own peak or more (pip_spots.find_spots; tuning seeds
    # 3550-3749: 3638's red 2, its pip joined to the lit edge beside the die's dark side, 85 against the edge's 25-60).
    streaked_pip_height: float = 0.5
    # A die read sure with a face of another count read this near beyond it (mm, its middle's), within this many
    # degrees of straight away from the camera, may be that die's side read as its top: asked (side_beyond.py).
    # From the geometry (a side's middle lies 9-25 mm nearer the camera than its top's, dice of 16-21 mm seen 30-60
    # degrees off straight down; a roll's dice are thrown 32 mm apart at least); tuning seed 5290's side read as a
    # top lay 20.2 mm short of its top, 0 degrees off. Not swept.
    side_beyond_mm: float = 30.0
    side_beyond_deg: float = 30.0
    die_not_hull: float = 0.5            # a blob whose face reads this well is a die, not a hull on its side
    flat_face_squash: float = 0.93       # a face seen squashed more than this leans: a cocked die (tuning: cocked 0.91-0.93, flat 0.936 up)
    flat_pips_roundness: float = 0.66    # a face's pips, pooled, are rounder than this unless it leans (tuning seeds 1500-1799: flat 1% below)
    # ... times, for a face of four pips or more, how round a flat top's pips read once a blur of this many picture
    # px (Gaussian sigma) is stretched onto the die's plane (blur_stretch.py). Tuning seeds 2800-3549: flat 4-6s
    # seen 25-51 degrees up read 0.60-0.66, 0.85-0.95 of that at 0.5; a cocked 4 0.60, 0.65 of it (0.70 at 0.75).
    picture_blur_px: float = 0.5
    # A roll's two dice both doubted for pips squashed this near the same way in the picture are taken to lie in a
    # shaken photo's smear, and that doubt is dropped (pair_smear.py). Tuning seeds 5150-5349 and 4950-5149: the
    # flat pairs of shaken photos (2.2-2.6 px) read 2-8 degrees apart (5151: 42 and 50, 5195: 131 and 129, 5085: 43
    # and 49); not swept, one value tried.
    smear_alike_deg: float = 20.0
    flat_pip_roundness: float = 0.55     # a face's pips are rounder than this seen straight down on it (moments)
    # A pip's size for that: where its local contrast stands at this share of its own peak, within this many of its
    # found radii (pip_spots.half_height_radii: a faint pip on a lit top is cut small by the spot finder's threshold).
    pip_own_height: float = 0.5
    pip_own_reach: float = 3.0
    pip_size_spread: float = 2.3         # and their radii differ by no more than this factor (blur, JPEG, light across the top)
    spot_roundness: float = 0.55         # a pip seen straight down is round; squashed spots are sides' pips
    # A pair of spots proposes a face whose spread (a corner pip's offset) is this many of their radii (the larger of
    # the found and the half-height radius: die_face.proposals).
    pair_spread_pips: tuple[float, float] = (1.2, 4.2)
    face_margin: float = 0.2             # a face's pip places stand out by this share of the contrast at least
    face_evenness: float = 0.6           # the body between the pips varies by no more than this share of it
    stray_pip_likeness: float = 0.5      # a spot inside a face standing off its body less than this share of its pips is body
    face_outline: float = 0.35           # the body near the face's edges strays no more than this share of it (seeds 200-359)
    face_outline_cornered: float = 0.55  # the same for a face of four pips or more (seeds 1650-1799: a rounded edge's light)
    # ... plus this many times the photo's blur (blur_stretch.blur_reach_px), in pip spreads on the die-top view, beyond
    # the usual share, for a face read clearly enough to be sure of (face_checks.outline_limit). Tuning seeds
    # 4750-4949: dice near the camera about 0.06 (2-2.6 px of blur on 4-5 mm spreads); 4938's far red 2 0.083, its
    # edges 0.36 (limit 0.376), the far green-gold 1s read loosely 0.14-0.27. Not swept: one value tried (2.0).
    outline_blur_usual: float = 0.07
    outline_blur_allowance: float = 2.0
    face_sure_margin: float = 0.8        # a face read with this margin is read for sure (0.6 left 7 of 90 training dice wrong)
    face_sure_margin_cornered: float = 0.7   # the same for a face of four pips or more (seeds 1500-1799: no cocked die more read sure)
    # A lone pip is judged sure by this quantile of its eight grids' margins (0 the weakest; tuning seeds 1500-1799:
    # 0.5 read a cocked 1 sure, its grids' margins 0.65-0.71 at one size and 0.9 at the other, as a flat 1's are).
    lone_margin_quantile: float = 0.4
    # A lone pip's spot comes out about this much wider than the pip at its own half height (the blur), which the
    # lone grids' smaller sizes allow for; a spot no wider than that half height was cut tight (a crop's marker or
    # paper white sets the threshold high) and is grown by this (die_face.proposals). Tuning seeds 4350-4549, flat
    # 1s: spots 1.17-1.39 their half height (median 1.27); 0.95-0.98 cut tight (4467, 4483, 4523: margins 0.6-0.7 on
    # the smaller grids, or read loosely). Growing any spot up to 1.25 its half height flipped faces at the edge
    # of reading either way (a cocked 6 read sure as a 2 on 4229 forced to lean).
    lone_spot_growth: float = 1.25
    # A lone pip lies on a die's top: the patch of its body's colour (within this Lab distance, 8-bit) joined to it
    # ends within the die's crop and spans a die's top (lone_pip_body.py; a printed mark's paper runs on).
    # Tuning seeds 1650-1799: flat 1s' tops span 13-25 mm at 8, the border's letter A's paper runs to the crop's
    # edge; at 10-12 two ivory 1s' tops run on into the ground (41-49 mm).
    lone_top_colour: float = 8.0
    lone_top_mm: tuple[float, float] = (10.0, 30.0)   # (forced lean: two cocked dice read as 1s, 2 and 7 mm)
    # ... unless the board's print is blank round where the camera's line of sight through the pip meets it: no
    # printed mark lies there to be seen (print_under.py; on a sure fit: three markers or more, or refitted).
    print_blank_mm: float = 6.0          # the print one even colour this far round that place
    print_even_colour: float = 20.0      # within this Lab distance (8-bit) of its median
    print_check_px_per_mm: float = 1.0
    loose_face_confidence: float = 0.3   # a face whose edges strayed or pips looked unlike: placed, never sure (asked)
    face_rival_margin: float = 0.15      # another count read nearly as well makes the reading doubtful
    # ... and a face of several pips stands against a lone pip's (holding it, or beside it on the top) only when read
    # within this of the lone pip's margin: a flat 1's pip paired with its side's reads far worse (pip_counter).
    lone_rival_margin: float = 0.15
    # ... nor when its middle lies farther than this from the middle of the lone pip's top (lone_pip_body.off_its_top)
    # than the pip does (tuning seeds 2400-2749: flat 1s' pips 0.1-2.0 mm from it, their side-paired 2s 4.9-7.3).
    lone_top_middle_mm: float = 2.5
    # A lone pip lying within this many spreads of the middle of a face of three or five read nearly as well (a near
    # miss, for its edges or pips) may be its middle pip (bc-dice32, forced-lean fresh tuning seed 7502: a cocked 3's
    # side read sure as a 1, the 3 there at margin 0.86-0.88 against the pip's 0.85, its middle on the pip; not swept).
    lone_in_middle_spreads: float = 0.25
    die_side_hue: float = 14.0           # a die's sides: within this of its top's hue (Lab a, b)
    die_side_lightness: tuple[float, float] = (0.45, 1.6)   # and this light against its top (shaded either way)
    # ... and, on a top of this much chroma at least, this share of it at the side's own lightness (a side is the same
    # paint shaded; a shadow or the paper joined to it is grey: bc-dice32, fresh tuning seeds 7350-7549, flat 2s asked
    # for a side, 7449's and 7531's bodies run on into a shadow and the paper of chroma 5 and 13.6 against 18 and 27).
    die_side_chroma_least: float = 12.0
    die_side_chroma_share: float = 0.5
    die_body_spreads: float = 7.0        # a die's body is no wider than this many pip spreads (1.9 tops; tuning: flat 4-5)
    # A die's body, as a share of its width across the camera's line (tuning seeds 1500-1799, faces of 1-3 pips):
    cocked_shift_across: float = 0.12    # its middle off its top's across that line (flat 0.09 and below but 2 of 117)
    cocked_reach_away: float = 0.55      # its reach away from the camera past its top's middle (flat 0.52 and below)
    # ... the body of a face of one to three pips first opened by this (mm across): a thin strip of like colour (a
    # print line, a chest square's rim, a shadow's fringe) joined it to the surround and ran it on across (bc-dice26,
    # fresh tuning seeds 6150-6349: flat 1s asked for a side seen, 6246's blue 1 along a red line, 6326's ivory 1
    # into its shadow, 6339's into a chest square's rim; shifted 0.14-0.24 across, 0.01-0.11 so opened); a die's
    # side seen is wider than this.
    body_bridge_mm: float = 2.0
    # A face of two or three pips whose die's body, found whole and no wider than `die_body_most_mm`, is wider than
    # this many of its pip spreads is smaller than its die's top: doubted (die_sides.face_small_for_body; bc-dice27).
    # Fresh tuning seeds 6350-6549, plain and forced to lean, bodies not cut off: flat 2s and 3s 5.24 spreads at most
    # but 6423's ivory 2 at 6.21 (26.3 mm, seen from low down; asked at a bar of 6.0); cocked dice read as 2s or 3s
    # 6.26-7.18, all asked already but 6511's red 1 read sure as a 2 (7.07-7.18, 28.3-28.8 mm).
    small_face_body_spreads: float = 6.6
    # ... the widest a die's body can be, its colour not run on: a die's top turned up to 45 degrees (lone_body_mm's
    # upper end, from the same geometry); run-on bodies there were 50-60 mm wide, or cut off.
    die_body_most_mm: float = 34.0
    # A lone pip's body (no pip spread to size it by) says so only when it spans this across, in mm: a die's top,
    # 16-21 mm, turned up to 45 degrees (tuning seeds 2000-2149: flat 1s 19-27 mm, the cocked dice it doubted 22-29;
    # a flat ivory 1 whose colour ran on into the tan squares 41, a red 1 whose body was barely found 7).
    lone_body_mm: tuple[float, float] = (12.0, 34.0)
    # ... and for a face of four pips or more, bars of its own (die_sides.sides_show_lean; its grid shows a lean only
    # past the squash bar, and cocked 4-6s read both readers sure). Tuning seeds 3750-4349, plain and forced to lean,
    # bodies not cut off: flat tops at most 6.3 spreads wide shift 0.165 and reach 0.558 at most (an ivory 5 whose
    # colour ran on, 6.06 spreads wide, 0.188); the cocked ones read sure 3.4-5.6 wide (one 6.3) shift 0.20-0.35
    # or reach 0.58-0.72.
    cornered_body_spreads: float = 5.8   # wider, the body's colour has run on (flat ivory tops 6.06-7.2)
    cornered_shift_across: float = 0.19
    cornered_reach_away: float = 0.6
    # A face whose body was not measured, with pips of its kind beyond its far edge, is doubted (pips_beyond.py; of one
    # to three pips since bc-dice22, of any count since bc-dice23: forced-lean fresh tuning seed 5807, a cocked ivory
    # 4's side read sure as a 5, both readers nearly sure, the 4's pips four spots beyond it). From the geometry: a
    # side's middle lies (1 + the line of sight's slope) / 2 of a side nearer the camera than its top's, the top's pips
    # 0.38 of a side either way of that (0.19-1.3 sides beyond the side read, slopes 0.15-0.85); a flat top's far edge
    # lies 0.5 of a side beyond its middle. Fresh tuning seeds 5550-5749 and 5378, forced to lean: cocked dice's tilted
    # tops' pips 0.72-1.13 of the radius of the side's pips read (5378's 6 beyond a 2, 5710's 4 beyond a 1); 5745's flat
    # ivory 3 had the board's printed letter beyond it at 1.51.
    pips_beyond_along: tuple[float, float] = (0.55, 1.3)   # in die sides beyond the face's middle
    # ... and within this many sides of the line through it from the camera: half a side at first; the tilted top of a
    # die also turned about its upright lies off that line (bc-dice30, fresh tuning seed 6957: a cocked ivory 2, its
    # side's 3 read sure by both readers, body run wide (8.6 spreads, unmeasured), the 2's pips 0.10 and 0.61 across).
    pips_beyond_across: float = 0.65
    # ... about as large as the face's own pips, or a little smaller: a tilted top seen from low down is foreshortened,
    # its pips' areas with it (bc-dice33, forced-lean tuning seed 7489: a cocked ivory 3 read sure as the 1 of its side,
    # its body run on into the paper, the 3's pips beyond at 0.55-0.64 of the lone pip's radius; was 0.6).
    pips_beyond_radius: tuple[float, float] = (0.5, 1.3)
    pips_beyond_lone_side_mm: float = 18.0   # a lone pip's face has no spread to size it by: a die's side, 16-21 mm
    # ... and at least this many such spots: one is as often the board's print (a letter, a line's crossing: 5350-5549
    # flat ivory 1-3s 5357, 5382, 5447, one spot each), the tilted 6 of 5378 showed six (5710's 4 only one, left).
    pips_beyond_least: int = 2
    # A lone pip whose body was not measured is doubted when the middle of its top (lone_pip_body.lone_top) lies this
    # far beyond it, away from the camera (mm): the pip is the near one of a 2 or 3, the top running on to the far
    # one (bc-dice26; tuning seeds 5950-6149: 5961's and 6139's flat green-gold 2s read sure as 1s at 2.2-2.3, every
    # flat 1's pip, on every crop, 0.7 or less).
    lone_top_beyond_mm: float = 1.4
    # ... its top measured so only when no wider than this (mm): flat 1s' tops 22.7 at most on 5950-6149; fresh tuning
    # seed 6230's ivory 1 on the white border, its top run on into the paper (28-30 mm), its middle 2.2-2.4 beyond.
    lone_top_beyond_span_mm: float = 24.0
    face_patch_mm: float = 28.0          # the learned face reader's square round a die's top (tops 16-21 mm)
    face_patch_px: int = 28              # sampled this finely (a pip 2.5-4 px across)
    dice_pair_sizes: float = 1.12       # a roll's two dice are a pair: top faces read this far apart in size are doubted
    # ... both, unless of two read sure the face reader sees no flat face on one and is this sure by itself of the
    # other's count, the pip counter undoubted (that one keeps its reading). Tuning seeds 2000-2149, a die forced to
    # lean: flat dice so kept 0.973-0.991, a cocked 2 beside another cocked die 0.96 (kept at 0.95, read sure).
    pair_kept_face_least: float = 0.97
    confident: float = 0.95              # below this a die is asked about: a wrong roll costs more than a question
    # Both readers nearly sure of one count, the pip counter undoubted, make it sure (face_model.combine). Tuning
    # seeds 1500-1799: flat green-gold and red tops read 0.90-0.93 / 0.87-0.95; the closest cocked dice so read
    # were a blue 1 at 0.875 / 0.92 and an ivory 4 read as 3 at 0.93 / 0.79. Fresh tuning seeds 5350-5549 (bc-dice21):
    # flat dice asked at 0.887 / 0.888 (5425's red 1) and 0.896 / 0.905 (5441's green-gold 3), no cocked die, plain or
    # forced to lean, at 0.85-0.93 with the face reader at 0.85 or more; the bar sits between those and 0.875.
    agreeing_counter_least: float = 0.88  # the pip counter's confidence (its margin over its sure margin)
    agreeing_face_least: float = 0.85    # the face reader's probability of the same count
    # ... the pip counter's for a face of four pips or more, whose grid of corner pips shows a lean (face_checks.leans)
    # where one of one to three pips cannot (the cocked dice above read as 1 and 3). Tuning seeds 3550-3949: flat
    # 5s and 6s at 0.80-0.89 / 0.92-0.94 (3803, 3931, 3630, 3565), a blue 6 at 0.76 / 0.93 (3897, left asked); no
    # cocked die, plain or forced to lean, read as four pips or more undoubted between 0.33 and 0.95.
    agreeing_counter_least_cornered: float = 0.8
    doubted_keeps: float = 0.5           # a doubt (a die cocked?) keeps this share of a die's confidence: below `confident`
    hull_clear_of_die_mm: float = 20.0   # a blob whose middle lies this near a die read is the die's (its side, its shadow)
    hull_paint_mm2: float = 40.0         # a blob with this much of one fleet's paint shows that fleet's hull
    ink_saturation: float = 0.45         # a tag's black ink: this grey at most (a shadow on paint keeps its hue)
    ink_brightness: float = 0.3          # and this dark at most
    card_saturation: float = 0.18        # a tag card's white: this grey at most
    card_brightness: float = 0.55        # and this bright at least
    ink_card_reach_mm: float = 1.25      # ink this near card white is a tag's (a marker cell is 2.8 mm)
    tag_ink_mm2: float = 30.0            # this much ink on a hull with no tag read: it stands, its tag on top
    # and its card and ink as square as a flat card's (narrowest over longest; tuning seeds 1800-1999, tags unread:
    # knocked-over stands' cards on their sides 0.22-0.51, standing ones' 0.67-0.90)
    tag_on_top_squareness: float = 0.6
    tag_ink_by_card_mm2: float = 2.0     # of it this much beside card white (seeds 1000-1299: a lying hull's shadow is dark too)
    tag_search_mm: float = 70.0          # a second look for a tag: this square round the hull, straight down
    tag_search_px_per_mm: tuple[float, ...] = (4.0, 6.0)   # at each deck's height, magnified this much
    # A tag ArUco finds the outline of but cannot decode (blurred_tags.py): its outline this size against the
    # marker's (blur eats its border: 0.93 on tuning seeds), its cells' middles this far apart in grey at least,
    # the bright and the dark cells this share of that apart, and no other code within this many bits.
    blurred_tag_outline: tuple[float, float] = (0.8, 1.1)
    blurred_tag_contrast: float = 40.0
    blurred_tag_gap: float = 0.25
    blurred_tag_rival_bits: int = 2
    tag_cell_px: int = 8                 # the second look samples each tag cell this finely
    tag_cell_margin: float = 0.25        # and reads it from its middle, this share of each side left out
    tag_threshold_window_px: int = 53    # its widest local threshold window
    unread_hull_confidence: float = 0.3  # a ship known by its paint alone is asked about
    sure_corners: int = 3                # fewer corner markers seen than this: the squares are not sure
    # ... and the picture is looked at again magnified these many times for the corner markers missed (corner_search.py),
    # one found kept when the fit through all the markers puts every corner within this of where it was detected (tuning
    # seeds 3150-3189: 0.9-2.4 px with three or four markers found at first, lens distortion)
    corner_search_scales: tuple[float, ...] = (1.5, 2.0)
    corner_search_residual_px: float = 5.0
    # ... and the board's fit is refined against its print (board_refit.py; tuning seeds 2200-2399: two markers left
    # the fit 5-50 mm off, one 35-160 mm; the refits kept 1-4 mm).
    refit_px_per_mm: float = 0.5         # the print matched at this scale
    refit_photo_over_print: float = 1.5  # the photo shrunk to about this many of its pixels a print pixel
    refit_iterations: int = 40           # ECC's steps at most
    refit_step_px: float = 1e-5          # it stops once a step changes the fit less than this
    refit_smoothing_px: int = 5          # both pictures blurred over this before matching
    refit_least_correlation: float = 0.4     # the print and photo correlate this well, or the refit is dropped (and
    # the squares are sure again: tuning seeds 1800-2399, refits kept 0.46-0.70)
    refit_camera_mm: float = 4.0         # a camera makes the refit: its squares lie this near a camera's view
    refit_marker_drift_px: float = 10.0  # and the markers seen lie this near where detected
    few_corners_confidence: float = 0.4  # and each ship's reading is held to this (asked about)
    fleet_saturation: float = 0.42
    paint_brightness: float = 0.12       # a fleet's paint is this bright at least (darker is shadow or ink)
    fleet_hue_tolerance_deg: float = 14.0
    chest_area_mm2: tuple[float, float] = (14.0, 110.0)


SETTINGS = ReaderSettings()
