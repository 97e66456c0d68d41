"""The camera picture in a real Chromium: a picture that stays still shows at once, not at the next keep-alive.

Chromium shows a part of an MJPEG stream only once the next part begins; a table that goes still (the
last frame, then nothing new) must still show its last frame, and the keep-alive is far too slow for that."""

from __future__ import annotations

import numpy as np

from companion.dashboard import create_app

from .chromium import browser, needs_chromium  # noqa: F401  (fixture)
from .conftest import RunningServer, make_services

pytestmark = [needs_chromium]

# The colour at the middle of the picture, as the page's <img> shows it now.
SHOWN = """() => {
  const video = document.getElementById('video');
  if (!video.naturalWidth) return 'none';
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 8;
  const context = canvas.getContext('2d');
  context.drawImage(video, 0, 0, 8, 8);
  const [r, g, b] = context.getImageData(4, 4, 1, 1).data;
  return r > 160 && g < 90 ? 'red' : g > 160 && r < 90 ? 'green' : `other ${r},${g},${b}`;
}"""


def frame(bgr):
    return np.full((90, 160, 3), bgr, np.uint8)


def test_the_table_s_last_frame_shows_at_once_when_the_camera_goes_still(browser, tmp_path):
    services = make_services(tmp_path)
    # A keep-alive of a minute: the last frame must not wait for it.
    app = create_app({"DATA": tmp_path, "HEARTBEAT": 0.5, "MJPEG_KEEPALIVE": 60.0}, services=services)
    with RunningServer(app) as server:
        page = browser.new_page()
        services.frames.publish(frame((0, 0, 255)))
        page.goto(server.url + "/")
        page.wait_for_selector("#conn.live")
        page.wait_for_function(f"({SHOWN})() === 'red'", timeout=10_000)
        services.frames.publish(frame((0, 255, 0)))   # the players moved a piece; then the table is still
        page.wait_for_function(f"({SHOWN})() === 'green'", timeout=5_000)
        page.close()
