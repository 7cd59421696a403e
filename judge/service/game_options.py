"""njudge's game settings, the SET options of its `data/index` (press, play,
listing and rules), as one table: how each is written, the stored key and
value it sets, who may set it, and what the change means in words.

The values live in svc_games.settings (JSON, only what differs from the
defaults); the press colour stays in svc_games.press and NMR in
svc_games.nmr.  Rules options reach the engine as values through
`Game.rules` (judge.service.queries.rule_values); nothing here names a
variant."""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field

DEFAULTS: dict[str, object] = {
    # press (data/press): partial press allowed, nothing faked
    "partial": True,
    "fake": "no",  # no, may (PARTIAL MAY BE FAKED), default, always
    "observer": "any",  # any, white, none
    "postal": False,
    "minor_press": True,
    "blank_press": False,
    "touch_press": False,
    "late_press": True,
    "grace_press": True,
    "must_order": False,
    "watch_all_press": False,
    "all_press": [],  # member ids of masters/observers who asked SET ALL PRESS
    # play
    "quiet": False,
    "late_count": False,
    "strict_grace": False,
    "strict_wait": False,
    "manual_process": False,
    "manual_start": False,
    "moderated": True,
    # listing and access
    "list": True,
    "access": "any",
    "level": "any",
    "allow": [],
    "deny": [],
    "approval": False,
    "unapproved": [],  # powers whose moves wait for the master's SET APPROVE
    "rated": True,
    "show": True,
    "reveal": True,
    "secret": False,
    "comment": "",
    "ep_number": "",
    "bn_number": "",
    "full_comment": "",
    "resume": True,
    "proxy": False,
    # rules
    "centres": 0,  # 0: the map's number
    "dias": True,
    "concessions": True,
    "strict_convoy": False,
    "coastal_convoys": False,
    "build_sites": "home",
    "any_disband": False,
    "auto_disband": False,
    "movement_disband": False,
    "blank_board": False,
    "home_transfer": False,
    "allied_win": False,
    # map features (INERT_FEATURES): kept, no effect on any map here
    "railways": False,
    "gateways": False,
    "duality": False,
    "hong_kong": False,
    "bcentres": False,
    # set by the judge, never by SET: a rule changed after the start
    "irregular": False,
}

# njudge's rules flags whose change after the start marks the game
# irregular (ml_set.c: CheckAndToggleFlag with CATF_NOSTART, then
# CheckNotStarted; data/index's "bgs"): it counts for no records.
# home_transfer and allied_win: the keys those rules options are stored under.
IRREGULAR_KEYS = frozenset({
    "minor_press", "touch_press", "strict_convoy", "coastal_convoys",
    "build_sites", "any_disband", "auto_disband", "movement_disband",
    "blank_board", "railways", "gateways", "duality", "hong_kong", "bcentres",
    "home_transfer", "allied_win",
})  # fmt: skip

PRESS_COLOURS = {
    "white": "White",
    "grey": "Grey",
    "white/grey": "White/Grey",
    "grey/white": "Grey/White",
    "none": "None",
}
ACCESS = ("any", "same", "different")
LEVELS = ("any", "novice", "amateur", "intermediate", "advanced", "expert")
# Map features njudge sets as flags on any map (ml_set.c): they act only
# where a map is coded with the feature, and no map here has one, so the
# flag is kept and changes nothing (the reply says so).  What each lacks:
INERT_FEATURES = {
    "railways": "railways",
    "gateways": "gateways",
    "duality": "provinces of dual land and water behaviour",
    "hong_kong": "Hong Kong centres",
    "bcentres": "",  # a blind game's option: this judge has no blind games
}
# Map and rules features that would change the game on any map: refused
# (their NO form is the default and is answered as such).
UNFOLLOWED_FEATURES = {
    "SUMMER": "summer turns",
    "TRANSFORM": "unit transformations",
    "TRAFO": "unit transformations",
    "PORTAGE": "armies that convoy fleets (portage)",
}
# Options of njudge's this judge has no use for, whatever the map: refused
# by name (their NO form is the rule here already).  AUTO CREATE is marked
# unfinished in njudge's own index; MACH2 is a Machiavelli rule.
NOT_OFFERED = {
    "AUTOCREATE": "re-creating a game when it ends (AUTO CREATE): CREATE a new one",
    "MACH2": "Machiavelli's rules (MACH2): no variant here is Machiavelli",
    "MACHIAVELLI2": "Machiavelli's rules (MACH2): no variant here is Machiavelli",
    "MACH-2": "Machiavelli's rules (MACH2): no variant here is Machiavelli",
    "MACHIAVELLI-2": "Machiavelli's rules (MACH2): no variant here is Machiavelli",
}
# njudge accepts SET ATTACK TRANSFORM only once move transformations are on.
NEEDS_TRANSFORM = ("ATTACKTRANSFORM", "ATTACKTRANSFORMS")


@dataclass(frozen=True)
class Option:
    """One setting: `key` takes `value` (a callable reads the words after
    it); `negated` is its value after NO/UN (None: NO is not accepted).
    `who`: "master" (njudge's mod: the master, or anyone in an unmoderated
    game), "player" (anyone signed on) or "watcher" (masters, observers)."""

    key: str
    value: object
    negated: object = None
    who: str = "master"
    before_start: bool = False  # only before the game starts
    says: str = ""  # the change in words ("{v}": the value)
    reader: Callable[[str], object] | None = field(default=None, compare=False)
    inert: bool = False  # a map feature no map here has (INERT_FEATURES)


def _number(low: int, high: int):
    def read(text: str) -> int:
        if not re.fullmatch(r"\d{1,3}", text.strip()):
            raise ValueError(f"a number from {low} to {high}")
        value = int(text)
        if not low <= value <= high:
            raise ValueError(f"a number from {low} to {high}")
        return value

    return read


def _choice(words: tuple[str, ...]):
    def read(text: str) -> str:
        word = text.strip().lower().removesuffix("-site").removesuffix("site")
        word = word.removesuffix("press").strip()
        if word == "no":
            word = "none"
        if word not in words:
            raise ValueError("one of " + ", ".join(w.upper() for w in words))
        return word

    return read


def _text(limit: int):
    def read(text: str) -> str:
        text = " ".join(text.split())
        if len(text) > limit:
            raise ValueError(f"at most {limit} characters")
        return text

    return read


def _address(text: str) -> str:
    address = text.strip().strip("<>").lower()
    if not re.fullmatch(r"-?[^@\s]+@[^@\s]+", address) or len(address) > 200:
        raise ValueError("an address (user@host), '-' before it to take it off")
    return address


def _letters(text: str) -> str:
    letters = re.sub(r"\s+", "", text).upper()
    if not re.fullmatch(r"[A-Z]{1,30}", letters):
        raise ValueError("power letters, e.g. AF")
    return letters


def _on(key: str, says_on: str, says_off: str, **kw) -> Option:
    return Option(key, True, False, says=f"{says_on}|{says_off}", **kw)


OPTIONS: dict[str, Option] = {}


def _add(phrases: str, option: Option) -> None:
    for phrase in phrases.split():
        OPTIONS[phrase] = option


# -- press --------------------------------------------------------------------------
for _phrase, _colour in (
    ("WHITE NOGREY NOGRAY", "white"),
    ("GREY GRAY NOWHITE", "grey"),
    ("WHITE/GREY WHITE/GRAY", "white/grey"),
    ("GREY/WHITE GRAY/WHITE", "grey/white"),
):
    _add(
        " ".join(p + s for p in _phrase.split() for s in ("", "PRESS")),
        Option("press", _colour, says="Press is now {v}."),
    )
_add("NOPRESS NONE PRESSNONE", Option("press", "none", says="Press is now {v}."))
_add(
    "PARTIAL PARTIALPRESS",
    _on("partial", "Partial press (to some players) is allowed.",
        "Only broadcasts (and press to the master) may be sent."),
)  # fmt: skip
_add(
    "PARTIALMAY PARTIALMAYBE PARTIALMAYBEFAKED",
    Option("fake", "may", says="Partial press may be faked."),
)
_add(
    "PARTIALBYDEFAULT PARTIALFAKESBYDEFAULT PARTIALFAKESBROADCASTBYDEFAULT",
    Option("fake", "default",
           says="Partial press appears as a broadcast unless NO FAKE is given."),
)  # fmt: skip
_add(
    "PARTIALFAKES PARTIALFAKESBROADCAST",
    Option("fake", "always", says="All press appears as a broadcast to everyone."),
)
_add("FAKE FAKEBROADCAST", Option("fake", "may", "no",
     says="Partial press may be faked.|Press may not be faked."))  # fmt: skip
OPTIONS["NOFAKE"] = OPTIONS["NOFAKEBROADCAST"] = Option(
    "fake", "no", says="Press may not be faked."
)
_add(
    "OBSERVER OBSERVERS",
    Option("observer", None, says="Observers' press: {v}.",
           reader=_choice(("any", "white", "none"))),
)  # fmt: skip
_add(
    "POSTALPRESS POSTAL",
    _on("postal", "POSTALPRESS is allowed: it is mailed after the phase.",
        "No postal press."),
)  # fmt: skip
_add(
    "MINORPRESS",
    _on("minor_press", "Press may be sent in retreat and adjustment phases.",
        "No press in retreat and adjustment phases."),
)  # fmt: skip
_add(
    "BLANKPRESS",
    _on("blank_press", "Press with no text may be sent.",
        "Press with no text is refused."),
)  # fmt: skip
_add(
    "TOUCHPRESS",
    _on("touch_press", "Press only to powers whose units touch yours, one"
        " broadcast a phase.", "Press to any power."),
)  # fmt: skip
_add(
    "LATEPRESS",
    _on("late_press", "Late players may send press.",
        "Late players may send press to the master only."),
)  # fmt: skip
_add(
    "GRACEPRESS",
    _on("grace_press", "Press is allowed while anyone is late.",
        "No press (but to the master) while anyone is late."),
)  # fmt: skip
_add(
    "MUSTORDER",
    _on("must_order", "Players must send complete orders before press.",
        "Players need not send orders before press."),
)  # fmt: skip
_add(
    "WATCHALLPRESS WATCHALL",
    _on("watch_all_press", "Observers may ask for copies of all partial press"
        " (SET ALL PRESS).", "Observers see no partial press."),
)  # fmt: skip
_add("ALLPRESS", Option("all_press", True, who="watcher",
     says="You will receive a copy of all partial press."))  # fmt: skip
_add("NORMALPRESS", Option("all_press", False, who="watcher",
     says="You will receive the press sent to you only."))  # fmt: skip
_add(
    "BROADCAST BROADCASTPRESS NORMALBROADCAST NORMALBROADCASTPRESS",
    Option("no_broadcast", False, True, who="watcher",
           says="You will receive broadcasts.|You will receive no broadcasts."),
)  # fmt: skip

# -- play ---------------------------------------------------------------------------
_add("QUIET", _on("quiet", "Abandonments and takeovers are not announced.",
                  "Abandonments and takeovers are announced."))  # fmt: skip
_add("LATECOUNT", _on("late_count", "Late notices count each player's lateness.",
                      "Late notices do not count lateness."))  # fmt: skip
_add("STRICTGRACE", _on("strict_grace", "Grace ends exactly its hours after the"
     " deadline.", "Grace ends on a processing day."))  # fmt: skip
_add("STRICTWAIT", _on("strict_wait", "Only players who owe orders may SET WAIT.",
                       "Any active player may SET WAIT."))  # fmt: skip
_add("MANUALPROCESS MANUALPROC", _on("manual_process", "Phases are processed only"
     " by the master's PROCESS.", "Phases are processed automatically."))  # fmt: skip
_add("AUTOPROCESS AUTOPROC", Option("manual_process", False,
     says="Phases are processed automatically."))  # fmt: skip
_add("MANUALSTART", _on("manual_start", "The game starts only when the master"
     " allows it.", "The game starts when it is full.", before_start=True))  # fmt: skip
_add("AUTOSTART", Option("manual_start", False, before_start=True,
     says="The game starts when it is full."))  # fmt: skip
# NO AUTO PROCESS / NO AUTO START: MANUAL's (read_option takes NO only from
# options with a `negated` value, so they are phrases of their own)
_add("NOAUTOPROCESS NOAUTOPROC", Option("manual_process", True,
     says="Phases are processed only by the master's PROCESS."))  # fmt: skip
_add("NOAUTOSTART", Option("manual_start", True, before_start=True,
     says="The game starts only when the master allows it."))  # fmt: skip

# -- listing and access -------------------------------------------------------------
UNLISTED = "The game is not listed; only who knows it sees it."
_add("LIST PUBLIC", _on("list", "The game is listed by LIST.", UNLISTED))
_add("PRIVATE UNLIST", Option("list", False, says=UNLISTED))
_add("ACCESS", Option("access", None, says="Who may sign on (by site): {v}.",
                      reader=_choice(ACCESS)))  # fmt: skip
_add("LEVEL", Option("level", None, says="Players of level {v} may sign on.",
                     reader=_choice(LEVELS)))  # fmt: skip
_add("ALLOWPLAYER ALLOW", Option("allow", None, reader=_address,
                                 says="Allowed to sign on: {v}."))  # fmt: skip
_add("DENYPLAYER DENY", Option("deny", None, reader=_address,
                               says="Not allowed to sign on: {v}."))  # fmt: skip
_add("APPROVAL", _on("approval", "The master approves each new player.",
                     "New players need no approval."))  # fmt: skip
_add("APPROVE APPROVED", Option("unapproved", None, "", reader=_letters,
     says="Approval changed: {v}."))  # fmt: skip
_add("RATED", _on("rated", "The game is rated.", "The game is unrated."))
_add("SHOW", _on("show", "Changes to the settings show who made them.",
                 "Changes to the settings are made by someone@somewhere."))  # fmt: skip
_add("REVEAL", _on("reveal", "The players are revealed when the game ends.",
                   "The players are not revealed when the game ends."))  # fmt: skip
_add("SECRET", _on("secret", "The game is secret: how many play, who is late and"
     " who comes and goes are kept from the players.",
     "The game is not secret."))  # fmt: skip
_add("COMMENT", Option("comment", None, "", reader=_text(60),
                       says="Comment: {v}"))  # fmt: skip
_add("COMMENTBEGIN", Option("full_comment", None, says="The full comment is set."))
# njudge's EP and Boardman/Miller numbers (ml_set.c): text shown in LIST,
# an empty value clears it
_add("EP EPNUM EPNUMBER", Option("ep_number", None, reader=_text(20),
     says="EP number: {v}."))  # fmt: skip
_add(
    " ".join(f"{w}{n}" for w in ("BN", "BNC", "MN", "MNC")
             for n in ("", "NUM", "NUMBER")),
    Option("bn_number", None, reader=_text(20), says="Boardman/Miller number: {v}."),
)  # fmt: skip
_add("RESUME", _on("resume", "Any player may RESUME the game.",
                   "Only the master may RESUME the game."))  # fmt: skip
_add("PROXY", _on("proxy", "Proxy orders are allowed: a power may hand a unit's"
     " order for the phase to another (A Par PROXY Germany).",
     "No proxy orders."))  # fmt: skip

# -- rules --------------------------------------------------------------------------
_add("CENTERS CENTRES CENTER CENTRE", Option("centres", None, reader=_number(1, 999),
     says="{v} centres win the game."))  # fmt: skip
_add("DIAS", _on("dias", "A draw includes all survivors (DIAS).",
                 "Draws may exclude survivors (SET DRAW <powers>)."))  # fmt: skip
_add("CONCESSIONS CONCESSION", _on("concessions", "Concessions are allowed.",
     "Concessions are not allowed."))  # fmt: skip
_add("STRICTCONVOY STRICTCONVOYS", _on("strict_convoy", "Only plausible convoys are"
     " taken: none of an army in, or to, a landlocked province.",
     "Any convoy order is taken, plausible or not."))  # fmt: skip
_add("COASTALCONVOY COASTALCONVOYS", _on("coastal_convoys", "Fleets on coasts may"
     " convoy.", "Only fleets at sea convoy."))  # fmt: skip
for _phrase, _where, _says in (
    ("ANY", "any", "Builds may go in any centre a power owns."),
    ("HOME", "home", "Builds go in home centres only."),
    ("ONE", "one", "Builds may go in any owned centre while one home centre is"
     " owned."),
):  # fmt: skip
    _add(
        " ".join(f"{_phrase}{w}" for w in ("CENTRE", "CENTRES", "CENTER", "CENTERS")),
        Option("build_sites", _where, says=_says),
    )
_add("ANYDISBAND", Option("any_disband", True,
     says="Any unit may be disbanded in adjustment phases, and units built in"
     " centres left free; every winter is played, each unit ordered MAINTAIN"
     " or DISBAND."))  # fmt: skip
_add("NORMALDISBAND", Option("any_disband", False,
     says="Units are disbanded in adjustment phases only when owed."))  # fmt: skip
_add("AUTODISBAND", _on("auto_disband", "Dislodged units are disbanded: no"
     " retreats.", "Dislodged units retreat."))  # fmt: skip
_add("DISBAND", _on("movement_disband", "Units may be disbanded in movement"
     " phases.", "Units may not be disbanded in movement phases."))  # fmt: skip
_add("BLANKBOARD EMPTYBOARD", Option("blank_board", True, False, before_start=True,
     says="The game starts with no units, in a build phase the winter before."
     "|The game starts with the map's units."))  # fmt: skip
_add("HOMETRANSFER", _on("home_transfer", "A centre held by one unit from one"
     " winter to the next becomes its power's home centre (and no longer the"
     " former owner's).", "Home centres stay the map's."))  # fmt: skip
_add("ALLIEDWIN", _on("allied_win", "A player whose powers together"
     " hold a third more centres than a win needs wins with them (a duplex game's"
     " allied win).", "No allied wins: a power wins alone."))  # fmt: skip

# -- map features no map here has (INERT_FEATURES) ----------------------------------
for _phrases, _key, _name in (
    ("RAILWAY RAILWAYS", "railways", "Railways"),
    ("GATEWAY GATEWAYS", "gateways", "Gateways"),
    ("DUALITY", "duality", "Dual provinces"),
    ("HONGKONG", "hong_kong", "Hong Kong centres"),
    ("BCENTRE BCENTRES BCENTER BCENTERS", "bcentres", "All owned centres shown"),
):
    _add(_phrases, _on(_key, f"{_name}: on.", f"{_name}: off.", inert=True))


def inert_note(game, option: Option) -> str:
    """Why an accepted map feature changes nothing in this game."""
    lacks = INERT_FEATURES[option.key]
    if not lacks:
        return f"Game '{game.name}' is not a blind game: the flag has no use here."
    return (
        f"The map of game '{game.name}' ({game.variant.partition(':')[0]}) has no"
        f" {lacks}: the flag changes nothing."
    )


def unfollowed_feature(phrase: str) -> str | None:
    """The reply to SET SUMMER, TRANSFORM, PORTAGE, ATTACK TRANSFORM (and
    their NO forms, which are this judge's rule already); None for other
    phrases."""
    known = (*UNFOLLOWED_FEATURES, *NEEDS_TRANSFORM, *NOT_OFFERED)
    negated = False
    for prefix in ("NO", "NOT", "UN"):
        if phrase.startswith(prefix) and phrase[len(prefix) :] in known:
            phrase, negated = phrase[len(prefix) :], True
            break
    if phrase in NEEDS_TRANSFORM:
        return (
            "Move transformations must be on first (SET TRANSFORM), and this"
            " judge has no unit transformations. Not set."
        )
    if phrase in NOT_OFFERED:
        if negated:
            return "That is already so here: nothing to change."
        return f"This judge does not offer {NOT_OFFERED[phrase]}. Not set."
    what = UNFOLLOWED_FEATURES.get(phrase)
    if what is None:
        return None
    if negated:
        return f"No {what}: that is already so here."
    return f"This judge does not follow {what} on any map. Not set."


# Options refused whatever the map (what this judge cannot follow), and why.
NOT_FOLLOWED: dict[str, str] = {}


def read_option(word: str) -> tuple[Option | None, bool, str]:
    """(option, negated, phrase) for the keyword after SET ('NOPARTIAL',
    'UNRATED', 'WHITE/GREY'); option None when it is no setting's."""
    phrase = re.sub(r"\s+", "", word).upper()
    if phrase in OPTIONS:
        return OPTIONS[phrase], False, phrase
    for prefix in ("NO", "NOT", "UN"):
        rest = phrase.removeprefix(prefix)
        if rest != phrase and rest in OPTIONS and OPTIONS[rest].negated is not None:
            return OPTIONS[rest], True, rest
    return None, False, phrase


def stored(game) -> dict:
    """The game's settings, defaults filled in."""
    values = dict(DEFAULTS)
    # SET [UN]MODERATED keeps its own column (svc_games.moderated)
    values["moderated"] = bool(getattr(game, "moderated", 1))
    values.update(json.loads(getattr(game, "settings", None) or "{}"))
    return values


def keeps_records(game) -> bool:
    """Whether the game's play changes its players' reliability records:
    not under SET UNRATED, nor once irregular (njudge's data/index: such a
    game "will not count for any rating purposes")."""
    values = stored(game)
    return bool(values["rated"] and not values["irregular"])


def news_to_masters_only(game) -> bool:
    """Players coming and going (joins, takeovers, resignations, civil
    disorder, abandonment) told to the masters alone: SET QUIET, and SET
    SECRET, which hides even how many players a game has (njudge)."""
    values = stored(game)
    return bool(values["quiet"] or values["secret"])


def identities_hidden(game) -> bool:
    """Who plays which power is hidden: in a gunboat (anonymous) game while
    it runs, and after its end too under SET NO REVEAL (njudge's NoReveal)."""
    if not game.anonymous:
        return False
    return game.status != "finished" or not stored(game)["reveal"]


def changed(game, key: str, value) -> str:
    """The settings JSON with `key` set (defaults left out)."""
    values = json.loads(game.settings or "{}")
    if value == DEFAULTS.get(key):
        values.pop(key, None)
    else:
        values[key] = value
    return json.dumps(values, sort_keys=True)


def describe(option: Option, negated: bool, value) -> str:
    """The change in words, for the reply and the notice."""
    text = option.says
    if "|" in text:
        on, off = text.split("|", 1)
        # an inverse flag (NO BROADCAST sets no_broadcast): by NO alone
        inverse = option.value is False
        text = off if (negated or (value is False and not inverse)) else on
    if option.key in ("allow", "deny") and str(value).startswith("-"):
        return f"Taken off the {option.key} list: {value[1:]}."
    if option.key in ("ep_number", "bn_number") and not value:
        return text.split(":")[0] + " cleared."
    shown = PRESS_COLOURS.get(value, value) if option.key == "press" else value
    if isinstance(shown, str):
        shown = (
            shown.upper() if option.key in ("access", "level", "observer") else shown
        )
    return text.replace("{v}", str(shown))


def settings_lines(game) -> list[str]:
    """njudge's flags that differ from the defaults, for LIST."""
    values = stored(game)
    out = []
    for key, default in DEFAULTS.items():
        value = values.get(key)
        if value == default or key in ("all_press", "full_comment", "allow", "deny"):
            continue
        if isinstance(value, bool):
            out.append(("" if value else "No") + key.replace("_", " ").title())
        else:
            label = LABELS.get(key) or key.replace("_", " ").title()
            out.append(f"{label}: {value}")
    return out


LABELS = {"ep_number": "EP number", "bn_number": "Boardman/Miller number"}


HELP = [
    ("WHITE | GREY | WHITE/GREY | GREY/WHITE | NO PRESS",
     "the colours of press (WHITE/GREY: both, white by default)"),
    ("[NO] PARTIAL", "press to some players, not only broadcasts"),
    ("PARTIAL MAY BE FAKED | PARTIAL FAKES BROADCAST [BY DEFAULT] | NO FAKE",
     "what FAKE may do"),
    ("OBSERVER ANY|WHITE|NO", "observers' press (to the master always)"),
    ("[NO] POSTAL PRESS", "POSTALPRESS, mailed after the phase"),
    ("[NO] MINOR PRESS", "press in retreats and adjustments"),
    ("[NO] BLANK PRESS", "press without text"),
    ("[NO] TOUCH PRESS", "press only to powers whose units touch yours"),
    ("[NO] LATE PRESS", "press from late players"),
    ("[NO] GRACE PRESS", "press while anyone is late"),
    ("[NO] MUST ORDER", "complete orders before press"),
    ("ALL PRESS | NORMAL PRESS", "copies of all private press to you (master)"),
    ("[NO] WATCH ALL PRESS", "observers too may SET ALL PRESS"),
    ("[NO] BROADCAST", "broadcasts to you (masters, observers)"),
    ("[NO] QUIET", "abandonments and takeovers told to the master only"),
    ("[NO] LATE COUNT", "late notices count each power's lateness"),
    ("[NO] STRICT GRACE | [NO] STRICT WAIT", "grace exact; WAIT only if owing"),
    ("MANUAL PROCESS | AUTO PROCESS", "phases processed only by PROCESS, or not"),
    ("MANUAL START | AUTO START", "a full game starts only when allowed"),
    ("LIST | NOLIST | PUBLIC | PRIVATE", "the game in LIST, or hidden"),
    ("ACCESS ANY|SAME|DIFFERENT, LEVEL <level>",
     "who may join or take over, by site and registered level"),
    ("ALLOW PLAYER <address> | DENY PLAYER <address>",
     "who may join or take over (-<address> takes one off)"),
    ("[NO] APPROVAL, APPROVE <letters>, NOT APPROVED <letters>",
     "a new player's moves wait for the master's approval"),
    ("[UN]RATED", "whether the game counts in the players' records"),
    ("[NO] SHOW", "notices name who changed a setting"),
    ("[NO] REVEAL", "a gunboat game's players shown at its end"),
    ("[NO] SECRET", "how many play, who is late, who comes and goes: hidden"),
    ("[NO] RESUME", "any player may RESUME a paused game (NO: the master only)"),
    ("[NO] PROXY", "a unit's order handed to another power: A Par PROXY Germany"),
    ("COMMENT <text> | COMMENT BEGIN", "the game's comment (BEGIN: the rest of"
     " the message, to SIGNOFF)"),
    ("CENTERS <n>", "the centres that win"),
    ("[NO] DIAS | [NO] CONCESSIONS", "draws of all survivors; concessions"),
    ("ANY CENTRES | HOME CENTRES | ONE CENTRE", "where builds may go"),
    ("[NO] AUTO DISBAND", "dislodged units are destroyed, no retreats"),
    ("[NO] DISBAND", "units may disband in movement phases"),
    ("[NO] COASTAL CONVOYS", "fleets on coasts convoy"),
    ("ANY DISBAND | NORMAL DISBAND", "any unit may be removed in a winter;"
     " each is ordered MAINTAIN or DISBAND"),
    ("[NO] STRICT CONVOY", "no convoy of an army in, or to, a landlocked place"),
    ("BLANK BOARD", "start with no units, building them (before the start)"),
    ("[NO] HOME TRANSFER", "a centre held by one unit for a year becomes its"
     " power's home"),
    ("[NO] ALLIED WIN", "a duplex player whose powers hold 4/3 of the winning"
     " centres wins with them"),
    ("[NO] RAILWAYS | GATEWAYS | DUALITY | HONG KONG | BCENTRES",
     "njudge's map flags: kept, no map here has them"),
    ("VARIANT Gunboat | NOT VARIANT Gunboat", "anonymous players (before the start)"),
    ("EP <number> | BN <number> | MN <number>",
     "the game's EP and Boardman/Miller (BNC, MNC) numbers, shown in LIST"),
]  # fmt: skip


def help_text() -> str:
    """GET SETTINGS: each setting as written, and what it does."""
    lines = []
    for forms, what in HELP:
        lines += [
            f"  SET {forms}",
            *textwrap.wrap(what, 76, initial_indent=" " * 6, subsequent_indent=" " * 6),
        ]
    lines += [
        "",
        *textwrap.wrap(
            "A rule changed after the start (MINOR PRESS, TOUCH PRESS, where"
            " builds go, the disbands, the convoys, BLANK BOARD, the map flags)"
            " makes the game irregular, as on njudge: LIST and SUMMARY say so,"
            " and its play counts for no player's record.",
            76,
        ),
    ]
    return "\n".join(lines)
