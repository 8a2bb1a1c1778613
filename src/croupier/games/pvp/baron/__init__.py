"""Baron, a two-player trick-taking game player against player (000 §12.12.5).

* :mod:`.variant` - the rule set as data (``variants/pvp_baron/standard.toml``).
* :mod:`.state` - the table input and the immutable match state.
* :mod:`.engine` - the match engine (roles, trump, following rules, tricks, round points).
"""
