"""Shared machinery of the dice games that roll once and settle fixed-odds positions (Sic Bo,
Super and Mega Sic Bo, Lightning Dice, Dice Duel): a rule set names the positions and what each
pays on the dice; :mod:`.engine` takes the bets, the optional *strike* step (random multipliers on
random positions, drawn before the roll) and the dice; :mod:`.exact` prices every position through
the engine; :mod:`.simulate` counts rolls in compiled code and reads every return off the engine.

This package is a helper: it registers no game itself.
"""
