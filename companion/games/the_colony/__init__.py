"""The Colony: two players sow eggs around 19 logs, relay, collect, and guard spaces with ants."""
