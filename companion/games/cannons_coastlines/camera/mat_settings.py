"""The thresholds of a mat's reading (mat_picture, mats, the taught doubts): paper, prize fittings and hulls.

Part of the Cannons & Coastlines camera reader's settings (settings.py gathers them in CoastReaderSettings); a module
of its own because the mat's stage holds most of the reader's measured bars, each with the tuning seeds it came from.
The measurement seeds' rule of settings.py holds here too.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MatSettings:
    """A mat's paper, prize fittings and prize hulls (mat_picture, mats)."""

    paper_max_saturation: int = 55      # HSV: the white-balanced paper is pale ...
    paper_min_value: int = 150          # ... and light
    paper_reach_mm: float = 34.0        # wider than a coin, so some paper lies within reach of every spot
    # A crate's blob holds a disc this wide (its 14 mm top, blurred: 7 mm and more on the dev
    # views); a lying mast's at most 6.6 mm (where the pennant meets the pole).
    crate_min_half_width_mm: float = 6.8
    prize_min_area_mm2: float = 50.0
    fleet_min_chroma: float = 16.0      # Lab a*b*: paler pixels are paper, sail, grey shade or a pale pole
    # A mast is counted by its pennant (12 x 7 mm of its fleet's paint): its paint's pixels are
    # those of the fleet's hue, coloured and not wood. Blur leaves 40-85 mm^2 of a pennant; a
    # sail's warm tint or a pole's shade leaves stray patches of 30 mm^2 and less.
    pennant_min_mm2: float = 35.0
    paint_hue_reach_deg: float = 30.0
    paint_min_chroma: float = 10.0      # dark blue and green paint blur to little chroma
    # A prize read as a fleet it cannot come from, or of no fleet (prize_fleets), is voted again from its pixels
    # this coloured: on far mats (tuning seeds 500-699) dark blue bands show chroma 9-15, the white-balanced paper 2-4.
    faint_paint_min_chroma: float = 6.0
    yellow_paint_min_chroma: float = 28.0   # yellow shares its hue with a sail's cream and with wood ...
    yellow_paint_min_lightness: int = 170   # ... but is far stronger and nearly as light as the paper
    red_paint_min_chroma: float = 20.0  # a crate's shaded wooden side turns red-brown
    paint_join_mm: float = 4.0          # parts of one pennant or lid lie closer; two pennants lie 11 mm apart or more
    pole_min_length_mm: float = 30.0    # a lying mast is 44 mm long ...
    pole_max_width_mm: float = 9.0      # ... its pole 4 mm, blurred
    crate_min_thick_mm2: float = 240.0  # thick part of a blob with a pole: a broad pennant 216-223 mm^2, a crate 225 and up (views 7000-7449)
    pole_clear_mm: float = 10.0         # a crate's top is 14 mm across: it holds a disc this wide, a pole does not
    lid_reach_mm: float = 6.0           # a crate's lid lies within this of the crate's thick core
    # Taught, a crate with no lid on its core is voted clear of the masts' paint on its blob by this much (a band's
    # blurred edge: crate_blobs.lidless_crate_part; set on kept mats 5900-6299 by 6206 anna).
    lidless_vote_clear_mm: float = 1.5
    # Crates side by side join into one blob, each keeping its thick core: a core as large as this share of the
    # blob's largest is a crate (seeds 500-699: touching crates' cores 99-218 mm^2, within 0.7-1 of each other).
    crate_core_share: float = 0.4
    crate_core_least_mm2: float = 40.0  # a small crate's core may be specks of 1-8 mm^2: no crate of their own
    mast_part_gap_mm: float = 6.0       # pole and pennant of one mast lie closer; two masts lie 11 mm apart or more
    pale_pennant_min_mm2: float = 12.0  # of coloured pixels: a mast whose pennant is too pale for a patch of paint
    # Wood (crate sides and rim, mast poles) is an orange-yellow of middling lightness; a yellow
    # fleet's paint shares its hue but is nearly as light as the paper.
    wood_hues_deg: tuple[float, float] = (45.0, 85.0)
    wood_max_lightness: int = 170       # 8-bit Lab L
    # The smallest hull, 4 x 1.6 in, covers about 3700 mm^2; one lying mostly in the zone shows
    # 2700 and more (views 7000-7449). The table showing past a mat placed a little off makes
    # blobs of 1500-2100 along the mat's edge.
    hull_min_area_mm2: float = 2200.0
    hull_side_band_mm: float = 5.0      # the painted sides and rim round the wooden deck, as seen from above
    piece_on_mat_mm: float = 25.0       # pieces on a mat stand up to 11 mm and lean; prizes may overhang
    # A prize's fleet colour: from fewer coloured pixels than these it is not seen (a prize
    # fitting, a hull's band), and with fewer of their votes agreeing it is named a doubt.
    prize_min_coloured_px: int = 4
    hull_min_coloured_px: int = 10
    unclear_colour_agreement: float = 0.6
    # Taught: a coin's kind changes no points (every coin held is one), so a doubt on a coin's kind alone is a note, not
    # asked, on a mat whose every crate read lies alone on its blob and covers these shares of a taught crate's mm^2,
    # however many masts and hulls (mats.read_mat). The kind's doubt only ever caught prize mistakes by chance: on the
    # kept mats 3400-5499 (main, coast-taught37) the 7 read wrong of the 769 asked for it alone all read a crate, 3430
    # ben, 4379 dev and 3625 cleo from a blob shared with a mast or another crate, 4748 anna (0.72, a pennant and a
    # mast's foot) and 4209 dev (0.66) too small, 3430 cleo (2.70: a mast with a sail as wide as a crate) and 5389 ben
    # (2.08: its coin added) too big; of the 524 read right with a crate, 514 read each alone, 0.87 to 2.51 of a taught
    # crate. The least lies between 0.72 and 0.87; the most at twice a crate, under the wrong 2.08 (the right ones past
    # it stay asked). Before: no prize at all (coast-taught34, kind_note_most_prizes 0).
    kind_note_crate_shares: tuple[float, float] = (0.8, 2.0)
    # A mast showing no patch of paint (a pale pennant) is voted by its blob's few coloured pixels, a light pole's
    # shades among them: its votes must agree this much, or it is named a doubt. Tuning seeds 500-699 taught: a
    # merchants' pennant read as privateers at 0.67 (653 anna, sure); masts read right and sure agree 0.83 and more.
    pale_mast_agreement: float = 0.8
    # Taught: a mast showing no patch of paint, read from faint pixels whose strongest (this share of them lie below)
    # are no more coloured than a cream sail, is a doubt however well they agree (tuning seeds 500-699: a striped
    # mast's dark navy band unseen, its cream sail voted merchants', 675 cleo at 21; of the 71 such masts, the seven
    # read wrong showed 16-29, five under 23; those read right 18-21.4 five times, 24-70 the rest). So too a whole mast
    # against a crate (crate_blobs): its fleet is then its paint's, asked (tuning seed 1867 cleo, 20, sure and wrong).
    pale_mast_chroma: float = 23.0
    # Taught: so too a crate with no lid of paint on its core, voted by its blob's colours no stronger than this, its
    # fleet's paint on it under pale_pennant_min_mm2 (crate_blobs.faint_lidless_crate). Fresh tuning seed 4997 dev: a
    # privateers' crate, its dark lid unseen, read as merchants' by its wood's yellow tint at 18.2 (no merchants' paint),
    # sure and wrong. Of the 236 such crates on the kept mats 3400-4999 (main's readings), those read right and sure
    # under 30.9 (3584 anna) show their fleet's paint, 31 mm^2 and more (3675 cleo 19.0, 3515 ben 22.8); the masts' bar
    # above, between 18.2 and 30.9, set before the fresh seeds 5000-5099 were read.
    pale_crate_chroma: float = 23.0
    # Taught: a fleet's paint the prize may come from, this many mm^2 of it on a mast blob that no mast read from the
    # blob is of, holding unread_paint_dense_mm mm^2 per mm it reaches, is a doubt (unread_paint). Fresh tuning seeds
    # 3700-3899: the two masts read sure and wrong so showed 23 mm^2 at 3.3 a mm (3740 cleo, a dark navy pennant
    # outvoted by its pole) and 34 at 4.3 (3784 cleo, a pale yellow band's half against a blue mast's band); of the
    # mats read right and sure, the most was 17 at 1.9 (3791 anna, a red fleet's hue at a yellow band's edge) and 28 at
    # 1.1 (3885 cleo, a dark pole's shades of the navy hue along it), the densest 6 at 2.0.
    unread_paint_doubt_mm2: float = 20.0
    unread_paint_dense_mm: float = 2.5
    # ... or this share of the mm^2 per mm the read masts' own paint holds on the blob (a group whose bands are thin
    # stripes, 2.2 mm^2 a mm). Kept mats 3400-5299 (main's readings): 5177 cleo (sure and wrong) a pirates' ochre band
    # 0.89 as dense as the merchants' band read beside it (58 mm^2 at 1.97 a mm); 4453 ben 0.63 (wrong, asked); no mat read
    # right and sure shows such paint at 0.5 or more. Half, chosen before the fresh 5300-5499 were read (5466 cleo 0.51,
    # wrong, asked already).
    unread_paint_dense_share: float = 0.5
    pale_mast_chroma_share: float = 0.9
    # Taught: a blob showing no paint that covers this share of a taught mast's mm^2 is a mast whose fleet
    # was not seen (a doubt), not a stretch of pole.
    unpainted_mast_share: float = 0.5
    # Taught: a mast blob showing no patch of paint, a bar no wider than pole_max_width_mm, whose line runs on (within
    # stub_line_reach_mm of it, past a gap of stub_gap_mm at most) into another mast's blob lying across it
    # (stub_cross_least_deg), the two no longer than stub_span_share of a taught mast, is that mast's pole's end
    # (pole_stubs; 0 share: never). Tuning seeds 3100-3299: 3121 anna's pole end lies 2.5 mm beside its band's half,
    # past 24 mm of pale sail, the two 1.11 of a taught mast, crossing at 84 degrees (3121 ben's: 25-26 mm, 1.06-1.13,
    # 84-88); bands in a row cross at 1 degree.
    stub_line_reach_mm: float = 6.0
    stub_gap_mm: float = 30.0
    stub_span_share: float = 1.3
    stub_cross_least_deg: float = 45.0
    # ... and the blob it runs into is a band across that pole: it shows a patch of paint, or is shorter than this
    # share of a taught mast (a blob of no paint as long as that is a mast lying along its own pole, the blob
    # across it another mast's: tuning seed 3372 anna, 0.57, one mast read for two, sure; the bare blobs stubs ran
    # into on the kept mats 2306-3399 lie 0.21-0.39, but 3307 dev's 1.77, its stubs left out by a painted band too).
    stub_bare_band_most_share: float = 0.5
    # ... unless it shows a pennant (pole_stubs.pennant_colour): stub_pennant_least_mm2 of pixels coloured as a fleet's
    # (a pennant's worth, as pale_pennant_min_mm2), the strongest stub_pennant_chroma or more. Kept mats 3400-4799: of
    # the 151 stretches left out, 4594 anna's ochre pennant (too dark for a yellow patch: its mast lost, sure) shows
    # 50 mm^2 at chroma 41.5; 13 others show 12 mm^2 or more (a wooden or cream pole's yellow tint, up to 54 mm^2), none
    # over chroma 29.0 (4319 dev, asked, read right); the bar between them.
    stub_pennant_least_mm2: float = 12.0
    stub_pennant_chroma: float = 35.0
    # Blobs too small for a prize (prize_min_area_mm2) that together show this many mm^2 of fleet colour are a
    # doubt: a pale mast broken into specks (seeds 500-699 taught: masts missed, sure, showed 10-40 mm^2).
    small_colour_doubt_mm2: float = 8.0
    # Taught, the bar is higher: on the kept mats 3400-5699 (main's code) the specks doubt alone asked 166 players; the
    # 7 of them read wrong showed 25.75 mm^2 and more (5232 cleo; 3421 ben's and 5491 cleo's band halves of an unread
    # mast, 27.25), the 58 under 20 were all read right (poles' feet below the sails, a read mast's band half, 4924 ben
    # 18); the bar about a fifth under the lowest wrong one.
    taught_small_colour_doubt_mm2: float = 20.0
    # The coin zone's cover (mats.coin_cover) against the coins read, each covering a coin's mm^2 (MatLooks)
    # spread by this much blur; on the taught dev seeds 500-515, mats read right lie at 1.0-1.45 of it
    # (2.1 with a single coin beside a hull's shadow), a mat read with four times its coins at 0.25.
    coin_cover_blur: float = 1.2
    coins_cover_least: float = 0.7
    coins_unread_most: float = 2.5      # coins' worth of cover left over: a coin not read
    # Taught, the cover left over is what lies clear of every coin counted, opened by a disc this share of a coin wide
    # (coins.cover_clear_of_coins_mm2; half a coin: grain, halos and the slivers between packed coins drop out), and
    # more than coins_clear_unread_most coins' worth of it is asked about. Set on the kept mats 3400-5299: of the mats
    # the whole cover's test left sure and wrong, 4341 anna and 4771 dev (a coin missed) show 0.32 and 0.47 of a coin's
    # worth clear of the coins, 5156 ben (a coin added) 0.70; the bar lies under the least with a little to spare.
    coins_clear_opening_share: float = 0.5
    coins_clear_unread_most: float = 0.25
    # A prize blob's mm^2 over what the masts and crates read from it cover (MatLooks): outside this, a
    # doubt. On seeds 500-515 (tuned families) blobs read right lie at 0.45-3.1 taught, 0.23-2.5 untaught.
    blob_cover: tuple[float, float] = (0.35, 3.2)
    # Taught: a blob read as one crate alone at the fittings zone's left or right edge covering under this share of a
    # taught crate's mm^2 is asked (fitting_doubts.crate_cut_by_the_edge). Kept mats 3400-4899, crate-thick blobs at
    # those edges: 4856 cleo 0.65 (a mast's pennant, sure and wrong), 4857 anna 0.63 and 4811 dev 0.83 (asked); those
    # on mats read right and sure 1.23 and more (4503 anna); the bar between 0.83 and 1.23.
    edge_crate_cover_most: float = 1.0
    # A blob read as one crate with a thin stretch (fitting_doubts.BlobShape) as long as this share of a
    # mast's length, and this long at least, is doubted; so is one read as a mast within near_crate_mm of
    # a crate's thickness showing no such stretch. On the dev seeds 500-539 (tuned families) crates read
    # right show 17 mm of thin at most, those holding a mast 29-39; masts read right are 6.6 mm thick at most.
    pole_share: float = 0.5
    pole_least_mm: float = 20.0
    # A blob read as one crate longer than this many sides of a crate (the square root of MatLooks.crate_mm2) is doubted:
    # a crate leaning shows its top and one side. Tuning seeds 700-1099 taught: such blobs read right 2.25 at most;
    # two pale striped masts side by side, read as a crate, 4.0 (1079 anna, sure).
    crate_length_most: float = 2.5
    # Taught: a blob read as one mast, no longer than a taught mast, covering this many taught masts' mm^2 and nearer
    # a taught crate's is doubted (fitting_doubts.crate_sized_mast). Tuning seeds 500-1099: a crate read as a mast at
    # 2.2 (1063 ben, sure); masts read right and sure that short 1.9 at most (501 cleo), but one at 3.1 (501 dev, asked).
    mast_cover_most: float = 2.0
    # Taught: a blob read as one mast showing no pole (pole_share), covering crate_shaped_cover_least taught crates' mm^2,
    # no longer than crate_shaped_length_most crates' sides and crate_shaped_over_mm thicker than a taught mast, is
    # doubted (fitting_doubts.crate_shaped_mast). Kept mats 500-3099: crates read as masts, sure, 1.29-1.35 of a crate,
    # 1.28-1.38 sides long, 1.70-1.75 mm over (1723 cleo, 2860 anna, 3079 anna); such blobs on mats read right and
    # sure 1.13 of a crate (2024 anna), 1.65 sides (2253 cleo) or 1.35 mm over (2558 ben) at the nearest.
    crate_shaped_cover_least: float = 1.2
    crate_shaped_length_most: float = 1.5
    crate_shaped_over_mm: float = 1.5
    near_crate_mm: float = 0.8          # also: a blob read as masts and crates no thicker than a crate plus this
    # Taught: a blob read as one crate less than thin_crate_over_mm thicker than crate_min_half_width_mm, with a thin
    # stretch thin_crate_pole_share of a taught mast long (thin_crate_pole_least_mm at least), is doubted
    # (fitting_doubts.thin_crate). Tuning seeds 1300-1399: striped masts read as crates, sure, 6.9-8.0 mm thick, their
    # thin 0.38-0.53 of a taught mast (1337 dev, 1361 anna); seeds 500-1399, crates read right and sure that thin
    # 8.8 mm thick and more, or thin 0.26 of a mast (835 anna, 7.3 mm).
    thin_crate_over_mm: float = 1.7
    # Taught: a blob read as two masts or more, within near_crate_mm of a crate's thickness and this much thicker than a
    # taught mast, is doubted (fitting_doubts.masts_thick_as_a_crate). Kept mats 500-2099: such blobs read right 2.35
    # over at most (2029 anna 2.3, sure); a small crate against a mast, its paint read as a second mast, 3.0 (2132 cleo).
    masts_over_mast_most_mm: float = 2.65
    thin_crate_pole_share: float = 0.35
    thin_crate_pole_least_mm: float = 10.0
    # Taught: a crate's blob within near_crate_mm of its thickness and this share of a taught mast's length is doubted
    # (fitting_doubts.mast_long_crate). Kept mats 3400-4199: masts read as crates, sure, 1% off (4148 anna); crates read
    # right and sure that thin 14% off at the nearest (4003 cleo).
    mast_long_crate_within: float = 0.1
    # Taught: a blob read as masts alone, long_mast_blob_over taught masts longer than they are, is doubted where the
    # taught band reaches whole_band_share of the taught mast (fitting_doubts.masts_too_long). Seeds 500-1399: one
    # mast read on blobs 1.63-3.47 masts long, two there (masts end to end, 913 cleo, 1353 dev sure); masts read
    # right and sure as long (1.75-2.36) are pennant masts, their band 0.34-0.65 of the taught mast; one read right and
    # sure is asked (1093 ben: four masts on a blob 5.3 masts long).
    long_mast_blob_over: float = 0.6
    # Taught: a blob read as masts and crates together this many times as long as they lie end to end is doubted
    # (fitting_doubts.mixed_blob_too_long). Kept mats 500-2799: the 56 such blobs on mats read right lie 1.56 at most (2457 ben,
    # 1566 ben 1.46); two masts side by side against a crate, one read, 1.83 (2449 cleo, sure), 1.88-1.93 (asked).
    mixed_blob_length_most: float = 1.7
    # Taught: a bare stretch of pole let go this share of a taught mast long (pole_least_mm at least) is asked
    # (fitting_doubts.bare_mast_let_go). Kept mats 500-2899: 20 mm or longer, on mats read right 0.61 at most (2788
    # ben); a mast so let go 0.81 (2702 ben, sure), 0.78-0.98 asked already (2499 cleo, 1647 ben). Kept mats 3400-4899
    # (211 stretches let go): on mats read right and sure 0.63 at most (4538 ben); 4872 cleo's merchants' mast, blurred
    # in motion to two stretches of pole, 0.68 (sure and wrong at 0.7); the bar between them.
    bare_mast_share: float = 0.65
    whole_band_share: float = 0.8
    # ... and there, a fleet not read whose faint paint (mats._faint_bands) reaches this many bands is a mast of it
    # (mast_bands.masts_of_faint_paint; taught masts a pole's worth long at least). Seeds 500-1399: masts so missed
    # 1.05-1.64 (749 anna, 885 dev, 1246 dev, 1349 cleo, 1353 dev); no such fleet on a blob read right.
    faint_mast_least: float = 0.8
    # Taught: a part of a crate's blob clear of the crate, a pole's worth long (above) and covering this share of a
    # taught mast, is a whole mast lying against the crate (seeds 500-699: such parts cover 0.9-1.25 of one).
    whole_mast_share: float = 0.6
    # Taught: a blob nearly as thick as a crate (near_crate_mm) with no pole, shorter than this share of a taught
    # mast and covering nearer a crate's mm^2 than a mast's, is a small crate (seeds 500-699: such crates 0.46-0.64
    # of a taught mast long; masts read right 0.95 and up, but one mast's band alone 0.55, covering a mast's mm^2).
    small_crate_share: float = 0.75
    # ... and so is one as thick as this share of half a taught crate's side, this many times a taught mast's half-width
    # and covering this share of a taught crate's mm^2 at least, nearer a crate's side long than a mast's length
    # (fitting_doubts._a_crate_by_build). Kept mats 500-3499 taught, such crates read as masts: 0.81-1.13 of half a
    # side, 1.37-2.10 of a mast, 0.89-1.53 of a crate's mm^2; masts read right that this took: 0.55-0.75 of half a side
    # (3121 anna, 3167 cleo), 1.17-1.34 of a mast (2558 ben, 2269 anna, 1355 anna), 0.77-0.87 of a crate (1355 anna,
    # 1486 anna, 1342 cleo, 2269 anna); 3303 anna's small crates (0.89) are left asked as masts, too near.
    small_crate_half_side_share: float = 0.8
    small_crate_over_mast: float = 1.33
    small_crate_cover_least: float = 1.0
    # Taught: one fleet's patches of paint reaching no further together than this share of the taught band
    # (mast_bands) are one band cut by its pole, one mast.
    band_share: float = 1.3
    # Taught: a fleet's paint on a mast blob reaching two bands is two masts (sails side by side) where it holds this
    # many mm^2 per mm it reaches (mast_bands.bands_reached). Tuning seeds 500-899, single mast blobs: two masts'
    # bands 1.05-7.5 mm^2 a mm, reaching 1.64-2.29 bands; stray pixels of a fleet not there 0.15-0.83, reaching up to 3.1.
    band_paint_least_mm: float = 1.0
    # Taught: masts counted by how many bands their paint reaches are a doubt when it passed a half band by less than
    # this (seeds 500-899: one pennant's blurred patch read as two at 1.55-1.66 bands, sure; one mast's band reaches
    # 1.13 at most on a blob of its own, two masts' 1.64 and more; four masts read as five at 3.58).
    band_count_doubt: float = 0.2
    # ... and a mast blob read by its faint colours (mats._faint_bands) also when they reach short of a half band by
    # less than this (tuning seeds 500-1099: two pale striped masts side by side reaching 1.48 bands, read as one,
    # sure, 913 cleo; the nearest such count read right lay 0.21 under a half band, 966 anna at 2.29).
    faint_band_doubt_below: float = 0.1
    # Taught: masts counted by how many bands their paint reaches are no more than the blob is long in taught masts
    # (mast_bands.counted_by_length). Tuning seeds 500-1199, single blobs so counted over their separate bands: one
    # mast 1.03-1.25 masts long (a pennant's patch 1.54-1.92 bands: blurred long, or taught short), two 1.50 and longer.
    # Where that lowers the count, a blob covering this many taught masts for each mast read has room for masts lying
    # side by side across each other and is a doubt (those seeds: 1.14-1.57; masts side by side there lie end to end).
    band_room_cover: float = 1.8
    # Taught: masts read from one blob's patches this many or more over both how long the blob is and how much it covers
    # in taught masts are a doubt (mast_bands.beyond_room). Tuning seeds 1300-1899, blobs read as two masts or more:
    # 1842 cleo 0.50 and 1818 ben 0.59 over (sure and wrong: a band's patch straddling two masts, a stray patch on a
    # pole), 1547 cleo 0.51 (read right, asked already for a coin); those read right and sure 0.23 over at most.
    room_over_doubt: float = 0.4
    # ... and masts read on one blob (two or more, no crate) this many or more over its length alone in taught masts,
    # whatever it covers (fitting_doubts.masts_past_blob_length): a blob's shadow and its poles' ends cover as much as a
    # mast more. Set on the kept mats 3400-4499 and the fresh 5500-5599 (main's readings, coast-taught39): fresh 5553 ben
    # (four masts read for three, a dark pole's blue tint taken for the blue fleet's paint; sure, its coins' unclear
    # kinds a note) 0.99 over, 3625 anna (three for two, a band counted as its halves; sure) 0.96, the wrong ones asked
    # already 0.93 and more; read right 0.72 at most (4394 ben, sure). The rest of 3400-5599 then: read right 0.77 at
    # most (4746 cleo, asked already), wrong 0.82 (4742 cleo, asked already); 5600-5699, read after: right 0.64 at most.
    masts_over_length_doubt: float = 0.8
    # ... on a blob at least this many taught masts long (a row): masts lying side by side along their length make a
    # blob one mast long however many they are (test_coast_mast_bands: two pennant masts so, 1.07 long, read right).
    # Not tuned: renders lay masts in a row; the wrong ones it then leaves to their other doubts lie at 1.18 and under
    # (4742 cleo, 3464 ben, 4181 cleo, 5106 cleo, 4700 anna: asked already), those it asks at 1.77 and over.
    masts_row_least_long: float = 1.5
    # Taught: masts in a row on one blob are counted by their paint's length no further than the bands its runs along
    # the row make (mast_rows.bands_in_row); runs part where this many mm hold no paint. Tuning seeds 1700-1799, four
    # masts in a row: 6-10 mm of no paint between their bands, 2-8 where a pole crosses one (joined again as a band).
    row_gap_mm: float = 1.5
    # Taught: one fleet's masts read on several blobs whose paint lies in one row no wider across than row_width_most_mm
    # and reaches, end to end, row_reach_over fewer bands than the masts read, are a doubt (mast_rows.row_reach_doubts).
    # Tuning seeds 500-2099, such rows 4.3-8.6 mm across: 1994 anna 1.04 bands short (three masts read for two whose
    # bands touch, pale poles parting them into three blobs; sure and wrong); the rest 0.54 short at most (1595 ben, read
    # right), most of them reaching as far as their masts or further. Also two or more read on one blob: fresh tuning seed
    # 3291 anna (sure and wrong) three for two, its paint reaching 2.13 bands (dark poles parting the bands run together);
    # no mat read right is asked by it on the kept mats 500-599, 1100-1199, 1300-3299 (1842 cleo, 2713 ben: wrong, asked).
    # Kept mats 3400-5299: a mast read by its colours (no patch) counts in its fleet's row too; with it, 4329 anna (sure
    # and wrong: three masts read for two, the last band half read by its colours) reaches 1.74 bands, 1.26 short; no
    # mat read right is newly asked (the bar unchanged).
    row_width_most_mm: float = 12.0
    row_reach_over: float = 0.75
    # Untaught (no band known): two patches of one fleet's paint on one blob whose middles lie nearer than this are
    # read as two masts, but are as likely one band cut by its pole (mast_bands.cut_band_doubts). Tuning seeds
    # 500-699 untaught: such pairs read as two masts where one lay 12.8-18.9 mm apart (13 players sure), two masts
    # read right 30.3 mm apart.
    band_halves_apart_mm: float = 27.0
    # Taught: a stretch of pole let go (unpainted_mast_share) with this many mm^2 of one fleet's paint within
    # pole_paint_reach_mm of it, off every prize's blob, is a pale mast of that fleet, asked (pole_paint). Tuning seeds
    # 500-999: such masts showed 21-57 mm^2; beside stretches of masts read already 17 mm^2 at most (mostly under 9).
    pole_paint_least_mm2: float = 19.0
    pole_paint_reach_mm: float = 10.0
    # Taught: a patch of one fleet's paint this large on blobs too small for a prize, a band's length from every
    # prize's blob, is (with its band's other parts) a pale mast whose pennant or band alone was seen (pole_paint).
    speck_paint_least_mm2: float = 15.0
    # ... and such a band reaching this share of a taught band or further is a mast even where it makes one band with
    # a prize's paint near it (pole_paint): tuning seed 2559 ben, a pale mast's band halves 0.99 of a band long beside
    # a crate of their paint, the lid's large patch spreading the two as one band (37.3 mm, band_share 37.6): missed.
    # Bands of specks judged part of a prize on the kept mats 500-599, 1100-1199 and 1300-2499: 0.16-0.49 of a band (68
    # bands; 0.32 at most on mats read right).
    speck_band_whole_share: float = 0.8
    # ... but not such a patch reaching this near the fittings zone's bottom edge, the coin zone beyond it (tuning seeds
    # 1760 ben, 1112 ben: a coin's red ring at the top of the coin zone reaching over, read as a mast).
    speck_edge_mm: float = 1.0
    # Taught: a band of one fleet's paint wholly off the prize mask, paint_join_mm clear of every prize's blob, this
    # many mm^2 and this share of a taught band long, is a pale mast not read: asked (pole_paint.loose_band_doubts).
    # Kept tuning mats 500-599, 1100-1199, 1300-2899: masts missed so, sure, 70-172 mm^2 (1877 dev, 2726 dev, 0.94-1.07
    # of a band); on mats read right and sure such paint covers 44 mm^2 at most (1823 dev).
    loose_band_least_mm2: float = 55.0     # of one fleet's paint, together
    loose_band_share: float = 0.5          # of a taught band, end to end
    # Taught: such a band lying beside crates (within paint_join_mm) none of which was read as its fleet, clear of every
    # other prize's blob, this many mm^2 and this share of a taught band long, is a pale mast against the crate not
    # read: asked (pole_paint.band_beside_crate_doubts). Fresh tuning seed 3138 ben (sure, a mast missed): 112 mm^2,
    # 0.82 of a band; kept tuning mats 500-599, 1100-1199, 1300-3199 read right and sure show such paint 52 mm^2 at
    # most (2493 ben, 0.77 of a band; 1823 dev 36), mats asked already 80 (2726 dev, 1401 anna: wrong), 75 (2828 ben).
    crate_side_band_least_mm2: float = 70.0   # of one fleet's paint, together
    crate_side_band_share: float = 0.5        # of a taught band, end to end
    # Taught: specks this large each (off the bottom edge), two or more gathered as one band reaching this share of a
    # taught band and covering this share of a taught mast, are a dark band's halves too dull for a fleet's paint:
    # asked (pole_paint.speck_band_doubts). Tuning seed 3049 ben (sure, a mast missed): two specks, 75 mm^2, 1.09 of a
    # band, 0.45 of a mast. Mats with more specks than speck_band_parts_most (a caption's letters) are not looked at.
    speck_band_part_least_mm2: float = 10.0    # each speck
    speck_band_reach: tuple[float, float] = (0.8, 1.2)   # taught bands, end to end
    speck_band_mast_share: float = 0.4     # of a taught mast's mm^2, together
    speck_band_parts_most: int = 30        # specks on the mat
    # Taught: on a fittings zone where no prize is read, empty_zone_specks_least specks or more of
    # speck_band_part_least_mm2 each (off the bottom edge), within a taught mast's length and covering together this
    # share of a taught mast, are a pale mast's pole the prize mask barely holds: asked (pole_paint.empty_zone_speck_doubts).
    # Tuning seed 3846 anna (sure, a blurred far mat's pale pennant mast missed): two specks of its pole, 43 mm^2, 0.20 of
    # a mast. On the kept mats 3400-4099 no other zone read empty shows two such specks; lone ones reach 0.13 read right
    # and sure (3516 dev, 35 mm^2), then 0.04 (3403 ben): the bar between 0.13 and 0.20, set before 4000-4099 was read.
    empty_zone_speck_mast_share: float = 0.17
    empty_zone_specks_least: int = 2          # a pole's parts: a lone speck is let go
    # ... and where crates but no mast were read, specks each this many times as long as wide (a pole's parts), lying
    # within this many taught masts (a pole broken by its yard): fresh tuning seed 6245 ben (2.4 and 2.4, 1.6 masts).
    pole_speck_aspect: float = 2.0
    pole_specks_span: float = 2.0
    # ... nor, taught, a blob there showing no patch of paint and covering less than unpainted_mast_share of a taught
    # mast: a coin's ring reaching over, read as a mast by its faint colour (tuning seed 1924 dev, sure and wrong).
    # Taught: paper enclosed by one prize's blob, this many mm^2 at most and darker on average than hole_lightness_most
    # (Lab L), is part of it where its thickness is measured (fitting_doubts.prize_depth_mm): a small crate's lid too
    # pale for the mask leaves a hole in its middle, and the crate no thicker than a mast (tuning seeds 1952 ben, a 13
    # mm^2 hole at L 145, the crate 4.6 mm thick, 7.0 with it, sure and wrong; 1140 ben, 11 mm^2 at L 188). A sail as
    # pale as the paper enclosed by its pole and outline is lighter (529 cleo, 17 mm^2 at L 212, read as a crate with it).
    hole_fill_most_mm2: float = 30.0
    hole_lightness_most: float = 200.0
    # ... or as coloured on average as hole_chroma_least (Lab a*b*): a pale lid as light as the paper shows its paint's
    # tint (kept mats 3400-4899: 4641 anna's merchants' crate, a 9 mm^2 hole at L 235 and chroma 24.4, read as a mast,
    # sure and wrong; the paler holes as light as the paper, L 205-224, 15.1-17.7 (4399 anna, 3430 ben, 3406 anna), the
    # paper 2-4). The bar between 17.7 and 24.4, set before the fresh seeds 4900-5099 were read.
    hole_chroma_least: float = 21.0
    # Taught, a pale mast where nothing is read (unread_masts), asked. Kept mats 3400-4499, main's readings:
    # - a stretch of pole let go this share of a taught mast long where the mat reads no mast: 4410 ben 0.56 (two
    #   privateers' masts missed, sure), 3871 dev 0.70 (asked); the longest on a mat read right 0.34 (4491 anna, asked);
    #   none on a mat read right and sure at any length. The bar between 0.34 and 0.56.
    #   Kept mats 5900-6099 (main's readings): every mat so let go a stretch is wrong, the lone ones 0.42-0.57 of a
    #   mast, 6023 ben's 0.446 (two pale masts beside a crate missed) sure under 0.45: lowered between 0.34 and 0.42.
    lone_pole_share: float = 0.4
    # ... or stretches let go there, two or more, together this share of a taught mast long (unread_masts.
    # poles_let_go_together): fresh tuning seed 5628 ben, a pale mast's pole top and dark pennant at its foot, 0.25 and
    # 0.26 of a mast (0.51 together), sure and wrong. The lone stretch's bar, not tuned: on the kept mats 3400-5699 it
    # asks no other player (the stretches under it on mats read right were not measured).
    lone_poles_together_share: float = 0.45
    # Taught: a fleet whose hue lies among wood's, its paint as dark as wood (dark_paint) covering this many mm^2 of a
    # mast blob from which no prize of it was read, asked. Kept mats 3400-4699 (main's readings, measured before the
    # fresh 5700-5899 were read): the dark ochre masts missed, sure, 4425 cleo 54, 5094 anna 44 (its seed read alone);
    # on mats read right and sure a wooden pole's middle shows 21 at most (4531 cleo; 4185 cleo 20), 8 and under
    # elsewhere. The bar between. Checked after: 4700-5699 read right and sure 10 at most (5399 cleo); 5700-5899 none.
    dark_paint_doubt_mm2: float = 30.0
    # - a patch darker than the paper by darkened_by (Lab L under the zone's median) clear of every prize blob by
    #   darkened_clear_mm, covering darkened_mast_share of a taught mast and darkened_least_mm2, and darkened_length
    #   taught masts long (the caption's strip at the zone's bottom left out). 4450 ben (a merchants' mast missed,
    #   sure): 451 mm^2, 3.2 masts' mm^2, 1.14 masts long, nothing read on the zone. Bars set on the kept mats: at 16
    #   and 8 mm clear, 1.5 masts and 0.8-1.4 long, 5 mats read right and sure were named; those left at 8 mm are a
    #   pennant mast's pole top past its pale sail, 16-28 mm from its pennant's blob (4160 anna, 4436 cleo: clear at 30
    #   mm); 3660 dev's 38 mm^2 (a taught mast of 22 mm^2) the last: darkened_least_mm2 between 38 and 182 (4324 dev).
    darkened_by: int = 16
    darkened_clear_mm: float = 30.0
    darkened_mast_share: float = 1.5
    darkened_least_mm2: float = 100.0
    #   Fresh tuning mat 6378 anna (a pale navy mast, the prize mask empty, sure and wrong): 987 mm^2, 1.98 taught masts
    #   long (its pole and shadow; the taught mast 25.8 mm). On the kept mats 5900-6399 no mat read right and sure has such
    #   a patch at any length; the longest on a mat read right, 2.41 (6147 ben, asked already): widened 1.4 -> 2.2.
    darkened_length: tuple[float, float] = (0.8, 2.2)
    caption_strip_mm: float = 7.0
    # Taught: a crate's paint running off its blob onto a mast blob of its fleet read short of its row's bands, as far
    # as half a band and a whole one (these taught bands), is the first mast beside the crate missed: asked
    # (mast_rows.lid_run_doubts). Kept mats 3400-4699 (main's readings): 4567 ben 1.37, 4477 ben 1.42, 4623 ben 1.42
    # (sure and wrong), 4642 ben 1.48 (asked, wrong); read right and sure 3712 ben 1.25, 3606 ben 2.03; 4035 cleo 1.22
    # (asked). The window 1.5 +- 0.2, between 1.25 and 1.37 and between 1.48 and 2.03.
    lid_run_bands: tuple[float, float] = (1.3, 1.7)
