"""Wheels and game shows (000 §12.22, §12.29, §12.12.2; 000 part D §12.36, §12.44, §12.56, and the
other shows of issue 18): one shape for all of them.

* :mod:`.wheel` - a wheel (or any device) of segments and their counts, as variant data;
* :mod:`.tree` - a show's rules as a chance tree of immutable stages (:class:`~.tree.Show`), its
  exact walker (Fractions over the whole bonus tree, re-spins and stacked multipliers) and its
  vectorised simulation;
* :mod:`.engine` - the engine contract of :mod:`croupier.games.base` over any :class:`~.tree.Show`,
  so live play, replay, exact analysis and simulation run the same code;
* :mod:`.variant` - the fields every show's variant file shares.

See docs/shows.md ("The show shape").
"""
