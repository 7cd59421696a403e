"""Property: orders sent ahead apply to the phase they name and to no other
(a phase the game skips, such as a winter nobody builds in, drops them)."""

import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from harness import HOLDS, Judge, form_game, signon
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.state import Phase
from judge.service.queries import stored_orders
from tests.strength import examples

LATER = ["F1901M", "W1901A", "S1902M", "F1902M"]
POWERS = sorted(HOLDS)


def next_phase(judge):
    game = judge.game()
    at = game["process_at"] or game["deadline"]
    return judge.tick(datetime.fromisoformat(at) + timedelta(seconds=1))


@given(
    st.dictionaries(
        st.sampled_from(POWERS),
        st.lists(st.sampled_from(LATER), min_size=1, max_size=3, unique=True),
        min_size=1,
        max_size=4,
    )
)
@settings(
    max_examples=examples(6, least=1),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
def test_pending_orders_apply_only_to_the_phase_named(targets):
    with tempfile.TemporaryDirectory() as folder:
        judge = Judge(Path(folder) / "judge.db")
        form_game(judge)
        for power in POWERS:
            blocks = "".join(
                f"PHASE {phase}\n{HOLDS[power]}\n" for phase in targets.get(power, [])
            )
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{blocks}")
        for power in POWERS:  # this phase's orders, after the blocks
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{HOLDS[power]}")
        for _ in range(3):
            out = next_phase(judge)
            phase = judge.phase()
            applied = {
                m.subject.split(" - ")[1].split()[0]
                for m in out
                if m.subject.endswith("Pending Orders")
            }
            assert applied <= {phase}
            orders = stored_orders(judge.db, "alpha")
            for power in POWERS:
                named = phase in targets.get(power, [])
                assert bool(orders.get(power)) == named, (power, phase, targets)
            left = judge.db.execute(
                "SELECT DISTINCT phase FROM svc_pending_orders"
            ).fetchall()
            assert all(Phase.parse(p) > Phase.parse(phase) for (p,) in left)
            for power in POWERS:
                judge.send(judge.seat(power), f"{signon(judge, power)}\n{HOLDS[power]}")
        assert judge.phase() == "F1902M"
