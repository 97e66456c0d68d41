"""The venue board: every table of a club night, read from the venue's MQTT broker (game-free)."""
