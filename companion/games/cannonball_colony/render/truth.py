"""The exact ground truth of a render, as JSON-able data: what is on the table and where it
shows in the picture, projected with the render's own camera (cv2.projectPoints)."""

from __future__ import annotations

import numpy as np

from companion.games.cannonball_colony.cells import Cell
from companion.games.cannonball_colony.text import print_board
from companion.kit import ids
from companion.render.coverage import share_inside
from companion.games.cannonball_colony.kit.boards import island_board_layout
from companion.games.cannonball_colony.kit.terrain import terrain_to_text
from companion.games.cannonball_colony.render.scene import ROAD_TILE_HEIGHT_MM, Placed, Scene
from companion.games.cannonball_colony.render.tabletop import SHEET_MM

FORMAT = "companion-render-truth/1"
# A cell counts as covered when at least this share of it is under a hand or arm.
COVERED_SHARE = 0.10
PIXEL_DECIMALS = 3


def scene_truth(scene: Scene) -> dict:
    """What stays the same while the table is played on: camera, light, sheets, markers."""
    camera = scene.camera
    boards, markers = [], []
    for sheet, terrain in zip(scene.tabletop.sheets, scene.tabletop.printed):
        layout = island_board_layout(sheet.board_number)
        grid = layout.grid.bounds
        boards.append({
            **sheet.to_json(),
            "printed_terrain": terrain_to_text(terrain),
            "sheet_corners_px": _pixels(scene, [sheet.to_table(x, y) for x, y in
                                                ((0, 0), (SHEET_MM, 0), (SHEET_MM, SHEET_MM), (0, SHEET_MM))]),
            "grid_corners_px": _pixels(scene, [sheet.to_table(x, y) for x, y in
                                               ((grid.x, grid.y), (grid.x + grid.width, grid.y),
                                                (grid.x + grid.width, grid.y + grid.height), (grid.x, grid.y + grid.height))]),
        })
        for placement in layout.markers:
            corners = _pixels(scene, [sheet.to_table(x, y) for x, y in placement.corners])
            board, corner = ids.island_board_of(placement.id)
            markers.append({"id": placement.id, "board": board, "corner": ids.CORNERS[corner],
                            "corners": corners, "in_view": _inside(scene, corners)})
    return {
        "format": FORMAT,
        "game": "cannonball-colony",
        "seed": scene.seed,
        "size": [camera.width, camera.height],
        "camera": camera.to_json(),
        "light": scene.light.to_json(),
        "sensor": scene.sensor.to_json(),
        "table": scene.table_material,
        "boards": boards,
        "markers": sorted(markers, key=lambda m: m["id"]),
        "clutter": [_placed(scene, item) for item in scene.clutter],
    }


def state_truth(scene: Scene) -> dict:
    """What the players have built: the board text, every cell's token, and where each tile,
    piece and ship stands in the picture."""
    position = scene.position
    cells = {}
    for cell in position.cells():
        piece = position.pieces.get(cell)
        cells[str(cell)] = piece.token if piece else position.ground_at(cell).value
    centres = {str(cell): _pixels(scene, [scene.tabletop.cell_centre(cell)])[0]
               for cell in position.cells() if scene.tabletop.sheet_of(cell)}
    return {
        "board_text": print_board(position),
        "cells": cells,
        "cell_centres_px": centres,
        "road_tiles": [_placed(scene, tile) for tile in scene.road_tiles()],
        "pieces": [{**_placed(scene, piece), "token": position.pieces[piece.cell].token} for piece in scene.pieces()],
        "ships": [_placed(scene, ship) for ship in scene.ships()],
    }


def hand_truth(scene: Scene, hand_share: np.ndarray) -> dict | None:
    """Which board cells and markers the hand hides, from the rendered hand's own pixels."""
    if scene.hand is None:
        return None
    camera = scene.camera
    shares = {}
    for cell in scene.position.cells():
        if scene.tabletop.sheet_of(cell):
            corners = [(x, y, 0.0) for x, y in scene.tabletop.cell_corners(cell)]
            share = share_inside(hand_share, camera.project(corners))
            if share > 0.001:
                shares[str(cell)] = round(share, 4)
    hidden = sorted(marker_cover(scene, hand_share))
    covered = sorted((cell for cell, share in shares.items() if share >= COVERED_SHARE), key=_reading_order)
    return {
        "pose": scene.hand.to_json(),
        "in_view": bool(hand_share.max() > 0),
        "covers_board": bool(shares or hidden),
        "covered_cells": covered,
        "cell_shares": dict(sorted(shares.items(), key=lambda item: _reading_order(item[0]))),
        "hidden_markers": hidden,
    }


def marker_cover(scene: Scene, cover: np.ndarray) -> dict[int, float]:
    """For each marker, the share of its square hidden in the picture by `cover` (standing
    pieces, ships, clutter or a hand), where any is."""
    hidden = {}
    for sheet in scene.tabletop.sheets:
        for placement in island_board_layout(sheet.board_number).markers:
            corners = [(*sheet.to_table(x, y), 0.0) for x, y in placement.corners]
            share = share_inside(cover, scene.camera.project(corners))
            if share > 0.001:
                hidden[placement.id] = round(share, 4)
    return hidden


def image_truth(scene: Scene, hand_share: np.ndarray, piece_share: np.ndarray) -> dict:
    truth = {**scene_truth(scene), **state_truth(scene), "hand": hand_truth(scene, hand_share)}
    hidden = marker_cover(scene, np.maximum(hand_share, piece_share))
    for marker in truth["markers"]:
        marker["hidden_share"] = hidden.get(marker["id"], 0.0)
    return truth


def _reading_order(name: str) -> tuple[int, int]:
    cell = Cell.parse(name)
    return cell.row, cell.col


def _pixels(scene: Scene, table_points, z: float = 0.0) -> list[list[float]]:
    points = [(x, y, z) for x, y in table_points]
    return [[round(float(u), PIXEL_DECIMALS), round(float(v), PIXEL_DECIMALS)] for u, v in scene.camera.project(points)]


def _inside(scene: Scene, corners) -> bool:
    return all(0 <= u <= scene.camera.width - 1 and 0 <= v <= scene.camera.height - 1 for u, v in corners)


def _placed(scene: Scene, item: Placed) -> dict:
    record = {"kind": item.kind, "cell": str(item.cell) if item.cell else None,
              "owner": item.owner.value if item.owner else None,
              "base_centre_mm": [round(item.centre_mm[0], 3), round(item.centre_mm[1], 3), round(item.base_z, 3)],
              "base_centre_px": _pixels(scene, [item.centre_mm], item.base_z)[0],
              "angle_deg": round(item.angle_deg, 3)}
    if item.kind == "road":
        record["top_height_mm"] = ROAD_TILE_HEIGHT_MM
    return record
