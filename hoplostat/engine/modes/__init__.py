"""One module per game mode; each composes the shared steps of `engine.turn`."""
