"""The card room (issue 21 part 3, docs/pvp_poker.md "Card room"): player-against-player poker
on the platform. The house takes rake, never a bet.

* :mod:`.errors` - precise refusals (seat taken, two seats, buy-in limits...).
* :mod:`.tables` - a poker table's configuration (format, stakes, buy-in range, rake, timers).
* :mod:`.accounts` - the ledger accounts: each player's table stack (escrow) and the table's pot.
* :mod:`.seats` - buy-in, seat selection, sit-out / sit-in, leaving with a cash-out.
* :mod:`.seeds` - the tables' provably fair seeds (committed, revealed on rotation).
* :mod:`.hands` - a hand's start and end in the store: players, button, ledger, record.
* :mod:`.monitor` - collusion-relevant facts of each hand.
* :mod:`.live` - one hand in play in memory: the engine, the decision timer and time bank.
* :mod:`.views` - the table state a player may see, and a hand's history as a player may see it.
* :mod:`.runner` - the asyncio runner of a table (one per table across workers).
* :mod:`.rush` - Rush & Cash pools in the store (:mod:`.rush_pools` the pool's tables and entries,
  :mod:`.rush_entries` joining and leaving, :mod:`.rush_hands` the hands' money);
  :mod:`.rush_runner` - a pool's runner (fast fold to a new hand at once; its messages
  :mod:`.rush_messages`); :mod:`.tournaments` - sit-and-go tournaments.
"""
