"""Settings of player protection (``CROUPIER_PROTECTION_*`` environment variables).

* ``CROUPIER_PROTECTION_TZ`` [Europe/Kyiv]: the calendar of the limits' days, weeks (Monday
  00:00 - Sunday 23:59) and months (001 §10.1-10.2 are written for a Ukrainian operator).
* ``CROUPIER_PROTECTION_COOLING_OFF_HOURS`` [168]: ASSUMPTION: a raised (or removed) limit takes
  effect 7 days after the request; a lowered one at once.
* ``CROUPIER_KYC_REQUIRED`` [1]: withdrawals need a verified player (001 §5.2.13).

Minimum deposit limits (001 §10.1: "from 100 UAH" or its equivalent) are in
``config/protection.toml``.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, replace
from datetime import timedelta
from functools import cache
from importlib import resources
from typing import Any
from zoneinfo import ZoneInfo

from croupier.money import currency, parse_minor


@cache
def _minimums() -> dict[str, int]:
    text = resources.files("croupier.config").joinpath("protection.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return {code: parse_minor(str(v), currency(code))
            for code, v in dict(data["deposit_limit_minimum"]).items()}


@dataclass(frozen=True, slots=True)
class ProtectionSettings:
    timezone: str = "Europe/Kyiv"
    cooling_off: timedelta = timedelta(hours=168)
    kyc_required: bool = True
    #: 000 §11: complaints within 15 days of the actual end of the game
    complaint_window: timedelta = timedelta(days=15)
    #: 001 §10.3: a notice after every 60 minutes of continuous play
    reality_check_every: timedelta = timedelta(minutes=60)
    #: 001 §10.3: play is continuous while bets come at least once a minute
    continuous_gap: timedelta = timedelta(seconds=60)
    deposit_minimums: dict[str, int] = field(default_factory=dict)

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def deposit_minimum(self, cur: str) -> int:
        table = self.deposit_minimums or _minimums()
        if cur not in table:
            raise KeyError(f"no minimum deposit limit configured for {cur}")
        return table[cur]

    @classmethod
    def from_env(cls, **overrides: Any) -> ProtectionSettings:
        hours = os.environ.get("CROUPIER_PROTECTION_COOLING_OFF_HOURS")
        kyc = os.environ.get("CROUPIER_KYC_REQUIRED", "1").strip().lower()
        base = cls(
            timezone=os.environ.get("CROUPIER_PROTECTION_TZ") or "Europe/Kyiv",
            cooling_off=timedelta(hours=float(hours)) if hours else timedelta(hours=168),
            kyc_required=kyc not in ("0", "false", "no", "off"),
        )
        return replace(base, **overrides)


_current: list[ProtectionSettings] = []


def settings() -> ProtectionSettings:
    if not _current:
        _current.append(ProtectionSettings.from_env())
    return _current[0]


def configure(new: ProtectionSettings | None) -> None:
    """Replace the settings (tests); ``None`` goes back to the environment's."""
    _current.clear()
    if new is not None:
        _current.append(new)
