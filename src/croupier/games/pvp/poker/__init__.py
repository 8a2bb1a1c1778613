"""Poker, player against player (000 §12.12.3; 5 Card Stud 000 §12.9).

* :mod:`.variant` - the rule sets as data (``variants/pvp_<game>/<limit>.toml``).
* :mod:`.evaluate` - hand values: Hold'em, Omaha (exactly two hole cards), Short Deck, Stud.
* :mod:`.core` - the rules of a hand, compiled: blinds, streets, limits, side pots, rake, showdown.
* :mod:`.pots` - side pots, splits and the odd-chip rule (the core's, from Python).
* :mod:`.state` - the table input, the immutable hand state, results, the deal codec.
* :mod:`.engine` - the multi-player hand engine on the engine contract, over the core.
* :mod:`.rake` - the house's rake as pure integer maths.
* :mod:`.bots` - rule-based players that only choose legal actions.
* :mod:`.autoplay` - the bots' habits compiled, playing hands through the core's own steps.
"""
