"""Taught, a piece's kind from how well each kind's solid fits its silhouette and the kind its look gave: a kind
that fits clearly best and looks right is sure; a near tie goes to the fort (ten of them to each player's two
cannons and a blockade) and is asked about, the fits given as the reason."""

from companion.games.cannonball_colony.camera.kind_choice import KindChoiceSettings, choose_kind

SETTINGS = KindChoiceSettings(look_bonus=0.04, fort_bonus=0.08, sure_margin=0.05, sure_overlap=0.6)


def test_a_kind_that_fits_clearly_best_and_looks_right_is_sure():
    choice = choose_kind({"F": 0.58, "C": 0.86, "B": 0.47}, looked="C", settings=SETTINGS)
    assert (choice.kind, choice.sure, choice.reason) == ("C", True, "")


def test_a_blockade_and_a_fort_fitting_about_as_well_is_a_fort_and_asked_about():
    # A 13 mm cube fort beside a 15 mm tower blockade, its silhouette a pixel wide on the road's card.
    choice = choose_kind({"F": 0.64, "C": 0.61, "B": 0.67}, looked="B", settings=SETTINGS)
    assert (choice.kind, choice.sure) == ("F", False)
    assert choice.reason == "taught solids fit it: blockade 0.67, fort 0.64, cannon 0.61; its look is a blockade"


def test_a_solid_fitting_far_better_overrules_the_look_but_is_not_sure():
    choice = choose_kind({"F": 0.52, "C": 0.41, "B": 0.83}, looked="C", settings=SETTINGS)
    assert (choice.kind, choice.sure) == ("B", False)


def test_a_kind_that_fits_best_but_covers_little_is_not_sure():
    choice = choose_kind({"F": 0.45, "C": 0.2, "B": 0.1}, looked="F", settings=SETTINGS)
    assert (choice.kind, choice.sure) == ("F", False)
    assert "fort 0.45" in choice.reason


def test_a_fort_fitting_a_blockade_a_few_hundredths_better_is_not_sure_by_default():
    # Tuning seed 6069: a 17.6 mm blue wedge blockade, the fort's 13.5 mm cylinder fitting it 0.06 better.
    choice = choose_kind({"F": 0.64, "C": 0.58, "B": 0.57}, looked="F")
    assert (choice.kind, choice.sure) == ("F", False)
    assert choice.reason.startswith("taught solids fit it: fort 0.64, cannon 0.58")
