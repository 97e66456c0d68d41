"""The venue board's pages (Flask, served by waitress): every table live, a read-only mirror of
each, the results of each game as CSV. Bad input is a 4xx with a short message, never a 500."""

from __future__ import annotations

import csv
import io
import json
import queue
import threading
from dataclasses import dataclass

from flask import Flask, Response, abort, jsonify, render_template
from werkzeug.exceptions import HTTPException

from companion.games import excerpt
from companion.publish.address import NAME
from companion.venue.board import VenueBoard

RESULT_COLUMNS = ("table", "game", "player", "points", "winner", "seq")


@dataclass(frozen=True)
class PageSettings:
    heartbeat: float = 10.0     # seconds between SSE comments, so proxies keep the stream open
    queue_limit: int = 1000     # a page this far behind is dropped; its browser reconnects


class PageStream:
    """Each change of the board, as one SSE message to every open page."""

    def __init__(self, board: VenueBoard, settings: PageSettings):
        self.settings = settings
        self._pages: set[queue.Queue] = set()
        self._lock = threading.Lock()
        self._closed = threading.Event()
        board.listeners.append(self.publish)

    def close(self) -> None:
        """End every page's stream at once (server shutdown)."""
        self._closed.set()
        with self._lock:
            pages = list(self._pages)
        for page in pages:
            try:
                page.put_nowait(None)
            except queue.Full:
                pass

    def publish(self, line: dict) -> None:
        text = f"event: table\ndata: {json.dumps(line, separators=(',', ':'))}\n\n"
        with self._lock:
            pages = list(self._pages)
        for page in pages:
            try:
                page.put_nowait(text)
            except queue.Full:
                with self._lock:
                    self._pages.discard(page)

    def stream(self, first: list[dict]):
        page: queue.Queue = queue.Queue(self.settings.queue_limit)
        with self._lock:
            self._pages.add(page)
        try:
            yield "retry: 2000\n\n"
            yield f"event: lines\ndata: {json.dumps(first, separators=(',', ':'))}\n\n"
            while not self._closed.is_set():
                try:
                    text = page.get(timeout=self.settings.heartbeat)
                except queue.Empty:
                    text = ": heartbeat\n\n"
                if text is None:
                    return
                with self._lock:
                    if page not in self._pages:
                        return   # fell too far behind: the browser reconnects and starts afresh
                yield text
        finally:
            with self._lock:
                self._pages.discard(page)


def create_venue_app(board: VenueBoard, broker=lambda: {"state": "unknown"},
                     settings: PageSettings = PageSettings()) -> Flask:
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = 1024   # the venue takes no uploads
    stream = PageStream(board, settings)
    app.extensions["venue_stream"] = stream

    def known_table(name: str) -> dict:
        mirror = board.mirror(name) if NAME.fullmatch(name) else None
        if mirror is None:
            abort(404, f"no table named {excerpt(name, 40)} at this venue")
        return mirror

    @app.get("/")
    def page():
        return render_template("venue.html", venue=board.venue, lines=board.lines(), games=board.games,
                               broker=broker(), counts=board.counts())

    @app.get("/tables.json")
    def tables_json():
        return jsonify({"venue": board.venue, "broker": broker(), "counts": board.counts(), "tables": board.lines()})

    @app.get("/tables/<name>")
    def mirror_page(name: str):
        table = known_table(name)
        return render_template("table.html", venue=board.venue, table=table,
                               board_text=table["view"].get("board") if isinstance(table["view"], dict) else None)

    @app.get("/tables/<name>.json")
    def mirror_json(name: str):
        return jsonify(known_table(name))

    @app.get("/stream")
    def events():
        response = Response(stream.stream(board.lines()), mimetype="text/event-stream")
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Accel-Buffering"] = "no"
        return response

    @app.get("/results/<game>.csv")
    def results(game: str):
        if game not in board.games:
            abort(404, f"no game named {excerpt(game, 40)} (games: {', '.join(board.games)})")
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=RESULT_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(board.results(game))
        return Response(out.getvalue(), mimetype="text/csv",
                        headers={"Content-Disposition": f'attachment; filename="{board.venue}-{game}-results.csv"'})

    @app.errorhandler(HTTPException)
    def short_error(error: HTTPException):
        # Our own messages quote the input cut short; werkzeug's are fixed sentences.
        said = error.description if isinstance(error.description, str) and len(error.description) <= 200 else ""
        text = f"{error.name}: {said}" if said else error.name
        return Response(f"{error.code} {text}\n", status=error.code, mimetype="text/plain")

    return app
