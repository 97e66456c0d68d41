"""Every threshold of the Cannonades card reader, in one frozen settings object (tuned on the
tuning styles ("classic", "navy", "ember", "slate") and seeds below 10600 only, 9400-10599 in the varied family of looks;
the "harbour" style is never tuned on)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReaderSettings:
    # Card markers are 30 mm, about 4 px a module at 1 px/mm: read on a 2x enlarged picture.
    marker_upscale: float = 2.0
    pixels_per_cell: int = 8
    ignored_margin_per_cell: float = 0.25
    threshold_window: tuple[int, int, int] = (5, 29, 4)      # min, max, step
    sharpen: float = 0.0                    # an unsharp mask's weight before reading (a soft far face)
    # A card placed from its markers: how far the fitted card may stretch from its printed size,
    # and how far two markers of one card may disagree (mm) before the card is called unknown.
    scale_tolerance: float = 0.15
    markers_disagree_mm: float = 6.0
    both_markers_confidence: float = 0.99
    one_marker_confidence: float = 0.93
    # The top-down view the blobs are looked for in.
    top_px_per_mm: float = 1.0
    background_px_per_mm: float = 0.25
    background_window_mm: float = 244.0
    colour_distance: float = 26.0           # Lab units from the table's local colour: not table
    # The cloth's own colour leaves out what lies this far off the local median (table_mask.table_colour), grown
    # by this many mm (a card's blurred rim): cards and arms do not lift it beside them (unexplained.py's faint test).
    background_out_distance: float = 26.0
    background_out_grow_mm: float = 4.0
    faint_colour_distance: float = 12.0     # not table either, where it is card-like (table_mask._faint_cards):
    faint_spread_factor: float = 2.0        # or this many times the table's own spread (table_mask.faint_level),
    faint_least: float = 4.0                # yet never below this; the distance averaged over this many mm:
    faint_smooth_mm: float = 6.0
    faint_beside_cards: float = 0.5         # this much of a card beside a card found, at least
    faint_beside_width_px: int = 15         # this wide (a card's shadow is a few px)
    # An arm close to the table's colour (arms.py): the colour distance smoothed over this many mm, above
    # this level, in a shape of at least this many cards' area reaching in from beyond the play area,
    # grown by this much (its edges fade into the table).
    arm_smooth_mm: float = 6.0
    arm_colour_distance: float = 8.0
    arm_min_cards: float = 0.36
    arm_grow_mm: float = 8.0
    # A shape reaching in is an arm only if the above holds with the read faces, grown by this rim (their edges
    # blurred by `arm_smooth_mm`), cut out of it: a face over the play area's edge is no arm (arms.py).
    arm_face_rim_mm: float = 16.0
    # A shape reaching in that lies wholly within this many mm of the read faces (a face over the play area's
    # edge taken for an arm, grown: 17-19 mm of table round it) with under this many cards' area of it, past
    # this many mm from them (their blurred edges), off the table's colour (smoothed, above the faint level)
    # is the faces' halo, table (halo.py): a real arm reaches hundreds of mm, a back's strip has its own colour.
    halo_reach_mm: float = 25.0
    halo_clear_mm: float = 3.0
    halo_substance_cards: float = 0.03
    # A card wholly hidden under an arm lies where what is not table (the arm, cards, faint shapes, read faces) holds
    # it all: its centre at least this deep inside (half a card's short side, 31.5 mm, less a rim the mask may miss).
    # An arm's shape leaves unsure the areas such a centre may lie in (and the one it covers most): not those its cast
    # shadow or grown rim only reaches into (arms.hiding_places).
    arm_hides_mm: float = 25.0
    # An arm nearly the wood's colour (a tanned arm over teak): above this level and below `colour_distance`,
    # opened by this width (an arm is wider; grain and a card's blurred rim are not), at least this many cards.
    arm_low_colour_distance: float = 4.5
    arm_low_width_mm: float = 40.0
    arm_low_min_cards: float = 2.5
    # A card's shape found faintly (unexplained.backs_in) is a hand, not a back, when at that low level (not opened)
    # what holds it goes on to the view's edge, at least this many cards' area of it past the shape grown by this many
    # mm (arms.hand_at_arms_end; tuning view 5797: a hand over walnut, its arm 4-6 units off the wood, read as a
    # back with confidence, 2.45 cards past it; seeds below 5800).
    hand_arm_beyond_cards: float = 1.0
    hand_arm_clear_mm: float = 10.0
    # A seat's row running under an arm (arms.row_runs_under): the next card's place, one step past an end card (a step
    # from its nearest neighbour of at most this many mm), holding at least this many cards' area of the arm's shape,
    # leaves the seat unsure where the arm covers at least `arm_row_seat_least_cards` of the seat's area (tuning view
    # 5221: an arm found by its shadow band only, 1.37 cards over seat 2, the next back's place holding 0.13 of it;
    # without the seat's share 5361's no-hand seat 3 was asked, 0.21 in its next place, the arm 0.12 over the seat).
    arm_row_step_most_mm: float = 110.0
    arm_row_under_least_cards: float = 0.1
    arm_row_seat_least_cards: float = 1.0
    # A seat's row running on under an arm no level finds (arms.paper_past_row): a speck of a face's paper no card
    # explains, from this many mm² (unexplained.paper_specks), in the next card's place stretched this many mm on
    # along the row, leaves the seat unsure (tuning view 4113: S40 under a sleeve 1-1.5 units off walnut shows 65 mm²
    # of paper 20 mm past its place; seeds below 5800). The speck's brightest tenth at least this much lighter than
    # the table round it (within the ring): 4113's is 98 over walnut; without it 3267 and 4009 (a rim line on linen
    # and a shadow on pine, 3 and 2 grey levels darker than the table) asked no-hand seats read exact.
    row_paper_least_mm2: float = 40.0
    row_paper_beyond_mm: float = 30.0
    row_paper_over_table: float = 25.0
    row_paper_ring_mm: float = 10.0
    edge_thresholds: tuple[int, int] = (40, 90)   # Canny on the top view: a card's edge and shadow
    face_up_margin_mm: float = 3.0          # a read card's footprint grows by this before it is cut out
    # A blob is one card lying alone when its area and sides are a card's within these shares.
    card_area_tolerance: float = 0.2
    card_side_tolerance: float = 0.15
    card_fill: float = 0.86                 # blob area over its fitted rectangle's
    partial_card_share: float = 0.15        # smaller blobs are specks; between this and a card, half hidden
    # A blob whose two diagonal corners look like printed markers (dark, contrasty) and whose other two
    # are much brighter (paper, a little text) is a face-up card whose markers were not read: unknown,
    # never "face down". Grey levels of the corners' medians and spreads: the gap tells (backs show
    # none, faces 41 or more on tuning seeds); a soft, dim face's markers spread as little as a back's
    # pattern (28 on a blurred, warm-lit face read as a back before), so the spread asks little.
    corner_contrast: float = 20.0
    corner_gap: float = 32.0
    # The light diagonal is a face's paper only in the colour of the deck's paper (face_paper.corners_in_paper_colour:
    # the brighter part of those two corners, at or above this percentile of their grey, by paper_colour's judge and
    # its bars): a back's gloss band or light blotch across two corners is another colour (cannonades-looks41, every
    # card main judged so on varied 10600-10805 and 10900-11499: 54 faces within 0.013 of the read faces' paper, 5
    # backs 0.041-0.154 off, one half-hidden back 0.015, still asked). 50: the print on a face's light corners left
    # out; set by hand, not fitted.
    plain_corner_light_percentile: float = 50.0
    # A card found by its shape whose corners a neighbour in a row hides: what shows of it (its rim, the cards on
    # it and the read faces cut out) is a face's paper and ink when its grey spans at least `paper_contrast` levels
    # (its 5th to 95th percentile) and at least `paper_share` of it lies in the top 40% of that span. On tuning
    # views 1000-1399 faces read as backs came to 0.72-0.80 (spans 100-160), real backs spanning 40 or more to
    # 0.30 at most (a classic back's white border), dark backs' noise spans under 20: unknown, read again.
    paper_contrast: float = 40.0
    paper_share: float = 0.5
    face_down_confidence: float = 0.9
    # Touching cards (touching.py): a blob of this many cards' area is tried as whole card rectangles,
    # each standing on a straight stretch of the outline (polygon tolerance px, shortest stretch as a
    # share of the short side), lying this much inside the blob (a card found before may cover it)
    # and claiming at least this share of itself from what is left; each found card is cut out with
    # a line this wide; what they leave must be under this share of a card, or the blob stays unknown.
    split_min_cards: float = 1.4
    covered_min_cards: float = 0.2         # a blob touching a face-up card, this much of one card's area and
    covered_max_cards: float = 1.15        # no more, may be a single card reaching under it,
    covered_inside: float = 0.88            # (when none lies `split_inside` in what shows and the face, or the one
                                            # that does leaves more than `split_leftover_share`, this much: a faint
                                            # back's rim or a strip parted off by the cut margin missed)
    covered_claim: float = 0.2              # and claim this share of itself from what shows (the rest under it:
                                            # a back's strip beside a cannonade laid on it is 0.2-0.3 of a card)
    under_least: float = 0.15               # a card of a row split into cards reaches under a face-up card when
                                            # this share of it lies in the face's footprint (grown by its margin)
    covered_rest_cards: float = 0.15        # both, for what a row split into cards leaves (touching._covered_rest): a
                                            # middle back by a cannonade showed 0.22-0.26; 0.2 -> 0.15 (the least judged)
                                            # for tuning views 5943, 6079 (0.21, 0.2, claiming under 0.2; seeds < 6100)
    # A card as bright as a face reaching under a face-up card is a ship, its markers hidden, unless one of its marker
    # squares shows this share clear of the read faces and the cards by it and it reaches under no read cannonade
    # (seed 3075: a cannonade whose markers did not read, lying on its ship, was counted a ship under it; then
    # unknown). 0.9: a marker reads only whole, and the faces' cut margin already counts as covering; on seeds
    # 2200-3399 it moved 3075 alone once a card reaching under a read cannonade stays a ship (without: 7 ships under
    # cannonades asked; with a cannonade within `cannonade_reach_mm` only, 2467's S01, under C15 62 mm off, asked).
    hidden_face_marker_clear: float = 0.9
    covered_paper_gap: float = 45.0         # face down unless this share of what shows is within this
    covered_paper_share: float = 0.42       # grey of the covering face's paper (on tuning views a back's
                                            # share came to 0.33 at most, a face's 0.52 at least: midway)
    # Less paper than that showing, from `covered_paper_unsure_share`, yet `covered_inner_paper_least` of what shows
    # `covered_inner_inset_mm` inside its own outline (past a back's light border, classic 4 mm) paper: face up or
    # down not told, asked (tuning view 7135: S19's strip beside C04, half of it its marker, 0.347 paper, 0.40
    # inside, was counted a back, sure). On 6400-7199 backs' strips came to 0.36 paper at most, 0.17 inside (their
    # border's paper); faces' to 0.51 and 0.52 at least but 7135's: the bar inside midway (0.17-0.40), 0.28.
    covered_paper_unsure_share: float = 0.3
    covered_inner_inset_mm: float = 6.0
    covered_inner_paper_least: float = 0.28
    paper_beside_px: int = 15               # the face's paper is taken within a square this wide round the card
    split_max_cards: float = 4.6
    split_outline_px: float = 3.0
    split_min_edge_share: float = 0.45
    split_inside: float = 0.93
    split_claim: float = 0.5
    split_last_claim: float = 0.3           # a card claiming less, yet this much and this share of all that is
    split_rest_share: float = 0.9           # left of the blob, is the last of a row of cards overlapping
    split_edge_px: int = 3                  # how far outside a rectangle its sides are checked against the edge
    split_cut_px: int = 5
    split_leftover_share: float = 0.12
    # A shape no card rectangles explain is tried again grown by this much all round: a back's light border near
    # the table's colour (a navy back's cream frame on beige linen or pine) is missed by the mask, and the cards
    # it leaves, each a border short all round, hold no whole card rectangle.
    split_border_mm: float = 3.0
    # And shrunk by this much: a faint shape's outline lies past its cards (the distance smoothed over
    # `faint_smooth_mm` and closed), and two backs 10-15 mm apart come out one shape with a bridge between them.
    split_halo_mm: float = 3.5
    # Or by this much, when that leaves no card: an ember back's shadow on the burgundy cloth took its shape to 78 x 97
    # mm (tuning view 4431: shrunk 3.5 mm still no card, 5 mm one card holding 0.9 of its rectangle).
    split_shadow_halo_mm: float = 5.0
    split_confidence: float = 0.8
    # A column of backs overlapping end to end (overlapping_row.py), read whole when the greedy split drifts: its
    # fitted rectangle at most this many card widths wide (cards turned up to 10 degrees apart widen it to 1.22), the
    # cards spread at least this share of a card's length apart (tuning view 5016's backs lay 70-79 mm apart, 0.80;
    # seeds below 5200). Each card lies `split_inside` in the shape, or `covered_inside` when it reaches under a face-up
    # card (tuning view 5491: the last back, turned a few degrees under C06, 0.92; seeds below 5500).
    row_width_share: float = 1.3
    row_least_pitch_share: float = 0.75
    # Such a column whose cards fall short of the shape is measured against its hull when the shape fills at least this
    # share of it: a gloss band bit the top back of tuning view 10656's column (0.85; 10402 s3's, a cannonade on it,
    # 0.83), where 10402 s2's column of four dim backs found in pieces, measured three on its hull, is 0.65-0.68.
    row_bitten_solidity_least: float = 0.8
    # A blob short of one card's shape, touching no face-up card (a faint back whose rim the mask missed;
    # touching.fitted_card): at least this many cards' area, inside one card rectangle but for this share of it.
    # The same least where its end lies under a face-up card (touching.rim_missed_under_face, looks42: reused, not
    # fitted; 11219 s4 and 11427 s4 showed 0.63 and 0.70, the 0.2-card slivers it would take by faces on 11200-11499 none).
    fit_min_cards: float = 0.55
    fit_holds: float = 0.97
    # A card beside a read face, the table gap between them closed into its shape (the faint mask's smoothing and
    # closing join a dark back to a bright face 13 mm off: beside_face.card_beside_face): a blob of at most this many
    # cards holding one card rectangle that reaches at most this share into the face's footprint (with its cut
    # margin), what lies beyond the rectangle (but for `fit_holds` crumbs) within this many mm of the face (12 until
    # tuning view 4111: a navy back 13-16 mm from a cannonade on its ship, the gap taken in, split as two cards).
    beside_face_max_cards: float = 1.5
    beside_face_overlap: float = 0.03
    beside_face_gap_mm: float = 16.0
    # What it leaves beyond the rectangle is that gap only when its colour distance from the table is at most this
    # share of the card's own, this many mm inside its edges: a second card's strip is as far off as the card
    # (beside_face.gap_is_table; tuning views 195 and 2043, the gap 0.33 and 0.17 of the back's; 3049 a back 0.98).
    beside_face_gap_share: float = 0.5
    beside_face_inset_mm: float = 5.0
    # Whole cards touching an arm (arm_cards.cards_off_arm): a card rectangle in the arm's shape whose outside
    # ring (this many px out, past a card's shadow) the shape leaves free but for this share (the arm touches
    # one side), at most this many an arm. A card found frees its side of the ring (tuning seeds 2800-3399: 3 more
    # whole backs under hands read; at 0.6 a palm with its wrist at one side, 2905, was read as a back: kept at 0.7).
    arm_card_free: float = 0.7
    arm_card_ring_px: tuple[int, int] = (5, 10)
    arm_card_side_free: float = 0.75        # three of its four sides free this much each (a straight arm's two)
    arm_cards_most: int = 4
    # A shape of several cards no card rectangles explain, and an arm with what it touches, read again on its
    # patch (read_again.read_again: a face smeared by the camera's shake, a face with one marker clear of a hand):
    # a photo's read does; the stream's does not (a hand's patch read six ways costs a few hundred ms).
    reread_shapes: bool = True
    unknown_below: float = 0.5              # a card reported with less confidence is reported unknown
    # An unknown shape (a hand, a half-hidden card) leaves unsure each area it covers this many cards' area
    # of, and the area it covers most: a card hidden under it lies at least about half in its own area, while
    # a hand's shadow or its edge grown by `arm_grow_mm` may graze a neighbouring seat's corner.
    unknown_area_min_cards: float = 0.25
    # A cannonade is laid onto a ship, over its middle (a player lays it up to about 40 mm off): the ship's
    # centre, as read, lies this near the cannonade's. A card found farther off is a neighbour in an
    # overlapping row, the ship under it hidden: unknown, not that card (it was a card's length, 70, then 50:
    # on tuning seeds 0-299 a ship read under its cannonade lay 43 mm off at most, a neighbour 44.7 at least
    # (its own ship nearer), and neighbours at 49 mm were taken for a ship hidden under the cannonade).
    cannonade_reach_mm: float = 46.0
    # What may be a missed card (unexplained.py): foreground (colour this far off the table's; not edges: wood grain) farther than
    # `unexplained_clear_mm` from every card and shape judged, joined across this many mm (a back's
    # thin frame and pattern), opened by this many (grain, noise), whose hull covers this share of a card.
    unexplained_colour_distance: float = 8.0
    unexplained_clear_mm: float = 6.0
    unexplained_join_mm: float = 9.0
    unexplained_open_mm: float = 5.0
    unexplained_min_cards: float = 0.5
    # Or a smaller piece of the fixed level's, at least this share of a card, that found again at its own level holds
    # `unexplained_min_cards`, a card wide and no longer than `unexplained_faint_sides` allow (unexplained.
    # _card_sized_refitted; tuning view 4144: seat 2's slate back on the navy cloth a patch of 0.39, refitted 0.71).
    # It let in 4 pieces on 4000-4299 (4113, 4129, 4144, 4243) and 8 on 3100-3999, no other no-hand seat changed.
    # The faint level's patches are not looked at: on 4068, 4071 and 4114 they refitted card-sized, 5 exact seats asked.
    unexplained_patch_least_cards: float = 0.25
    # Unless it is a plank's grain (unexplained.along_grain): the difference within it changes across one way only
    # (the structure tensor's coherence at least this) and under this share of it is off the table's colour. On tuning
    # views pieces lying on cards came to coherence 0.02-0.17, a plank's streaks (limed) and arms over walnut
    # to 0.57-0.80 (tuning view 232's grain, found later, 0.45); the streaks covered 0.20-0.25 of their pieces, the
    # arms' (hand views) 0.43-0.61.
    unexplained_grain_coherence: float = 0.4
    unexplained_grain_share: float = 0.33
    # Yet a piece under this share off the table's colour is faint all through, no streaks: a back's body (tuning view
    # 4792: a slate back on the navy cloth, 0.09 off, coherence 0.40, thrown out as grain and its seat counted short,
    # sure; the grain of the tests' views and tuning views 70, 232: 0.18-0.27). It let in 4792's back alone on 3100-4899;
    # on 4900-5199 no reading changed. (The coherence raised to 0.5 instead let 232's grain in, 0.45.)
    unexplained_grain_least_share: float = 0.15
    # ... unless it is narrower than this share of a card's short side and longer than this share of its long side
    # (unexplained._streak_shaped): no part of one card showing is that shape, a plank's streak along its seam is
    # (tuning view 6426: a streak on pine beside the deck, 24 x 162 mm, 0.11 off, coherence 0.56, asked two no-hand
    # seats and the discard). The bars are the faint pieces' card-like sides (`unexplained_faint_sides`); seeds < 6600.
    unexplained_streak_sides: tuple[float, float] = (0.7, 1.35)
    # A piece of that shape less solid than this is a seam's ragged streak whatever its coherence (tuning view 6834:
    # 43 x 311 mm along the bottom edge on oak, 0.17 off, coherence 0.35, 0.60 solid, asked a no-hand seat; the one
    # other piece left on 6800-6999 under 0.75 of a card wide and longer than the bar, 6993's plank band, 46 mm, 0.81).
    # The bar: a row of faint backs' least solidity (`unexplained_faint_row_solidity`).
    unexplained_streak_solidity: float = 0.7
    # Or, smoothed, above this share of the faint level a card is found at (table_mask.faint_level: on a noisy
    # view it follows the noise up to a dark back's own contrast), opened by this many mm, and card-like:
    # this solid, its fitted rectangle's sides these shares of a card's (short side at least, long at most).
    unexplained_faint_share: float = 0.75
    unexplained_faint_open_mm: float = 9.0
    unexplained_faint_solidity: float = 0.8
    unexplained_faint_sides: tuple[float, float] = (0.7, 1.35)
    # Or a row of such backs overlapping (a column of slate backs on the navy cloth in a dim light): a card wide (those
    # shares of its short side), at most this many cards long, this solid (the row's ends stagger). 2.2 -> 4.0 for
    # tuning view 4792: a column of four, 68 x 335 mm, counted no cards with confidence; on 3100-5199 the longer
    # limit let in only that and a piece of 4306 under a hand (its seats already asked).
    unexplained_faint_row_cards: float = 4.0
    # A shape no card explains (reader.MAY_BE_MISSED) asks an area only where it covers at least this many cards' area
    # of it (or covers that area most). Fresh tuning 6600-6799, the shapes over two areas or more: a back's halo in
    # the deck reached 0.012 of a card over seat 2's line (6790), a shape over the deck and seat 2 0.012 over seat
    # 1's (6766), each asking a seat read right, and 0.012 into the discard (6765); every other share 0.035 or more
    # (0.035-0.14, 6729, 6652, 6766, 6778; a hand's reach 0.25, 6765). 0.03: between, the rims' share only.
    missed_area_least_cards: float = 0.03
    unexplained_faint_row_solidity: float = 0.7
    # Such a piece one card's size and shape (unexplained.whole_back: sides within `card_side_tolerance` of a
    # card's, at least this many cards' area, this solid) is a back the mask missed: face down, with this
    # confidence (on tuning views whole slate backs on the navy cloth came out 59-72 x 78-92 mm, 0.76-0.94 of
    # a card, 0.84-0.96 solid; no piece where no card lay came nearer a card's shape than 66 x 107 mm). Solid 0.85
    # -> 0.8 for tuning view 4467: an ember back on the navy cloth the blob finder missed, 65 x 95 mm, 0.77, 0.82.
    unexplained_back_least_cards: float = 0.7
    unexplained_back_solidity: float = 0.8
    unexplained_back_confidence: float = 0.7
    # A piece neither one back nor a row is cut at the fixed level joined across this many mm only: two or more whole
    # backs, what is left of the piece under this many cards' area (unexplained.backs_apart; tuning view 3897: three
    # ember backs 11-15 mm apart on the navy cloth, one piece at `unexplained_join_mm`, three backs at 3, 0.19 left).
    unexplained_apart_join_mm: float = 3.0
    unexplained_apart_left_cards: float = 0.3
    # A piece neither (ragged at the fixed level), and a blob not one card (face_down._judge), is found again
    # (refit.py) on the distance averaged over this many mm, cut midway between its own and the table's in a ring
    # this many mm out, growing at most this many mm, holding at least this share of it (on tuning views two backs
    # touching refitted to one held 0.39-0.41, the ragged backs refitted whole 0.96-1.0).
    refit_smooth_mm: float = 12.0
    refit_ring_mm: tuple[float, float] = (10.0, 20.0)
    refit_reach_mm: float = 15.0
    refit_holds: float = 0.9
    # A cannonade in a seat with no card found under it lies on a ship (the rules): a piece of what differs
    # from the table within this many mm of its edge, touching it, outside every other card found, at least
    # this many cards' area, of which at most this share is as bright as the cannonade's paper
    # (covered_paper_gap), or of whose inside (`under_face_inset_mm` in, below) at most this share is (a classic
    # back's light border and the cannonade's blurred rim beside it are bright: tuning views 744 and 763 showed
    # 0.13-0.14 of the whole strip, none of its inside), is that ship's back: face down, with this confidence
    # (under_cannonade.py).
    under_reach_mm: float = 30.0
    under_least_cards: float = 0.1
    under_back_paper_share: float = 0.05
    under_back_confidence: float = 0.7
    # A dark piece is a back only as far as an opening this wide leaves `under_least_cards` of it: on a plain cloth the
    # faint mask's ring round a white cannonade (its blurred rim, 2-3 mm past the cut margin) came to 0.16 of a card
    # (tuning view 1201: a ship counted twice); a face's paper may show thinner (tuning view 28: 4-5 mm strips).
    under_rim_mm: float = 3.0
    # A lonely cannonade is not given a ship beside it when a card found by its shape has this share of its rectangle
    # in the cannonade's footprint (and cut margin) and this share over another card found: a row's last card laid
    # over its neighbour, off the cannonade it lies under, may be its ship (under_cannonade.placed_off_under; tuning views
    # 2170 and 2764: 0.17 under the cannonade and 0.54 and 0.36 over the back beside it, counted twice, sure; cards
    # found reaching under a cannonade, 0.17-0.44 of them, lying over no other card were cards of their own: 1930, 2449).
    # The one such card, nothing showing beside the cannonade (under `under_least_cards`), is its ship, moved under it
    # (reader._backs_placed_off; tuning views 5329 and 4819: backs placed 47 and 54 mm off; seeds below 5500).
    beside_under_least: float = 0.15
    beside_over_found: float = 0.2
    # A lonely cannonade's ship seen beside it and a card found reaching this share under it (under_cannonade.
    # one_card_both_sides) are one card when the smallest rectangle round what shows of both is within this share of
    # a card's sides: what shows is the faint mask's, its halo past the card (tuning view 3502: a back's strip placed
    # off toward a face, 0.13 under the cannonade, 102 mm end to end with the strip beside it, counted twice, sure;
    # 3073 97 mm at 0.19; two cards' strips 158 and 164 mm, 1930 and 2449; on seeds 1600-3699 only 3502 moved).
    both_sides_least: float = 0.1
    both_sides_tolerance: float = 0.25
    # A lonely cannonade with no ship shown beside it lies on the one hidden face (a face-up ship found reaching under a
    # face-up card, none near a cannonade) whose rectangle reaches this share of a card under it, placed off toward
    # the card beside it (under_cannonade.ship_placed_off; tuning views 3528 0.24, 3730 0.13, 3849 0.048; on seeds
    # 3100-3999 it fired on those and 3390, 3718, seats under a hand, and no seat came out wrong).
    placed_off_under_least: float = 0.04
    # An unknown shape wholly within `cannonade_reach_mm` of a lonely cannonade (its ship's centre lies that near: a
    # face's strip on tuning view 799 reached 35 mm out), under this many cards' area, is that ship's strip judged
    # alone (under_cannonade.strips_of; a back's strip beside a cannonade is 0.2-0.3 of a card).
    under_strip_most_cards: float = 0.4
    # Such a piece whose inside (this many mm in from its own edges, not from the cannonade's: past a back's light
    # border, 3-4 mm, and the halo round it, 3-4 more) covers at least this many cards' area, this share of it as
    # bright as the cannonade's paper, is the ship's face: face up (no name), with this confidence (on tuning views
    # faces' strips came to 0.73-1.0 of it over 0.012-0.05 of a card, backs' to none; classic backs' strips beside a
    # cannonade, rendered for the tests, to none: 5 mm in from the whole outline, one was 0.41 paper, a face).
    under_face_inset_mm: float = 8.0
    under_face_inner_cards: float = 0.008
    under_face_paper_share: float = 0.5
    under_face_confidence: float = 0.7
    # A piece smaller than a card's judged share, at least this many cards' area, within this many mm of a
    # face-up cannonade's footprint (past its cut margin): a ship's last strip under it (unexplained.py).
    sliver_min_cards: float = 0.05
    sliver_reach_mm: float = 4.0
    sliver_found_grow_mm: float = 4.0       # unless this share of it lies within a card rectangle found by its
    sliver_found_share: float = 0.7         # shape, grown by this much: that card's rim (its fit is a few mm off)
    # A piece of the fixed level's (unexplained_colour_distance) too small to be a missed card, at least this many
    # cards' area, within this many mm of the footprint of a face-up cannonade laid on a card found, past its cut
    # margin and the clearing round it (unexplained.faint_strips_by_cannonades): a faint back's strip under the
    # cannonade, asked (tuning view 4899: an ember back on the burgundy cloth, 0.17 of a card, its seat counted a ship
    # short with confidence). At 0.05 it asked exact seats on 3168 and 3202 (cards' shadows, 0.086 and 0.077); at
    # 0.12 it fired on 3100-5199 on 4899 alone.
    faint_strip_least_cards: float = 0.12
    faint_strip_reach_mm: float = 4.0


SETTINGS = ReaderSettings()


# The live camera's reading, frame after frame: the picture as it comes (no enlarging), the plain
# detector's thresholds, a coarser top view; the table's place kept between frames (stream.py).
STREAM_SETTINGS = ReaderSettings(marker_upscale=1.0, pixels_per_cell=4, ignored_margin_per_cell=0.2,
                                 threshold_window=(3, 23, 10), top_px_per_mm=1.0, reread_shapes=False)
TABLE_REFRESH_FRAMES = 30


@dataclass(frozen=True)
class StillSettings:
    """When a streamed frame shows the table as the last frame read (stream.py): compared on a small
    blurred copy (a pixel there averages about 16 of the frame's, so sensor noise stays a few grey levels),
    a change is a pixel differing by more than `level`; a card laid, moved or turned, or a hand, changes
    dozens (a 30 mm marker alone is about 7x7 small pixels at 1280 px wide). Only the part that changed
    is read again: its box in table mm grown by `window_margin_mm` (a card lying half in the changed
    part lies whole in the window), unless that window is more than `window_most` of the play area."""
    width_px: int = 320
    level: int = 18
    changed_px: int = 6
    window_margin_mm: float = 120.0
    window_most: float = 0.6


STILL_SETTINGS = StillSettings()
# A card with printed corners whose markers were not read is read again on its own patch of the
# picture, enlarged this much more, with the photo's detector (reader.py): a cannonade turned at an
# angle on a streamed frame, a blurred face; then with wider threshold windows and sharpened (a far
# face on a tilted view, its markers squashed and soft; last, enlarged more and sharpened harder: a face
# smeared by the camera's shake), until one reads it.
REREAD_SETTINGS = (ReaderSettings(marker_upscale=3.0), ReaderSettings(marker_upscale=3.0, threshold_window=(9, 99, 10)),
                   ReaderSettings(marker_upscale=2.0, threshold_window=(3, 53, 10)),
                   ReaderSettings(marker_upscale=3.0, threshold_window=(9, 99, 10), sharpen=2.0),
                   ReaderSettings(marker_upscale=3.0, sharpen=2.0),
                   ReaderSettings(marker_upscale=4.0, threshold_window=(9, 99, 10), sharpen=4.0))
REREAD_MARGIN_MM = 25.0
REREAD_WITHIN_SHAPE_MM = 8.0   # a face read again in a shape of cards is that shape's: this near one of its points
REREAD_ROUNDS = 2   # a face read again is cut out, which may show one more under it
# The play area is looked at on a grid of this many points (across, down) for parts out of the picture.
OUT_OF_PICTURE_GRID = (43, 31)
# An unknown shape's many points are given their areas from a grid of the play area this fine (mm).
AREA_GRID_MM = 4.0
