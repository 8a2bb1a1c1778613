"""Player-against-player games: the players play each other and the house takes rake.

Nothing here joins the single-player catalogue (:mod:`croupier.games.registry` finds no ``GAME``
in these packages): a player-vs-player hand has several players, no house bet and no RTP, so the
catalogue, ``croupier rtp`` and the game pages must not try to play it as a game against the
house. See docs/pvp_poker.md for how the card room will use the engines, and docs/pvp_games.md
for the two-player games with a 4% rake on the winning fund (:mod:`.fund`): :mod:`.backgammon`,
:mod:`.domino`, :mod:`.hexagon`, :mod:`.chingachung`, :mod:`.toto21`,
:mod:`.goal_penalty`, :mod:`.baron`, :mod:`.toto11`, :mod:`.belote`.
"""
