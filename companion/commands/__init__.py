"""One module per `companion` subcommand; each registers its own parser.

Registration modules stay light: heavy libraries (OpenCV, numpy, Flask) are imported inside
the command's run function, so `companion referee` on a text board starts fast.
"""
