"""Every threshold of the Cannons & Coastlines camera reader, in one CoastReaderSettings.

One frozen dataclass per stage, gathered in CoastReaderSettings (with the game-free vision
stages' own); the reader passes each stage its own. The numbers were measured on rendered development views (seeds 100-299 and
7000-7449, as each comment says) and are not to be tuned on the measurement seeds. What the
kit fixes (sizes, colours) stays in the kit; how finely a stage resamples the picture (px per
mm or inch) stays beside the stage, as the coordinate frame its pictures share. The fitted
weights of the fittings' scores are data, in fittings_weights.json beside the reader.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.vision.arm_watch import ArmWatchSettings
from companion.vision.frame_memory import MemorySettings
from companion.vision.table_frame import TableFrameSettings
from companion.vision.tag_edges import TagEdgeSettings
from companion.games.cannons_coastlines.camera.coin_settings import CoinSettings
from companion.games.cannons_coastlines.camera.mat_settings import MatSettings


@dataclass(frozen=True)
class TagLookSettings:
    """The second look at squares ArUco outlined but could not read (tag_second_look)."""

    # A candidate's sides at deck height: its longest is the marker's or the card's side, or
    # most of it; its shortest may be a third of that where a sail hides part of the tag.
    longest_side_mm: tuple[float, float] = (20.0, 44.0)
    shortest_side_mm: float = 9.0
    min_contrast: float = 25.0          # grey levels between the white card and the black border
    # Summed over the 16 bits (0: each bit exactly black or white). On seeds 100-299, 200 of
    # 202 ship tags read this well; squares read as a wrong id fitted no better than 2.1.
    max_misfit: float = 2.0
    min_lead: float = 1.5               # the next best code's misfit must be this much larger
    max_bright_border_cells: int = 3    # of 20: a mast may cross the border, a white square may not
    # A square this near a marker found already (in that marker's sides, or its own) lies on
    # it: its bits or its border, no tag.
    clear_of_seen_marker: float = 0.75
    clear_of_own_side: float = 0.6
    same_square_within: float = 0.3     # of a side: both detector settings outlined one square


@dataclass(frozen=True)
class FittingSettings:
    """What stands in each of a ship's fitting holes (fittings)."""

    foot_radii_mm: tuple[float, ...] = (0.0, 0.7, 1.4)
    deck_ring_mm: float = 5.0
    pole_heights_mm: tuple[float, ...] = (5.0, 7.0, 9.0)   # above the deck: under the sail, which starts at 14
    # A score this far from zero is a sure reading. The reader calls a ship's fittings unclear
    # below a margin of 0.15 (|score| < 1): on seeds 100-299 that names 34 of the 71 holes read
    # wrong, and 81 of the 2859 read right (at 4.0: 25 and 37).
    margin_scale: float = 6.7
    unclear_margin: float = 0.15


@dataclass(frozen=True)
class IslandSettings:
    """Islands by their grass, and who holds each by the flag's base disc (islands, reader_islands)."""

    window_in: float = 3.6              # half the side of the window round a tag on hidden grass
    grass_min_area_in2: float = 1.2     # a small island's lawn round its tag and flag base can be under 2 sq in
    join_in: float = 1.5                # grass pieces closer than this are one island
    table_window_in: float = 9.0
    # Grass over its hull's area: the tag card and flag base bite a small island deep, yet the
    # tag always bites (a line of green paint fills its thin hull).
    grass_share: tuple[float, float] = (0.35, 0.9)
    table_difference: float = 20.0      # Lab distance from the table's colour
    round_tag_difference: float = 22.0  # ... round a tag whose island's grass was not found
    # A camera and the light wash printed colours out to about this share of their chroma.
    wash: float = 0.72
    neutral_chroma: float = 10.0        # a sail, the pole, a shadow, white card: no vote
    disc_ring_mm: tuple[float, ...] = (5.0, 8.0, 11.0)   # inside the disc's 13 mm radius, outside the pole
    disc_ring_samples: int = 32
    min_votes: int = 24                 # of 96: fewer coloured samples leave the holder unclear
    disc_share: float = 0.4             # of a disc's area: a fleet's patch on an island whose tag is unread
    unsure_holder_margin: float = 0.1
    sail_slack_mm: float = 6.0          # round a sail: it billows and leans, and the pose is a little out
    tag_outside_in: float = 1.0         # islands lie 6" apart: a tag this near an outline is its island's


@dataclass(frozen=True)
class RockSettings:
    """Rocks by their grey, away from ships and islands (rocks, reader_rocks)."""

    grey_max_chroma: float = 7.0
    lightness: tuple[int, int] = (55, 185)      # 8-bit Lab L: a marker's black and white card and sails lie outside
    table_difference: float = 12.0
    background_px: int = 41                     # 4": the table round a rock is most of such a square
    area_in2: tuple[float, float] = (0.6, 5.0)  # base 1.2-2" across, stretched by its top at a tilt
    min_solidity: float = 0.8                   # area over its hull's: shadows and sails' edges are ragged
    max_elongation: float = 2.6
    max_speckle: float = 34.0                   # std of L inside: a rock's lit and shaded faces reach 31, a tag's cells 39 up
    same_rock_in: float = 1.0
    piece_margin_in: float = 0.3                # round ships and islands: their walls and shadows


@dataclass(frozen=True)
class MatPlaceSettings:
    """Where a harbour mat lies, from its marker and its paper's edges (mat_place)."""

    edge_points: int = 12                       # profiles per edge
    # (reach inwards and outwards, step) in mm: a wide look round the marker's guess (its far
    # corners can be 15 mm out), then a fine one round the first fit.
    passes: tuple[tuple[float, float], ...] = ((30.0, 0.6), (10.0, 0.3), (3.0, 0.2))
    far_pass: tuple[float, float] = (60.0, 1.0)  # the last resort of the first look: the next mat lies 15 mm beyond
    min_edge_step: float = 8.0                  # grey levels: a weaker step is not taken for the paper's edge
    outlier_mm: float = 1.2
    outlier_px: float = 1.5                     # ... or this many picture px, where the mat is far and small
    edge_line_tolerance_mm: float = 1.5         # a side's edge steps lie this near one line (blur, lens) ...
    edge_line_tolerance_px: float = 2.0         # ... or this many picture px
    min_points_per_side: int = 3
    home_search_mm: float = 60.0                # a mat put down by hand lies this near its home place


@dataclass(frozen=True)
class ShipGoneSettings:
    """A ship kept from the frame before whose place shows the bare table has left it (camera/ship_gone.py)."""

    # The table round the hull's base, this wide, is what the base is judged against: near, so the light and the
    # cloth's own pattern are the same.
    ring_mm: float = 20.0
    # A place of the base is the table's when it lies no further from the ring's median colour than this many
    # times the ring's median distance from it (a wood grain or a patterned cloth widens it; the median, not a
    # wide quantile, so an island or a shadow in a part of the ring does not)...
    ring_spread_times: float = 3.0
    # ...and never less than this many Lab units (a plain cloth's ring is tight; the JPEG and the noise are not).
    least_tolerance: float = 8.0
    # The ship left the table when this share of its base looks like the table round it, and this share of where
    # its tag card lay: the kit's deck is wood-brown (a ship on a wood table shows up to 0.78 of its base "bare"), but
    # a ship is only ever known by its tag, and a tag hidden (a sail, a die, a hand) shows what hides it.
    bare_share: float = 0.85
    tag_bare_share: float = 0.85
    # Judged only where the camera sees this share of the base and the ring has this many places (2.5 mm each).
    least_base_seen: float = 0.6
    least_ring_px: int = 40
    # Judged only on a calm picture (the reader's motion, the share changed since the frame before): a ship being
    # carried off, or the blur of a hand, is not the table.
    most_motion: float = 0.004


@dataclass(frozen=True)
class CoastReaderSettings:
    # The game-free stages' own settings (companion/vision): the lens search, the memory of
    # the last frame and what counts as a change, and the tag edges' profiles.
    table_frame: TableFrameSettings = field(default_factory=TableFrameSettings)
    memory: MemorySettings = field(default_factory=MemorySettings)
    tag_edges: TagEdgeSettings = field(default_factory=TagEdgeSettings)
    tag_look: TagLookSettings = field(default_factory=TagLookSettings)
    fittings: FittingSettings = field(default_factory=FittingSettings)
    islands: IslandSettings = field(default_factory=IslandSettings)
    rocks: RockSettings = field(default_factory=RockSettings)
    mat_place: MatPlaceSettings = field(default_factory=MatPlaceSettings)
    coins: CoinSettings = field(default_factory=CoinSettings)
    mats: MatSettings = field(default_factory=MatSettings)
    # A still arm over the table or a mat, in a stream (vision/arm_watch.py).
    arms: ArmWatchSettings = field(default_factory=ArmWatchSettings)
    # A ship kept from the frame before whose place shows the bare table has left it (camera/ship_gone.py).
    ships_gone: ShipGoneSettings = field(default_factory=ShipGoneSettings)
    # A mat read under this is not vouched for (the benchmarks' "sure" bar): live, the players are asked.
    mat_sure: float = 0.6
