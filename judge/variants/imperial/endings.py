"""IMP-14(e): the players may end the game by agreement.  Each current
player proposes an ending as free text (SET END); when every one of them
has proposed the same text, compared without regard to case or runs of
spaces, and they are more than one (as a draw: not one player alone), the
game ends with that text as its result.  The service keeps the proposals
and asks this rule (judge.variants.base.AgreedEndings)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class ImperialEndings:
    max_length = 200  # characters of an ending

    def normal(self, text: str) -> str:
        """The form endings are compared in: spaces collapsed, case folded."""
        return " ".join(text.split()).casefold()

    def agreed(self, proposals: Mapping[int, str], voters: Iterable[int]) -> str | None:
        """The ending every voter proposed (as first written), or None."""
        voters = list(voters)
        if len(voters) < 2 or any(v not in proposals for v in voters):
            return None
        endings = {self.normal(proposals[v]) for v in voters}
        return proposals[voters[0]] if len(endings) == 1 else None

    def result(self, ending: str) -> str:
        """The game's result once the players agreed."""
        return f"The players have agreed to end the game: {ending}"
