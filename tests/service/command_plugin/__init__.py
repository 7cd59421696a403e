"""A command defined outside judge/: SHOUT <words>, which answers with the
words in capitals.  Its grammar rule and its Spec are all it takes; the
judge reads its keyword from the grammar (judge.language.commands)."""

from __future__ import annotations

from judge.service.commands import Go, Spec

GRAMMAR = r"""
%extend command: shout
shout: SHOUT REST
SHOUT: /shout\b/i
"""


def do_shout(ctx, command) -> Go:
    ctx.say(command.args[0].upper() + "!")
    return Go.ON


SPEC = Spec("shout", "information", "SHOUT <words>", "Says the words louder.", do_shout)
