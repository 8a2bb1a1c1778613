"""Domino, player against player (000 §12.12.2: Classic, Fives, Threes, Block).

* :mod:`.variant` - the rule sets as data (``variants/pvp_domino/<name>.toml``).
* :mod:`.layout` - bones, the line of play with its spinner, open ends and their scoring.
* :mod:`.state` - the table input and the immutable match state.
* :mod:`.engine` - the match engine (deal, first step, drawing, passing, blocks, awards).
"""
