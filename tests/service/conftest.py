import sys
from pathlib import Path

import pytest
import sqlite_utils

from judge.config import JudgeSettings
from judge.service.handler import GameService

sys.path.insert(0, str(Path(__file__).parent))


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False)


@pytest.fixture
def update_golden(request):
    return request.config.getoption("--update-golden")


@pytest.fixture
def world(tmp_path):
    db = sqlite_utils.Database(tmp_path / "judge.db")
    service = GameService(JudgeSettings())
    service.setup(db)
    return db, service
