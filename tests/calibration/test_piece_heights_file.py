"""The pieces file says which solids' heights were not measured (their photo taken from nearly overhead) and each
photo's tilt; a file written before it said so still loads, its heights taken as measured."""

from __future__ import annotations

import pytest

from calibration.pieces import PieceLooks, height_advice
from companion.vision.piece_looks import LookSettings

SOLID = {"shape": "square", "width_mm": 15.5, "height_mm": 13.0, "top": 1.0}


def looks_file(*squares, **more) -> dict:
    return {"kind": "piece-looks", "game": "cannonball-colony", "created": "2026-12-03T15:00:00+00:00",
            "sources": ["top.jpg", "side.jpg"], "look_points": LookSettings().count, "squares": list(squares), **more}


def square(label: str, photo: str, **more) -> dict:
    return {"label": label, "status": "learned", "photo": photo, "solid": SOLID, **more}


def test_a_height_no_photo_measured_is_named_with_the_overhead_photo_and_what_to_do():
    data = looks_file(square("Fs", "top.jpg", height_measured=False), square("Cs", "top.jpg", height_measured=False),
                      square("Cs", "side.jpg"), tilts_deg={"top.jpg": 2.6, "side.jpg": 37.0})
    looks = PieceLooks.from_json(data)
    assert looks.unmeasured_heights() == ["Fs"]          # the cannon's height came from the slanted photo
    assert looks.tilts_deg == {"top.jpg": 2.6, "side.jpg": 37.0}
    advice = height_advice(looks)
    assert advice.startswith("Heights not measured for Fs: top.jpg (2.6 degrees) looks at the sheet from nearly overhead")
    assert "side.jpg" not in advice and "slanted 30-45 degrees" in advice
    again = PieceLooks.from_json(looks.to_json())
    assert again.unmeasured_heights() == ["Fs"] and again.tilts_deg == looks.tilts_deg


def test_a_file_from_before_the_key_loads_with_its_heights_measured():
    looks = PieceLooks.from_json(looks_file(square("Fs", "top.jpg")))
    assert looks.unmeasured_heights() == [] and looks.tilts_deg == {} and height_advice(looks) == ""
    assert "tilts_deg" not in looks.to_json() and "height_measured" not in looks.to_json()["squares"][0]


@pytest.mark.parametrize("bad, says", [({"squares": [square("Fs", "top.jpg", height_measured="no")]},
                                        r"squares\[0\]: height_measured should be true or false"),
                                       ({"tilts_deg": {"top.jpg": "flat"}}, "tilts_deg should map each photo")])
def test_a_bad_height_key_is_refused_by_name(bad, says):
    with pytest.raises(ValueError, match=says):
        PieceLooks.from_json({**looks_file(square("Fs", "top.jpg")), **bad})
