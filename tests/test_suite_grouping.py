"""make test keeps each ``xdist_group`` on one worker (``--dist loadgroup``): the test modules
with compiled kernels compile them once, the Ray module sets its cluster up once. pytest 9.2 broke
the grouping without a word (pytest-dev/pytest-xdist#1386; pyproject pins pytest < 9.2): this
test fails if a group's tests lose their group again."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.xdist_group("suite_grouping_check")


def test_make_test_keeps_an_xdist_group_on_one_worker(request: pytest.FixtureRequest) -> None:
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("checks make test's pytest-xdist run (--dist loadgroup); this run has no workers")
    assert request.node.nodeid.endswith("@suite_grouping_check"), request.node.nodeid
