"""Virtual sports and races (000 §12.42, §12.50, §12.58–§12.61): events whose outcome a model
generates from the event's committed randomness, priced from that model's exact probabilities
with the operator's margin (docs/virtual.md)."""

from croupier.games.virtual.catalogue import games
from croupier.games.virtual.football.sport import SPORT as FOOTBALL
from croupier.games.virtual.race.sport import SPORT as RACE
from croupier.games.virtual.tabletennis.sport import SPORT as TABLE_TENNIS
from croupier.games.virtual.tennis.sport import SPORT as TENNIS

#: the catalogue entries: each game's variants are ``variants/<game>/*.toml``
GAMES = games(
    ("horse_racing", "Horse Racing", RACE),
    ("greyhounds", "Greyhounds", RACE),
    ("racing", "Virtual Racing", RACE),
    ("football", "Virtual Football", FOOTBALL),
    ("tennis", "Virtual Tennis", TENNIS),
    ("table_tennis", "Virtual Table Tennis", TABLE_TENNIS),
)
