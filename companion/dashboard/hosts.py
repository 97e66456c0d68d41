"""Which Host headers name this server. A page elsewhere can point its own hostname at this machine
(DNS rebinding) and have the browser read the answers as its own; a Host this server does not
answer to is how such a request shows itself."""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from typing import Callable, Iterable

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
# Addresses change (a laptop moves to another network); an unknown address looks again this often.
REFRESH_S = 30.0
# Where a UDP socket would route to, to learn the address it leaves from: TEST-NET, nothing is sent.
_ROUTE_PROBES = ((socket.AF_INET, ("192.0.2.1", 9)), (socket.AF_INET6, ("2001:db8::1", 9)))


def host_name(host: str) -> str:
    """The name or address in a Host header: no port, no IPv6 brackets, lower case, no trailing dot."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.rsplit(":", 1)[0]
    return host.rstrip(".")


def machine_names() -> set[str]:
    """This computer's names and addresses as it knows them; what cannot be looked up is left out."""
    names = {socket.gethostname().lower()}
    names.add(f"{socket.gethostname().split('.')[0].lower()}.local")   # mDNS (Avahi, Bonjour)
    try:
        names.add(socket.getfqdn().lower())
    except OSError:
        pass
    for family, target in _ROUTE_PROBES:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect(target)
                names.add(probe.getsockname()[0].lower())
        except OSError:
            pass
    for name in list(names):
        try:
            names.update(info[4][0].lower() for info in socket.getaddrinfo(name, None))
        except (OSError, UnicodeError):
            pass
    return {name.split("%", 1)[0] for name in names if name}


class ServerNames:
    """The hosts a request may name: loopback, and on a LAN this machine's own names and addresses
    and those the host configured (--allow-host)."""

    def __init__(self, lan: bool, configured: Iterable[str] = (), *, lookup: Callable[[], set[str]] = machine_names,
                 refresh_s: float = REFRESH_S, clock: Callable[[], float] = time.monotonic):
        self.lan = lan
        self.configured = frozenset(host_name(name) for name in configured)
        self.lookup, self.refresh_s, self.clock = lookup, refresh_s, clock
        self._known: set[str] = set()
        self._looked_at = float("-inf")
        self._lock = threading.Lock()

    def allows(self, host: str) -> bool:
        name = host_name(host)
        if name in LOOPBACK_HOSTS or _is_loopback(name):
            return True
        if not self.lan:
            return False
        if name in self.configured:
            return True
        with self._lock:
            if name not in self._known and self.clock() - self._looked_at >= self.refresh_s:
                self._known, self._looked_at = set(self.lookup()), self.clock()
            return name in self._known

    def examples(self) -> list[str]:
        """A few names the server does answer to, for the refusal."""
        with self._lock:
            known = sorted(self._known | self.configured)
        addresses = [name for name in known if _is_address(name) and not _is_loopback(name)]
        return (addresses + [name for name in known if not _is_address(name)])[:4]


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _is_loopback(name: str) -> bool:
    return _is_address(name) and ipaddress.ip_address(name).is_loopback
