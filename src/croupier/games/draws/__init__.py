"""The draw family: games played against a shared draw of numbered balls (000 §12.19 Keno,
§12.33 Keno Express, §12.34-12.35 Lucky 5/7, §12.38 and §12.46 Lucky 6, §12.43 Mega Ball,
§12.45 Fruitrace).

Shared pieces (see docs/draws.md, "The draw shape"):

* :mod:`.balls` - a draw of k balls from n as data (:class:`~.balls.BallDraw`) and its chance
  steps through the :mod:`croupier.games.base` ``next_draw``/``apply`` contract;
* :mod:`.hypergeom` - exact hypergeometric probabilities with :class:`~fractions.Fraction`;
* :mod:`.schedule` - when a game's draws happen (every N seconds, cut-off, draws ahead), as data;
* :mod:`.ticket` - the generic engine of a ticket game settled on one draw.

One package per game below this one (``keno/``, ``kenoexpress/``, ``megaball/``, ``lucky5/``...).
"""
