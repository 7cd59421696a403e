import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from served import played_game, serve  # noqa: E402

from judge.web.limits import RateLimit  # noqa: E402


@pytest.fixture(scope="package")
def site(tmp_path_factory):
    """One standard game played by mail to 1902 (random orders, press,
    civil disorder, an observer), its pages served on a loopback port."""
    judge, game = played_game(tmp_path_factory.mktemp("web") / "judge.db", 1, 1902)
    served = serve(judge, limit=RateLimit(burst=100_000))  # many tests, one client
    served.game = game
    yield served
    served.stop()
