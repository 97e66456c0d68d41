"""The live picture with the table and every referee aid drawn on it, through the table-to-image homography."""

from __future__ import annotations

import numpy as np

from companion.games.cannons_coastlines.factions import Rulebook
from companion.games.cannons_coastlines.observation import TableObservation

from companion.games.cannons_coastlines.view import aids_json, looks

INK, WARN, BAD, GOOD, GOLD = (40, 36, 30), (0, 170, 255), (40, 40, 220), (80, 190, 60), (0, 200, 255)


def _bgr(hex_colour: str) -> tuple[int, int, int]:
    value = int(hex_colour.lstrip("#"), 16)
    return value & 255, (value >> 8) & 255, value >> 16


def annotate_table(image: np.ndarray, observation: TableObservation, rulebook: Rulebook) -> np.ndarray:
    """Table edge, islands, ships in fleet colours (stale ones thin and grey-edged), and the aids."""
    import cv2

    out = image.copy()
    table = observation.table
    if table is None or observation.table_to_image is None:
        return out

    def px(point):
        x, y = observation.to_image(point)
        return int(round(x)), int(round(y))

    def poly(outline, colour, thickness):
        points = np.array([px(p) for p in outline], np.int32).reshape(-1, 1, 2)
        cv2.polylines(out, [points], True, colour, thickness, cv2.LINE_AA)

    def label(text, at, colour):
        cv2.putText(out, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 255, 255), 3, cv2.LINE_AA)
        cv2.putText(out, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.5, colour, 1, cv2.LINE_AA)

    poly(((0, 0), (table.width, 0), (table.width, table.height), (0, table.height)), GOLD, 2)
    player_looks = looks(table.players)
    for island in table.islands.values():
        holder = player_looks.get(island.holder)
        poly(island.outline, _bgr(holder["colour"]) if holder else INK, 2)
    for outline in table.rocks.values():
        poly(outline, INK, 1)
    stale = observation.stale_ships
    for ship in table.ships.values():
        look = player_looks.get(ship.owner, {"colour": "#777777", "letter": "?"})
        poly(ship.outline(), (150, 150, 150) if ship.id in stale else _bgr(look["colour"]), 1 if ship.id in stale else 2)
        label(look["letter"], px((ship.x, ship.y)), _bgr(look["colour"]))

    aids = aids_json(table, rulebook)
    for line in aids["fire"]:
        colour = WARN if line["wasted"] else BAD if line["target"] else (160, 160, 160)
        cv2.line(out, px(line["origin"]), px(line["end"]), colour, 1, cv2.LINE_AA)
    for coin in aids["coins"]:
        if coin["to"]:
            cv2.line(out, px(coin["from"]), px(coin["to"]), GOLD, 2, cv2.LINE_AA)
            label("coin", px(coin["from"]), GOLD)
    for flag in aids["flags"]:
        label("flag: " + ", ".join(flag["ships"]), px(flag["at"]), GOOD)
    for edge in aids["edge"]:
        text = "sinks if slid " + "/".join(edge["sinks_sliding"]) if edge["sinks_sliding"] else \
            f"stops at edge: {edge['room']:.1f}in"
        x, y = px(edge["at"])
        label(text, (x, y + 16), BAD)
    for hit in aids["hits"]:
        x, y = px(hit["at"])
        label("dead" if hit["dead"] else f"{hit['hits']} hits", (x + 10, y - 8), BAD if hit["dead"] else INK)
    if observation.hidden_outline_px:   # why nothing is committed: the hand or arm over the table
        arm = np.round(np.array(observation.hidden_outline_px)).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(out, [arm], True, WARN, 2, cv2.LINE_AA)
        top = arm.reshape(-1, 2)[arm.reshape(-1, 2)[:, 1].argmin()]
        label("hand: waiting", (int(top[0]) - 40, max(int(top[1]) - 10, 14)), WARN)
    return out
