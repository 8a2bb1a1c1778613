"""Issue 16: a decision game's table (blackjack, Unlimited Blackjack, Casino Hold'em: 004 §2,
§4, §5) runs live only; an RNG one is refused when it is configured, with a precise error,
instead of breaking the table runner (platform/config.py)."""

from __future__ import annotations

import pytest

from croupier.platform.config import (
    DEFAULT_TABLES,
    InvalidTableConfig,
    TableConfig,
    live_tables,
)


@pytest.mark.parametrize(("game", "variant"), [("blackjack", "live_004"),
                                               ("blackjack", "unlimited_004"),
                                               ("casino_holdem", "live")])
def test_004_2_an_rng_decision_table_is_refused_at_configuration(game: str, variant: str) -> None:
    with pytest.raises(InvalidTableConfig, match=f"a {game} table runs live only") as info:
        TableConfig("bj-rng", "RNG table", game, variant, "EUR")
    assert info.value.code == "invalid_table_config"
    live = TableConfig("bj-live", "Live table", game, variant, "EUR", "live")
    assert live.source == "live"


def test_a_table_source_is_rng_or_live() -> None:
    with pytest.raises(InvalidTableConfig, match="source is one of rng, live"):
        TableConfig("r", "Roulette", "roulette", "european", "EUR", "video")
    assert TableConfig("r", "Roulette", "roulette", "european", "EUR").source == "rng"


def test_the_live_only_blackjack_table_is_added_live() -> None:
    tables = live_tables(DEFAULT_TABLES, "blackjack-eur,european-eur")
    by_id = {t.id: t for t in tables}
    assert by_id["blackjack-eur"].source == "live" and by_id["european-eur"].source == "live"
    assert "blackjack-eur" not in {t.id for t in live_tables(DEFAULT_TABLES, None)}
