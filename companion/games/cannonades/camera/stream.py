"""The card reader frame after frame (a fixed webcam): the table's place found once and again every
TABLE_REFRESH_FRAMES frames (or when it was lost), and the lighter STREAM_SETTINGS for each frame.
A frame where the table cannot be found is read as nothing, with a note, not as an error."""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.cannonades.camera.reader import Reading, read_table, table_homography
from companion.games.cannonades.camera.settings import STREAM_SETTINGS, TABLE_REFRESH_FRAMES, ReaderSettings
from companion.games.cannonades.deck import Deck


class CardStream:
    def __init__(self, deck: Deck | None = None, players: int = 2, settings: ReaderSettings = STREAM_SETTINGS):
        self.deck, self.players, self.settings = deck, players, settings
        self.table_in_view = None
        self.frames = 0

    def read(self, frame: np.ndarray) -> Reading:
        if self.table_in_view is None or self.frames % TABLE_REFRESH_FRAMES == 0:
            grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
            try:
                self.table_in_view = table_homography(grey)
            except ValueError as error:
                if self.table_in_view is None:
                    self.frames += 1
                    return Reading(self.players, (), (), (str(error),))
        self.frames += 1
        return read_table(frame, self.deck, self.players, self.settings, self.table_in_view)
