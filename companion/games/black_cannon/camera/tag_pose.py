"""Whether a deck tag seen in the photo lies flat on a standing stand's deck or stands on its side on a knocked-over
one. A small marker alone cannot always tell: seen from 45 degrees up, a flat square and a square standing on
its edge facing the camera make the same outline. So both are tried. Flat: the outline mapped onto the deck's
plane (its kind's height) should be the marker's square. On its side: the outline mapped onto an upright plane
through the tag's middle, half a beam up, turned to fit it best, should be that square. Each fit's stray is
how far its sides stray from the marker's; the reader takes whichever fits clearly better, and asks when
neither does (a stand read standing that lies knocked over would be read wrong and sure)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.black_cannon.camera.board_view import BoardView
from companion.games.black_cannon.kit import pieces as kit

TURNS = 36     # the upright plane's headings tried, over half a turn


def side_stray(points_mm: np.ndarray) -> float:
    """How far an outline's sides (mm, on the plane it is mapped onto) stray from the marker's side, at most."""
    return float(_side_strays(points_mm[None])[0])


def _side_strays(outlines_mm: np.ndarray) -> np.ndarray:
    """side_stray of each outline in a stack (outlines, corners, 2), worked element by element as it is one by one."""
    sides = np.linalg.norm(np.roll(outlines_mm, -1, axis=1) - outlines_mm, axis=2)
    return np.abs(sides / kit.TAG_MARKER_MM - 1).max(axis=1)


# The upright plane's headings: each one's direction along the board, and as a 3-vector, worked out once.
_HEADINGS = np.linspace(0.0, np.pi, TURNS, endpoint=False)
_ALONG = [np.array([np.cos(angle), np.sin(angle)]) for angle in _HEADINGS]
_ALONG_3D = np.array([[*along, 0.0] for along in _ALONG])
for _shared in (*_ALONG, _ALONG_3D):
    _shared.flags.writeable = False


def _upright_fit(view: BoardView, corners: np.ndarray):
    """The upright plane through the outline's middle, half a beam up, turned to fit it best: (its stray, the
    outline in the plane's (along, up) mm, the plane's point at the board under the middle, its along direction).
    Every heading's plane is made and measured at once (the same figures as heading by heading: the stacked
    products and determinants are worked matrix by matrix; each plane's inverse and mapping stay its own call)."""
    middle = view.to_board([corners.mean(axis=0)], kit.STAND_MM[0] / 2)[0]
    cam = view.camera
    k = np.array([[cam.focal, 0, cam.centre[0]], [0, cam.focal, cam.centre[1]], [0, 0, 1.0]])
    origin = cam.rotation @ np.array([middle[0], middle[1], 0.0]) + cam.translation
    upward = cam.rotation @ np.array([0.0, 0.0, cam.up])
    columns = np.empty((TURNS, 3, 3))
    columns[:, :, 0] = np.matmul(cam.rotation, _ALONG_3D[:, :, None])[:, :, 0]
    columns[:, :, 1] = upward
    columns[:, :, 2] = origin
    to_image = np.matmul(k, columns)
    usable = np.flatnonzero(np.abs(np.linalg.det(to_image)) >= 1e-9)
    planes = np.full((TURNS, len(corners), 2), np.nan)
    for turn in usable:
        planes[turn] = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), np.linalg.inv(to_image[turn])).reshape(-1, 2)
    strays = _side_strays(planes).tolist()
    best = (np.inf, None, middle, None)
    for turn in usable:
        if strays[turn] < best[0]:
            best = (strays[turn], planes[turn], middle, _ALONG[turn])
    return best


def upright_fit(view: BoardView, corners_px):
    """_upright_fit of a marker's corners (its stray first: the least stray of the outline mapped onto an upright
    plane through its middle half a beam up), worked out once a tag, for that stray and the lying stand's box."""
    return _upright_fit(view, np.float64(corners_px).reshape(-1, 2))


def _project(view: BoardView, points) -> np.ndarray:
    """Board-frame points (x, y, height up) -> picture px."""
    return np.array([cv2.perspectiveTransform(np.float64([[p[:2]]]), view.raised(p[2])).reshape(2) for p in points])


def standing_box(view: BoardView, corners_px, kind: str) -> np.ndarray:
    """The picture outline of the stand a flat tag of `kind` would sit on (its hull as a box)."""
    height = kit.HULL_HEIGHT_MM[kind]
    tag = view.to_board(corners_px, height)
    bow = (tag[0] + tag[1]) / 2 - (tag[3] + tag[2]) / 2
    bow /= max(np.linalg.norm(bow), 1e-9)
    port = np.array([-bow[1], bow[0]])
    centre = tag.mean(axis=0) - bow * kit.tag_offset_mm()
    length, beam = kit.STAND_MM[1] / 2, kit.STAND_MM[0] / 2
    foot = [centre + a * length * bow + b * beam * port for a in (-1, 1) for b in (-1, 1)]
    return _project(view, [(*p, z) for p in foot for z in (0.0, height)])


def lying_box(view: BoardView, corners_px, kind: str, fit=None) -> np.ndarray | None:
    """The picture outline of the stand a tag on its side would belong to: the stand lying with its deck, the tag's
    face, upright and turned to the camera, its hull reaching back from it by the kind's height. `fit`: the
    corners' upright_fit, when the caller has it already."""
    stray, plane, middle, along = upright_fit(view, corners_px) if fit is None else fit
    if plane is None:
        return None
    bow_along = float(((plane[0] + plane[1]) / 2 - (plane[3] + plane[2]) / 2)[0])
    sign = 1.0 if bow_along >= 0 else -1.0
    centre_along = float(plane[:, 0].mean())
    away = np.array([-along[1], along[0]])
    if away @ (view.camera.position[:2] - middle) > 0:     # the hull reaches back from the face, away from the camera
        away = -away
    offset = kit.tag_offset_mm()
    ends = (centre_along - sign * (kit.STAND_MM[1] / 2 + offset), centre_along + sign * (kit.STAND_MM[1] / 2 - offset))
    depth = kit.HULL_HEIGHT_MM[kind]
    return _project(view, [(*(middle + s * along + d * away), z) for s in ends for d in (0.0, depth)
                           for z in (0.0, kit.STAND_MM[0])])


def lies_on_its_side(view: BoardView, image: np.ndarray, corners_px, fleet_hue: float, kind: str,
                     settings, fit=None) -> bool | None:
    """Whether the tag's stand lies on its side (True), stands (False), or cannot be told (None): where the two
    stands it could belong to differ, which one the picture shows painted in the fleet's colour (`fleet_hue`, deg).
    `fit`: the corners' upright_fit, when the caller has it already."""
    standing, lying = standing_box(view, corners_px, kind), lying_box(view, corners_px, kind, fit)
    if lying is None:
        return None
    points = np.vstack([standing, lying])
    x0, y0 = np.floor(points.min(axis=0)).astype(int)
    x1, y1 = np.ceil(points.max(axis=0)).astype(int)
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, image.shape[1] - 1), min(y1, image.shape[0] - 1)
    if x1 <= x0 or y1 <= y0:
        return None
    window = image[y0:y1 + 1, x0:x1 + 1]
    masks = []
    for outline in (standing, lying):
        mask = np.zeros(window.shape[:2], np.uint8)
        cv2.fillConvexPoly(mask, cv2.convexHull(np.round(outline - (x0, y0)).astype(np.int32)), 1)
        masks.append(mask.astype(bool))
    hsv = cv2.cvtColor(window, cv2.COLOR_BGR2HSV_FULL).astype(np.float32)
    hue = hsv[:, :, 0] * (360 / 256)
    painted = ((np.abs((hue - fleet_hue + 180) % 360 - 180) <= settings.fleet_hue_tolerance_deg)
               & (hsv[:, :, 1] >= settings.fleet_saturation * 255) & (hsv[:, :, 2] >= settings.paint_brightness * 255))
    only_standing, only_lying = masks[0] & ~masks[1], masks[1] & ~masks[0]
    least = settings.tag_pose_least_px
    if only_standing.sum() < least or only_lying.sum() < least:
        return None
    standing_paint, lying_paint = painted[only_standing].mean(), painted[only_lying].mean()
    if lying_paint >= settings.tag_pose_painted and standing_paint <= settings.tag_pose_bare:
        return True
    if standing_paint > settings.tag_pose_bare and lying_paint <= settings.tag_pose_bare:
        return False
    return None
