"""TC-1: the layout is data. The default layout is a sensible board; a layout file that is not one is
refused with what is wrong and where."""

from __future__ import annotations

import copy
import json

import pytest

from companion.games.the_colony.layout import DEFAULT_LAYOUT_FILE, LayoutError, default_layout, load_layout, parse_layout

DEFAULT = json.loads(DEFAULT_LAYOUT_FILE.read_text())


def test_the_default_layout_has_the_rulebooks_19_logs():
    layout = default_layout()
    kinds = [space.kind for space in layout.spaces]
    assert (len(kinds), kinds.count("single"), kinds.count("double"), kinds.count("centre")) == (19, 14, 4, 1)
    assert layout.centre == "L19" and layout.to_json() == DEFAULT


def test_the_default_layout_is_a_ring_round_the_centre_and_every_log_is_reachable():
    layout = default_layout()
    ring = ["L1"]
    while len(ring) < 18:
        ring.append(layout.space(ring[-1]).next[0])
    assert layout.space(ring[-1]).next[0] == "L1" and len(set(ring)) == 18
    assert [s.id for s in layout.spaces if s.kind == "double"] == ["L3", "L8", "L12", "L17"]
    assert {a: layout.through_centre(a) for a in ("L3", "L8", "L12", "L17")} == \
        {"L3": "L12", "L12": "L3", "L8": "L17", "L17": "L8"}   # straight across
    assert layout.neighbours("L19") == ("L3", "L8", "L12", "L17") and layout.neighbours("L1") == ("L2", "L18")


def broken(change) -> str:
    data = copy.deepcopy(DEFAULT)
    change(data)
    return json.dumps(data)


def space(data, space_id):
    return next(s for s in data["spaces"] if s["id"] == space_id)


@pytest.mark.parametrize("change, where, problem", [
    (lambda d: space(d, "L4").update(next=["L99"]), "spaces[3] (L4).next", "unknown space id 'L99'"),
    (lambda d: space(d, "L4").update(next=["L5", "L6"]), "spaces[3] (L4).next", "a single log has 1 next space, found 2"),
    (lambda d: space(d, "L3").update(next=["L4"]), "spaces[2] (L3).next", "a double log has 2 next spaces, found 1"),
    (lambda d: space(d, "L19").update(next=[]), "spaces[18] (L19).next", "the centre log needs at least one way out"),
    (lambda d: space(d, "L4").update(kind="triple"), "spaces[3] (L4).kind", "expected single, double or centre"),
    (lambda d: space(d, "L4").update(next=["L4"]), "spaces[3] (L4).next", "may not point back at itself"),
    (lambda d: space(d, "L4").update(at=[1]), "spaces[3] (L4).at", "expected [x_mm, y_mm]"),
    (lambda d: space(d, "L4").pop("at"), "spaces[3]", "missing at"),
    (lambda d: space(d, "L5").update(id="L4"), "spaces[4].id", "L4 is named twice"),
    (lambda d: space(d, "L19").update(kind="single", next=["L1"]), "spaces", "expected exactly one centre log, found 0"),
    (lambda d: space(d, "L1").update(kind="centre"), "spaces", "expected exactly one centre log, found 2 (L1, L19)"),
    (lambda d: d["centre_through"].pop("L8"), "centre_through", "L8 has an arrow into the centre L19 but no way through"),
    (lambda d: d["centre_through"].update(L5="L6"), "centre_through.L5", "L5 has no arrow into the centre L19"),
    (lambda d: d["centre_through"].update(L8="L77"), "centre_through.L8", "unknown space id 'L77'"),
    (lambda d: d["touches"].append(["L1", "L66"]), "touches[22]", "unknown space id 'L66'"),
    (lambda d: d["touches"].append(["L2", "L1"]), "touches[22]", "L2 and L1 are listed twice"),
    (lambda d: d["touches"].append(["L2", "L2"]), "touches[22]", "a space does not touch itself"),
    (lambda d: d.pop("touches"), "the file", "missing touches"),
    (lambda d: d.update(colour="brown"), "the file", "unknown key 'colour'"),
])
def test_a_bad_layout_is_refused_saying_what_and_where(change, where, problem):
    with pytest.raises(LayoutError) as refused:
        parse_layout(broken(change))
    assert refused.value.where == where and problem in refused.value.problem, str(refused.value)


def test_a_layout_file_that_is_not_json_names_its_line_and_column(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"name": "bad",\n "spaces": [,]}')
    with pytest.raises(LayoutError, match=r"bad.json: line 2, column 13: not JSON"):
        load_layout(path)


def test_another_layout_from_a_file_is_the_same_as_its_data(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(broken(lambda d: d.update(name="mine")))
    layout = load_layout(path)
    assert layout.name == "mine" and layout.source == str(path) and layout.ids == default_layout().ids
