"""The Colony's plug-in: where each of its parts lives."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="the-colony",
    title="The Colony",
    rule_prefix="TC",
    record="companion.games.the_colony.record:RECORD",
    text="companion.games.the_colony.text",
    referee="companion.games.the_colony.referee",
    screens="companion.games.the_colony.screens:SCREENS",
    demo="companion.games.the_colony.demo:START_BOARD",
    hardware="companion.games.the_colony.hardware.part:HARDWARE",
    bot="companion.games.the_colony.bot:BOT",
    camera="companion.games.the_colony.camera.live:TheColonyCamera",
    photo="companion.games.the_colony.camera.photo",
    render="companion.games.the_colony.render.command:render_the_colony",
    kit="companion.games.the_colony.kit.printed:KIT",
)
