"""Belote, player against player (000 §12.12: Classic Belote and Open Belote).

* :mod:`.variant` - the two rule sets as data (``variants/pvp_belote/<name>.toml``).
* :mod:`.cards` - the deck, card points, trick order, the play obligations and the trick winner.
* :mod:`.combos` - combinations (Belote-Rebelote, tierce, "50", "100", "4 cards") and their order.
* :mod:`.scoring` - a hand's result: the contract made or failed, game points, wins, capot.
* :mod:`.state` - the table (:class:`~.state.TableSetup`), the match state and its settlement.
* :mod:`.engine` - the match engine (deal, trump choice, Contra, Change card, Double stake, play).
* :mod:`.bot` - a simple computer opponent (tests, demos, load; never against real players).
"""
