"""The Colony's reader: the bundled photos (one per lighting) against their expected counts, the rules'
egg total fixing the counts together, and bad input refused with its name."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.games.the_colony.camera.counting import with_total
from companion.games.the_colony.camera.reader import ColonyReader

SAMPLES = Path(__file__).resolve().parents[4] / "samples" / "colony"
PHOTOS = sorted(SAMPLES.glob("colony-*.jpg"))


def expected(photo: Path) -> dict:
    return json.loads(photo.with_suffix(".json").read_text())


def test_there_is_a_sample_photo_per_lighting():
    assert {expected(photo)["light"]["kind"] for photo in PHOTOS} == {"warm", "cool", "even"}


@pytest.mark.slow
@pytest.mark.parametrize("photo", PHOTOS, ids=lambda p: p.stem)
def test_a_sample_photo_shows_its_ants_and_flags_the_hand(photo):
    truth = expected(photo)
    observation = ColonyReader().read(cv2.imread(str(photo)))
    for space, entry in truth["spaces"].items():
        reading = observation.reading(space)
        if entry["hidden"]:
            assert reading.hidden and reading.confidence <= 0.2, space
        else:
            assert reading.ant == entry["ant"], space


@pytest.mark.slow
@pytest.mark.parametrize("photo", PHOTOS, ids=lambda p: p.stem)
def test_a_sample_photo_reads_as_its_counts_or_says_where_it_is_unsure(photo):
    """Every open space's count is right or reported below the confidence a player relies on; every
    ant is right; the counts add up to the eggs the rules say are on the board."""
    truth = expected(photo)
    reader = ColonyReader()
    observation = reader.read(cv2.imread(str(photo)), eggs_on_board=57 - sum(truth["collected"].values()))
    assert observation.located
    for space, entry in truth["spaces"].items():
        reading = observation.reading(space)
        if entry["hidden"]:
            continue
        assert reading.ant == entry["ant"], space
        if reading.eggs != entry["eggs"]:
            assert reading.confidence < reader.settings.confident, (space, reading, entry)
    assert sum(r.eggs for r in observation.spaces) == 57 - sum(truth["collected"].values())


@pytest.mark.slow
@pytest.mark.parametrize("photo", PHOTOS, ids=lambda p: p.stem)
def test_a_sample_photos_miscounts_are_off_by_at_most_two(photo):
    truth = expected(photo)
    observation = ColonyReader().read(cv2.imread(str(photo)), eggs_on_board=57 - sum(truth["collected"].values()))
    misses = {space: (observation.reading(space).eggs, entry["eggs"]) for space, entry in truth["spaces"].items()
              if not entry["hidden"] and abs(observation.reading(space).eggs - entry["eggs"]) > 2}
    assert not misses


def test_the_total_moves_the_least_sure_space():
    # Three spaces: the model leans 2, 5 and 1 (the last barely over 2), but the rules say 9 eggs.
    probabilities = np.full((3, 13), 1e-6)
    probabilities[0, 2], probabilities[1, 5] = 0.95, 0.95
    probabilities[2, 1], probabilities[2, 2] = 0.5, 0.45
    counts, confidence = with_total(probabilities, 9)
    assert counts.tolist() == [2, 5, 2]
    assert min(confidence) > 0.9   # the total leaves no other way: the rules make the weak reading sure


def test_without_a_total_each_space_keeps_its_own_best():
    probabilities = np.full((2, 13), 0.01)
    probabilities[0, 3], probabilities[1, 0] = 0.8, 0.9
    counts, confidence = with_total(probabilities, None)
    assert counts.tolist() == [3, 0]
    assert confidence[1] == pytest.approx(0.9)


def test_a_picture_without_the_board_is_refused_naming_the_markers(tmp_path, capsys):
    blank = tmp_path / "table.png"
    cv2.imwrite(str(blank), np.full((360, 640, 3), 120, np.uint8))
    assert main(["read", "the-colony", str(blank)]) == 2
    assert "corner markers (ids 20-23)" in capsys.readouterr().err


@pytest.mark.slow
def test_read_prints_the_position_text_and_json(capsys):
    photo = SAMPLES / "colony-even-straight.jpg"
    assert main(["read", "the-colony", str(photo)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("turn: red") and "\nL19 " in text and "# collected eggs" in text
    assert main(["read", "the-colony", str(photo), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["spaces"]) == {f"L{i}" for i in range(1, 20)}
    assert {"eggs", "confidence", "ant", "hidden"} <= set(data["spaces"]["L1"])


@pytest.mark.slow
def test_a_stream_keeps_its_reading_while_nothing_moves_and_reads_again_when_an_egg_is_added():
    from companion.games.the_colony.camera.board_frame import locate_board
    from companion.games.the_colony.camera.reader import StreamMemory
    from companion.games.the_colony.kit.board import space_places
    from companion.games.the_colony.layout import default_layout

    photo = cv2.imread(str(SAMPLES / "colony-even-straight.jpg"))
    reader, memory = ColonyReader(), StreamMemory()
    first = reader.read(photo, 0.0, memory=memory)
    again = reader.read(photo.copy(), 1.0, memory=memory)
    assert [r.eggs for r in again.spaces] == [r.eggs for r in first.spaces]
    # A dark bead-sized ellipse dropped in the middle of the emptiest log.
    empty = next(r.space for r in first.spaces if r.eggs == 0 and not r.hidden)
    frame, _ = locate_board(photo)
    centre = next(p.centre for p in space_places(default_layout()) if p.id == empty)
    x, y = frame.to_image([centre])[0]
    edge = frame.to_image([(centre[0] + 3.0, centre[1])])[0]
    radius = int(round(np.hypot(*(edge - (x, y)))))
    changed = photo.copy()
    cv2.ellipse(changed, (int(x), int(y)), (radius, int(radius * 0.75)), 0, 0, 360, (30, 28, 26), -1, cv2.LINE_AA)
    after = reader.read(changed, 2.0, memory=memory)
    assert after.reading(empty).eggs == 1


def test_the_counters_temperature_softens_a_count_it_cannot_tell_but_keeps_its_choice():
    from companion.games.the_colony.camera.counting import EggModel

    # One layer whose logit for count k is -4 (k - x)^2: the count is the feature's value x.
    weights = [[8.0 * k for k in range(13)]]
    bias = [-4.0 * k ** 2 for k in range(13)]
    data = {"features": ["x"], "mean": [0.0], "scale": [1.0], "layers": [[weights, bias]]}
    sharp = EggModel(data).probabilities([[3.0]])[0]
    soft = EggModel({**data, "temperature": 3.0}).probabilities([[3.0]])[0]
    assert sharp.argmax() == soft.argmax() == 3
    assert sharp.max() > 0.8 > soft.max()


@pytest.mark.slow
def test_a_stream_finds_a_corner_marker_again_as_soon_as_a_hand_leaves_it():
    from companion.games.the_colony.camera.reader import StreamMemory

    photo = cv2.imread(str(SAMPLES / "colony-even-straight.jpg"))
    reader, memory = ColonyReader(), StreamMemory()
    reader.read(photo, 0.0, memory=memory)
    assert sorted(memory.markers) == [20, 21, 22, 23]
    covered = photo.copy()
    x0, y0 = memory.markers[21].min(axis=0).astype(int) - 6
    x1, y1 = memory.markers[21].max(axis=0).astype(int) + 6
    cv2.rectangle(covered, (int(x0), int(y0)), (int(x1), int(y1)), (90, 120, 170), -1)   # a hand's colour over it
    reader.read(covered, 1.0, memory=memory)
    assert sorted(memory.markers) == [20, 22, 23]
    reader.read(photo, 2.0, memory=memory)
    assert sorted(memory.markers) == [20, 21, 22, 23]   # looked for where the board puts it, not ten frames later
