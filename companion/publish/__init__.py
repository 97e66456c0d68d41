"""Publishing a table to an MQTT broker for a venue board: game-free, fed by the session's
committed events (docs/formats.md, "Venue topics")."""
