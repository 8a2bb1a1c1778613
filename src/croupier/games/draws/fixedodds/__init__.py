"""Fixed-odds bets on a ball draw: the shared machinery of Lucky 5, Lucky 7, both Lucky 6 games and
Fruitrace (000 §12.34, §12.35, §12.38, §12.45, §12.46).

Each of those games lists outcomes of one ordered draw ("the first ball will be odd", "more white
balls", "the selected 6 numbers will fall out with the 12th ball"); a bet on an outcome returns
stake × odds (000 Part D conventions). A game defines its bets as data (:class:`.bets.Bet`): the
*statistic* of the draw a bet reads (:class:`.bets.Stat`: how to measure it on a drawn sequence,
and its exact distribution) and the *prize* that value earns (a key of the variant's odds, or
nothing). The engine settles a bet by measuring the drawn balls; the exact analysis applies the
same prize rule to the statistic's exact distribution; tests compare that distribution with a
second, independent count.

* :mod:`.bets` - bets, statistics, targets;
* :mod:`.counting` - exact counts (hypergeometric, subset sums, ordered positions);
* :mod:`.variant` - the variant file (odds, limits, schedule) as a frozen dataclass;
* :mod:`.engine` - the engine (``start``/``next_draw``/``apply``/``settle``);
* :mod:`.exact` - exact RTP of every bet through the engine's prize rule;
* :mod:`.simulate` - Monte Carlo through the engine's measures;
* :mod:`.spec` - the :class:`~croupier.games.registry.GameSpec` of a game built on this.
"""
