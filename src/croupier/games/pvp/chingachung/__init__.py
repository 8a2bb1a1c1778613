"""Chingachung, rock-paper-scissors player against player (000 §12.12.7).

* :mod:`.variant` - the rule set as data (``variants/pvp_chingachung/standard.toml``).
* :mod:`.state` - the table input and the immutable match state.
* :mod:`.engine` - the match engine (hidden first step, scoring to the target, time-outs).
"""
