"""Every row of njudge's command index (data/index) that players and
masters use, sent by mail in the form the index documents: each is read
(never the judge's "not a command" or usage reply, never taken for
orders) and answered with its effect or a refusal that names it.

The judgekeeper's rows (adm) and Machiavelli's options (mac) are left
out.  One template judge is built per module (a game running, alpha, with
its master, seven players and an observer; a game forming, beta, with its
master and two players); each row runs on its own copy of it."""

from __future__ import annotations

import shutil

import pytest
from harness import MASTER, Judge, form_game, password

WATCHER = "watcher@example.org"
JOINER = "p9@example.org"  # in the forming game
STRANGER = "anyone@example.org"

# What the judge says when it did not read a line as the command it is.
NOT_UNDERSTOOD = (
    "is not a command this judge knows",
    "Refused orders",
    "\nUse: ",
    "is not a setting of this judge",
)

# (row of data/index, who sends it, mails before it, the form, what the
# reply must say).  Who: M/P the master and France's player in alpha (the
# running game), FM/FP the master and a player of beta (forming), A anyone
# (no SIGNON).  "|" separates lines.
ROWS = [
    ("ply/bgs BECOME MASTER", "FP", [], "BECOME MASTER",
     "Only the creator, while still alone in the game, may become master."),
    ("mod BECOME power", "M", [], "BECOME FRANCE|A PAR H",
     "France: Army Paris HOLD."),
    ("ply BROADCAST", "P", [], "BROADCAST|Hello all.|ENDBROADCAST",
     "Broadcast message sent (8 recipients)."),
    ("ply CLEAR", "P", [("P", "PHASE Fall 1901 Movement|A PAR-BUR")], "CLEAR",
     "cleared"),
    ("any/bgs CREATE", "A", [], "CREATE ?gamma pw-x standard",
     "Game 'gamma' (standard) has been created"),
    ("any/bgs CREATE options", "A", [], "CREATE ?gamma pw-x standard gunboat",
     "Options: Gunboat (anonymous)."),
    ("any/bgs CREATE nolist", "A", [], "CREATE ?gamma pw-x standard nolist",
     "Options: NoList (not listed)."),
    ("any/bgs CREATE blind", "A", [], "CREATE ?gamma pw-x standard blind",
     "This judge has no blind games"),
    ("ply DIARY", "P", [], "DIARY|Dear diary.|ENDPRESS", "Diary entry 1 kept"),
    ("ply DIARY RECORD", "P", [], "DIARY RECORD|Dear diary.|ENDPRESS",
     "Diary entry 1 kept"),
    ("ply DIARY LIST", "P", [("P", "DIARY|Dear diary.")], "DIARY LIST", "1"),
    ("ply DIARY READ", "P", [("P", "DIARY|Dear diary.")], "DIARY READ 1",
     "Dear diary."),
    ("ply DIARY DELETE", "P", [("P", "DIARY|Dear diary.")], "DIARY DELETE 1",
     "eleted"),
    ("mod EJECT power", "M", [], "EJECT FRANCE",
     "Ejected France (player1@example.org)."),
    ("mod EJECT email", "M", [], "EJECT player3@example.org", "Ejected Austria"),
    ("mod EJECT himself, the only master", "M", [], f"EJECT {MASTER}",
     "You are the only master of game 'alpha': PROMOTE an observer first"),
    ("mod EJECT himself, a co-master stays", "M", [("M", f"PROMOTE {WATCHER}")],
     f"EJECT {MASTER}",
     f"You are no longer a master of game 'alpha'; {WATCHER} remains."),
    ("ply ENDPRESS", "P", [], "PRESS TO G|Psst.|ENDPRESS",
     "Message sent to Germany (1 recipient)."),
    ("ply ENDBROADCAST", "P", [], "PRESS TO G|Psst.|END BROADCAST",
     "Message sent to Germany (1 recipient)."),
    ("mod FORCE BEGIN", "FM", [], "FORCE BEGIN", "Game 'beta' has begun"),
    ("any GET file", "A", [], "GET info", "This is the Diplomacy judge"),
    ("any GET DEDICATION", "A", [], "GET DEDICATION", "Dedication record of"),
    ("any GET PACKAGE", "A", [], "GET PACKAGE", "INFO"),
    # the file SET DEDICATION, ONTIMERAT and RESRAT point to
    ("any GET dedsystems", "A", [], "GET dedsystems", "On-time ratio: the phases"),
    ("any HELP", "A", [], "HELP", "Send commands in the body of a mail"),
    ("ply HELP", "P", [], "HELP", "Send commands in the body of a mail"),
    ("any HISTORY name", "A", [], "HISTORY alpha",
     "History information for game 'alpha'"),
    ("any HISTORY FROM TO LINES", "A", [],
     "HISTORY alpha FROM Jan 1 TO Jan 20 LINES 50",
     "History information for game 'alpha' from Thu Jan 01 2026"),
    ("any HISTORY EXCLSTART", "A", [],
     "HISTORY alpha EXCLSTART S1901M EXCLEND F1901M BROAD",
     "excluding turn 'S1901M'"),
    ("ply HISTORY", "P", [], "HISTORY", "History information for game 'alpha'"),
    ("any I AM ALSO", "A", [], "I AM ALSO player1@example.org",
     "'player1@example.org' has no registration with this judge."),
    ("any I AM ALSO, registered", "A",
     [("P", "REGISTER|name: Ann Example|address: 1 Street, Town|level: novice"
       "|e-mail: player1@example.org|country: Nowhere|END")],
     "I AM ALSO player1@example.org", "A confirmation was mailed to"),
    ("any INFO PLAYER", "A", [], "INFO PLAYER player1@example.org",
     "Dedication record of player1@example.org"),
    ("any LIST", "A", [], "LIST", "Games on this judge:"),
    ("any LIST FULL", "A", [], "LIST FULL", "France     player1@example.org"),
    ("any LIST name", "A", [], "LIST alpha", "Ownership of supply centers:"),
    ("ply LIST", "P", [], "LIST", "Ownership of supply centers:"),
    # njudge 1.5 disabled MAP; this judge draws maps for a game's members
    ("any MAP name", "A", [], "MAP alpha", "send OBSERVE alpha first"),
    ("any MAP *", "A", [], "MAP * 1", "MAP * (a map drawn from a pasted LIST)"),
    ("any OBSERVE", "A", [], "OBSERVE alpha secret",
     "To observe game 'alpha', answer the confirmation mail"),
    ("mod PAUSE", "M", [], "PAUSE", "Game 'alpha' is paused"),
    ("ply PHASE", "P", [], "PHASE Fall 1901 Movement|A PAR-BUR",
     "1 line(s) stored for F1901M"),
    ("ply POSTAL PRESS", "P", [("M", "SET POSTAL PRESS")],
     "POSTAL PRESS|Dear all.|ENDPRESS", "mailed"),
    ("mod PREDICT", "M", [], "PREDICT", "PREDICTION (nothing has been processed)"),
    ("ply PRESS, no options", "P", [], "PRESS|hello|ENDPRESS",
     "PRESS with no options sends nothing"),
    ("ply PRESS options", "P", [], "PRESS TO ALL BUT R|Hello.|ENDPRESS",
     "Message sent to all but Russia (7 recipients)."),  # the observer too
    ("mod PROCESS", "M", [], "PROCESS", "Phase S1901M has been processed."),
    ("mod PROCESS phase", "M", [], "PROCESS Spring 1901 Movement",
     "Phase S1901M has been processed."),
    ("mod PROCESS another phase", "M", [], "PROCESS Fall 1905 Retreat",
     "PROCESS Fall 1905 Retreat ignored: the current phase is S1901M, not F1905R."),
    ("mod PROMOTE", "M", [], f"PROMOTE {WATCHER}",
     f"{WATCHER} is now a master of game 'alpha'"),
    ("any REGISTER", "A", [],
     "REGISTER|name: Ann Example|address: 1 Street, Town|e-mail: anyone@example.org"
     "|country: Nowhere|level: novice|END",
     "Registration processed."),
    ("ply RESIGN", "P", [], "RESIGN", "You have resigned France in game 'alpha'"),
    ("ply RESIGN, the master", "M", [], "RESIGN",
     "A master does not RESIGN: EJECT <your address> leaves the game"),
    ("ply RESUME", "M", [("M", "PAUSE")], "RESUME", "Game 'alpha' is running again"),
    ("ply RESUME, a player", "P", [("M", "PAUSE")], "RESUME",
     "Game 'alpha' is running again"),
    ("ply RESUME, a player under SET NO RESUME", "P", [("M", "SET NO RESUME|PAUSE")],
     "RESUME", "Only the master may resume game 'alpha' (SET NO RESUME)."),
    ("mod ROLLBACK", "M", [("M", "PROCESS")], "ROLLBACK 1", "olled back"),
    ("any SEND ME file", "A", [], "SEND ME info", "This is the Diplomacy judge"),
    ("any SEND file", "A", [], "SEND info", "This is the Diplomacy judge"),
    ("ply SET ABSENCE", "P", [], "SET ABSENCE Jan 20 TO Jan 25",
     "Absence noted from Tuesday 20 January 2026"),
    ("ply SET NO ABSENCE", "P", [("P", "SET ABSENCE Jan 20 TO Jan 25")],
     "SET NO ABSENCE Jan 20", "ancel"),
    ("mod SET ACCESS", "M", [], "SET ACCESS ANY-SITE", "Who may sign on (by site)"),
    ("ply SET ADDRESS", "P", [], "SET ADDRESS other@example.org",
     "Your address in game 'alpha' is now other@example.org."),
    ("ply SET ADDRESS a,b", "P", [], "SET ADDRESS a@example.org,b@example.org",
     "sends a seat's reports to one address, so SET ADDRESS takes one"),
    ("ply SET ADDRESS bare", "P", [], "SET ADDRESS",
     "Your address in game 'alpha' is now player1@example.org."),
    ("mod/bgs SET ALLIED WIN", "FM", [], "SET ALLIED WIN", "allied win"),
    ("mod/bgs SET NO ALLIED WIN", "FM", [], "SET NO ALLIED WIN", "No allied wins"),
    ("mod SET ALL PRESS", "M", [], "SET ALL PRESS",
     "You will receive a copy of all partial press."),
    ("mod SET ALLOW PLAYER", "M", [], "SET ALLOW PLAYER someone@example.org",
     "Allowed to sign on: someone@example.org."),
    ("mod SET ALLOW PLAYER -", "M", [("M", "SET ALLOW PLAYER someone@example.org")],
     "SET ALLOW PLAYER -someone@example.org",
     "Taken off the allow list: someone@example.org."),
    ("mod/bgs SET ANY CENTRES", "FM", [], "SET ANY CENTRES",
     "Builds may go in any centre a power owns."),
    ("mod/bgs SET ANY CENTER", "FM", [], "SET ANY CENTER",
     "Builds may go in any centre a power owns."),
    ("mod/bgs SET ANY DISBAND", "FM", [], "SET ANY DISBAND",
     "Any unit may be disbanded in adjustment phases"),
    ("mod SET APPROVAL", "M", [], "SET APPROVAL", "The master approves each new"),
    ("mod SET NO APPROVAL", "M", [], "SET NO APPROVAL", "New players need no"),
    ("mod SET APPROVE", "M", [("M", "SET NOT APPROVED F")], "SET APPROVE F",
     "Moves approved"),
    ("mod SET NOT APPROVED", "M", [], "SET NOT APPROVED F",
     "Moves not approved: France."),
    ("mod/bgs SET ATTACK TRANSFORM", "FM", [], "SET ATTACK TRANSFORM",
     "Move transformations must be on first (SET TRANSFORM)"),
    ("mod/bgs SET NO ATTACK TRANSFORM", "FM", [], "SET NO ATTACK TRANSFORM",
     "Move transformations must be on first (SET TRANSFORM)"),
    ("mod !SET AUTO CREATE", "M", [], "SET AUTO CREATE",
     "does not offer re-creating a game when it ends"),
    ("mod !SET NO AUTO CREATE", "M", [], "SET NO AUTO CREATE", "already so here"),
    ("mod/bgs SET AUTO DISBAND", "FM", [], "SET AUTO DISBAND",
     "Dislodged units are disbanded: no retreats."),
    ("mod/bgs SET NO AUTO DISBAND", "FM", [], "SET NO AUTO DISBAND",
     "Dislodged units retreat."),
    ("mod SET AUTO PROCESS", "M", [], "SET AUTO PROCESS",
     "Phases are processed automatically."),
    ("mod SET NO AUTO PROC", "M", [], "SET NO AUTO PROC",
     "Phases are processed only by the master's PROCESS."),
    ("mod/bgs SET AUTO START", "FM", [], "SET AUTO START",
     "The game starts when it is full."),
    ("mod/bgs SET NO AUTO START", "FM", [], "SET NO AUTO START",
     "The game starts only when the master allows it."),
    ("mod/bgs SET BCENTRES", "FM", [], "SET BCENTRES", "All owned centres shown: on."),
    ("mod/bgs SET NO BCENTERS", "FM", [], "SET NO BCENTERS",
     "All owned centres shown: off."),
    ("mod/bgs SET BLANK BOARD", "FM", [], "SET BLANK BOARD",
     "The game starts with no units"),
    ("mod SET BLANK PRESS", "M", [], "SET BLANK PRESS", "Press with no text may be"),
    ("mod SET NO BLANK PRESS", "M", [], "SET NO BLANK PRESS",
     "Press with no text is refused."),
    ("mod SET BN", "M", [], "SET BN 1234", "Boardman/Miller number: 1234."),
    ("mod SET BNC NUMBER", "M", [], "SET BNC NUMBER 1234",
     "Boardman/Miller number: 1234."),
    ("ply SET BROADCAST", "P", [], "SET BROADCAST", "You will receive broadcasts."),
    ("ply SET NO BROADCAST PRESS", "M", [], "SET NO BROADCAST PRESS",
     "You will receive no broadcasts."),
    ("ply SET NO BROADCAST, a player", "P", [], "SET NO BROADCAST",
     "is for the master and observers"),
    ("mod SET CD", "M", [], "SET CD", "Late powers will go into civil disorder"),
    ("mod SET NO CD", "M", [], "SET NO CD", "The game will wait for replacements"),
    ("mod SET CENTERS", "M", [], "SET CENTERS 20", "20 centres win the game."),
    ("mod/bgs SET COASTAL CONVOYS", "FM", [], "SET COASTAL CONVOYS",
     "Fleets on coasts may convoy."),
    ("mod/bgs SET NO COASTAL CONVOYS", "FM", [], "SET NO COASTAL CONVOYS",
     "Only fleets at sea convoy."),
    ("mod SET COMMENT", "M", [], "SET COMMENT A friendly game.",
     "Comment: A friendly game."),
    ("mod SET COMMENT BEGIN", "M", [], "SET COMMENT BEGIN|A friendly game,|for all.",
     "The game's full comment is set."),
    # a concession goes to the largest power (njudge's rule): England is not
    ("ply SET CONCEDE", "P", [], "SET CONCEDE ENGLAND",
     "a concession goes to the one power with the most centres"),
    ("ply SET NO CONC", "P", [], "SET NO CONC ENGLAND",
     "Your concession is withdrawn."),
    ("mod SET CONCESSIONS", "M", [], "SET CONCESSIONS", "Concessions are allowed."),
    ("mod SET NO CONCESSIONS", "M", [], "SET NO CONCESSIONS",
     "Concessions are not allowed."),
    ("mod SET DEADLINE", "M", [], "SET DEADLINE Jan 10 23:30",
     "The deadline is now Saturday 10 January 2026, 23:30 (UTC)."),
    ("mod SET DEADLINE weekday", "M", [], "SET DEADLINE Fri 23:30",
     "The deadline is now Friday 9 January 2026, 23:30 (UTC)."),
    ("mod SET DEADLINE ISO", "M", [], "SET DEADLINE 2026-01-10 23:30",
     "The deadline is now Saturday 10 January 2026, 23:30 (UTC)."),
    ("mod SET DEDICATION", "M", [], "SET DEDICATION -10",
     "players need a dedication of at least -10"),
    ("mod SET DEDICATION above the master's", "M", [], "SET DEDICATION 100",
     "Not set: 100 is stricter than your own dedication (0)"),
    ("mod SET DENY PLAYER", "M", [], "SET DENY PLAYER someone@example.org",
     "Not allowed to sign on: someone@example.org."),
    ("mod SET DENY PLAYER -", "M", [("M", "SET DENY PLAYER someone@example.org")],
     "SET DENY PLAYER -someone@example.org",
     "Taken off the deny list: someone@example.org."),
    ("mod SET DIAS", "M", [], "SET DIAS", "A draw includes all survivors (DIAS)."),
    ("mod SET NO DIAS", "M", [], "SET NO DIAS", "Draws may exclude survivors"),
    ("mod/bgs SET DISBAND", "FM", [], "SET DISBAND",
     "Units may be disbanded in movement phases."),
    ("mod/bgs SET NO DISBAND", "FM", [], "SET NO DISBAND",
     "Units may not be disbanded in movement phases."),
    ("ply SET DRAW", "P", [], "SET DRAW", "You vote for a draw of all survivors"),
    ("ply SET DRAW powerlist", "P", [("M", "SET NO DIAS")],
     "SET DRAW FRANCE ENGLAND GERMANY",
     "You vote for a draw among England, France, Germany"),
    ("ply SET DRAW letters", "P", [("M", "SET NO DIAS")], "SET DRAW FEG",
     "You vote for a draw among England, France, Germany"),
    ("ply SET NO DRAW", "P", [("P", "SET DRAW")], "SET NO DRAW",
     "Your draw vote is withdrawn."),
    ("mod/bgs SET DUALITY", "FM", [], "SET DUALITY", "Dual provinces: on."),
    ("mod/bgs SET NO DUALITY", "FM", [], "SET NO DUALITY", "Dual provinces: off."),
    ("mod/bgs SET EMPTY BOARD", "FM", [], "SET EMPTY BOARD",
     "The game starts with no units"),
    ("mod SET EP", "M", [], "SET EP 1234", "EP number: 1234."),
    ("mod SET NO FAKE", "M", [], "SET NO FAKE", "Press may not be faked."),
    ("mod SET NO FAKE BROADCAST", "M", [], "SET NO FAKE BROADCAST",
     "Press may not be faked."),
    ("mod/bgs SET GATEWAYS", "FM", [], "SET GATEWAYS", "Gateways: on."),
    ("mod/bgs SET NO GATEWAYS", "FM", [], "SET NO GATEWAYS", "Gateways: off."),
    ("mod SET GRACE", "M", [], "SET GRACE Jan 16 23:30",
     "The grace period now ends Friday 16 January 2026, 23:30 (UTC)."),
    ("mod SET GRACE PRESS", "M", [], "SET GRACE PRESS",
     "Press is allowed while anyone is late."),
    ("mod SET NO GRACE PRESS", "M", [], "SET NO GRACE PRESS",
     "No press (but to the master) while anyone is late."),
    ("mod SET GREY", "M", [], "SET GREY", "Press is now Grey."),
    ("mod SET GREY PRESS", "M", [], "SET GREY PRESS", "Press is now Grey."),
    ("mod SET NO GREY", "M", [], "SET NO GREY PRESS", "Press is now White."),
    ("mod SET GREY/WHITE", "M", [], "SET GREY/WHITE PRESS",
     "Press is now Grey/White."),
    ("ply SET HOLIDAY", "P", [], "SET HOLIDAY Jan 20 TO Jan 25",
     "Absence noted from Tuesday 20 January 2026"),
    ("ply SET NO HOLIDAYS", "P", [("P", "SET HOLIDAY Jan 20 TO Jan 25")],
     "SET NO HOLIDAYS Jan 20", "ancel"),
    ("mod/bgs SET HOME CENTRES", "FM", [], "SET HOME CENTRES",
     "Builds go in home centres only."),
    ("mod/bgs SET HOME TRANSFER", "FM", [], "SET HOME TRANSFER",
     "becomes its power's home centre"),
    ("mod/bgs SET NO HOME TRANSFER", "FM", [], "SET NO HOME TRANSFER",
     "Home centres stay the map's."),
    ("mod/bgs SET HONG KONG", "FM", [], "SET HONG KONG", "Hong Kong centres: on."),
    ("mod/bgs SET NO HONG KONG", "FM", [], "SET NO HONG KONG",
     "Hong Kong centres: off."),
    ("mod SET LATE COUNT", "M", [], "SET LATE COUNT",
     "Late notices count each player's lateness."),
    ("mod SET NO LATE COUNT", "M", [], "SET NO LATE COUNT",
     "Late notices do not count lateness."),
    ("mod SET LATE PRESS", "M", [], "SET LATE PRESS", "Late players may send press."),
    ("mod SET NO LATE PRESS", "M", [], "SET NO LATE PRESS",
     "Late players may send press to the master only."),
    ("mod SET LEVEL", "M", [], "SET LEVEL EXPERT", "Players of level EXPERT may"),
    ("mod SET LIST", "M", [], "SET LIST", "The game is listed by LIST."),
    ("mod SET NO LIST", "M", [], "SET NO LIST", "The game is not listed"),
    ("mod/bgs SET MACH2", "FM", [], "SET MACH2",
     "does not offer Machiavelli's rules (MACH2)"),
    ("mod SET MANUAL PROCESS", "M", [], "SET MANUAL PROCESS",
     "Phases are processed only by the master's PROCESS."),
    ("mod SET NO MANUAL PROCESS", "M", [], "SET NO MANUAL PROCESS",
     "Phases are processed automatically."),
    ("mod/bgs SET MANUAL START", "FM", [], "SET MANUAL START",
     "The game starts only when the master allows it."),
    ("mod/bgs SET NO MANUAL START", "FM", [], "SET NO MANUAL START",
     "The game starts when it is full."),
    ("mod SET MAX ABSENCE", "M", [], "SET MAX ABSENCE 10",
     "may now take up to 10 days of absence"),
    ("mod/bgs SET MINOR PRESS", "FM", [], "SET MINOR PRESS",
     "Press may be sent in retreat and adjustment phases."),
    ("mod/bgs SET NO MINOR PRESS", "FM", [], "SET NO MINOR PRESS",
     "No press in retreat and adjustment phases."),
    ("mod SET MN", "M", [], "SET MN 1234", "Boardman/Miller number: 1234."),
    ("mod SET MNC NUMBER", "M", [], "SET MNC NUMBER 1234",
     "Boardman/Miller number: 1234."),
    ("ply SET MODERATED", "M", [("M", "SET UNMODERATED")], "SET MODERATED",
     "Game 'alpha' is moderated: only its master changes its settings."),
    ("ply SET MODERATE", "M", [], "SET MODERATE", "Game 'alpha' is moderated"),
    ("mod SET MOVE", "M", [],
     "SET MOVE CLOCK 1410 MIN 24 NEXT 72 GRACE 168 DELAY 0.5 DAYS -MTWTF-",
     "Movement phases: clock 1410 (23:30), min 24 hours, next 72 hours,"
     " grace 168 hours"),
    ("mod SET RETREAT", "M", [], "SET RETREAT GRACE 24 NEXT 12",
     "Retreat phases: grace 24 hours, next 12 hours"),
    ("mod SET ADJUST", "M", [], "SET ADJUST CLOCK 1200",
     "Adjust phases: clock 1200 (20:00)"),
    ("mod SET MUST ORDER", "M", [], "SET MUST ORDER",
     "Players must send complete orders before press."),
    ("mod SET NO MUST ORDER", "M", [], "SET NO MUST ORDER",
     "Players need not send orders before press."),
    ("mod SET NMR", "M", [], "SET NMR", "Late powers will go into civil disorder"),
    ("mod SET NO NMR", "M", [], "SET NO NMR", "The game will wait for replacements"),
    ("mod SET NO PRESS", "M", [], "SET NO PRESS", "Press is now None."),
    ("mod SET PRESS NONE", "M", [], "SET PRESS NONE", "Press is now None."),
    ("mod SET NONE", "M", [], "SET NONE", "Press is now None."),
    ("ply SET NORMAL BROADCAST", "P", [], "SET NORMAL BROADCAST",
     "You will receive broadcasts."),
    ("ply SET NO NORMAL BROADCAST", "M", [], "SET NO NORMAL BROADCAST",
     "You will receive no broadcasts."),
    ("mod/bgs SET NORMAL DISBAND", "FM", [], "SET NORMAL DISBAND",
     "Units are disbanded in adjustment phases only when owed."),
    ("mod SET NORMAL PRESS", "M", [], "SET NORMAL PRESS",
     "You will receive the press sent to you only."),
    ("mod SET OBSERVER ANY", "M", [], "SET OBSERVER ANY PRESS",
     "Observers' press: ANY."),
    ("mod SET OBSERVER NO", "M", [], "SET OBSERVER NO PRESS",
     "Observers' press: NONE."),
    ("mod SET OBSERVER WHITE", "M", [], "SET OBSERVER WHITE PRESS",
     "Observers' press: WHITE."),
    ("mod/bgs SET ONE CENTRE", "FM", [], "SET ONE CENTRE",
     "Builds may go in any owned centre while one home centre is owned."),
    ("mod SET ONTIMERAT", "M", [], "SET ONTIMERAT 0.5",
     "players need an on-time ratio of at least 0.5"),
    ("mod SET PARTIAL", "M", [], "SET PARTIAL", "Partial press (to some players)"),
    ("mod SET NO PARTIAL PRESS", "M", [], "SET NO PARTIAL PRESS",
     "Only broadcasts (and press to the master) may be sent."),
    ("mod SET PARTIAL FAKES BROADCAST", "M", [], "SET PARTIAL FAKES BROADCAST",
     "All press appears as a broadcast to everyone."),
    ("mod SET PARTIAL FAKES BY DEFAULT", "M", [],
     "SET PARTIAL FAKES BROADCAST BY DEFAULT",
     "Partial press appears as a broadcast unless NO FAKE is given."),
    ("mod SET PARTIAL MAY BE FAKED", "M", [], "SET PARTIAL MAY BE FAKED",
     "Partial press may be faked."),
    ("mod SET PARTIAL MAY", "M", [], "SET PARTIAL MAY", "Partial press may be faked."),
    ("ply SET PASSWORD", "P", [], "SET PASSWORD newsecret",
     "Your password has been changed."),
    ("mod/bgs SET PLAYERS", "FM", [], "SET PLAYERS 5",
     "Game 'beta' starts with 5 players"),
    ("mod/bgs SET PORTAGE", "FM", [], "SET PORTAGE",
     "does not follow armies that convoy fleets (portage)"),
    ("mod/bgs SET NOPORTAGE", "FM", [], "SET NOPORTAGE", "that is already so here"),
    ("mod SET POSTAL PRESS", "M", [], "SET POSTAL PRESS", "POSTALPRESS is allowed"),
    ("mod SET NO POSTAL PRESS", "M", [], "SET NO POSTAL PRESS", "No postal press."),
    ("mod/bgs SET POWERS", "FM", [], "SET POWERS 5",
     "Game 'beta' starts with 5 players, one power each"),
    ("ply/bgs SET PREFERENCE", "FP", [], "SET PREFERENCE E[FGR][TAI]",
     "Your preference: England (E), then [France (F), Germany (G), Russia (R)]"),
    ("ply/bgs SET PREFERENCE *", "FP", [("FM", "SET PRFBOTH")], "SET PREFERENCE *",
     "Your preference: * (a random power)."),
    ("mod/bgs SET PRFBOTH", "FM", [], "SET PRFBOTH",
     "Players whose list is '*' get a random power first"),
    ("mod/bgs SET PRFLIST", "FM", [], "SET PRFLIST",
     "Powers will be drawn by the players' preference lists."),
    ("mod/bgs SET PRFRAND", "FM", [], "SET PRFRAND",
     "Powers will be drawn at random for everyone."),
    ("mod SET PRIVATE", "M", [], "SET PRIVATE", "The game is not listed"),
    ("mod SET PROXY", "M", [], "SET PROXY", "Proxy orders are allowed"),
    ("mod SET NO PROXY", "M", [], "SET NO PROXY", "No proxy orders."),
    ("mod SET PUBLIC", "M", [], "SET PUBLIC", "The game is listed by LIST."),
    ("mod SET QUIET", "M", [], "SET QUIET",
     "Abandonments and takeovers are not announced."),
    ("mod SET NO QUIET", "M", [], "SET NO QUIET",
     "Abandonments and takeovers are announced."),
    ("mod/bgs SET RAILWAYS", "FM", [], "SET RAILWAYS", "Railways: on."),
    ("mod/bgs SET NO RAILWAYS", "FM", [], "SET NO RAILWAYS", "Railways: off."),
    ("mod SET RATED", "M", [], "SET RATED", "The game is rated."),
    ("mod SET UNRATED", "M", [], "SET UNRATED", "The game is unrated."),
    ("mod SET RESRAT", "M", [], "SET RESRAT 0.5",
     "players need a CD ratio of at most 0.5"),
    ("mod SET RESUME", "M", [], "SET RESUME", "Any player may RESUME the game."),
    ("mod SET NO RESUME", "M", [], "SET NO RESUME",
     "Only the master may RESUME the game."),
    ("mod SET REVEAL", "M", [], "SET REVEAL", "The players are revealed when"),
    ("mod SET NO REVEAL", "M", [], "SET NO REVEAL", "The players are not revealed"),
    ("mod SET SECRET", "M", [], "SET SECRET", "The game is secret"),
    ("mod SET NO SECRET", "M", [], "SET NO SECRET", "The game is not secret."),
    ("mod SET SHOW", "M", [], "SET SHOW", "Changes to the settings show who"),
    ("mod SET NO SHOW", "M", [], "SET NO SHOW", "made by someone@somewhere."),
    ("mod SET START", "M", [], "SET START Jan 7 12:00",
     "No processing before Wednesday 7 January 2026, 12:00 (UTC)."),
    ("mod SET STRICT CONVOY", "M", [], "SET STRICT CONVOY",
     "Only plausible convoys are taken"),
    ("mod SET NO STRICT CONVOY", "M", [], "SET NO STRICT CONVOY",
     "Any convoy order is taken, plausible or not."),
    ("mod SET STRICT GRACE", "M", [], "SET STRICT GRACE",
     "Grace ends exactly its hours after the deadline."),
    ("mod SET NO STRICT GRACE", "M", [], "SET NO STRICT GRACE",
     "Grace ends on a processing day."),
    ("mod SET STRICT WAIT", "M", [], "SET STRICT WAIT",
     "Only players who owe orders may SET WAIT."),
    ("mod SET NO STRICT WAIT", "M", [], "SET NO STRICT WAIT",
     "Any active player may SET WAIT."),
    ("mod/bgs SET SUMMER", "FM", [], "SET SUMMER",
     "This judge does not follow summer turns on any map. Not set."),
    ("mod/bgs SET NO SUMMER", "FM", [], "SET NO SUMMER", "that is already so here"),
    ("mod SET TOUCH PRESS", "M", [], "SET TOUCH PRESS",
     "Press only to powers whose units touch yours"),
    ("mod SET NO TOUCH PRESS", "M", [], "SET NO TOUCH PRESS", "Press to any power."),
    ("mod SET TRANSFORM", "FM", [], "SET TRANSFORM BUILDS",
     "does not follow unit transformations on any map. Not set."),
    ("mod SET TRAFO", "FM", [], "SET TRAFO BUILDS",
     "does not follow unit transformations on any map. Not set."),
    ("mod SET NO TRANSFORM", "FM", [], "SET NO TRANSFORM", "already so here"),
    ("mod SET NO TRAFO", "FM", [], "SET NO TRAFO", "already so here"),
    ("mod SET UNLIST", "M", [], "SET UNLIST", "The game is not listed"),
    ("mod SET UNMODERATED", "M", [], "SET UNMODERATED",
     "Game 'alpha' is unmoderated: its players may change its settings"),
    ("mod SET UNMODERATE", "M", [], "SET UNMODERATE", "Game 'alpha' is unmoderated"),
    ("ply SET VACATION", "P", [], "SET VACATION Jan 20 TO Jan 25",
     "Absence noted from Tuesday 20 January 2026"),
    ("ply SET NO VACATIONS", "P", [("P", "SET VACATION Jan 20 TO Jan 25")],
     "SET NO VACATIONS Jan 20", "ancel"),
    ("mod/bgs SET VARIANT variant", "FM", [], "SET VARIANT 1913", "1913"),
    ("mod/bgs SET VARIANT unknown", "FM", [], "SET VARIANT XXXX",
     "Variant 'XXXX' refused: no variant called 'XXXX' (known:"),
    ("mod/bgs SET VARIANT unknown, its options", "FM", [], "SET VARIANT XXXX",
     "Options: Gunboat, NoList (SET VARIANT <option>)."),
    ("mod/bgs SET VARIANT NoList", "FM", [], "SET VARIANT NoList",
     "The game is not listed."),
    ("mod/bgs SET VARIANT option", "FM", [], "SET VARIANT Gunboat",
     "Players are anonymous (Gunboat)."),
    ("mod/bgs SET NOT VARIANT", "FM", [("FM", "SET VARIANT Gunboat")],
     "SET NOT VARIANT Gunboat", "Players are known."),
    ("ply SET WAIT", "P", [], "SET WAIT", "WAIT set"),
    ("ply SET NO WAIT", "P", [("P", "SET WAIT")], "SET NO WAIT", "WAIT cleared."),
    ("mod SET WATCH ALL PRESS", "M", [], "SET WATCH ALL PRESS",
     "Observers may ask for copies of all partial press"),
    ("mod SET NO WATCH ALL PRESS", "M", [], "SET NO WATCH ALL PRESS",
     "Observers see no partial press."),
    ("mod SET WHITE", "M", [], "SET WHITE", "Press is now White."),
    ("mod SET WHITE PRESS", "M", [], "SET WHITE PRESS", "Press is now White."),
    ("mod SET NO WHITE", "M", [], "SET NO WHITE", "Press is now Grey."),
    ("mod SET WHITE/GREY", "M", [], "SET WHITE/GREY PRESS",
     "Press is now White/Grey."),
    ("any SIGN OFF", "P", [], "SIGN OFF|F BRE-MAO", "France: Fleet Brest, No Order"),
    ("any SIGN ON pname", "A", [], "SIGN ON Falpha pw-player3",
     "Wrong password for France in game 'alpha'."),
    ("any SIGN ON ?", "A", [], "SIGN ON ? pw-x",
     "You have joined game 'beta' (3 of 7 players)."),
    ("any/bgs SIGN ON ?name", "A", [], "SIGN ON ?beta pw-x",
     "You have joined game 'beta' (3 of 7 players)."),
    ("any/bgs SIGN ON ?name, terminated", "A", [("FM", "TERMINATE")],
     "SIGN ON ?beta pw-x", "Game 'beta' is over"),
    ("any/bgs SIGN ON ?name variant", "A", [], "SIGN ON ?beta pw-x Standard",
     "You have joined game 'beta' (3 of 7 players)."),
    ("any/bgs SIGN ON ?name wrong variant", "A", [], "SIGN ON ?beta pw-x imperial",
     "Game 'beta' is standard, not 'imperial'"),
    ("any SUMMARY name", "A", [], "SUMMARY alpha",
     "Summary of game 'alpha' through S1901M."),
    ("ply SUMMARY", "P", [], "SUMMARY", "Summary of game 'alpha' through S1901M."),
    ("mod TERMINATE", "M", [], "TERMINATE", "Game 'alpha' is over"),
    ("mod UNSTART", "M", [], "UNSTART",
     "Game 'alpha' is forming again, and starts only when you SET AUTO START"),
    ("mod TERMINATE, forming", "FM", [], "TERMINATE|SIGNOFF", "Game 'beta' is over"),
    ("any/pre VERSION", "A", [], "VERSION", "running pyjudge"),
    ("any/pre VERSION level", "A", [], "VERSION 1.0", "running pyjudge"),
    ("any/pre WATCH", "A", [], "WATCH alpha secret",
     "To observe game 'alpha', answer the confirmation mail"),
    # WHOIS shows one registration, never a list (docs/players.md)
    ("any WHO user", "A", [], "WHO player1 player2",
     "No single registration starts with 'player2'"),
    ("any/pre WHO GAME name", "A", [], "WHO GAME alpha",
     "France     player1@example.org"),
    ("any/pre WHO GAME name FULL", "A", [], "WHO GAME alpha FULL",
     "No player is registered."),
    ("ply WHO GAME", "P", [], "WHO GAME", "France     player1@example.org"),
    ("ply WHO GAME FULL", "P", [], "WHO GAME FULL", "No player is registered."),
    ("any WHO IS user", "A", [], "WHO IS player1",
     "No single registration starts with 'player1'"),
    ("ply WITHDRAW", "P", [], "WITHDRAW", "You have resigned France"),
]  # fmt: skip


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """The judge every row starts from, as a SQLite file."""
    path = tmp_path_factory.mktemp("index") / "template.db"
    judge = Judge(path)
    form_game(judge)
    asking = judge.send(WATCHER, "OBSERVE alpha secret")  # PROMOTE needs a password
    subject = next(m.subject for m in asking if "(CONFIRM " in m.subject)
    judge.send(WATCHER, "Yes.\n", subject="Re: " + subject)
    judge.send(MASTER, "CREATE ?beta pw-master standard")
    for address in ("p8@example.org", JOINER):
        judge.send(address, f"SIGNON ?beta {password(address)}")
    judge.db.conn.close()
    return path


def send(judge: Judge, who: str, text: str):
    france = judge.seat("FRANCE")
    sender, signon = {
        "M": (MASTER, f"SIGNON Malpha {password(MASTER)}\n"),
        "P": (france, f"SIGNON Falpha {password(france)}\n"),
        "FM": (MASTER, f"SIGNON Mbeta {password(MASTER)}\n"),
        "FP": (JOINER, f"SIGNON ?beta {password(JOINER)}\n"),
        "A": (STRANGER, ""),
    }[who]
    return judge.send(sender, signon + text.replace("|", "\n"))


@pytest.mark.parametrize(
    ("who", "before", "form", "expect"),
    [row[1:] for row in ROWS],
    ids=[row[0] for row in ROWS],
)
def test_index_row_is_read_and_answered(template, tmp_path, who, before, form, expect):
    path = tmp_path / "judge.db"
    shutil.copy(template, path)
    judge = Judge(path)
    for sender, text in before:
        send(judge, sender, text)
    out = send(judge, who, form)
    assert out, form
    body = out[0].body
    for phrase in NOT_UNDERSTOOD:
        assert phrase not in body, (form, body)
    assert expect in body, (form, body)


def test_every_players_and_masters_row_is_here():
    """The index's rows (data/index, 2005) by who may send them: each one
    has at least one form above."""
    covered = {row[0].split(" ", 1)[1].removeprefix("!") for row in ROWS}
    for command in (
        "BECOME MASTER",
        "BROADCAST",
        "CLEAR",
        "CREATE",
        "DIARY",
        "EJECT power",
        "FORCE BEGIN",
        "HISTORY name",
        "LIST FULL",
        "OBSERVE",
        "PAUSE",
        "PHASE",
        "POSTAL PRESS",
        "PREDICT",
        "PROCESS",
        "PROMOTE",
        "REGISTER",
        "RESIGN",
        "RESUME",
        "ROLLBACK",
        "SUMMARY",
        "TERMINATE",
        "UNSTART",
        "WITHDRAW",
        "SET AUTO CREATE",
        "SET MACH2",
        "SET EP",
        "SET BN",
        "SET MN",
    ):
        assert command in covered, command
    assert len(ROWS) >= 250


def test_become_master_by_the_sole_player(judge):
    """ply/bgs BECOME MASTER where njudge takes it: the one player of a
    game (a judge whose CREATE makes a player, auto_master off)."""
    from dataclasses import replace

    judge.service.settings = replace(judge.service.settings, auto_master=False)
    judge.send(STRANGER, "CREATE ?gamma pw-x")
    body = judge.send(STRANGER, "SIGNON ?gamma pw-x\nBECOME MASTER")[0].body
    assert "You are now the master of game 'gamma'." in body
    assert judge.row(
        "SELECT role FROM svc_members WHERE game = 'gamma' AND address = ?", [STRANGER]
    )[0] == "master"  # fmt: skip


def test_who_without_a_user_is_told_whois_usage(judge):
    body = judge.send(STRANGER, "WHO")[0].body
    assert "Use: WHOIS <address prefix> [...]" in body


def test_the_audits_fixes_change_what_they_say(template, tmp_path):
    """The effect behind some of the replies above, not only the words."""
    path = tmp_path / "judge.db"
    shutil.copy(template, path)
    judge = Judge(path)
    send(judge, "A", "CREATE ?gamma pw-x standard nolist")
    assert "gamma" not in send(judge, "A", "LIST")[0].body
    send(judge, "M", "SET EP 1234|SET BN 99")
    listing = send(judge, "A", "LIST alpha")[0].body
    assert "EP number: 1234" in listing and "Boardman/Miller number: 99" in listing
    send(judge, "M", "SET ALLOW PLAYER a@example.org|SET ALLOW PLAYER -a@example.org")
    assert "allow" not in judge.game()["settings"]
    send(judge, "M", "SET NO AUTO PROCESS")
    assert '"manual_process": true' in judge.game()["settings"]
    send(judge, "A", "SIGNON ? pw-x")  # the next game forming: beta
    assert judge.row(
        "SELECT role FROM svc_members WHERE game = 'beta' AND address = ?", [STRANGER]
    )[0] == "player"  # fmt: skip
