"""Harbour mats from the accuracy benchmark's views that once scored wrong, rendered again from
their seeds (benchmarks/coast_views.py): each expected reading sits beside its view."""

import pytest

from companion.games.cannons_coastlines.camera.reader import Seat, make_reader
from companion.games.cannons_coastlines.render import random_coast_table, render_coast_table
from companion.games.cannons_coastlines.render.samples import measured_view

read_frame = make_reader().read_frame   # one reader, as one camera stream reads its frames

pytestmark = pytest.mark.slow   # each test renders a table: 1.5 to 3.5 s


@pytest.fixture(scope="module")
def views():
    cache = {}

    def view(seed):
        if seed not in cache:
            players, options = measured_view(seed)
            rendered = render_coast_table(random_coast_table(seed, players), seed, options)
            truth = rendered.truth
            seats = [Seat(player, truth["table"]["factions"][player]) for player in truth["table"]["players"]]
            cache[seed] = (read_frame(rendered.image, 0.0, None, seats=seats), truth)
        return cache[seed]
    return view


def _truth_mat(truth, player):
    return next(mat for mat in truth["mats"] if mat["player"] == player)


def test_a_prize_hull_is_credited_by_its_painted_sides_not_its_deck(views):
    # Seed 7277: anna's prize pirate hull lies under a lamp that turns its wooden deck red;
    # voted over the whole hull, the deck made it fleet 4's, a fleet not at the table.
    observation, truth = views(7277)
    mat = observation.table.mat("anna")
    assert ["pirates", "hull"] in _truth_mat(truth, "anna")["prizes"]
    assert mat.prizes.get(("pirates", "hull")) == 1
    assert not any("anna's mat" in problem and "hull" in problem for problem in observation.problems)


@pytest.mark.parametrize("seed, player", [(7245, "ben"), (7245, "cleo"), (7148, "cleo")])
def test_blotchy_paper_at_a_far_mat_is_not_a_coin(views, seed, player):
    # At 35-45 degrees a far mat's paper comes out blotched by JPEG colour noise; patches of
    # it once passed for pale coins. A coin's face is far darker or more coloured than paper.
    observation, truth = views(seed)
    assert observation.table.mat(player).coin_count == sum(_truth_mat(truth, player)["coins"].values())


@pytest.mark.parametrize("seed", [7354, 7388])
def test_the_table_showing_past_a_far_mats_edge_is_not_a_prize_hull(views, seed):
    # dev's mat lies far up the left end; placed a few mm off, the wooden table shows along
    # its bottom edge, a blob of up to 2100 mm^2 in the hulls zone. The smallest hull shows 2700.
    observation, truth = views(seed)
    want = sum(1 for _, kind in _truth_mat(truth, "dev")["prizes"] if kind == "hull")
    assert sum(count for (_, kind), count in observation.table.mat("dev").prizes.items() if kind == "hull") == want


def test_a_far_mat_whose_marker_turns_its_guess_is_still_placed_by_its_edges(views):
    # Seed 7091: ben's mat lies far right, its marker about 20 px across; placed by the marker
    # alone it was turned so far that the coin zone read 13 of 23 coins.
    observation, truth = views(7091)
    mat = observation.table.mat("ben")
    assert mat.coin_count == sum(_truth_mat(truth, "ben")["coins"].values()) == 23
    assert not any("ben's mat" in problem and "placed" in problem for problem in observation.problems)


@pytest.mark.parametrize("seed, player", [(7218, "ben"), (7410, "dev")])
def test_a_prize_hull_leaning_over_the_coins_line_adds_no_coin(views, seed, player):
    # A man-o-war lies high in the hulls zone; seen from the side, its 12 mm tall deck edge and
    # tag lie over the coin zone's bottom line, and their edges once made two phantom coins.
    observation, truth = views(seed)
    assert observation.table.mat(player).coin_count == sum(_truth_mat(truth, player)["coins"].values())


def test_a_mast_whose_pennant_blurs_into_a_crate_lid_is_counted_by_its_pole(views):
    # Seed 7295: cleo's prize mast lies against a crate of the same fleet; its yellow pennant
    # and the yellow lid blur into one patch of paint, but the pole stands out of the crate.
    observation, truth = views(7295)
    prizes = observation.table.mat("cleo").prizes
    assert prizes.get(("merchants", "mast")) == 1 and prizes.get(("merchants", "cargo")) == 1


@pytest.mark.parametrize("seed, player", [(7132, "cleo"), (7427, "anna")])
def test_a_mast_with_a_broad_pennant_is_no_crate(views, seed, player):
    # Blurred, a yellow pennant at the end of its pole is as thick as a crate; the pole says mast.
    observation, truth = views(seed)
    want = {}
    for faction, kind in _truth_mat(truth, player)["prizes"]:
        want[(faction, kind)] = want.get((faction, kind), 0) + 1
    assert dict(observation.table.mat(player).prizes) == want
