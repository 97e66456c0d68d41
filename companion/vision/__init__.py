"""OpenCV primitives: frame sources, markers, rectification, colour, poses, occlusion."""
