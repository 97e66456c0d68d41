"""A real waitress server on a free port in a thread, for the browser and stream tests: on exit the app's
streams end first, then the server, closed from inside its own loop."""

from __future__ import annotations

import threading
from typing import Callable


def end_dashboard_streams(app) -> None:
    app.extensions["companion"].broadcaster.close()


class RunningServer:
    """waitress on a free port in a thread; `end_streams(app)` ends the app's open streams before the server
    stops (the dashboard's broadcaster by default; the venue page passes its own)."""

    def __init__(self, app, host="127.0.0.1", threads=24, end_streams: Callable = end_dashboard_streams):
        import waitress.server

        self.app = app
        self.end_streams = end_streams
        self.server = waitress.server.create_server(app, host=host, port=0, threads=threads, channel_timeout=30)
        self.url = f"http://127.0.0.1:{self.server.effective_port}"
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.end_streams(self.app)
        self.server.task_dispatcher.shutdown(timeout=2)
        # Closed from inside the server's own loop: a socket closed from this thread while the
        # loop sits in select() made it raise EBADF in its thread.
        from waitress import wasyncore

        try:
            self.server.trigger.pull_trigger(lambda: wasyncore.close_all(self.server._map))
        except OSError:   # EBADF: the loop had already closed its map, the trigger with it; nothing is left open
            pass
        self.thread.join(timeout=5)
