"""Cannons & Coastlines' plug-in: where each of its parts lives."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="cannons-coastlines",
    title="Cannons & Coastlines",
    rule_prefix="CS",
    record="companion.games.cannons_coastlines.record:RECORD",
    camera="companion.games.cannons_coastlines.camera.live:CoastCamera",
    scoring="companion.games.cannons_coastlines.camera.score_photo:score_coast",
    render="companion.games.cannons_coastlines.render.command:render_coast",
    screens="companion.games.cannons_coastlines.screens:SCREENS",
    hardware="companion.games.cannons_coastlines.hardware.part:HARDWARE",
    kit="companion.games.cannons_coastlines.kit.sheets:KIT",
    demo="companion.games.cannons_coastlines.demo:DEMO_TABLE",
)
