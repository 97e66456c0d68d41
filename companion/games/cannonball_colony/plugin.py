"""Cannonball Colony's plug-in: where each of its parts lives."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="cannonball-colony",
    title="Cannonball Colony",
    rule_prefix="CC",
    record="companion.games.cannonball_colony.record:RECORD",
    camera="companion.games.cannonball_colony.camera.live:ColonyCamera",
    photo="companion.commands.read:read_photo",
    text="companion.games.cannonball_colony.text",
    referee="companion.games.cannonball_colony.referee",
    render="companion.commands.render:render_colony",
    screens="companion.games.cannonball_colony.screens:SCREENS",
    hardware="companion.hardware.setup:COLONY_HARDWARE",
    kit="companion.kit.layout:island_board_layout",
    demo="companion.games.cannonball_colony.demo:SAMPLE_BOARD",
)
