"""Shared machinery of the card games dealt from a shoe (baccarat and the card-comparison games).

* :mod:`.composition`: a shoe as a multiset of card codes, and the draw convention every card game
  of this family uses: a ``card`` draw's value is the index of the card in the **sorted remaining
  composition**. An RNG feeds ``randbelow(remaining)`` (a uniformly random remaining card, the same
  law as dealing a freshly shuffled shoe), a pre-shuffled table shoe feeds the index of its next card
  (:func:`.composition.Composition.index_of`), a live scanner the index of the scanned card. The
  engine cannot tell them apart.
* :mod:`.dealt`: a generic engine, variant, exact tree walk and simulation for games that deal a
  few cards and settle fixed-odds bets on them (Dragon Tiger, Football Studio, 32 Cards...).

This package is a helper: it registers no game itself.
"""
