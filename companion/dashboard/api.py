"""The endpoints tools depend on: /healthz, /api/state, /events (SSE) and /video.mjpg (MJPEG)."""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, jsonify, request, stream_with_context

from companion.dashboard.broadcast import last_event_id
from companion.dashboard.security import csrf_token, is_paired, role, while_paired
from companion.dashboard.video import BOUNDARY, FrameHub
from companion.dashboard.web import seat, services

bp = Blueprint("api", __name__)

STREAM_HEADERS = {"Cache-Control": "no-cache, no-store", "X-Accel-Buffering": "no"}


@bp.get("/healthz")
def healthz():
    live = services()
    return jsonify({"ok": True, "camera": live.camera(), "hardware": live.hardware(),
                    "seq": live.session.last_seq(), "viewers": {"events": live.broadcaster.client_count,
                                                                "video": live.frames.viewers}})


@bp.get("/api/state")
def state():
    return jsonify(services().session.view(seat()))   # this seat's view, as its SSE stream sends it


@bp.get("/api/session")
def browser_session():
    """The CSRF token for scripts and tools, and whether this browser may change the game."""
    lan = current_app.config["LAN"]
    return jsonify({"csrf": csrf_token(), "lan": lan, "paired": is_paired(), "role": role(),
                    "may_change": (not lan) or is_paired()})


@bp.get("/events")
def events():
    try:
        last_id = last_event_id(request.headers.get("Last-Event-ID"), request.args.get("last_id"))
    except ValueError as error:
        abort(400, str(error))
    stream = while_paired(services().broadcaster.stream(last_id, seat()))
    return Response(stream_with_context(stream), mimetype="text/event-stream", headers=STREAM_HEADERS)


@bp.get("/video.mjpg")
def video():
    return mjpeg(services().frames)


@bp.get("/video.jpg")
def snapshot():
    """One still of the annotated view, for a quick look or a tablet that cannot show MJPEG."""
    return jpeg(services().frames, "No camera frame yet: the pipeline has not published one.")


def mjpeg(hub: FrameHub) -> Response:
    """A frame hub's pictures as MJPEG, for as long as this tablet stays paired."""
    parts = while_paired(hub.stream(keepalive=current_app.config["MJPEG_KEEPALIVE"],
                                       settle=current_app.config["MJPEG_SETTLE"]))
    return Response(stream_with_context(parts), mimetype=f"multipart/x-mixed-replace; boundary={BOUNDARY}",
                    headers=STREAM_HEADERS)


def jpeg(hub: FrameHub, missing: str) -> Response:
    """A frame hub's latest picture as one JPEG; a 404 saying `missing` before the first."""
    seq, data = hub.jpeg()
    if data is None:
        abort(404, missing)
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "no-store", "X-Frame": str(seq)})
