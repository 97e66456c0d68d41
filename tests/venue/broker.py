"""A real mosquitto for the tests and the load benchmark: a free local port, a config of its own
(password file made by mosquitto_passwd, no anonymous access, an ACL that lets a table write only
under its own name), started, stopped and restarted on the same port and store."""

from __future__ import annotations

import getpass
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

MOSQUITTO = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if Path("/usr/sbin/mosquitto").exists() else None)
MOSQUITTO_PASSWD = shutil.which("mosquitto_passwd")
MISSING = None if MOSQUITTO and MOSQUITTO_PASSWD else "Debian's mosquitto is not installed (apt-get install mosquitto)"

VENUE_USER = "venue"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass(frozen=True)
class Account:
    user: str
    password: str
    password_file: Path


class Broker:
    """mosquitto on 127.0.0.1:port with `tables` accounts (each may write VENUE/tables/<its name>/#)
    and a `venue` account that reads VENUE/#."""

    def __init__(self, folder: Path, venue: str, tables: list[str], tls: bool = False):
        self.folder, self.venue = folder, venue
        self.port = free_port()
        self.tls_port = free_port() if tls else None   # a second listener, TLS, with a certificate of our own CA
        self.process: subprocess.Popen | None = None
        self.accounts = {name: self._account(name, f"{name}-secret") for name in [*tables, VENUE_USER]}
        # The venue reads everything; a table's user writes only under its own name (%u).
        acl = [f"user {VENUE_USER}", f"topic read {venue}/#", "", f"pattern write {venue}/tables/%u/#", ""]
        (folder / "acl").write_text("\n".join(acl))
        (folder / "mosquitto.conf").write_text("\n".join([
            f"listener {self.port} 127.0.0.1", "allow_anonymous false",
            f"password_file {folder / 'passwords'}", f"acl_file {folder / 'acl'}",
            f"user {getpass.getuser()}",   # run as us: mosquitto started as root would switch to 'mosquitto'
            "persistence true", f"persistence_location {folder}/", "autosave_interval 1",
            "log_dest stderr", "log_type error", "log_type warning", "log_type notice", "",
            *(self._tls_listener() if tls else [])]))

    def _tls_listener(self) -> list[str]:
        """A CA and a server certificate for 127.0.0.1 (openssl); clients trust ca.pem via SSL_CERT_FILE."""
        def openssl(*words: str) -> None:
            subprocess.run(["openssl", *words], cwd=self.folder, check=True, capture_output=True)

        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
                "-days", "2", "-subj", "/CN=venue test CA")
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
                "-subj", "/CN=127.0.0.1")
        (self.folder / "san.ext").write_text("subjectAltName=IP:127.0.0.1\n")
        openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", "server.pem", "-days", "2", "-extfile", "san.ext")
        return [f"listener {self.tls_port} 127.0.0.1", f"cafile {self.folder / 'ca.pem'}",
                f"certfile {self.folder / 'server.pem'}", f"keyfile {self.folder / 'server.key'}", ""]

    @property
    def ca_file(self) -> Path:
        return self.folder / "ca.pem"

    def _account(self, user: str, password: str) -> Account:
        passwords = self.folder / "passwords"
        flags = ["-b"] if passwords.exists() else ["-c", "-b"]
        subprocess.run([MOSQUITTO_PASSWD, *flags, str(passwords), user, password], check=True, capture_output=True)
        secret = self.folder / f"{user}.password"
        secret.write_text(password + "\n")   # the trailing newline is not part of the password
        return Account(user, password, secret)

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}/{self.venue}"

    def start(self) -> "Broker":
        log = open(self.folder / "mosquitto.log", "ab")
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.folder / "mosquitto.conf")],
                                        stdout=log, stderr=log)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto stopped at once: {(self.folder / 'mosquitto.log').read_text()[-800:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"mosquitto did not listen on port {self.port} within 10 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def __enter__(self) -> "Broker":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
