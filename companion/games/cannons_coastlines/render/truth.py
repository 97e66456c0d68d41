"""The exact ground truth of a Cannons & Coastlines render, as JSON-able data.

Inches are the rules' table frame (CS-1); pixels are the distorted picture's (OpenCV's
convention: the centre of the top-left pixel is 0, 0). `table_to_image` is the homography
from table inches to pixels fitted through the lens (exact without distortion; the camera's
K and distortion are given for the exact projection of anything at any height, and
`table_to_undistorted_image` is exact for the table plane once pixels are undistorted).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.games.cannons_coastlines.kit import pieces as kit
from companion.kit import ids
from companion.render.coverage import share_inside
from companion.games.cannons_coastlines.render import draw
from companion.games.cannons_coastlines.render.scene import CoastScene, ship_number

FORMAT = "companion-coast-truth/1"
COVERED_SHARE = 0.10
DECIMALS = 3


def coast_truth(scene: CoastScene, frame: draw.CoastFrame) -> dict:
    table = scene.table
    size = (table.width, table.height)
    corners_in = [(0, 0), (table.width, 0), (table.width, table.height), (0, table.height)]
    grid = [(x, y) for x in np.linspace(0, table.width, 7) for y in np.linspace(0, table.height, 5)]
    seen = np.float64([_px(scene, p) for p in grid])
    homography, _ = cv2.findHomography(np.float64(grid), seen)
    fitted = cv2.perspectiveTransform(np.float64(grid).reshape(-1, 1, 2), homography).reshape(-1, 2)
    camera = scene.camera
    inches_to_mm = np.array([[kit.MM_PER_INCH, 0, -table.width * kit.MM_PER_INCH / 2],
                             [0, kit.MM_PER_INCH, -table.height * kit.MM_PER_INCH / 2], [0, 0, 1]])
    rotation = camera.rotation
    exact = camera.K @ np.column_stack([rotation[:, 0], rotation[:, 1], camera.tvec]) @ inches_to_mm
    markers = []
    for corner in range(4):
        markers.append(_marker(scene, frame, ids.TABLE_CORNER_MARKERS.first + corner, f"table {ids.CORNERS[corner]}",
                               kit.table_marker_corners_in(corner, size), 0.0))
    ships = []
    for ship in sorted(table.ships.values(), key=lambda s: s.id):
        marker_id = scene.ship_tag(ship)
        centre, angle = draw.ship_tag_pose(scene, ship)
        corners = _square_in(scene, centre, angle, kit.SHIP_TAG_MARKER_MM)
        tag = _marker(scene, frame, marker_id, f"ship {ship.id}", corners, kit.HULL_HEIGHT_MM)
        markers.append(tag)
        outline = ship.outline()
        hand_share = _share(frame.hand, np.float32([_px(scene, p, kit.HULL_HEIGHT_MM) for p in outline]))
        fleet, number = ids.ship_of(marker_id)
        ships.append({"id": ship.id, "fleet": fleet, "ship": number, "marker": marker_id, "owner": ship.owner,
                      "faction": ship.faction, "card": ship.card.id, "x": ship.x, "y": ship.y,
                      "heading": ship.heading, "fittings": list(ship.fittings),
                      "holes": [kind for kind in kit.fitted_holes(ship.card.fittings, ship.fittings)],
                      "outline_in": _round(outline), "tag_corners_px": tag["corners"],
                      "tag_centre_px": _round([np.mean(tag["corners"], axis=0)])[0],
                      "hand_share": round(hand_share, 4), "covered_by_hand": hand_share > COVERED_SHARE})
    islands = []
    for number, island in enumerate(sorted(table.islands.values(), key=lambda i: i.id), start=1):
        marker_id = ids.island_flag(number)
        centre = draw.island_tag_centre(scene, island)
        markers.append(_marker(scene, frame, marker_id, f"island {island.id} flag", _square_in(scene, centre, 0.0, kit.FLAG_TAG_MARKER_MM),
                               kit.ISLAND_THICKNESS_MM))
        islands.append({"id": island.id, "number": number, "marker": marker_id, "outline_in": _round(island.outline),
                        "holder": island.holder, "slots_in": _round(island.slots),
                        "outline_px": _round([_px(scene, p, kit.ISLAND_THICKNESS_MM) for p in island.outline])})
    mats = []
    for mat, lying in zip(scene.mats, scene.lying):
        corner = mat.to_render(*kit.MAT_MARKER_AT)
        marker_corners = [_to_in(scene, mat.to_render(kit.MAT_MARKER_AT[0] + dx, kit.MAT_MARKER_AT[1] + dy))
                          for dx, dy in ((0, 0), (kit.MAT_MARKER_MM, 0), (kit.MAT_MARKER_MM, kit.MAT_MARKER_MM), (0, kit.MAT_MARKER_MM))]
        del corner
        markers.append(_marker(scene, frame, ids.harbour_mat(mat.seat), f"harbour mat {mat.seat}", marker_corners, 0.0))
        held = table.mat(mat.player)
        mats.append({"player": mat.player, "seat": mat.seat, "marker": ids.harbour_mat(mat.seat),
                     "centre_in": _round([_to_in(scene, mat.centre_mm)])[0], "angle_deg": round(mat.angle_deg, 3),
                     "corners_px": _round([_px(scene, _to_in(scene, mat.to_render(x, y))) for x, y in
                                           ((0, 0), (kit.MAT_MM[0], 0), kit.MAT_MM, (0, kit.MAT_MM[1]))]),
                     "coins": dict(sorted(held.coins.items())),
                     "prizes": [[faction, kind] for (faction, kind), count in sorted(held.prizes.items()) for _ in range(count)],
                     "pieces": [_lying(scene, mat, item) for item in lying]})
    return {
        "format": FORMAT, "game": "cannons-coastlines", "seed": scene.seed,
        "size": [scene.camera.width, scene.camera.height],
        "table": {"width_in": table.width, "height_in": table.height, "material": scene.material,
                  "players": list(table.players), "factions": dict(table.factions),
                  "corners_px": _round([_px(scene, p) for p in corners_in]),
                  "table_to_image": [round(float(v), 9) for v in (homography / homography[2, 2]).ravel()],
                  # The lens bends straight lines a little: the fitted homography's worst miss on
                  # the table, and the exact one onto the undistorted picture (cv2.undistortPoints
                  # with the camera's K and distortion, P=K, takes picture pixels there).
                  "table_to_image_max_error_px": round(float(np.abs(fitted - seen).max()), 3),
                  "table_to_undistorted_image": [round(float(v), 9) for v in (exact / exact[2, 2]).ravel()],
                  "render_mm_origin_in": [table.width / 2, table.height / 2]},
        "markers": sorted(markers, key=lambda m: m["id"]),
        "ships": ships, "islands": islands,
        "rocks": [{"name": name, "outline_in": _round(outline)} for name, outline in sorted(table.rocks.items())],
        "mats": mats,
        "camera": scene.camera.to_json(), "light": scene.light.to_json(), "sensor": scene.sensor.to_json(),
        "hand": _hand(scene, frame),
    }


def _px(scene, point_in, height_mm: float = 0.0):
    return draw.table_point_px(scene, point_in, height_mm)


def _to_in(scene, point_mm):
    return (point_mm[0] / kit.MM_PER_INCH + scene.table.width / 2, point_mm[1] / kit.MM_PER_INCH + scene.table.height / 2)


def _square_in(scene, centre_mm, angle_deg, side_mm):
    """Corners (OpenCV order) in inches of a marker `side_mm` square centred on `centre_mm`."""
    angle = math.radians(angle_deg)
    cos, sin = math.cos(angle), math.sin(angle)
    half = side_mm / 2
    return [_to_in(scene, (centre_mm[0] + dx * cos - dy * sin, centre_mm[1] + dx * sin + dy * cos))
            for dx, dy in ((-half, -half), (half, -half), (half, half), (-half, half))]


def _marker(scene, frame, marker_id, label, corners_in, height_mm) -> dict:
    corners = np.float32([_px(scene, p, height_mm) for p in corners_in])
    seen = _share(frame.marker == marker_id, corners) if frame.marker is not None else 1.0
    hand = _share(frame.hand, corners)
    inside = bool(((corners >= 0) & (corners <= [scene.camera.width - 1, scene.camera.height - 1])).all())
    return {"id": marker_id, "label": label, "corners": _round(corners), "height_mm": height_mm,
            "in_view": inside, "hidden_share": round(max(0.0, 1.0 - seen) if inside else 1.0, 4),
            "hand_share": round(hand, 4)}


def _lying(scene, mat, item) -> dict:
    centre = mat.to_render(*item.mat_xy)
    record = {"kind": item.kind, "mat_mm": _round([item.mat_xy])[0], "angle_deg": round(mat.angle_deg + item.angle_deg, 3),
              "centre_px": _round([scene.camera.project([(*centre, 0.0)])[0]])[0]}
    if item.kind == "coin":
        record.update(coin=item.detail, on_top=item.on_top)
    else:
        record.update(faction=item.detail)
        if item.kind == "hull" and item.card:
            record.update(card=item.card, marker=ids.ship_tag(scene.fleet_of(item.detail), ship_number(item.detail, item.card)))
    return record


def _hand(scene, frame) -> dict | None:
    if scene.hand is None:
        return None
    return {**scene.hand.to_json(), "share_of_picture": round(float(frame.hand.mean()), 4),
            "covered_ships": []}


def _share(values: np.ndarray, polygon: np.ndarray) -> float:
    return share_inside(np.asarray(values, np.float32), np.asarray(polygon, np.float32))


def _round(points) -> list:
    return [[round(float(v), DECIMALS) for v in point] for point in points]
