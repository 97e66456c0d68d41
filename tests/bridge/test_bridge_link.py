"""The host side against the twin (loop:// and a pty): handshake, retries, reboots, reconnects,
heartbeat and failsafe, and the Cannon and Leds devices."""

import threading
import time

import pytest
import serial

from firmware_bridge.bridge import Bridge
from firmware_bridge.devices import ArmingRefused, GridLayout
from firmware_bridge.link import LinkDown, LinkSettings, Refused, VersionMismatch
from firmware_bridge.ports import serial_opener
from firmware_bridge.protocol import BoardConfig, EventCode, Msg, NakCode
from firmware_bridge.safety import AimOutOfLimits
from firmware_bridge.twin import FirmwareTwin
from firmware_bridge.twin_port import TwinPty, TwinSerial

FAST = LinkSettings(ack_timeout_s=0.05, hello_wait_s=0.1, backoff_s=(0.01, 0.1))
CONFIG = BoardConfig(pan_min=10, pan_max=170, tilt_min=20, tilt_max=160, slew=360, led_count=12)


class LossySerial(TwinSerial):
    """Loses the board's next `drop` replies on the way back, like a noisy line."""

    drop = 0

    def write(self, data):
        with self._twin_lock:
            self.twin.receive(bytes(data))
            reply = self.twin.read()
            if self.drop and reply:
                self.drop -= 1
                return len(data)
        if reply:
            serial.urlhandler.protocol_loop.Serial.write(self, reply)
        return len(data)




@pytest.fixture
def twin():
    return FirmwareTwin()


@pytest.fixture
def bridge(twin):
    ports = []

    def opener():
        ports.append(TwinSerial(twin))
        return ports[-1]

    with Bridge(opener, CONFIG, FAST) as bridge:
        bridge.connect(timeout_s=3)
        bridge.ports = ports
        yield bridge


def test_the_boards_own_hello_completes_the_handshake(twin):
    with Bridge(lambda: TwinSerial(twin, boot_on_open=0.02), CONFIG, FAST) as bridge:
        hello = bridge.connect(timeout_s=3)
        assert hello.boot  # it came unasked, after the "bootloader"
        assert twin.state.config == CONFIG  # and the configuration followed it


def test_the_host_asks_for_hello_when_none_arrives(twin):
    twin.read()  # the board booted long before the port opened: its HELLO is gone
    with Bridge(lambda: TwinSerial(twin), CONFIG, FAST) as bridge:
        hello = bridge.connect(timeout_s=3)
        assert not hello.boot


def test_a_major_version_mismatch_is_refused_clearly():
    old = FirmwareTwin(protocol=(2, 0))
    with Bridge(lambda: TwinSerial(old), CONFIG, FAST) as bridge:
        with pytest.raises(VersionMismatch, match=r"protocol 2\.0; this host speaks 1\.0.*hardware flash"):
            bridge.connect(timeout_s=3)


def test_a_port_that_never_answers_fails_with_the_reason():
    echo = lambda: serial.serial_for_url("loop://", timeout=0.01)  # hears only itself  # noqa: E731
    with Bridge(echo, CONFIG, FAST) as bridge:
        with pytest.raises(LinkDown, match="never said HELLO"):
            bridge.connect(timeout_s=0.5)


def test_lost_acks_are_retried_with_the_same_sequence_number_and_run_once(twin):
    ports = []
    with Bridge(lambda: ports.append(LossySerial(twin)) or ports[-1], CONFIG, FAST) as bridge:
        bridge.connect(timeout_s=3)
        bridge.link.pause_heartbeat()
        ports[-1].drop = 2
        bridge.cannon.arm(confirmed_by="test: referee pressed ARM")
        assert bridge.link.stats["retries"] == 2
        assert twin.state.last[1] == Msg.ARM  # the board answered the repeats from memory


def test_a_nak_is_raised_as_a_sentence(bridge):
    with pytest.raises(Refused, match="the board refused FIRE: the cannon is not armed"):
        bridge.link.request(Msg.FIRE)


def test_heartbeats_keep_the_board_out_of_failsafe(bridge, twin):
    time.sleep(0.8)
    assert twin.state.failsafes == 0
    assert bridge.link.stats["heartbeats"] >= 4


def test_failsafe_then_the_host_restores_its_leds(bridge, twin, until):
    bridge.leds.fill((0, 0, 40))
    bridge.cannon.arm(confirmed_by="test")
    bridge.link.pause_heartbeat()
    since = bridge.link.last_sent
    arrived, silence = bridge.link.wait_event(EventCode.FAILSAFE, since, timeout_s=2)
    assert 300 <= silence <= 350  # the twin's own count: never early
    assert 0.28 <= arrived - since <= 0.45
    assert not bridge.cannon.armed  # the host forgot the arming with the board
    bridge.link.pause_heartbeat(False)
    until(lambda: twin.strip == [(0, 0, 40)] * 12)


def test_a_reboot_mid_session_gets_the_configuration_again(bridge, twin, until):
    bridge.cannon.aim(40, 60)
    bridge.leds.set_pixels({3: (9, 9, 9)})
    bridge.cannon.arm(confirmed_by="test")
    shown = len(twin.shown)
    with bridge.ports[-1]._twin_lock:
        twin.boot()
    until(lambda: bridge.link.stats["reboots"] == 1 and bridge.sessions >= 2)
    assert len(twin.shown) > shown and twin.strip[3] == (9, 9, 9)  # the LEDs were sent again
    assert twin.state.config == CONFIG
    assert (twin.state.pan_target, twin.state.tilt_target) == (4000, 6000)  # the last aim, re-sent
    assert not bridge.cannon.armed


def test_an_unplugged_board_is_reconnected_with_backoff(until):
    pty = TwinPty(FirmwareTwin())
    current = {"path": pty.path}
    settings = LinkSettings(ack_timeout_s=0.05, hello_wait_s=0.2, backoff_s=(0.02, 0.2))
    with Bridge(lambda: serial_opener(current["path"])(), CONFIG, settings) as bridge:
        bridge.connect(timeout_s=3)
        pty.close()  # unplugged
        until(lambda: not bridge.link.connected)
        with pytest.raises(LinkDown):
            bridge.cannon.status()
        time.sleep(0.3)  # a few failed attempts while nothing is there
        replugged = TwinPty(FirmwareTwin())
        current["path"] = replugged.path  # it may come back under another name
        try:
            until(lambda: bridge.link.connected and bridge.sessions >= 2, timeout_s=5)
            assert replugged.twin.state.config == CONFIG
            assert bridge.cannon.status().led_count == 12
        finally:
            bridge.close()
            replugged.close()


def test_the_port_is_opened_exclusively():
    with TwinPty(FirmwareTwin()) as pty:
        first = serial_opener(pty.path)()
        try:
            with pytest.raises(serial.SerialException):
                serial_opener(pty.path)()
        finally:
            first.close()


def test_arming_needs_a_persons_confirmation_and_nothing_is_sent_without_it(bridge, twin):
    for who in ("", "   "):
        with pytest.raises(ArmingRefused, match="arming needs a person's action"):
            bridge.cannon.arm(confirmed_by=who)
    with pytest.raises(TypeError):
        bridge.cannon.arm()  # no silent default
    assert not twin.state.armed
    with pytest.raises(ArmingRefused, match="not armed: a person must arm it"):
        bridge.cannon.fire()
    assert twin.state.last[1] != Msg.FIRE


def test_arm_aim_fire(bridge, twin):
    seconds = bridge.cannon.aim(30, 120)
    assert seconds == pytest.approx(0.18)  # 60 deg at 360 deg/s, from the boot position
    bridge.cannon.arm(confirmed_by="dashboard: Ana pressed ARM")
    with pytest.raises(Refused) as refusal:
        bridge.cannon.fire()  # still moving
    assert refusal.value.code == NakCode.NOT_ON_TARGET
    assert bridge.cannon.armed  # a refusal for aim keeps the arming
    assert bridge.cannon.wait_on_target().on_target
    bridge.cannon.fire()
    assert twin.angle("trigger") == CONFIG.trigger_fire
    assert not bridge.cannon.armed
    with pytest.raises(ArmingRefused):
        bridge.cannon.fire()


def test_the_host_mirrors_the_soft_limits(bridge, twin):
    with pytest.raises(AimOutOfLimits, match="tilt 161 deg is outside the soft limits 20..160 deg"):
        bridge.cannon.aim(90, 161)
    assert twin.state.tilt_target == 9000  # never sent


def test_leds_by_cell_on_a_serpentine_grid(twin):
    with Bridge(lambda: TwinSerial(twin), CONFIG, FAST, layout=GridLayout(4, 3)) as bridge:
        bridge.connect(timeout_s=3)
        bridge.leds.set_cells({(0, 1): (1, 2, 3), (3, 2): (4, 5, 6)})
        assert twin.strip[7] == (1, 2, 3)  # row 1 runs right to left
        assert twin.strip[11] == (4, 5, 6)
        with pytest.raises(ValueError, match=r"cell \(4, 0\) is outside the 4x3 LED grid"):
            bridge.leds.set_cells({(4, 0): (1, 1, 1)})
        with pytest.raises(ValueError, match="no LED pattern 'disco'"):
            bridge.leds.show_pattern("disco")


def test_commands_from_several_threads_each_get_their_own_answer(bridge):
    errors = []

    def work():
        try:
            for _ in range(20):
                bridge.cannon.status()
        except Exception as error:  # noqa: BLE001 - collected for the assert
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert bridge.link.stats["retries"] == 0
