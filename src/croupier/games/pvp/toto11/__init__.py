"""Toto11, a two-player capture card game player against player (000 §12.12.4).

* :mod:`.variant` - the rule set as data (``variants/pvp_toto11/standard.toml``).
* :mod:`.state` - the table input and the immutable match state.
* :mod:`.engine` - the match engine (captures making 11, J/Q/K, Soor, the round's points).
"""
