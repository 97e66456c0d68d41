"""The streaming reader on a card laid onto a still table: only the part of the table around the new
card is read again (and a change reaching past that part has the frame read whole, its markers looked for
only in that part), and the seats come out as a whole read of the same frame gives them."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.cannonades.camera import face_up, reader
from companion.games.cannonades.camera.stream import CardStream
from companion.games.cannonades.camera.table_seen import table_seen
from companion.games.cannonades.deck import default_deck
from companion.games.cannonades.render.draw import render_scene
from companion.games.cannonades.render.scene import PlacedCard, random_scene
from companion.render.options import RenderOptions

INDEX = {card.id: i for i, card in enumerate(default_deck().cards)}


@pytest.mark.slow   # renders two tables: about 6 s
@pytest.mark.parametrize("face_up", [True, False])
def test_a_ship_added_is_read_in_a_window_around_it_and_the_seats_are_as_a_whole_read_gives(face_up, monkeypatch):
    before = random_scene(11, RenderOptions(tilt_deg=20.0, jpeg_quality=90), players=2, style="classic")
    before = dataclasses.replace(before, hand=None)
    last = max(card.centre[0] for card in before.cards if card.role == "ship" and card.seat == 1)
    added = PlacedCard(INDEX["S40"], face_up, (min(last + 110.0, 760.0), 480.0), 0.0, "ship", 1)   # the row's end
    after = dataclasses.replace(before, cards=(*before.cards, added))
    stream = CardStream(players=2)
    stream.read(render_scene(before).image)
    windows = []
    real_read = reader.read_table

    def watched(*args, **kwargs):
        windows.append(kwargs.get("window_mm", args[5] if len(args) > 5 else None))
        return real_read(*args, **kwargs)

    monkeypatch.setattr("companion.games.cannonades.camera.stream.read_table", watched)
    frame = render_scene(after).image
    streamed = stream.read(frame)
    whole = real_read(frame, players=2, settings=stream.settings)
    assert len(windows) == 1 and windows[0] is not None   # read around the new card only
    left, top, right, bottom = windows[0]
    assert left < added.centre[0] < right and top < added.centre[1] < bottom and right - left < 500
    assert table_seen(streamed).tokens() == table_seen(whole).tokens()
    seat = table_seen(streamed).seats[0]
    assert ("S40" in seat.up) == face_up and not seat.unsure


@pytest.mark.slow   # renders one table: about 4 s
def test_a_change_reaching_past_its_window_is_read_whole_looking_for_markers_only_in_the_window(monkeypatch):
    scene = dataclasses.replace(random_scene(0, RenderOptions(jpeg_quality=90), style="classic"), hand=None)
    before = render_scene(scene).image
    after = before.copy()
    after[300:420, 600:690] = before[200:320, 480:570]   # a card-sized patch of the picture moved onto the cards
    stream = CardStream(players=scene.players)
    stream.read(before)
    windows, looked_in = [], []
    real_read, real_markers = reader.read_table, face_up.find_card_markers

    def watched(*args, **kwargs):
        windows.append(kwargs.get("window_mm", args[5] if len(args) > 5 else None))
        return real_read(*args, **kwargs)

    def markers_watched(grey, settings):
        looked_in.append(grey.shape)
        return real_markers(grey, settings)

    monkeypatch.setattr("companion.games.cannonades.camera.stream.read_table", watched)
    monkeypatch.setattr(face_up, "find_card_markers", markers_watched)
    streamed = stream.read(after)
    assert len(windows) == 2 and windows[0] is not None and windows[1] is None   # the window, then the whole frame
    height, width = after.shape[:2]
    assert looked_in and all(h * w < height * width / 4 for h, w in looked_in)   # never the whole picture again
    whole = real_read(after, players=scene.players, settings=stream.settings)
    assert table_seen(streamed).tokens() == table_seen(whole).tokens()


# The accuracy benchmark's moved frames (tuning views): a card-sized patch of the picture moved, (source, place) as
# (row, column) corners. 4623 (ember, teak): the window read around the move sees a cannonade with no card under it
# whose outline lies wholly outside the window (its box was empty). 12 (classic): the window holds none of the faces
# read, so there is no paper to match a speck of paper against (unexplained.paper_specks).
MOVED_FRAMES = [(4623, "ember", 75, (229, 542), (285, 634)), (12, "classic", 72, (291, 421), (414, 500))]


@pytest.mark.slow   # renders one table: about 4 s
@pytest.mark.parametrize("seed, style, quality, source, place", MOVED_FRAMES)
def test_a_move_read_again_in_a_window_is_read_as_a_whole_read_gives_not_failed(seed, style, quality, source, place):
    scene = random_scene(seed, RenderOptions(jpeg_quality=quality), style=style)
    before = render_scene(scene).image
    after = before.copy()
    (y0, x0), (y1, x1) = source, place
    after[y1:y1 + 120, x1:x1 + 90] = before[y0:y0 + 120, x0:x0 + 90]
    stream = CardStream(players=scene.players)
    stream.read(before)
    streamed = stream.read(after)
    whole = reader.read_table(after, players=scene.players, settings=stream.settings)
    assert table_seen(streamed).tokens() == table_seen(whole).tokens()
