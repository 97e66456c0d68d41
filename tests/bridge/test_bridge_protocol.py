"""The host's protocol tables agree with the firmware's headers, and payloads round-trip."""

import re
import struct
from pathlib import Path

import pytest

from firmware_bridge import emulator, protocol
from firmware_bridge.protocol import (BOARD, BoardConfig, Caps, EventCode, Hello, Msg, NakCode, ResetCause, Status,
                                      StatusFlag, angle_to_pulse_us, describe_nak, led_set_payloads)

SRC = Path(emulator.FIRMWARE_DIR) / "src"


def defines(header: str) -> dict[str, str]:
    text = (SRC / header).read_text()
    return dict(re.findall(r"^#define[ \t]+(\w+)[ \t]+([^\s/]+)", text, flags=re.M))


def number(text: str) -> int:
    return int(text.rstrip("UuLl"), 0)


PROTOCOL_H = defines("protocol.h")
CONFIG_H = defines("config.h")


@pytest.mark.parametrize("prefix, enum", [("MSG_", Msg), ("NAK_", NakCode), ("EVENT_", EventCode), ("CAP_", Caps),
                                          ("STATUS_", StatusFlag)])
def test_every_code_matches_protocol_h(prefix, enum):
    in_c = {name[len(prefix):]: number(value) for name, value in PROTOCOL_H.items()
            if name.startswith(prefix) and not name.endswith("_PAYLOAD")}
    assert in_c == {member.name: member.value for member in enum}


def test_versions_and_payload_sizes_match_protocol_h():
    assert number(PROTOCOL_H["PROTOCOL_MAJOR"]) == protocol.PROTOCOL_MAJOR
    assert number(PROTOCOL_H["PROTOCOL_MINOR"]) == protocol.PROTOCOL_MINOR
    assert number(PROTOCOL_H["HELLO_PAYLOAD"]) == struct.calcsize(Hello.FORMAT)
    assert number(PROTOCOL_H["STATUS_PAYLOAD"]) == struct.calcsize(Status.FORMAT)
    assert number(PROTOCOL_H["CONFIG_PAYLOAD"]) == struct.calcsize(BoardConfig.FORMAT)
    assert number(PROTOCOL_H["LED_FLAG_SHOW"]) == protocol.LED_FLAG_SHOW


def test_board_facts_match_config_h():
    assert number(CONFIG_H["ANGLE_MAX"]) == BOARD.angle_max * 100
    assert number(CONFIG_H["SLEW_MAX"]) == BOARD.slew_max * 100
    assert number(CONFIG_H["PULSE_MIN_US"]) == BOARD.pulse_min_us
    assert number(CONFIG_H["PULSE_MAX_US"]) == BOARD.pulse_max_us
    assert number(CONFIG_H["FAILSAFE_MS"]) == BOARD.failsafe_ms
    assert number(CONFIG_H["FIRE_HOLD_MS"]) == BOARD.fire_hold_ms
    assert number(CONFIG_H["MAX_LEDS"]) == BOARD.max_leds
    assert number(CONFIG_H["UART_BAUD"]) == BOARD.baud
    assert number(CONFIG_H["ARM_WINDOW_MIN"]) == BOARD.arm_window_min_ms
    assert number(CONFIG_H["ARM_WINDOW_MAX"]) == BOARD.arm_window_max_ms


def test_the_emulator_watches_the_pins_config_h_drives():
    for servo in ("pan", "tilt", "trigger"):
        bit = CONFIG_H[f"SERVO_{servo.upper()}_BIT"]  # e.g. PB1
        assert emulator.SERVO_PINS[servo] == bit
    assert emulator.LED_PIN == CONFIG_H["LED_BIT"]


def test_the_pulse_mapping_is_the_servo_librarys():
    assert angle_to_pulse_us(0) == 544
    assert angle_to_pulse_us(90) == 1472
    assert angle_to_pulse_us(180) == 2400
    assert angle_to_pulse_us(-5) == 544 and angle_to_pulse_us(200) == 2400


def test_hello_and_status_round_trip():
    hello = Hello((1, 0), (1, 2, 3), 0xDEADBEEF, Caps.PAN_TILT | Caps.WS2812, 256, ResetCause.WATCHDOG, True)
    assert Hello.unpack(hello.pack()) == hello
    assert hello.to_dict()["reset_cause"] == ["watchdog"]
    status = Status(StatusFlag.ARMED | StatusFlag.ON_TARGET, 12.5, 170.0, 12.5, 170.0, 0.0, 4200, 3, 0, 1, 123456, 144)
    assert Status.unpack(status.pack()) == status
    assert status.armed and status.on_target and not status.failsafe


def test_a_short_hello_is_refused_with_its_bytes():
    with pytest.raises(ValueError, match="HELLO payload must be 14 bytes, got 2: 01 00"):
        Hello.unpack(b"\x01\x00")


def test_config_problems_name_every_field_at_once():
    config = BoardConfig(pan_min=100, pan_max=90, tilt_max=181, slew=0, arm_window_ms=100, led_count=300)
    assert config.problems() == [
        "tilt_max=181 is outside 0..180 degrees",
        "pan_min=100 is above pan_max=90",
        "slew=0 deg/s is outside (0, 360]",
        "arm_window_ms=100 is outside 500..30000",
        "led_count=300 is outside 0..256",
    ]
    assert BoardConfig().problems() == []
    assert BoardConfig.unpack(BoardConfig(pan_min=12.34, led_count=7).pack()) == BoardConfig(pan_min=12.34, led_count=7)


def test_144_leds_go_in_two_set_commands_and_only_the_last_shows():
    payloads = led_set_payloads(0, [(1, 2, 3)] * 144, show=True)
    assert [len(p) for p in payloads] == [3 + 84 * 3, 3 + 60 * 3]
    assert [p[0] for p in payloads] == [0, 1]
    assert [int.from_bytes(p[1:3], "little") for p in payloads] == [0, 84]
    assert all(len(p) <= 255 for p in payloads)


def test_naks_read_as_sentences():
    assert describe_nak(NakCode.OUT_OF_RANGE, 1) == "value out of the board's range (field 1)"
    assert describe_nak(NakCode.VERSION, 0x21) == "the board speaks protocol 2.1"
    assert describe_nak(99, 0) == "unknown refusal code 99 (detail 0)"
