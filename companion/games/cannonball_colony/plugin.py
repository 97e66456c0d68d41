"""Cannonball Colony's plug-in: where each of its parts lives."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="cannonball-colony",
    title="Cannonball Colony",
    rule_prefix="CC",
    record="companion.games.cannonball_colony.record:RECORD",
    camera="companion.games.cannonball_colony.camera.live:ColonyCamera",
    photo="companion.games.cannonball_colony.camera.photo",
    text="companion.games.cannonball_colony.text",
    referee="companion.games.cannonball_colony.referee",
    render="companion.games.cannonball_colony.render.command:render_colony",
    screens="companion.games.cannonball_colony.screens:SCREENS",
    hardware="companion.games.cannonball_colony.hardware.part:HARDWARE",
    kit="companion.games.cannonball_colony.kit.printed:KIT",
    demo="companion.games.cannonball_colony.demo:SAMPLE_BOARD",
    bot="companion.games.cannonball_colony.bot:BOT",
)
