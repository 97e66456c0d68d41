"""The venue listener says "connected" only once the broker has acknowledged its subscription: a table's message
published between the CONNACK and the SUBACK would not reach the venue (the broker test that publishes garbage right
after "connected" lost its first message that way). The broker's answers are handed to the callbacks as paho
delivers them; no broker is needed."""

from __future__ import annotations

from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.reasoncodes import ReasonCode

from companion.publish.address import parse_address
from companion.venue.board import VenueBoard
from companion.venue.listener import VenueListener


class RecordingClient:
    def __init__(self):
        self.subscribed, self.disconnected = [], False

    def subscribe(self, topic, qos=0):
        self.subscribed.append((topic, qos))

    def disconnect(self):
        self.disconnected = True


def listener() -> VenueListener:
    board = VenueBoard("club", {"cannonball-colony": "Cannonball Colony"})
    return VenueListener(board, parse_address("mqtt://127.0.0.1:1883/club"))


def test_a_connack_subscribes_and_waits_for_the_suback_before_it_says_connected():
    venue, client = listener(), RecordingClient()
    venue._connected(client, None, None, ReasonCode(PacketTypes.CONNACK, "Success"), None)
    assert client.subscribed == [("club/tables/+/+", 1)]
    assert venue.describe()["state"] == "subscribing" and not venue.answered.is_set()
    venue._subscribed(client, None, 1, [ReasonCode(PacketTypes.SUBACK, "Granted QoS 1")], None)
    assert venue.describe()["state"] == "connected" and venue.answered.is_set()


def test_a_subscription_the_broker_refuses_is_said_with_its_reason():
    venue, client = listener(), RecordingClient()
    venue._connected(client, None, None, ReasonCode(PacketTypes.CONNACK, "Success"), None)
    venue._subscribed(client, None, 1, [ReasonCode(PacketTypes.SUBACK, "Not authorized")], None)
    described = venue.describe()
    assert described["state"] == "refused" and "subscription" in described["problem"]
    assert "Not authorized" in described["problem"] and venue.answered.is_set()


def test_losing_the_broker_before_the_suback_is_reconnecting():
    venue, client = listener(), RecordingClient()
    venue._connected(client, None, None, ReasonCode(PacketTypes.CONNACK, "Success"), None)
    venue._disconnected(client, None, None, ReasonCode(PacketTypes.DISCONNECT, "Unspecified error"), None)
    assert venue.describe()["state"] == "connecting" and "reconnecting" in venue.describe()["problem"]
