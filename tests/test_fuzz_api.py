"""Issue 13 point 3: the whole API fuzzed from its own OpenAPI document with Schemathesis
(property-based: Hypothesis generates valid and invalid requests for every operation).

For every operation: no 5xx, the status code, content type, headers and body are what the
document declares. After the run the ledger audit holds (every transfer balanced, every balance
the sum of its transfers) and the monitoring record's chain is intact. The run is bounded
(:data:`EXAMPLES` requests per operation) so it takes a couple of minutes; it runs in
``make test`` like every test (marked ``fuzz`` to select or skip it by hand).

The requests carry a logged-in player's token (with money on the account) and, on the
back-office routes, an operator's; a logout gets a token of its own so the others stay valid.
"""

from __future__ import annotations

import tempfile
from datetime import date
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from croupier.api.app import create_app
from croupier.platform.protection import audit, roles
from croupier.platform.service import Platform
from tests.platform_fixtures import make_settings

pytestmark = pytest.mark.fuzz

#: generated requests per operation (bounded: the whole run stays within a couple of minutes)
EXAMPLES = 12

_DIR = Path(tempfile.mkdtemp(prefix="croupier-fuzz-"))
SETTINGS = make_settings(f"sqlite:///{_DIR / 'fuzz.sqlite3'}", deposit_confirm_seconds=0.0)
PLATFORM = Platform(SETTINGS)
PLATFORM.migrate()


def _player(login: str, operator: bool = False) -> str:
    PLATFORM.register(login, "password123", date(1980, 1, 1), f"DOC{login.upper()}", "EUR")
    if operator:
        PLATFORM.run(lambda s: roles.grant(s, login, PLATFORM.clock()))
    return str(PLATFORM.login(login, "password123")["token"])


PLAYER = _player("fuzzer")
OPERATOR = _player("fuzzop", operator=True)
_player_row = PLATFORM.authenticate(PLAYER)
PLATFORM.run(lambda s: PLATFORM.deposit_in(s, _player_row, "500.00"))
PLATFORM.confirm_due_deposits()
APP = create_app(SETTINGS, platform=PLATFORM)
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
STATUSES: list[int] = []
CHECKS = [status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance]


def _token_for(path: str, method: str) -> str:
    if path.startswith("/api/backoffice"):
        return OPERATOR
    if path == "/api/sessions/current" and method.upper() == "DELETE":
        return str(PLATFORM.login("fuzzer", "password123")["token"])  # logout: its own session
    return PLAYER


@SCHEMA.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_issue_13_3_every_operation_answers_as_its_contract_says(case: Any) -> None:
    case.headers = case.headers or {}
    case.headers.setdefault("Authorization", f"Bearer {_token_for(case.path, case.method)}")
    response = case.call()
    STATUSES.append(response.status_code)
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:500]}"
    case.validate_response(response, checks=CHECKS)


def test_issue_13_3_the_ledger_and_the_monitoring_record_hold_after_the_fuzz_run() -> None:
    """Run after the fuzzing above (pytest keeps a module's order)."""
    result = PLATFORM.audit()
    assert result.total == 0 and not result.mismatched and not result.negative_players, result
    assert sum(1 for s in STATUSES if 200 <= s < 300) >= 20, STATUSES  # the fuzz got past the gates
    assert PLATFORM.read(audit.verify_session).ok
