"""Two-player match tables on the platform (issue 22 part 2, docs/pvp_matches.md): any
:class:`~croupier.games.pvp.match.FundMatchEngine` game is played here - tables, the creator's
acceptance, escrowed stakes, server-side clocks, the 4% rake, Lucky Spin, computer opponents on
demo tables, and matches resumed after a restart by replaying their recorded actions."""
