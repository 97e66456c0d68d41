"""The rendering engine: webcam-like views of a tabletop, drawn from a scene. Game-free: a game's
own `render/` package composes its pieces into a scene and calls this engine."""
