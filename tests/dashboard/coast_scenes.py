"""Cannons & Coastlines scenes for the dashboard tests: tables built by hand, and a fake camera.

The fake camera draws nothing real: each frame's first pixel says which scripted table it shows
and whether a hand is over it, and FakeTableReader hands back that TableObservation, as the real
reader (companion.games.cannons_coastlines.camera.reader.read_frame) will.
"""

from __future__ import annotations

from companion.dashboard.broadcast import Broadcaster
from companion.games.cannons_coastlines.record import CoastRecord
from companion.dashboard.video import FrameHub
from companion.dashboard.web import Services
from companion.games.cannons_coastlines.factions import load_rulebook
from companion.games.cannons_coastlines.observation import ShipSighting, TableObservation
from companion.games.cannons_coastlines.table import Island, Mat, Ship, Table
from companion.session import EventLog, Session

from .fakes import ScriptedTable

RULEBOOK = load_rulebook()
PX_PER_INCH = 8.0


def ship(player, card_id, faction, x, y, heading, fittings=None):
    card = RULEBOOK.factions[faction].ship(card_id)
    return Ship(f"{player}/{card_id}", player, faction, card, x, y, heading,
                card.fittings if fittings is None else tuple(fittings))


def square(name, x, y, side=4.0, holder=None):
    return Island(name, ((x, y), (x + side, y), (x + side, y + side), (x, y + side)), holder)


def table(*ships, islands=(), mats=None, players=("anna", "ben"), factions=None) -> Table:
    factions = factions or dict(zip(players, ("navy", "pirates", "merchants", "privateers")))
    return Table(72, 48, tuple(players), factions, {s.id: s for s in ships}, {i.id: i for i in islands},
                 mats=mats or {})


def mat(coins=0, **prizes) -> Mat:
    """mat(5, pirates_hull=2) -> 5 coins and two pirate hulls."""
    return Mat({"repair_crew": coins} if coins else {},
               {tuple(key.split("_", 1)): n for key, n in prizes.items()})


# Mid-game: anna's frigate has ben's brigantine in its line of fire; ben's sloop is dead in the water.
# anna holds 5 coins + 5 pirate hulls + 6 pirate masts (53 points), ben 45.
BATTLE = table(ship("anna", "man-o-war", "navy", 14, 12, 0), ship("anna", "frigate", "navy", 30, 20.4, 0),
               ship("anna", "cutter", "navy", 69.5, 30, 0),
               ship("ben", "brigantine", "pirates", 30, 30, 180), ship("ben", "schooner", "pirates", 50, 36, 270),
               ship("ben", "sloop", "pirates", 52.5, 14.5, 90, fittings=()),
               islands=[square("palm", 27, 14, holder="anna"), square("skull", 48, 6, holder="ben"),
                        square("turtle", 10, 30)],
               mats={"anna": mat(5, pirates_hull=5, pirates_mast=6), "ben": mat(3, navy_mast=6, navy_hull=3)})


def coast_services(tmp_path, **kw) -> Services:
    session = Session(EventLog(tmp_path / "game.sqlite"), CoastRecord(RULEBOOK))
    return Services(session, Broadcaster(session, heartbeat=kw.pop("heartbeat", 0.5)),
                    FrameHub(max_fps=kw.pop("fps", 30)), **kw)


class FakeTableCamera(ScriptedTable):
    """Frames of scripted tables: `show(table, stale=..., mat_doubts=..., mat_notes=...)`, `hand()` covers the table."""

    description = "scripted coast table"

    def __init__(self, first: Table | None = None, fps: float = 30.0):
        super().__init__(first, fps, size=(72 * 8 + 40, 48 * 8 + 40))
        self.stale: list[frozenset] = [frozenset()]
        self.doubts: list[tuple[dict, dict]] = [({}, {})]

    def show(self, scene: Table, stale=(), mat_doubts=None, mat_notes=None) -> None:
        """`mat_doubts` {player: (doubt, ...)}: the mats the reader cannot vouch for, as the real reader names them;
        `mat_notes` likewise what it notes that changes no points."""
        super().show(scene)
        self.stale.append(frozenset(stale))
        self.doubts.append((dict(mat_doubts or {}), dict(mat_notes or {})))


class FakeTableReader:
    """read_frame's signature: (image_bgr, timestamp, previous) -> TableObservation."""

    def __init__(self, camera: FakeTableCamera):
        self.camera = camera
        self.calls = 0

    def __call__(self, image, timestamp, previous=None) -> TableObservation:
        self.calls += 1
        index = int(image[0, 0, 0])
        scene, stale = self.camera.positions[index], self.camera.stale[index]
        mat_doubts, mat_notes = self.camera.doubts[index]
        hidden = bool(image[0, 0, 1])
        # 8 px an inch, 20 px margin: a plain scale-and-shift homography.
        homography = (PX_PER_INCH, 0.0, 20.0, 0.0, PX_PER_INCH, 20.0, 0.0, 0.0, 1.0)
        sightings = {} if scene is None else {s: ShipSighting(s, 0.2 if s in stale else 0.98, s in stale,
                                                              None if s in stale else timestamp)
                                             for s in scene.ships}
        return TableObservation(timestamp, scene, ((20, 20), (596, 20), (596, 404), (20, 404)),
                                homography if scene else None, sightings, hidden=hidden,
                                problems=() if scene else ("no table markers found",), mat_doubts=mat_doubts,
                                mat_notes=mat_notes)
