"""Black Cannon's plug-in: where each of its parts lives (rules, text, referee, record, a computer seat, the
printed kit, renders and the photo reader; no live camera, screens or hardware yet)."""

from companion.games.plugin import GamePlugin

PLUGIN = GamePlugin(
    slug="black-cannon",
    title="Black Cannon",
    rule_prefix="BC",
    record="companion.games.black_cannon.record:RECORD",
    text="companion.games.black_cannon.text",
    referee="companion.games.black_cannon.referee",
    bot="companion.games.black_cannon.bot:BOT",
    kit="companion.games.black_cannon.kit.sheets:KIT",
    render="companion.games.black_cannon.render.command:render_black_cannon",
    photo="companion.games.black_cannon.camera.photo",
)
