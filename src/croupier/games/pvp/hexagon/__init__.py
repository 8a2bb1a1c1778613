"""Hexagon, an Ataxx/Hexxagon-style board game player against player (000 §12.12.8).

* :mod:`.variant` - the boards as data (``variants/pvp_hexagon/cells<N>.toml``) and their geometry.
* :mod:`.board` - legal moves (clone to a neighbour, jump two cells), captures, the end fill.
* :mod:`.state` - the table input and the immutable game state.
* :mod:`.engine` - the game engine (first move by draw, moves, the end, the fund less rake).
"""
