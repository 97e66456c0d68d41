"""One connected board: the link plus its Cannon and Leds, re-configured after every HELLO."""

from __future__ import annotations

from dataclasses import replace

from .devices import Cannon, GridLayout, Leds
from .link import Link, LinkSettings
from .protocol import BoardConfig, EventCode, Hello, Msg

# The emulator and the twin answer at once; only a real board needs the bootloader's wait.
QUICK_HELLO = LinkSettings(hello_wait_s=0.3)
# simavr shares the CPU with the host: on a busy machine an answer can take a few hundred ms.
EMULATED = LinkSettings(hello_wait_s=0.3, ack_timeout_s=0.3)


class Bridge:
    """Opens the link and keeps the board configured: after the handshake, a reboot, a
    reconnect or a failsafe it sends CONFIG, the last aim and the LED frame again."""

    def __init__(self, opener, config: BoardConfig = BoardConfig(), settings: LinkSettings = LinkSettings(),
                 aiming=None, layout: GridLayout | None = None):
        problems = config.problems()
        if problems:
            raise ValueError("bad board configuration: " + "; ".join(problems))
        self.config = config
        self.link = Link(opener, settings, on_session=self._on_session, on_event=self._on_event)
        self.cannon = Cannon(self.link, config, aiming)
        self.leds = Leds(self.link, config.led_count, layout)
        self.sessions = 0

    def connect(self, timeout_s: float = 10.0) -> Hello:
        return self.link.connect(timeout_s)

    def close(self) -> None:
        self.link.close()

    def __enter__(self) -> Bridge:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def reconfigure(self, config: BoardConfig) -> None:
        """New limits or slew, sent now and after every future HELLO."""
        problems = config.problems()
        if problems:
            raise ValueError("bad board configuration: " + "; ".join(problems))
        if config.led_count != self.config.led_count:
            raise ValueError("the LED count is fixed for a session; open a new Bridge to change it")
        self.link.request(Msg.CONFIG, config.pack())
        self.config = self.cannon.config = config
        self.cannon.forget_arming()  # the board disarms on CONFIG

    def _on_session(self, hello: Hello) -> None:
        self.cannon.forget_arming()
        self.link.request(Msg.CONFIG, self.config.pack())
        self.cannon.restore()
        self.leds.resend()
        self.sessions += 1  # counted once the board has everything again

    def _on_event(self, code, value: int) -> None:
        if code in (EventCode.FAILSAFE, EventCode.ARM_EXPIRED, EventCode.SHOT):
            self.cannon.forget_arming()


def load_board_config(path, base: BoardConfig = BoardConfig()) -> BoardConfig:
    """A BoardConfig from a JSON object of its fields (degrees, ms); others keep `base`'s."""
    import json

    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except FileNotFoundError:
        raise ValueError(f"no board configuration file at {str(path)!r}") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object of {', '.join(BoardConfig.FIELDS)}")
    unknown = sorted(set(data) - set(BoardConfig.FIELDS))
    if unknown:
        raise ValueError(f"{path}: unknown setting {unknown[0]!r}; known: {', '.join(BoardConfig.FIELDS)}")
    for key, value in data.items():
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise ValueError(f"{path}: {key} must be a number, got {value!r}")
    config = replace(base, **{k: (int(v) if k in ("arm_window_ms", "led_count") else float(v)) for k, v in data.items()})
    problems = config.problems()
    if problems:
        raise ValueError(f"{path}: " + "; ".join(problems))
    return config
