"""The accuracy benchmark's rendered views, read, for tests: a tuning seed's truth and reading, and a seat
as read beside the truth."""

from __future__ import annotations

from companion.games.cannonades.camera.reader import read_table
from companion.games.cannonades.render.draw import render_scene
from companion.games.cannonades.render.scene import random_scene
from companion.render.options import RenderOptions


def benchmark_view(seed: int, style: str) -> tuple[dict, list[dict]]:
    """The accuracy benchmark's view of `seed` (its JPEG quality rule): the render's truth and the cards read."""
    scene = random_scene(seed, RenderOptions(jpeg_quality=60 + seed % 36), style=style)
    rendered = render_scene(scene)
    return rendered.truth, read_table(rendered.image, players=scene.players).to_json()["cards"]


def seat_as_read(truth: dict, cards: list[dict], seat: int) -> tuple[tuple[list[str], int] | str, tuple[list[str], int]]:
    """A seat as read ((face-up ships, "?" for one whose name is hidden; face-down count), or "unsure") beside
    the truth's (face-up ships, face-down count)."""
    mine = [card for card in cards if card["area"] == f"seat {seat}" and card["kind"] != "cannonade"]
    ships = [card for card in truth["cards"] if card["role"] == "ship" and card["seat"] == seat]
    want = (sorted(card["card"] for card in ships if card["face"] == "up"), sum(card["face"] == "down" for card in ships))
    got = (sorted(card["card"] or "?" for card in mine if card["face"] == "up"), sum(card["face"] == "down" for card in mine))
    return got if not any(card["face"] == "unknown" for card in mine) else "unsure", want
