"""Black Cannon's plug-in: where each of its parts lives (rules, text, referee, record, a computer seat,
the printed kit, renders, the photo reader, the dashboard's screens, the servo cannon and LEDs, and the setup it starts from without a camera)."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="black-cannon",
    title="Black Cannon",
    rule_prefix="BC",
    record="companion.games.black_cannon.record:RECORD",
    text="companion.games.black_cannon.text",
    referee="companion.games.black_cannon.referee",
    bot="companion.games.black_cannon.bot:BOT",
    screens="companion.games.black_cannon.screens:SCREENS",
    demo="companion.games.black_cannon.demo:START_BOARD",
    hardware="companion.games.black_cannon.hardware.part:HARDWARE",
    kit="companion.games.black_cannon.kit.sheets:KIT",
    render="companion.games.black_cannon.render.command:render_black_cannon",
    photo="companion.games.black_cannon.camera.photo",
    camera="companion.games.black_cannon.camera.live:BlackCannonCamera",
)
