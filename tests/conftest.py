from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=40, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Test helper modules are importable both as ``tests.x`` (tests is a package) and as bare ``x``.
sys.path.insert(0, str(Path(__file__).resolve().parent))


def pytest_configure(config: pytest.Config) -> None:
    """Compile the kernels play reaches once, in the main process before any worker starts: the
    workers and every server a test starts then load them from numba's disk cache instead of
    compiling them side by side under load (platform/warm.py)."""
    if hasattr(config, "workerinput") or config.option.collectonly:
        return
    from croupier.platform.warm import warm_compiled

    warm_compiled()


@pytest.fixture(autouse=True)
def _platform_tests_withdraw_without_verification(request: pytest.FixtureRequest) -> Iterator[None]:
    """protection (issue 7): withdrawals need a verified player (001 §5.2.13). The platform's own
    tests (``test_platform_*``) exercise the wallet without a verification step, so they run with
    that one rule off; every other test (``tests/test_protection_*`` among them) runs with it on."""
    name = request.module.__name__.rsplit(".", 1)[-1]
    if not name.startswith("test_platform_"):
        yield
        return
    from croupier.platform.protection.config import ProtectionSettings, configure

    configure(ProtectionSettings.from_env(kyc_required=False))
    yield
    configure(None)
