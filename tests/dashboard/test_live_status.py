"""The camera's status line on the tablets follows the picture: what the tracker says now, not a second ago."""

from __future__ import annotations

from companion.games.cannonball_colony.camera.live import ColonyCamera
from companion.games.cannonball_colony.record import RECORD
from companion.games.cannonball_colony.text import parse_board
from companion.live import Pipeline
from companion.session import EventLog, Session
from companion.tracking import TrackerSettings

from .conftest import BOARD
from .fakes import ScriptedReader, ScriptedTable

FAST = TrackerSettings(window=3, still_frames=3)
FRAME_S = 0.1    # a 10 fps camera, on a clock the test moves


class TenFramesASecond:
    def __init__(self, tmp_path):
        self.now = 0.0
        self.table = ScriptedTable(parse_board(BOARD))
        self.statuses = []
        self.pipeline = Pipeline(ColonyCamera, Session(EventLog(tmp_path / "s.sqlite"), RECORD),
                                 lambda on_status: self.table, ScriptedReader(self.table),
                                 publish_status=self.statuses.append, pace=False, tracker_settings=FAST,
                                 clock=lambda: self.now)

    def watch(self, frames: int) -> None:
        for _ in range(frames):
            self.now += FRAME_S
            self.pipeline.process(self.table.image(), self.now)

    def caption(self) -> str:
        return self.statuses[-1]["tracking"]


def test_the_hand_gone_the_caption_stops_saying_a_hand_within_a_fifth_of_a_second(tmp_path):
    rig = TenFramesASecond(tmp_path)
    rig.watch(6)
    rig.table.hand(True)
    rig.watch(5)
    assert rig.caption().startswith("waiting: a hand")
    rig.table.hand(False)
    rig.watch(2)      # 0.2 s after the hand left; the periodic refresh comes only after 1 s
    assert rig.caption() == "watching"


def test_a_tracking_line_that_flickers_is_not_sent_every_frame(tmp_path):
    rig = TenFramesASecond(tmp_path)
    rig.watch(6)
    sent = len(rig.statuses)
    for _ in range(10):   # one second: the hand comes and goes each frame
        rig.table.hand(not rig.table.hidden)
        rig.watch(1)
    assert len(rig.statuses) - sent <= 6
