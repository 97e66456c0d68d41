"""The frame codec: COBS and CRC round trips, and damaged streams that must not lose good frames."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.codec import (MAX_PAYLOAD, Deframer, Frame, FrameError, cobs_decode, cobs_encode, crc16,
                                   decode_frame, encode_frame)

# No per-example deadline: on a loaded CI machine these are slow, not wrong.
UNTIMED = settings(deadline=None)

frames = st.builds(Frame, type=st.integers(0, 255), seq=st.integers(0, 255),
                   payload=st.binary(max_size=MAX_PAYLOAD), version=st.integers(0, 255))


def test_crc_is_ccitt_false():
    assert crc16(b"123456789") == 0x29B1  # the catalogued check value of CRC-16/CCITT-FALSE


@pytest.mark.parametrize("data, encoded", [
    (b"", b"\x01"),
    (b"\x00", b"\x01\x01"),
    (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
    (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
    (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255)) + b"\x01"),  # a full 254-byte block
])
def test_cobs_matches_the_published_examples(data, encoded):
    assert cobs_encode(data) == encoded
    assert cobs_decode(encoded) == data


@UNTIMED
@given(st.binary(max_size=600))
def test_cobs_round_trips_and_never_emits_zero(data):
    encoded = cobs_encode(data)
    assert 0 not in encoded
    assert cobs_decode(encoded) == data


@UNTIMED
@given(frames)
def test_frames_round_trip(frame):
    wire = encode_frame(frame)
    assert wire.endswith(b"\x00") and 0 not in wire[:-1]
    assert decode_frame(wire[:-1]) == frame
    assert Deframer().feed(wire) == [frame]


def test_a_frame_repr_is_code_that_rebuilds_it():
    frame = Frame(0x04, 7, b"\x28\x23", 0x10)
    assert eval(repr(frame), {"Frame": Frame}) == frame


@pytest.mark.parametrize("kwargs, message", [
    ({"type": 256, "seq": 0}, "frame type must fit a byte (0..255), got 256"),
    ({"type": 1, "seq": -1}, "frame seq must fit a byte (0..255), got -1"),
    ({"type": 1, "seq": 0, "payload": bytes(256)}, "payload of 256 bytes exceeds the 255-byte limit"),
])
def test_frames_refuse_values_that_do_not_fit(kwargs, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Frame(**kwargs)


def test_a_bad_crc_names_the_offset_and_quotes_the_bytes():
    good = encode_frame(Frame(0x02, 9))
    bad = bytearray(good)
    bad[2] ^= 0x40
    deframer = Deframer()
    deframer.feed(b"\x00" * 3)  # idle delimiters move the offset but are not frames
    assert deframer.feed(bytes(bad)) == []
    error = deframer.errors[-1]
    assert error.offset == 3
    assert "CRC mismatch" in str(error)
    assert "in the frame at byte 3" in str(error)
    assert bytes(bad[:-1]).hex(" ") in str(error)


def test_truncated_and_short_frames_are_explained():
    with pytest.raises(FrameError, match="runs past the block"):
        cobs_decode(b"\x05\x01\x02", offset=10)
    with pytest.raises(FrameError, match="shorter than a header and CRC"):
        decode_frame(cobs_encode(b"\x10\x02\x00"))
    with pytest.raises(FrameError, match="length byte says 9 payload bytes but 0 arrived"):
        raw = b"\x10\x02\x00\x09"
        decode_frame(cobs_encode(raw + crc16(raw).to_bytes(2, "little")))


def test_an_endless_block_is_dropped_and_memory_stays_bounded():
    deframer = Deframer()
    deframer.feed(b"\x01" * 5000)
    assert len(deframer._block) <= 300
    assert deframer.feed(b"\x00" + encode_frame(Frame(2, 1))) == [Frame(2, 1)]
    assert deframer.garbled == 1
    assert "no delimiter within" in str(deframer.errors[-1])


@settings(max_examples=300, deadline=None)
@given(st.lists(frames, min_size=1, max_size=6), st.lists(st.binary(min_size=1, max_size=40), min_size=6, max_size=6))
def test_random_garbage_between_frames_loses_no_frame(good, garbage):
    # The host sends a delimiter before every frame, so noise ends up in blocks of its own.
    stream = b"".join(noise + b"\x00" + encode_frame(frame) for frame, noise in zip(good, garbage))
    deframer = Deframer()
    got = deframer.feed(stream)
    # Noise decodes as a valid frame only by a 1-in-65536 CRC accident; the good ones all arrive.
    assert [f for f in got if f in good] == good


@UNTIMED
@given(frames, st.data())
def test_truncated_frames_are_dropped_and_the_next_frame_survives(frame, data):
    wire = encode_frame(frame)
    cut = data.draw(st.integers(1, len(wire) - 2))
    follower = Frame(0x02, (frame.seq + 1) % 256)
    deframer = Deframer()
    got = deframer.feed(wire[:cut] + b"\x00" + encode_frame(follower))
    assert got == [follower]
    assert deframer.garbled == 1


@UNTIMED
@given(frames, st.data())
def test_every_single_bit_flip_is_caught(frame, data):
    wire = bytearray(encode_frame(frame))
    bit = data.draw(st.integers(0, 8 * (len(wire) - 1) - 1))  # anywhere but the delimiter
    wire[bit // 8] ^= 1 << (bit % 8)
    follower = Frame(0x02, 0x33)
    deframer = Deframer()
    got = deframer.feed(bytes(wire) + b"\x00" + encode_frame(follower))
    assert got == [follower]
    assert deframer.garbled >= 1


@UNTIMED
@given(st.binary(max_size=2000))
def test_any_byte_stream_is_survived(noise):
    deframer = Deframer()
    deframer.feed(noise)  # must not raise, whatever arrives
    assert deframer.feed(b"\x00" + encode_frame(Frame(0x81, 4)))[-1] == Frame(0x81, 4)
