"""`companion serve --host 0.0.0.0` as a real process under waitress: it prints a pairing code and a
viewer code, shows nothing to an unpaired tablet, refuses other hosts and oversized requests, and
--revoke-pairings unpairs the tablets of an earlier run."""

from __future__ import annotations

import re
import urllib.error
import urllib.parse
import urllib.request

from .test_serve import Served


def status_of(served: Served, path: str, data: bytes | None = None, headers=None) -> tuple[int, bytes, dict]:
    request = urllib.request.Request(served.url + path, data=data, headers=headers or {})
    try:
        with served.opener.open(request, timeout=10) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def pair(served: Served, code: str) -> int:
    form = urllib.parse.urlencode({"code": code, "csrf_token": served.csrf}).encode()
    return status_of(served, "pair", form, {"Content-Type": "application/x-www-form-urlencoded"})[0]


def test_serve_on_the_lan_pairs_refuses_and_revokes(tmp_path):
    served = Served(tmp_path, "--no-qr", "--host", "0.0.0.0", "--allow-host", "games.example.lan")
    try:
        banner = "".join(served.banner)
        code = re.search(r"pairing code (\d{6})", banner).group(1)
        viewer = re.search(r"viewer code (\d{6}): a tablet paired with it watches", banner).group(1)
        assert code != viewer

        status, body, headers = status_of(served, "api/record")
        assert status == 403 and b"not paired" in body and b"france" not in body
        assert headers["X-Frame-Options"] == "DENY" and "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert status_of(served, "healthz")[0] == 200
        assert status_of(served, "healthz", headers={"Host": "evil.example"})[0] == 403
        assert status_of(served, "healthz", headers={"Host": "games.example.lan:8000"})[0] == 200

        assert pair(served, viewer) == 200                        # redirected to the Table screen
        assert status_of(served, "api/record")[0] == 200
        assert pair(served, code) == 200                          # a player's tablet, which may send changes
        json_headers = {"Content-Type": "application/json", "X-CSRF-Token": served.csrf}
        big = b'{"board": "' + b"x" * (300 * 1024) + b'"}'                 # over the dashboard's 256 KB
        status, body, _ = status_of(served, "api/game", big, json_headers)
        assert status == 413 and b"larger than the 262144 bytes this dashboard accepts" in body and len(body) < 500
        try:                                                               # over what waitress reads at all
            assert status_of(served, "api/game", b"x" * (8 * 1024 * 1024), json_headers)[0] == 413
        except urllib.error.URLError:
            pass   # cut off unread, as it should be; the server carries on
        assert status_of(served, "healthz")[0] == 200
        cookies = list(served.opener.handlers)
    finally:
        served.stop()

    for flags, status in (((), 200), (("--revoke-pairings",), 403)):   # a restart keeps the pairing; revoking ends it
        again = Served(tmp_path, "--no-qr", "--host", "0.0.0.0", *flags)
        try:
            again.opener = urllib.request.build_opener(*[h for h in cookies if hasattr(h, "cookiejar")])
            assert status_of(again, "api/record")[0] == status, flags
        finally:
            again.stop()
