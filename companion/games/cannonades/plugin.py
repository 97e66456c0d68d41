"""Cannonades' plug-in: the pure game (rules, per-seat views, referee over a JSON state, a computer seat), its
Table screen, and the camera part that referees a table of physical cards (and the clip it plays with no camera)."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="cannonades",
    title="Cannonades",
    rule_prefix="CN",
    record="companion.games.cannonades.record:RECORD",
    text="companion.games.cannonades.text",
    referee="companion.games.cannonades.referee",
    bot="companion.games.cannonades.bot:BOT",
    screens="companion.games.cannonades.screens:SCREENS",
    demo="companion.games.cannonades.demo:DEMO_SETUP",
    kit="companion.games.cannonades.kit.sheets:KIT",
    render="companion.games.cannonades.render.command:render_cannonades",
    photo="companion.games.cannonades.camera.photo",
    camera="companion.games.cannonades.camera.live:CardsCamera",
)
