"""The firmware twin's state machine on an injected clock: acks, duplicates, limits, slew,
arming windows and the failsafe, each timed to the millisecond."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.codec import Deframer, Frame, encode_frame
from firmware_bridge.protocol import (BoardConfig, EventCode, Hello, Msg, NakCode, Status, aim_payload,
                                      led_fill_payload, led_set_payloads, unpack_event)
from firmware_bridge.twin import FirmwareTwin


class Bench:
    """A twin on a hand-turned clock, and a host side that speaks raw frames to it."""

    def __init__(self):
        self.now = 0.0
        self.twin = FirmwareTwin(clock=lambda: self.now)
        self.deframer = Deframer()
        self.seq = 0
        self.boot = self.read()

    def read(self) -> list[Frame]:
        return self.deframer.feed(self.twin.read())

    def send(self, msg, payload=b"", seq=None, version=0x10) -> list[Frame]:
        if seq is None:
            self.seq = (self.seq + 1) % 256
            seq = self.seq
        self.twin.receive(b"\x00" + encode_frame(Frame(msg, seq, payload, version)))
        return self.read()

    def reply(self, msg, payload=b"", **kw) -> Frame:
        frames = [f for f in self.send(msg, payload, **kw) if f.type != Msg.EVENT]
        assert len(frames) == 1, frames
        return frames[0]

    def nak(self, msg, payload=b"") -> tuple[int, int]:
        reply = self.reply(msg, payload)
        assert reply.type == Msg.NAK, reply
        return reply.payload[0], reply.payload[1]

    def status(self) -> Status:
        return Status.unpack(self.reply(Msg.STATUS_REQ).payload)

    def advance(self, ms: float) -> list[Frame]:
        self.now += ms
        self.twin.tick()
        return self.read()

    def wait(self, ms: float) -> list[Frame]:
        """Lets time pass with the host's heartbeat going, every 100 ms."""
        frames = []
        while ms > 0:
            frames += self.advance(min(ms, 100))
            ms -= 100
            frames += self.send(Msg.HEARTBEAT)
        return [f for f in frames if f.type == Msg.EVENT]


@pytest.fixture
def bench():
    return Bench()


def events(frames) -> list:
    return [unpack_event(f.payload)[0] for f in frames if f.type == Msg.EVENT]


def test_the_board_says_hello_at_boot(bench):
    [hello] = bench.boot
    assert hello.type == Msg.HELLO
    assert Hello.unpack(hello.payload).boot


def test_hello_on_request_starts_a_new_session(bench):
    bench.reply(Msg.ARM)
    reply = bench.reply(Msg.HELLO_REQ)
    assert reply.type == Msg.HELLO and not Hello.unpack(reply.payload).boot
    assert not bench.status().armed  # a new HELLO drops the arming


def test_every_command_is_acked_or_naked_with_a_code(bench):
    assert bench.reply(Msg.HEARTBEAT).type == Msg.ACK
    assert bench.nak(0x42) == (NakCode.UNKNOWN_TYPE, 0x42)
    assert bench.nak(Msg.AIM, b"\x01") == (NakCode.BAD_LENGTH, 1)
    assert bench.nak(Msg.FIRE) == (NakCode.NOT_ARMED, 0)


def test_a_major_version_mismatch_is_refused_and_is_not_a_heartbeat(bench):
    bench.reply(Msg.HEARTBEAT)
    bench.advance(200)
    reply = bench.reply(Msg.HEARTBEAT, version=0x20)
    assert reply.type == Msg.NAK and reply.payload == bytes((NakCode.VERSION, 0x10))
    assert events(bench.advance(100)) == [EventCode.FAILSAFE]  # 300 ms after the last valid frame


def test_a_repeated_sequence_number_gets_the_same_reply_without_running_again(bench):
    bench.reply(Msg.CONFIG, BoardConfig(slew=360).pack())
    first = bench.reply(Msg.AIM, aim_payload(10, 20), seq=77)
    bench.reply(Msg.AIM, aim_payload(170, 20), seq=78)
    again = bench.reply(Msg.AIM, aim_payload(10, 20), seq=78)  # a retry of seq 78, whatever it carries
    assert first.type == again.type == Msg.ACK
    assert bench.status().pan_target == 170


def test_a_retried_fire_does_not_fire_twice(bench):
    bench.reply(Msg.ARM)
    assert bench.reply(Msg.FIRE, seq=200).type == Msg.ACK
    assert bench.reply(Msg.FIRE, seq=200).type == Msg.ACK  # the repeat: same answer, no second shot
    assert events(bench.advance(260)) == [EventCode.SHOT]
    assert bench.nak(Msg.FIRE) == (NakCode.NOT_ARMED, 0)  # a new FIRE needs a new ARM


def test_aims_outside_the_soft_limits_are_refused_per_axis(bench):
    bench.reply(Msg.CONFIG, BoardConfig(pan_min=20, pan_max=160, tilt_min=30, tilt_max=100).pack())
    assert bench.nak(Msg.AIM, aim_payload(10, 50)) == (NakCode.OUT_OF_RANGE, 0)
    assert bench.nak(Msg.AIM, aim_payload(90, 100.01)) == (NakCode.OUT_OF_RANGE, 1)
    assert bench.reply(Msg.AIM, aim_payload(160, 100)).type == Msg.ACK


@pytest.mark.parametrize("field, value", [("pan_min", 181), ("tilt_max", 190), ("slew", 400),
                                          ("arm_window_ms", 100), ("led_count", 257)])
def test_a_config_outside_the_hard_limits_is_refused_naming_the_field(bench, field, value):
    raw = BoardConfig().pack()
    index = BoardConfig.FIELDS.index(field)
    scale = 1 if field in ("arm_window_ms", "led_count") else 100
    raw = raw[:2 * index] + int(value * scale).to_bytes(2, "little") + raw[2 * index + 2:]
    assert bench.nak(Msg.CONFIG, raw) == (NakCode.OUT_OF_RANGE, index)


def test_slew_moves_at_most_the_rate_per_20_ms_frame(bench):
    bench.reply(Msg.CONFIG, BoardConfig(slew=100).pack())  # 2 degrees a frame
    bench.reply(Msg.AIM, aim_payload(100, 90))
    path = []
    for _ in range(6):
        bench.advance(20)
        path.append(bench.twin.angle("pan"))
    assert path == [92, 94, 96, 98, 100, 100]
    assert bench.status().on_target


def test_narrowed_limits_pull_the_target_inside(bench):
    bench.reply(Msg.CONFIG, BoardConfig(pan_min=100).pack())
    assert bench.status().pan_target == 100


def test_fire_needs_arm_within_the_window_and_the_aim_reached(bench):
    bench.reply(Msg.CONFIG, BoardConfig(slew=90, arm_window_ms=1000).pack())
    bench.reply(Msg.AIM, aim_payload(120, 90))
    bench.reply(Msg.ARM)
    assert bench.nak(Msg.FIRE) == (NakCode.NOT_ON_TARGET, 0)
    bench.wait(700)  # 30 degrees at 90 deg/s: there after 340 ms
    assert bench.status().arm_left_ms == 300
    assert bench.reply(Msg.FIRE).type == Msg.ACK
    assert bench.twin.angle("trigger") == 90
    assert bench.nak(Msg.AIM, aim_payload(90, 90)) == (NakCode.BUSY, 0)
    assert events(bench.advance(250)) == [EventCode.SHOT]
    assert bench.twin.angle("trigger") == 0


def test_an_expired_arming_is_refused_and_reported(bench):
    bench.reply(Msg.CONFIG, BoardConfig(arm_window_ms=500).pack())
    bench.reply(Msg.ARM)
    assert bench.wait(400) == []
    bench.now += 100
    late = bench.send(Msg.FIRE)  # the window closed just before this FIRE was read
    assert events(late) == [EventCode.ARM_EXPIRED]
    assert late[-1].type == Msg.NAK and late[-1].payload[0] == NakCode.NOT_ARMED
    bench.reply(Msg.ARM)
    assert bench.wait(400) == []
    assert events(bench.advance(99)) == []
    assert events(bench.advance(1)) == [EventCode.ARM_EXPIRED]
    assert not bench.status().armed


def test_failsafe_after_300_ms_of_silence_makes_the_cannon_safe(bench):
    bench.reply(Msg.CONFIG, BoardConfig(slew=90, led_count=6).pack())
    bench.reply(Msg.LED_FILL, led_fill_payload(0, 6, (0, 0, 90), show=True))
    bench.reply(Msg.AIM, aim_payload(150, 90))
    bench.reply(Msg.ARM)
    bench.advance(100)
    bench.reply(Msg.HEARTBEAT)
    assert events(bench.advance(299)) == []
    frames = bench.advance(1)
    assert events(frames) == [EventCode.FAILSAFE]
    assert unpack_event(frames[0].payload)[1] == 300
    held = bench.twin.angle("pan")
    assert 90 < held < 150  # held where it was, not driven on to the target
    assert bench.twin.strip == [(64, 0, 0), (0, 0, 0)] * 3  # the fault pattern
    status = bench.status()  # this frame ends the failsafe; the cannon stays safe
    assert not status.armed and status.pan_target == held and status.failsafes == 1
    assert bench.twin.angle("trigger") == 0


def test_no_failsafe_before_a_host_has_spoken(bench):
    assert events(bench.advance(5000)) == []


def test_leds_are_set_in_chunks_and_shown_once(bench):
    bench.reply(Msg.CONFIG, BoardConfig(led_count=144).pack())
    colours = [(i, 255 - i, i % 7) for i in range(144)]
    for payload in led_set_payloads(0, colours, show=True):
        assert bench.reply(Msg.LED_SET, payload).type == Msg.ACK
    assert bench.twin.strip == colours
    assert len(bench.twin.shown) == 1
    assert bench.nak(Msg.LED_SET, led_set_payloads(143, [(1, 1, 1)] * 2, True)[0]) == (NakCode.OUT_OF_RANGE, 0)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(
    st.binary(min_size=1, max_size=60),
    st.builds(lambda t, s, p: encode_frame(Frame(t, s, p)), st.integers(0, 255), st.integers(0, 255),
              st.binary(max_size=20)),
), max_size=10))
def test_no_byte_stream_breaks_the_twin(chunks):
    bench = Bench()
    for chunk in chunks:
        bench.twin.receive(chunk)
    bench.read()
    bench.twin.receive(b"\x00")
    assert bench.reply(Msg.STATUS_REQ, seq=250).type == Msg.ACK
