"""Goal Penalty, player against player (000 §12.12.6).

* :mod:`.variant` - the rule set as data (``variants/pvp_goal_penalty/standard.toml``).
* :mod:`.state` - the table input and the immutable match state.
* :mod:`.engine` - the match engine (hidden shot, guard, early stop, sudden death).
"""
