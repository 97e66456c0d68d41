"""The board behind the dashboard: one thread owns every serial exchange (LED frames, cannon
commands, status polls), and publishes the cannon's status when it changes.

Web request threads never talk to the port. A button's request queues its command and waits
for the answer at most `answer_s`; the session's listener only marks the LEDs stale. The same
thread notices what dropped an arming (a failsafe, a reboot's new HELLO, a reconnect, the
window running out) and says so on the panel.
"""

from __future__ import annotations

import queue
import threading
import time
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import datetime, timezone
from typing import Callable

from firmware_bridge.aiming import AimingError
from firmware_bridge.devices import ArmingRefused
from firmware_bridge.link import LinkError, Refused
from firmware_bridge.protocol import EventCode, NakCode
from firmware_bridge.safety import AimOutOfLimits, check_aim

from companion.hardware.aim import Aimer, AimSolution, CannonNotLocated, NothingToAim

# Keys that change on every poll; a status that differs only in these is not sent again.
VOLATILE = ("arm_left_s", "polled_at", "seen_at")
WHAT = {"twin": "the software twin", "emulator": "the firmware in simavr", "port": "the board on {port}"}


class DeskRefused(Exception):
    """A cannon command that was not carried out; `kind` says whose fault, the text says why."""

    def __init__(self, kind: str, message: str):
        self.kind = kind   # "bad request", "refused", "no answer"
        super().__init__(message)


class HardwareDesk:
    """Wraps a connected firmware_bridge Hardware for the dashboard and the LED follower.

    The game decides what can be aimed at: `targets` turns a target's name into an AimSolution and
    says its `kind` ("cell" for Cannonball Colony, "ship" for Cannons & Coastlines): the game's
    hardware part makes it. `follower` is the game's LED follower (frame, describe)."""

    def __init__(self, hardware, aimer: Aimer, *, targets: Callable[[str], AimSolution], follower=None,
                 publish: Callable[[dict], None] = lambda status: None, poll_s: float = 0.25, answer_s: float = 3.0):
        self.hardware = hardware
        self.cannon = hardware.bridge.cannon
        self.aimer = aimer
        self.follower = follower
        self.targets = targets
        self.publish = publish
        self.poll_s, self.answer_s = poll_s, answer_s
        self.led_frames = 0
        self.led_problem: str | None = None
        self.target: dict | None = None
        self.notice: dict | None = None
        self._jobs: queue.Queue = queue.Queue()
        self._leds_stale = threading.Event()
        self._closed = threading.Event()
        self._sent_frame = None
        self._board = None   # the last Status read from the board
        self._status: dict = {}
        self._published: dict | None = None
        self._events_seen = hardware.bridge.link.clock()   # news from before the desk is not news
        self._counts = self._link_counts()
        self._lock = threading.Lock()
        if follower is not None:
            follower.on_change = self.leds_stale
            self._leds_stale.set()
        self._refresh_status()
        self._thread = threading.Thread(target=self._run, name="hardware-desk", daemon=True)
        self._thread.start()

    # --- what requests call ---------------------------------------------------------------

    def status(self) -> dict:
        with self._lock:
            return dict(self._status)

    def leds_stale(self) -> None:
        """The game changed: work out the LEDs again on the desk's thread (never blocks)."""
        self._leds_stale.set()
        self._jobs.put(None)

    def arm(self, confirmed_by: str) -> dict:
        def arm():
            window = self.cannon.arm(confirmed_by=confirmed_by)
            self._say(f"Armed for {window:g} s by {confirmed_by}: Fire now, or it disarms itself.", "warn")
            return window

        return {"window_s": self._call(arm, "ARM")}

    def disarm(self) -> None:
        def disarm():
            self.cannon.disarm()
            self._say("Disarmed.", "info")

        self._call(disarm, "DISARM")

    def fire(self) -> None:
        needs_aim = self.needs_aim()
        if needs_aim:   # a shot at wherever the barrel happens to point is nobody's shot
            raise DeskRefused("refused", f"Cannot fire: the cannon has not been aimed. {needs_aim}")
        if not self.cannon.armed:   # the host's own check: no need to ask the board
            who = self.cannon.armed_by
            raise DeskRefused("refused", "The cannon is not armed: press Arm and confirm first; Fire works only "
                              "within the arming window." if who is None else
                              f"The arming by {who} has run out: arm again.")

        def fire():
            self.cannon.fire()
            at = self.target.get(self.targets.kind) if self.target else None
            self._say(f"Fired at {at}." if at else "Fired.", "good")

        self._call(fire, "FIRE")

    def needs_aim(self) -> str | None:
        """None once the cannon has been aimed; before that, what to do to aim it, or why aiming is
        unavailable and how to make it available. Neither Arm nor Fire is offered until then."""
        if self.target is not None:
            return None
        if self.aimer.fix is None:
            return f"Aiming is unavailable: nobody knows where the cannon stands. {self.aimer.frame.advice}"
        return f"Tap a {self.targets.kind} to aim at it; Arm and Fire come once the cannon is aimed."

    def aim_at(self, name: str) -> dict:
        """Aims at a target of the game's kind (a cell, a ship) by its name."""
        try:
            solution = self.targets(name)
        except (CannonNotLocated, NothingToAim) as error:
            raise DeskRefused("refused", str(error)) from None
        except (AimingError, ValueError) as error:   # a target the game has no place for, or out of reach
            raise DeskRefused("bad request", str(error)) from None
        return self._aim(solution.pan, solution.tilt, solution.to_json(), f"Cannot aim at {solution.target}: ")

    def aim_angles(self, pan: float, tilt: float) -> dict:
        return self._aim(pan, tilt, {self.targets.kind: None, "pan": pan, "tilt": tilt}, "Cannot aim there: ")

    def _aim(self, pan: float, tilt: float, target: dict, why: str) -> dict:
        try:   # the soft limits are the host's to check too, before the board is asked
            check_aim(self.cannon.config, pan, tilt)
        except AimOutOfLimits as error:
            raise DeskRefused("bad request", f"{why}{error}.") from None

        def aim():
            target["slew_s"] = round(self.cannon.aim(pan, tilt), 2)
            self.target = target

        self._call(aim, "AIM")
        return target

    def refresh(self) -> dict:
        """Polls the board now (on the desk's thread) and returns the fresh status."""
        self._call(lambda: None, "STATUS")
        return self.status()

    def close(self) -> None:
        self._closed.set()
        self._jobs.put(None)
        self._thread.join(timeout=2.0)

    # --- the desk's thread ----------------------------------------------------------------

    def _call(self, action, name: str):
        future: Future = Future()
        self._jobs.put((action, future))
        try:
            return future.result(timeout=self.answer_s)
        except FutureTimeout:
            # A command still waiting its turn is dropped: an ARM or a FIRE must not go out later,
            # after the person was told it failed.
            fate = "it was not sent" if future.cancel() else "it may still be carried out: watch the status"
            raise DeskRefused("no answer", f"The board did not answer {name} within {self.answer_s:g} s "
                              f"(is it connected?); {fate}.") from None
        except ArmingRefused as error:
            raise DeskRefused("refused", str(error)[0].upper() + str(error)[1:] + ".") from None
        except Refused as error:
            hint = " Press Fire again once it is on target." if error.code == NakCode.NOT_ON_TARGET else ""
            raise DeskRefused("refused", f"{str(error)[0].upper()}{str(error)[1:]}.{hint}") from None
        except LinkError as error:
            raise DeskRefused("no answer", f"The board did not take {name}: {error}") from None

    def _run(self) -> None:
        next_poll = 0.0
        while not self._closed.is_set():
            try:
                job = self._jobs.get(timeout=max(0.0, next_poll - time.monotonic()))
            except queue.Empty:
                job = None
            if self._closed.is_set():
                break
            if job is not None:
                self._do(*job)
                next_poll = time.monotonic() + self.poll_s
            if self._leds_stale.is_set():
                self._send_leds()
            if time.monotonic() >= next_poll:
                self._poll()
                next_poll = time.monotonic() + self.poll_s

    def _do(self, action, future: Future) -> None:
        """Runs a request's command, then reads the board, so the answer carries the new status."""
        if not future.set_running_or_notify_cancel():
            return
        try:
            result, failure = action(), None
        except BaseException as error:   # handed to the waiting request
            result, failure = None, error
        self._poll()
        if failure is not None:
            future.set_exception(failure)
        else:
            future.set_result(result)

    def _send_leds(self) -> None:
        self._leds_stale.clear()
        if self.follower is None:
            return
        try:
            frame, self.led_problem = self.follower.frame()
            if frame != self._sent_frame:   # only a changed frame goes down the wire
                self.hardware.bridge.leds.set_pixels(frame)
                self._sent_frame = frame
                self.led_frames += 1
                self._refresh_status()
        except LinkError:
            self._leds_stale.set()   # try again at the next poll; a reconnect re-sends it anyway
        except Exception as error:   # a bug here must not stop the cannon's status
            self.led_problem = f"the LED frame could not be worked out: {type(error).__name__}: {error}"

    def _poll(self) -> None:
        link = self.hardware.bridge.link
        board, error = None, None
        if link.connected:
            try:
                board = self.cannon.status()
            except LinkError as failure:
                error = str(failure)
        self._board = board
        self._notice_drops()
        self._refresh_status(error)

    def _link_counts(self) -> dict:
        stats = self.hardware.bridge.link.stats
        return {"reboots": stats["reboots"], "reconnects": stats["reconnects"]}

    def _notice_drops(self) -> None:
        """Turns the link's events and counters into a sentence for the panel."""
        dropped = "dropped the arming" if self.status().get("armed") else "would drop any arming"
        for at, code, value in list(self.hardware.bridge.link.events):
            if at <= self._events_seen:
                continue
            self._events_seen = at
            if code == EventCode.FAILSAFE:
                self._say(f"Failsafe: the board heard nothing from this computer for {value} ms, made the cannon "
                          f"safe and {dropped}. Arm again to fire.", "bad")
            elif code == EventCode.ARM_EXPIRED:
                self._say("The arming window closed without a shot: the cannon is disarmed.", "info")
        counts = self._link_counts()
        if counts["reboots"] > self._counts["reboots"]:
            self._say(f"The board rebooted and said HELLO again, which {dropped}; its aim and LEDs were sent again.", "bad")
        elif counts["reconnects"] > self._counts["reconnects"]:
            self._say(f"The link was lost and opened again (a new HELLO), which {dropped}; aim and LEDs were sent again.",
                      "bad")
        self._counts = counts

    def _say(self, text: str, tone: str) -> None:
        self.notice = {"text": text, "tone": tone, "at": datetime.now(timezone.utc).isoformat(timespec="seconds")}

    def _refresh_status(self, error: str | None = None) -> None:
        status = self._compose(error)
        with self._lock:
            self._status = status
        quiet = {k: v for k, v in status.items() if k not in VOLATILE}
        quiet["cannon"] = {k: v for k, v in status["cannon"].items() if k not in VOLATILE}
        if quiet != self._published:
            self._published = quiet
            self.publish(status)

    def _compose(self, error: str | None) -> dict:
        hardware, link, cannon, board = self.hardware, self.hardware.bridge.link, self.cannon, self._board
        what = WHAT.get(hardware.mode, "the board").format(port=hardware.port or "a USB port")
        state = "connected" if link.connected else "reconnecting"
        config = cannon.config
        return {
            "state": state, "mode": hardware.mode, "port": hardware.port,
            "message": f"{what}: {state}" + (f" ({error})" if error else ""),
            "hello": link.hello.to_dict() if link.hello else None,
            "armed": cannon.armed, "armed_by": cannon.armed_by if cannon.armed else None,
            "arm_left_s": round(board.arm_left_ms / 1000, 1) if board and board.armed else 0.0,
            "arm_window_s": config.arm_window_ms / 1000,
            "aim": None if board is None else {
                "pan": board.pan, "tilt": board.tilt, "pan_target": board.pan_target,
                "tilt_target": board.tilt_target, "on_target": board.on_target, "firing": board.firing},
            "limits": {"pan": [config.pan_min, config.pan_max], "tilt": [config.tilt_min, config.tilt_max]},
            "failsafe": {"active": bool(board and board.failsafe), "count": board.failsafes if board else None},
            "garbled": {"from_board": link.deframer.garbled, "at_board": board.garbled_frames if board else None},
            "reboots": link.stats["reboots"], "reconnects": link.stats["reconnects"],
            "cannon": self.aimer.status(), "aims_at": self.targets.kind, "target": self.target,
            "needs_aim": self.needs_aim(), "notice": self.notice,
            "leds": {"frames": self.led_frames, "count": len(self._sent_frame or ()),
                     "lit": sum(1 for c in self._sent_frame or () if any(c)), "problem": self.led_problem,
                     "mapping": self.follower.describe() if self.follower else "no LED follower",
                     "shows": self.follower.shows() if self.follower else None},
            "last_error": str(link.last_error) if link.last_error else None,
            "polled_at": time.time(),
        }
