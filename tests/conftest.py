"""Fixtures every kind of test may use."""

from __future__ import annotations

import logging

import pytest


@pytest.fixture
def told(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """Every log record of the test, from INFO up, whatever its logger."""
    caplog.set_level(logging.INFO)
    return caplog
