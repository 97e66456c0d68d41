"""`companion hardware test`: exercises a connected board and reports what was measured.

Against the emulator the servo pulses and LED frames are measured on the simulated pins; with
the twin they are read from its state; on a real board nothing watches the pins, so those
entries say what was commanded and the LEDs are only known to be acknowledged.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from .codec import Frame, encode_frame
from .connect import Hardware
from .devices import PATTERNS
from .link import LinkError
from .protocol import VERSION_BYTE, BoardConfig, EventCode, Msg, aim_payload

ANGLES = (0, 90, 180)
SERVOS = ("pan", "tilt", "trigger")
TEST_CONFIG = BoardConfig(slew=360.0, arm_window_ms=5000, led_count=144)
KEYS = ("handshake", "round_trip_ms", "servo_pulses_us", "failsafe_ms", "garbled_frames_survived", "leds_ok")


def run_selftest(hardware: Hardware, round_trips: int = 100, seed: int = 6) -> dict:
    bridge = hardware.bridge
    report = {"handshake": bridge.link.hello.to_dict() if bridge.link.hello else None}
    report["round_trip_ms"] = measure_round_trip(hardware, round_trips)
    report["servo_pulses_us"] = measure_servos(hardware)
    report["failsafe_ms"] = measure_failsafe(hardware)
    report["garbled_frames_survived"] = survive_garbage(bridge, random.Random(seed))
    report["leds_ok"] = check_leds(hardware)
    return report


def measure_round_trip(hardware: Hardware, count: int) -> dict:
    """AIM commands to where the cannon already points: a real command, no movement."""
    link = hardware.bridge.link
    target = hardware.bridge.cannon.target or (90.0, 90.0)
    payload = aim_payload(*target)
    times = []
    for _ in range(count):
        start = time.perf_counter()
        link.request(Msg.AIM, payload)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {"median": round(statistics.median(times), 3), "p95": round(times[int(0.95 * (len(times) - 1))], 3)}


def measure_servos(hardware: Hardware) -> dict:
    bridge = hardware.bridge
    config = bridge.config
    result = {servo: {} for servo in SERVOS}
    for angle in (90, 0, 180):  # from the boot position, the shortest round of moves
        if hardware.mode == "port" and not (config.pan_min <= angle <= config.pan_max
                                            and config.tilt_min <= angle <= config.tilt_max):
            result["pan"][str(angle)] = result["tilt"][str(angle)] = None
        else:
            bridge.cannon.aim(angle, angle)
            bridge.cannon.wait_on_target(timeout_s=3.0)
            for servo in ("pan", "tilt"):
                result[servo][str(angle)] = _pulse(hardware, servo)
        # The trigger has no aim command: its safe angle stands in for one (never the fire one).
        if hardware.mode == "port":
            result["trigger"][str(angle)] = None
            continue
        bridge.reconfigure(replace(config, trigger_safe=float(angle)))
        result["trigger"][str(angle)] = _pulse(hardware, "trigger")
    bridge.reconfigure(config)
    return {servo: {a: result[servo][str(a)] for a in map(str, ANGLES)} for servo in SERVOS}


def _pulse(hardware: Hardware, servo: str) -> float | None:
    if hardware.twin is not None:
        return hardware.twin.pulse_us(servo)
    if hardware.emulator is None:
        return None
    # The frame in which the servo arrived may still carry the previous width: skip it.
    pulses = hardware.emulator.wait_pulses(servo, 3, time.monotonic(), timeout_s=1.0)
    return pulses[-1].width_us if pulses else None


def measure_failsafe(hardware: Hardware) -> float | None:
    """Stops the heartbeat and times the board's FAILSAFE event from the last bytes sent."""
    bridge, link = hardware.bridge, hardware.bridge.link
    if hardware.mode != "port":  # on a real cannon nobody here has confirmed arming
        bridge.cannon.arm(confirmed_by=f"hardware test ({hardware.mode}, no person needed)")
    link.pause_heartbeat()
    try:
        time.sleep(0.01)  # let an in-flight heartbeat finish
        quiet_since = link.last_sent
        found = link.wait_event(EventCode.FAILSAFE, quiet_since, timeout_s=2.0)
    finally:
        link.pause_heartbeat(False)
    if found is None:
        return None
    status = bridge.cannon.status()
    if status.armed:
        return None  # the board reported failsafe but stayed armed: that is a failure
    return round((found[0] - quiet_since) * 1000, 1)


def survive_garbage(bridge, rng: random.Random) -> bool:
    """Noise, truncated and bit-flipped frames between commands: every command must still get
    its answer, and the board must count the damage and nothing else."""
    link = bridge.link
    before = bridge.cannon.status().garbled_frames
    heartbeat = encode_frame(Frame(Msg.HEARTBEAT, 0x55, b"", VERSION_BYTE))
    injected = 0
    try:
        for round_ in range(12):
            kind = round_ % 3
            if kind == 0:
                noise = bytes(rng.randrange(1, 256) for _ in range(rng.randrange(1, 40)))
            elif kind == 1:
                noise = heartbeat[:rng.randrange(1, len(heartbeat) - 1)]  # truncated, no delimiter
            else:
                flipped = bytearray(heartbeat[:-1])
                flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
                noise = bytes(b or 1 for b in flipped)  # keep it one block
            link.inject(noise)
            injected += 1
            bridge.cannon.status()  # a command right behind the noise
        after = bridge.cannon.status().garbled_frames
    except LinkError:
        return False
    # Exactly one garbled frame per injection: more would mean a command was damaged too.
    return (after - before) % 65536 == injected and link.connected


def check_leds(hardware: Hardware) -> bool:
    leds = hardware.bridge.leds
    if leds.count == 0:
        return False
    for name in ("test", "rainbow"):
        # Two tries: on a loaded machine the 300 ms failsafe can fire between the frames of
        # one pattern and paint its own; a strip that is wrong twice running is a fault.
        if not any(_pattern_shown(hardware, name) for _ in range(2)):
            return False
    leds.show_pattern("off")
    return True


def _pattern_shown(hardware: Hardware, name: str) -> bool:
    leds = hardware.bridge.leds
    since = time.monotonic()
    try:
        leds.show_pattern(name)
    except LinkError:
        return False
    expected = PATTERNS[name](leds.count)
    if hardware.twin is not None and hardware.twin.strip != expected:
        return False
    if hardware.emulator is not None:
        frame = hardware.emulator.wait_led_frame(since, length=leds.count)
        if frame is None or frame.colours != expected:
            return False
    return True
