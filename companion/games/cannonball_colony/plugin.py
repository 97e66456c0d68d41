"""Cannonball Colony's plug-in: where each part lives today (step 1 of the move into this folder)."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="cannonball-colony",
    title="Cannonball Colony",
    rule_prefix="CC",
    session="companion.session:GameSession",
    view="companion.games.cannonball_colony.view:view_state",
    live="companion.live:LivePipeline",
    reader="companion.games.cannonball_colony.camera.reader",
    photo="companion.games.cannonball_colony.camera.photo",
    text="companion.games.cannonball_colony.text",
    referee="companion.games.cannonball_colony.referee",
    render="companion.games.cannonball_colony.render.command:render_colony",
    screens="companion.games.cannonball_colony.screens:SCREENS",
    hardware="companion.games.cannonball_colony.hardware.part:HARDWARE",
    kit="companion.games.cannonball_colony.kit.printed:KIT",
    demo="companion.dashboard:SAMPLE_BOARD",
    start="companion.commands.serve:start_colony",
    clip="companion.commands.serve:bundled_clip",
)
