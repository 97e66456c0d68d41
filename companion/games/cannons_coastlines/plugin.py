"""Cannons & Coastlines' plug-in: where each of its parts lives."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="cannons-coastlines",
    title="Cannons & Coastlines",
    rule_prefix="CS",
    record="companion.games.cannons_coastlines.record:RECORD",
    camera="companion.games.cannons_coastlines.camera.live:CoastCamera",
    scoring="companion.commands.score:score_coast",
    render="companion.commands.render:render_coast",
    screens="companion.games.cannons_coastlines.screens:SCREENS",
    hardware="companion.hardware.setup:COAST_HARDWARE",
    kit="companion.games.cannons_coastlines.kit.sheets:coast_layouts",
    demo="companion.games.cannons_coastlines.demo:DEMO_TABLE",
)
