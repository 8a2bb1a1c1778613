"""Backgammon, player against player (000 §12.12.1: Short, Armenian, Long, Blitz, Pioneer, Hyper,
Nack).

* :mod:`.variant` - the rule sets as data (``variants/pvp_backgammon/<name>.toml``).
* :mod:`.movegen` - the compiled move generator: single moves, whole-turn legal moves and the
  forced-move rules.
* :mod:`.board` - the generator as Python values for the engine (positions, steps, single moves).
* :mod:`.playout` - random legal games in compiled code (the benchmark, the tests).
* :mod:`.state` - the table input and the immutable match state.
* :mod:`.engine` - the match engine (opening roll, cube, Crawford, Mars/Koks, the fund's rake).
"""
