"""The venue's subscription: paho-mqtt on VENUE/tables/+/+, each message to the VenueBoard.

A persistent session (a fixed client id, clean_start off, a session expiry) lets the broker keep
the events that arrive while the venue restarts; the retained status and state rebuild the rest.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass

import paho.mqtt.client as mqtt
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from companion.publish.address import BrokerAddress, Credentials
from companion.venue.board import VenueBoard

log = logging.getLogger("companion.venue")


@dataclass(frozen=True)
class ListenSettings:
    keepalive: int = 10
    session_expiry: int = 3600     # seconds the broker keeps the venue's queue while it is away
    reconnect_min: float = 0.5
    reconnect_max: float = 8.0


def default_client_id(venue: str) -> str:
    """One persistent session per venue board and machine: a restart takes its own queue back."""
    return f"venue-{venue}-{socket.gethostname()}"[:64]


class VenueListener:
    def __init__(self, board: VenueBoard, address: BrokerAddress, credentials: Credentials = Credentials(),
                 settings: ListenSettings = ListenSettings(), client_id: str | None = None):
        self.board, self.address, self.settings = board, address, settings
        self.state, self.problem = "connecting", ""
        self.answered = threading.Event()   # the broker's first answer, yes or no
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id or default_client_id(address.venue),
                             protocol=mqtt.MQTTv5)
        if credentials.user is not None:
            client.username_pw_set(credentials.user, credentials.password)
        if address.tls:
            client.tls_set()
        client.reconnect_delay_set(settings.reconnect_min, settings.reconnect_max)
        client.on_connect, client.on_disconnect, client.on_message = self._connected, self._disconnected, self._message
        client.on_subscribe = self._subscribed
        self.client = client

    def start(self) -> "VenueListener":
        properties = Properties(PacketTypes.CONNECT)
        properties.SessionExpiryInterval = self.settings.session_expiry
        self.client.connect_async(self.address.host, self.address.port, keepalive=self.settings.keepalive,
                                  clean_start=False, properties=properties)
        self.client.loop_start()
        return self

    def close(self) -> None:
        self.state = "closed"
        self.client.disconnect()
        self.client.loop_stop()

    def describe(self) -> dict:
        return {"state": self.state, "problem": self.problem, "broker": self.address.text}

    def _connected(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self.state, self.problem = "refused", f"the broker refused the venue: {reason_code}"
            log.error("venue %s: %s", self.address.venue, self.problem)
            client.disconnect()
            self.answered.set()
        else:
            # "connected" waits for the broker's SUBACK: until then a table's message would not reach the venue.
            self.state, self.problem = "subscribing", ""
            client.subscribe(f"{self.address.venue}/tables/+/+", qos=1)

    def _subscribed(self, client, userdata, mid, reason_code_list, properties) -> None:
        refused = [code for code in reason_code_list if code.is_failure]
        if refused:
            self.state, self.problem = "refused", f"the broker refused the venue's subscription: {refused[0]}"
            log.error("venue %s: %s", self.address.venue, self.problem)
        else:
            self.state, self.problem = "connected", ""
            log.info("venue %s: subscribed at %s", self.address.venue, self.address.text)
        self.answered.set()

    def _disconnected(self, client, userdata, flags, reason_code, properties) -> None:
        if self.state in ("connected", "subscribing"):
            self.state, self.problem = "connecting", f"lost the broker ({reason_code}); reconnecting"
            log.warning("venue %s: %s", self.address.venue, self.problem)

    def _message(self, client, userdata, message) -> None:
        try:
            topic = message.topic
        except UnicodeDecodeError:
            topic = "(a topic that is not UTF-8)"
        try:
            self.board.receive(topic, message.payload)
        except Exception:   # noqa: BLE001  (a bug in one message must not stop the venue's network thread)
            log.exception("venue %s: a message on %s could not be taken", self.address.venue, topic[:80])
