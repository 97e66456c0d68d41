"""Cannons & Coastlines' plug-in: where each part lives today (step 1 of the move into this folder)."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="cannons-coastlines",
    title="Cannons & Coastlines",
    rule_prefix="CS",
    session="companion.games.cannons_coastlines.session:CoastSession",
    view="companion.games.cannons_coastlines.view:view_coast",
    live="companion.games.cannons_coastlines.camera.pipeline:CoastPipeline",
    reader="companion.games.cannons_coastlines.camera.reader",
    scoring="companion.games.cannons_coastlines.camera.score_photo:score_coast",
    render="companion.games.cannons_coastlines.render.command:render_coast",
    screens="companion.games.cannons_coastlines.screens:SCREENS",
    hardware="companion.games.cannons_coastlines.hardware.part:HARDWARE",
    kit="companion.games.cannons_coastlines.kit.sheets:KIT",
    demo="companion.games.cannons_coastlines.demo:DEMO_TABLE",
    start="companion.commands.serve:start_coast",
)
