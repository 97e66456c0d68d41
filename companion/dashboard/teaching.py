"""The Pieces screen's wizard: teach the companion the group's own pieces from the camera's frames of the
teaching sheet, as `companion calibrate pieces` does from photos, and save the same file.

Each frame is taught by calibration.pieces.teach, one frame at a time, in a thread of the wizard's own
while it runs (a frame takes most of a second; the camera's picture does not wait for it). A square is
ticked once a frame has learned its piece; the frames that taught something new are kept, and so is the
latest one, and what is saved is those frames' looks together: what the command writes from the same
photos. What is not learned yet is said in the command's words (`empty in camera frame 12`), and so is a
height no frame measured (every frame from nearly overhead, for a game whose reader measures heights): Start
then teaches on until a slanted frame measures it, and keeps that frame.

Without a camera the wizard learns from a still: the game's bundled photo of its teaching sheet with
pieces on it (samples/pieces/GAME.jpg), so the screen can be shown and tested with no table.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

import numpy as np

from calibration.pieces import (PieceLooks, TeachSettings, default_pieces_file, height_advice, locate_teaching_sheet,
                               teach)
from calibration.pose import SheetNotFound
from companion.dashboard.teaching_picture import (PictureSettings, annotate, crop_square, looks_card, marker_corners,
                                                  square_corners)
from companion.dashboard.video import FrameHub, placeholder
from companion.kit.pieces_sheet import teaching_record

STILLS = Path(__file__).resolve().parents[2] / "samples" / "pieces"
FRAME_STEP = ("Slant the camera {low}-{high} degrees from straight down, all four corner markers in view, and press "
              "Start: the heights are taken from that frame.")
LEARNED, WAITING, NOT_LEARNED = "learned", "waiting", "not learned"


def still_of(game: str) -> Path | None:
    """The bundled photo of `game`'s teaching sheet with pieces on it, when there is one."""
    path = STILLS / f"{game}.jpg"
    return path if path.is_file() else None


def wizard_for(game, save_to: Path | None = None, *, camera: str | None = None,
               use_looks: Callable[[Path], str] | None = None) -> PiecesWizard | None:
    """The wizard of `game` (a GamePlugin) when its kit has a teaching sheet, else None. `camera` names the
    source whose frames the live pipeline will offer; without one the wizard learns from the bundled still."""
    sheet = game.load("kit").pieces if game.has("kit") else None
    if sheet is None:
        return None
    return PiecesWizard(game.slug, game.title, teaching_record(game.slug, sheet),
                        save_to or default_pieces_file(game.slug),
                        captions={square.label: square.caption for square in sheet.squares},
                        source=camera or "no camera", still=None if camera else still_of(game.slug), use_looks=use_looks,
                        reads_heights=sheet.reads_heights)


class WizardRefused(Exception):
    """A request the wizard cannot do as it stands; `status` is the HTTP status that says so."""

    def __init__(self, message: str, status: int = 409):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class WizardSettings:
    teach: TeachSettings = TeachSettings()
    picture: PictureSettings = PictureSettings()
    wait_s: float = 0.5          # the learning thread looks for a new frame this often while none comes
    # No sheet in the frame (marker detection only, a few tens of ms): the next frame is looked at this much
    # later, so a camera pointed elsewhere does not keep a core busy.
    not_found_wait_s: float = 0.3


@dataclass(frozen=True)
class Taught:
    """What one frame taught: its looks, and each label's picture as that frame saw it."""

    name: str
    looks: PieceLooks
    crops: dict


class PiecesWizard:
    """The teaching state of one game's sheet (`record`, pieces-sheet.json's geometry), for every tablet.

    `offer` takes a camera frame (the live pipeline calls it with each); `step` teaches the latest frame not
    yet taught (the thread calls it while running; tests call it directly). `save` writes the looks to
    `save_to` and hands the path to `use_looks`, which puts them to use and says how (serve swaps the
    running reader)."""

    def __init__(self, game: str, title: str, record: dict, save_to: Path, *, captions: dict | None = None,
                 source: str = "camera", still: Path | None = None,
                 use_looks: Callable[[Path], str] | None = None, settings: WizardSettings = WizardSettings(),
                 reads_heights: bool = False):
        self.game, self.title, self.record = game, title, record
        self.reads_heights = reads_heights   # the game's reader measures heights: say when no frame measured them
        self.save_to = Path(save_to)
        self.source = source
        self.use_looks = use_looks
        self.settings = settings
        self.labels = tuple(dict.fromkeys(square["label"] for square in record["squares"]))
        self.captions = dict(captions or {})
        self.hub = FrameHub(max_fps=10.0)
        self._lock = threading.Condition()
        self._frame: np.ndarray | None = None
        self._frame_seq = 0
        self._thread: threading.Thread | None = None
        self._running = False
        self._generation = 0       # bumped by Start over: a frame being taught meanwhile is not kept
        self._still = still is not None
        self._reset()
        if still is not None:
            import cv2

            image = cv2.imread(str(still), cv2.IMREAD_COLOR)
            if image is None:
                raise ValueError(f"{still}: not a picture (the bundled photo of the teaching sheet)")
            self.source = f"sample photo {still.name} (no camera)"
            self.offer(image)
        elif source == "no camera":
            self.hub.publish(placeholder("No camera", "Start companion serve with --source 0 (a webcam) and point it "
                                                      f"at the teaching sheet of {title}."))
        else:
            self.hub.publish(placeholder("Waiting for the camera", f"Point it at the teaching sheet of {title}."))

    def _reset(self) -> None:
        self._generation += 1
        self._taught_seq = 0
        self._frames_taught = 0
        self._kept: list[Taught] = []
        self._latest: Taught | None = None
        self._corners: np.ndarray | None = None   # each square's corners in the latest located frame
        self._extent: np.ndarray | None = None    # and its markers' corners: the live picture is framed on them
        self._sheet = "no frame taught yet"
        self._saved: dict | None = None

    # --- frames in -------------------------------------------------------------------

    def offer(self, image: np.ndarray) -> None:
        """The camera's latest frame: taught when the thread is next free, shown ticked at once."""
        with self._lock:
            self._frame, self._frame_seq = image, self._frame_seq + 1
            self._lock.notify_all()
            showing = self._running or self.hub.viewers > 0
        if showing:
            self._show(image)

    def _show(self, image: np.ndarray) -> None:
        with self._lock:
            corners, extent, states = self._corners, self._extent, self._states()
            line = self._headline(states)
        self.hub.publish(annotate(image, self.record, corners, states, line, self.settings.picture, extent))

    def step(self) -> bool:
        """Teach the latest frame, unless it was taught already; whether there was one to teach."""
        with self._lock:
            if self._frame is None or self._frame_seq == self._taught_seq:
                return False
            seq, image, generation = self._frame_seq, self._frame, self._generation
        name = "sample photo" if self.source.startswith("sample") else f"camera frame {seq}"
        try:
            located = locate_teaching_sheet(image, self.record, name, self.settings.teach)
            looks = teach([(name, image)], self.record, self.settings.teach)
        except SheetNotFound as error:
            with self._lock:
                if generation != self._generation:
                    return True
                self._running = self._running and not self._still
                self._taught_seq, self._frames_taught = seq, self._frames_taught + 1
                self._corners, self._extent, self._sheet = None, None, str(error)
            self._show(image)
            return True
        corners = square_corners(self.record, located.matrix)
        with self._lock:
            if generation != self._generation:
                return True
            # New: a label learned, or a height measured that no kept frame had measured (a slanted frame's).
            measured = {square.label for square in looks.squares
                        if square.learned and square.solid is not None and square.height_measured}
            new = (set(looks.learned()) - self._learned_labels()) | (set(self._unmeasured()) & measured)
            taught = Taught(name, looks, {label: crop_square(image, corners[self._index(label)], self.settings.picture)
                                          for label in new})
            if new:
                self._kept.append(taught)
                self._saved = None
            self._latest = taught
            self._taught_seq, self._frames_taught = seq, self._frames_taught + 1
            self._corners, self._extent = corners, marker_corners(self.record, located.matrix)
            self._sheet = f"{name}: the sheet is located by markers {sorted(located.markers_used)}"
            if self._learned_labels() >= set(self.labels) or self._still:
                self._running = False    # nothing is left to learn (or no other frame will come): Save, or slant
        self._show(image)
        return True

    def _index(self, label: str) -> int:
        return next(i for i, square in enumerate(self.record["squares"]) if square["label"] == label)

    # --- the learning thread ---------------------------------------------------------

    def start(self) -> dict:
        with self._lock:
            if self._frame is None:
                why = ("there is no camera: start companion serve with --source 0 (a webcam)" if self.source == "no camera"
                       else f"{self.source} has not sent a frame yet; check the camera on the Settings screen")
                raise WizardRefused(f"No picture to learn from: {why}.", 503)
            # Everything learned already, heights too: nothing to run for (Start over teaches the sheet again).
            self._running = not self._all_learned()
            if self._still:
                self._taught_seq = -1    # no other frame will come: the photo is taught again
            if self._running and (self._thread is None or not self._thread.is_alive()):
                self._thread = threading.Thread(target=self._run, name="pieces-teacher", daemon=True)
                self._thread.start()
        return self.status()

    def stop(self) -> dict:
        with self._lock:
            self._running = False
            self._lock.notify_all()
        return self.status()

    def reset(self) -> dict:
        """Forget everything learned: the sheet is taught again from the next frame."""
        with self._lock:
            self._reset()
            self._taught_seq = -1 if self._frame is not None else 0   # the frame in view is taught again
        return self.status()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._running:
                    return
                if self._frame_seq == self._taught_seq:
                    self._lock.wait(self.settings.wait_s)
                    continue
            try:
                self.step()
            except Exception as error:   # a broken frame must not leave the screen saying "learning"
                with self._lock:
                    self._running, self._sheet = False, f"learning stopped: {type(error).__name__}: {error}"
                return
            with self._lock:
                lost = self._corners is None
            if lost:   # a sleep, not a wait: each new frame would end a wait on the lock at once
                time.sleep(self.settings.not_found_wait_s)

    # --- what the screen shows -------------------------------------------------------

    def _learned_labels(self) -> set[str]:
        return {label for taught in self._kept for label in taught.looks.learned()}

    def _unmeasured(self) -> list[str]:
        """Labels learned whose heights no kept frame measured, where the game's reader measures heights."""
        return self._combined(self._kept).unmeasured_heights() if self._kept and self.reads_heights else []

    def _all_learned(self) -> bool:
        return self._learned_labels() >= set(self.labels) and not self._unmeasured()

    def _taught_frames(self) -> list[Taught]:
        latest = [self._latest] if self._latest is not None and self._latest not in self._kept else []
        return [*self._kept, *latest]

    def _states(self) -> dict[str, tuple[str, str]]:
        """label -> (learned | waiting | not learned, why), the reasons in calibrate pieces' words."""
        learned = self._learned_labels()
        frames = self._taught_frames()
        problems = self._combined(frames).problems() if frames else {}
        return {label: (LEARNED, "") if label in learned else (NOT_LEARNED, problems[label]) if label in problems
                else (WAITING, "no frame taught yet") for label in self.labels}

    def _headline(self, states: dict) -> str:
        done = sum(state == LEARNED for state, _ in states.values())
        doing = "learning" if self._running else "paused"
        return f"{done} of {len(self.labels)} squares learned ({doing})"

    def _combined(self, frames: list[Taught]) -> PieceLooks:
        squares = tuple(square for taught in frames for square in taught.looks.squares)
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        tilts = {name: tilt for taught in frames for name, tilt in taught.looks.tilts_deg.items()}
        return PieceLooks(self.game, stamp, tuple(taught.name for taught in frames), squares, tilts_deg=tilts)

    def status(self) -> dict:
        with self._lock:
            states = self._states()
            done = sum(state == LEARNED for state, _ in states.values())
            heights = (height_advice(self._combined(self._kept), self.settings.teach, FRAME_STEP)
                       if self._unmeasured() else "")
            return {
                "game": self.game, "source": self.source, "running": self._running, "frames": self._frames_taught,
                "sheet": self._sheet, "learned": done, "total": len(self.labels),
                "progress": round(done / len(self.labels), 3) if self.labels else 0.0,
                "squares": [{"label": label, "caption": self.captions.get(label, ""), "state": state, "why": why}
                            for label, (state, why) in states.items()],
                "not_learned": [f"{label}: {why}" for label, (state, why) in states.items() if state == NOT_LEARNED],
                "heights": heights, "save_to": str(self.save_to), "saved": self._saved,
            }

    def looks(self) -> PieceLooks:
        """What Save writes: the looks of the frames that taught something, and of the latest frame."""
        with self._lock:
            if not self._kept:
                raise WizardRefused("Nothing learned yet: put one of each piece on its square, in the camera's view, "
                                    "and press Start.")
            return self._combined(self._taught_frames())

    def crops(self) -> dict[str, np.ndarray]:
        """Each learned label's picture, from the frame that first learned it."""
        with self._lock:
            found: dict[str, np.ndarray] = {}
            for taught in self._kept:
                for label, crop in taught.crops.items():
                    found.setdefault(label, crop)
            return found

    def card(self) -> np.ndarray:
        """The picture of what was learned (teaching_picture.looks_card)."""
        with self._lock:
            states = self._states()
            learned = self._combined(self._kept).learned() if self._kept else {}
            crops = self.crops()
        return looks_card(self.labels, self.captions, states, crops, learned, self.settings.picture)

    def save(self) -> dict:
        """Write the looks where the readers find them, and put them to use; the status, saying where and how."""
        looks = self.looks()
        try:
            path = looks.save(self.save_to)
        except OSError as error:
            # The server's own folder, not the request, is at fault: a 500 that says which file and why.
            raise WizardRefused(f"Cannot write {self.save_to}: {error.strerror or error}", 500) from None
        use = self.use_looks(path) if self.use_looks is not None else "serve reads them when started next"
        learned = len(looks.learned())
        with self._lock:
            self._saved = {"path": str(path), "at": time.strftime("%H:%M:%S"), "learned": learned, "use": use}
        return self.status()
