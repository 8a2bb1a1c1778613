"""Toto 21, player against player (000 §12.11).

* :mod:`.variant` - the rule set as data (``variants/pvp_toto21/standard.toml``).
* :mod:`.state` - the table input and the immutable match state.
* :mod:`.engine` - the match engine (roles, hits, golden point, double busts, blind card).
"""
