"""Where a table publishes: `mqtt://HOST[:PORT]/VENUE`, the topic names under it, and the credentials."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from companion.games import excerpt

MQTT_PORT, MQTTS_PORT = 1883, 8883
# A venue or table name is one topic level: no wildcards, no slash, nothing a shell or a page trips on.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")
TOPICS = ("status", "state", "events")


class AddressError(ValueError):
    """A bad broker address, table name or password file; the message quotes it."""


@dataclass(frozen=True)
class BrokerAddress:
    host: str
    port: int
    venue: str
    tls: bool = False

    @property
    def text(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}/{self.venue}"

    def topic(self, table: str, kind: str) -> str:
        """VENUE/tables/NAME/status|state|events."""
        return f"{self.venue}/tables/{table}/{kind}"

    @property
    def all_tables(self) -> str:
        return f"{self.venue}/tables/#"


def check_name(name: str, what: str) -> str:
    if not NAME.fullmatch(name):
        raise AddressError(f"{what} {excerpt(name, 45)} is not a name: 1 to 40 letters, digits, '_', '.' or '-', "
                           "starting with a letter or digit")
    return name


def parse_address(text: str, tls: bool = False) -> BrokerAddress:
    """`mqtt://HOST[:PORT]/VENUE` (or mqtts://, which implies TLS); AddressError quoting it otherwise."""
    quoted = excerpt(text, 80)
    parts = urlsplit(text)
    if parts.scheme not in ("mqtt", "mqtts"):
        raise AddressError(f"{quoted}: a broker address starts mqtt:// or mqtts:// (mqtt://HOST[:PORT]/VENUE)")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise AddressError(f"{quoted}: no user, query or fragment in the address (use --mqtt-user and "
                           "--mqtt-password-file)")
    try:
        port = parts.port
    except ValueError:
        raise AddressError(f"{quoted}: the port is not a number from 1 to 65535") from None
    if not parts.hostname:
        raise AddressError(f"{quoted}: no broker host (mqtt://HOST[:PORT]/VENUE)")
    venue = parts.path.strip("/")
    if not venue:
        raise AddressError(f"{quoted}: no venue name after the host (mqtt://HOST[:PORT]/VENUE)")
    check_name(venue, "the venue")
    tls = tls or parts.scheme == "mqtts"
    return BrokerAddress(parts.hostname, port or (MQTTS_PORT if tls else MQTT_PORT), venue, tls)


def read_password(path: Path) -> str:
    """The password file's first line; its trailing newline is not part of the password."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        why = getattr(error, "strerror", None) or error
        raise AddressError(f"cannot read the password file {str(path)!r}: {why}") from None
    password = text.splitlines()[0] if text else ""
    if not password:
        raise AddressError(f"the password file {str(path)!r} is empty")
    return password


@dataclass(frozen=True)
class Credentials:
    user: str | None = None
    password: str | None = None


def credentials(user: str | None, password_file: Path | None) -> Credentials:
    if password_file is not None and user is None:
        raise AddressError("--mqtt-password-file needs --mqtt-user")
    return Credentials(user, read_password(password_file) if password_file is not None else None)
