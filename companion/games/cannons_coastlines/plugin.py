"""Cannons & Coastlines' plug-in: where each part lives today (step 1 of the move into this folder)."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="cannons-coastlines",
    title="Cannons & Coastlines",
    rule_prefix="CS",
    session="companion.dashboard.coast.session:CoastSession",
    view="companion.dashboard.coast.view:view_coast",
    live="companion.dashboard.coast.pipeline:CoastPipeline",
    reader="companion.games.cannons_coastlines.reader",
    scoring="companion.commands.score:score_coast",
    render="companion.commands.render:render_coast",
    screens="companion.dashboard.screens:COAST_SCREENS",
    hardware="companion.commands.serve_hardware:COAST_HARDWARE",
    kit="companion.kit.coast_sheets:coast_layouts",
    demo="companion.dashboard.coast:DEMO_TABLE",
    start="companion.commands.serve:start_coast",
)
