"""The streaming reader on a card laid onto a still table: only the part of the table around the new
card is read again, and the seats come out as a whole read of the same frame gives them."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.cannonades.camera import reader
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
