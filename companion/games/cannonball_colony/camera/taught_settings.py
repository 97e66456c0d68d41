"""The taught reader's limits (camera/taught.py, camera/look_judge.py, camera/untaught_check.py), each with
what it was set on."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.cannonball_colony.camera.kind_choice import KindChoiceSettings
from companion.games.cannonball_colony.camera.piece_fit import FitSettings
from companion.games.cannonball_colony.camera.taught_paint import PaintSettings
from companion.vision.colour_classes import ColourSettings
from companion.vision.piece_looks import LookSettings


@dataclass(frozen=True)
class TaughtSettings:
    looks: LookSettings = LookSettings()
    # Taught paint was measured by this camera under this light: it needs none of the muting the
    # kit's nominal inks are allowed (ColourSettings.saturations), which let a pale paint claim the road. It is the
    # median of the lit faces; a shaded face mixes in less of the lamp's white, so it may show up to twice the chroma
    # (a deep blue piece was named no colour at all): tuning seeds 6000-6099, tuned families, taught, (1.2, 1.0, 0.8)
    # -> these: pieces read right 1000 -> 1009 of 1276, cells 8940 -> 8948 of 9432, confidently wrong 17 either way.
    colour: ColourSettings = ColourSettings(saturations=(2.0, 1.5, 1.2, 1.0, 0.8))
    # Each country's paint from its teaching squares, clear of lit points of another colour (camera/taught_paint.py).
    paint: PaintSettings = PaintSettings()
    # A piece stands on a cell when its owner's paint shows on this share of the cell's base points.
    min_base_share: float = 0.1
    # How sure "a bare road" is when the base shows (almost) no paint, and when it shows a little.
    bare_confidence: float = 0.95
    doubtful_bare_confidence: float = 0.55
    doubtful_bare_share: float = 0.08
    # A bare road, both readers agreeing, whose base shows a country's paint on this share or more (3 of its 49 points)
    # and whose middle shows the road card on under `little_paint_card_share`: asked. 8084's 22 mm Spanish disc
    # blockade, painted near the card's colour, showed 0.06 and 0.82 and was the bare road at 0.95. Set on tuning seeds
    # 8000-8017 (colony-taught18), where the 6 right sure roads showing 0.06 of paint showed the card on 0.96-1.00; on
    # all of 8000-8099 the two bars ask 6 right sure roads (card 0.59-0.88); without the card's, 7 on 8000-8019 alone.
    little_paint_share: float = 0.06
    little_paint_card_share: float = 0.9
    # Fewer of a cell's base points than this share in view (the rest behind pieces in front): a road,
    # as far as can be told, and not sure of it.
    min_known_base: float = 0.3
    hidden_confidence: float = 0.4
    # Taught, a cell whose base is hidden keeps the network's reading (which saw the whole cell) at that confidence,
    # rather than a bare road: the piece in front hides the print and the base, not what stands on it (tuning seeds
    # 6000-6099, tuned families: 11 pieces more read right, 5 roads read as pieces, 2 of them then caught by
    # road_piece_min_fit).
    keep_network_when_hidden: bool = True
    # A cell the network read as a piece and the looks as a bare road (no paint at its base) must show the road card
    # through this share of its middle (camera/land_doubt.py), or something stands there: the network's piece, unsure
    # (same seeds: 16 pieces more read right, none lost).
    bare_road_least_card: float = 0.3
    # And back: a cell the network read as a bare road and the looks as a piece (paint at its base), whose middle shows
    # the road card on this share or more, is the road, unsure: a pale paint named on the card (6634's pale yellow
    # barrels: nine bare cards read as Spanish cannons). Set on seeds 6600-6699 (tuned families, taught; main's
    # readings recorded): of such cells, the 4 pieces showed 0.00-0.24 of the card, the 19 bare roads 0.10-1.00, 15 of
    # them 0.49 or more.
    bare_road_card_share: float = 0.5
    # A teaching square whose solid covered its piece's silhouette under this (calibration.sheet_solids: the piece
    # mostly hidden behind the one in front of it, or its paint barely seen) says little of its kind's size: each
    # kind's solid is the median of its squares fitted at least this well, when it has any. Set on tuning seeds
    # 7100-7138 (tuned families, photos from 9 degrees on): squares fitted under 0.75 were a median 9-26 mm off the
    # true height (20 of 34 more than 10 mm), 0.75-0.80 4.6 mm, 0.80 and over 2.3-3.9. Taught, main -> 0.7 / 0.75 /
    # 0.8: 7100-7138 cells right +1 / +1 / +2; 7100-7199 (0.75 / 0.8) +4 / +2, boards exact +2 / 0; confidently wrong
    # unchanged.
    least_solid_fit: float = 0.75
    # Teaching leaves out a square whose look is too like another kind's (calibration.pieces): its solid, shading and
    # faces still tell its kind's shape. Without them, 8019's cannons and blockades (alike cylinder and cube) had no
    # solid and every one was read as a fort, and 8083's fort a sure cannon, the one kind taught (tuning seeds 8000-8099).
    shapes_of_alike: bool = True
    piece_width_share: float = 0.85      # of a cell: the box a piece hides the cells behind it with
    taught_height_share: float = 0.5     # a kind's height: the highest look point its paint showed at this much
    doubt_confidence: float = 0.5        # untaught, a piece the kit's looks do not confirm is no surer than this
    disputed_confidence: float = 0.55    # taught, a cell read otherwise than the network read it is no surer than this
    # Shape and size (camera/piece_fit.py): how well each kind's taught solid covers the piece's silhouette.
    fit: FitSettings = FitSettings()
    # Taught, the kind chosen from the fits and the look (camera/kind_choice.py).
    kinds: KindChoiceSettings = KindChoiceSettings()
    # A board whose cells show under this many pixels across (a camera 1.4 m and more away) shows a piece a dozen pixels
    # wide: its kind is never sure. Tuning seed 6421, its boards first found by the board finder's affine square: a
    # cube blockade read as a fort, sure (cells 15 px). Tuning seeds 6000-6599, tuned families, taught: confidently
    # wrong 1 -> 0 on the 18 seeds with such a board, 19 more right cells asked about; no reading changed.
    least_kind_cell_px: float = 16.0
    # A piece the network took for bare ground (a look it never saw): its base shows its owner's paint this
    # widely, and a taught kind's solid covers its silhouette this well.
    missed_base_share: float = 0.3
    missed_fit_overlap: float = 0.75
    find_missed: bool = True
    # A piece no paint in view vouches for (the network read a bare road where the looks see paint, or its base is
    # hidden) that no taught solid covers this well is a road, unsure: the road card named a pale paint, a piece's
    # shadow, a neighbour leaning over. Tuning seeds 6000-6099, tuned families: roads read as pieces 52 -> 4 of 9432,
    # no piece lost (0.5 the same to a cell).
    road_piece_min_fit: float = 0.3
    # Taught, a piece's silhouette counts its paint's lookalike inks too (the forest's on a green piece's shaded
    # faces), and leaves out the cells printed in them (tuning seeds 6030-6099, tuned families: pieces read right
    # 681 -> 695 of 887, cells 6101 -> 6109 of 6372, confidently wrong 15 either way).
    fit_lookalikes: bool = True
    # A terrain class a country's taught pieces showed on this share of their points counts as that paint on a
    # road cell's base (0: never).
    lookalike_share: float = 0.15
    # Taught, a cell read as bare land where the taught looks see a piece, its paint on this share of the points above
    # the cell (the pieces in front set aside), is asked about: a yellow piece the grass's ink names, a green one the
    # forest's, read as that land and sure. Tuning seeds 6000-6099, tuned families: taught cells confidently wrong
    # 17 -> 12 of 9432, right but unsure 969 -> 1083 (87 of them on 6098 and 6007, whose paint the forest's ink is named).
    doubt_standing_land: bool = True
    standing_column_share: float = 0.3
    # Of those, a cell whose middle is not the land's ink either (under this share of it named, or its inked pixels'
    # chromaticity this far from the board's other cells of that ink: camera/land_doubt.py) is the piece the looks see,
    # unsure.
    read_standing_land: bool = True
    standing_least_ink: float = 0.3
    standing_paint_shift: float = 0.12
    # Untaught, the kit's own solids: a group's pieces of about their size fit them about as well, so only a
    # piece that fits its kind's kit solid closely, and far better than the kit's other kinds, keeps the network's
    # confidence. Margin 0.1 -> 0.3 on tuning seeds 6000-6099 (tuned families, untaught): cells confidently
    # wrong 37 -> 14 of 9612 (a group's blockades and cannons the size of the kit's fort), right but unsure
    # 863 -> 891; on the kit's own renders (read_accuracy seeds 1000-1019) right but unsure 59 -> 87 of 2232.
    kit_sure_margin: float = 0.3
    kit_sure_overlap: float = 0.8
    # Untaught, an island of at least this many pieces of which the kit's check confirms (leaves sure) fewer than this
    # share is played with a group's own pieces: none of them is sure (a group's blockade or cannon the size of the kit's
    # fort fits its solid closely by chance). Tuning seeds 6000-6099 (tuned families, untaught): the islands with such a
    # piece confirm 0.13-0.14 of their pieces, every group island 0.25 or less; the kit's own renders (read_accuracy seeds
    # 1000-1019) 0.25 and more where any is confirmed. Confidently wrong 6 -> 1 of 9432, right but unsure 781 -> 794.
    kit_least_island_pieces: int = 4
    kit_least_confirmed_share: float = 0.2
    unsure_confidence: float = 0.5       # otherwise a piece's reading is no surer than this: the players are asked
