"""Feeds our mails to jDip's own "Import from Judge" and checks what it rebuilds.

Run by hand (it needs Java and, unless given a local copy, the network); CI
runs the same checks through tests/service/njudge_reader.py instead:

    uv run python scripts/jdip_import_check.py [--repo URL|PATH] [--commit SHA]

It plays the rulebook's sample game by mail (retreats and builds included,
as tests/service/test_njudge_layouts.py does), builds jDip from source with
the driver in scripts/jdip/, imports the game-start mail, LIST at every
phase and HISTORY before any results, after every phase and once the game
is over, and compares each position jDip rebuilt with the game's own.
Exit status 0 when every text imports and every position matches.
docs/layouts.md says what jDip reads and the versions checked.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "service"))

# jDip 1.7.0's source (a 1.7.0 preview by its build files), as this
# repository's first commit holds it; rgo/jDip holds the older 1.6.8.
JDIP_REPO = "https://github.com/takaki/jdip"
JDIP_COMMIT = "11480bdf800fb7a018ec9514e4bd5407248173f4"
DRIVER = ROOT / "scripts" / "jdip" / "ImportCheck.java"
WATCHER = "watcher@example.org"


def jdip_source(repo: str, commit: str, work: Path) -> Path:
    """jDip's source tree at `commit`, unpacked under `work`."""
    git_dir = Path(repo)
    if not git_dir.exists():
        git_dir = work / "clone"
        cloned = subprocess.run(
            ["git", "clone", "--quiet", "--bare", repo, str(git_dir)]
        )
        if cloned.returncode:
            sys.exit(f"could not clone {repo}: give --repo a local copy of jDip's git")
    elif (git_dir / ".git").exists():
        git_dir = git_dir / ".git"
    archive = subprocess.run(
        ["git", f"--git-dir={git_dir}", "archive", commit],
        check=True,
        capture_output=True,
    ).stdout
    source = work / "jdip"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(source, filter="data")
    return source


def misplaced(src: Path) -> list[str]:
    """Source files outside their package's folder (1.6.8 has one), which
    javac finds only when named."""
    out = []
    for path in src.rglob("*.java"):
        head = path.read_text(encoding="latin-1")[:4000]
        m = re.search(r"^package\s+([\w.]+);", head, re.M)
        if m and path.parent != src.joinpath(*m[1].split(".")):
            out.append(str(path))
    return out


def build(source: Path, work: Path) -> tuple[str, Path]:
    """Compile the driver and the jDip classes it needs; zip the standard
    variant.  Returns the class path and the variants folder."""
    classes, variants = work / "classes", work / "variants"
    classes.mkdir()
    variants.mkdir()
    jars = sorted(str(p) for p in (source / "lib").glob("*.jar"))
    compiled = subprocess.run(
        ["javac", "-nowarn", "-encoding", "ISO-8859-1", "-d", str(classes),
         "-sourcepath", str(source / "src"), "-cp", ":".join(jars), str(DRIVER),
         *misplaced(source / "src")],
        capture_output=True, text=True,
    )  # fmt: skip
    if compiled.returncode:
        sys.exit(f"javac failed:\n{compiled.stderr}")
    # 1.7 keeps the variants as folders, 1.6.8 as ready zips
    folders = {
        "stdVariants.zip": source / "resource" / "variants" / "stdVariants",
        "simpleSymbols.zip": source / "resource" / "variants" / "symbols" / "simple",
    }
    for name, folder in folders.items():
        ready = source / "variants" / name
        if ready.exists():
            (variants / name).write_bytes(ready.read_bytes())
            continue
        with zipfile.ZipFile(variants / name, "w") as pack:
            for path in sorted(folder.iterdir()):
                pack.write(path, path.name)
    # resource/ holds jDip's message texts, read from the class path
    return ":".join([str(classes), str(source), *jars]), variants


def play() -> tuple[dict[str, str], list]:
    """The sample game by mail: the texts to import, and the game's state
    before each phase then now."""
    from harness import MASTER, PLAYERS, Judge, form_game, signon
    from sample_game import SAMPLE

    from judge.engine.serialize import position_from_json
    from judge.variants import load_variant

    board = load_variant("standard")[0]
    judge = Judge(Path(tempfile.mkdtemp()) / "judge.db")
    out = form_game(judge)
    judge.observe(WATCHER)
    texts = {"start mail": next(m.body for m in out if m.to == (PLAYERS[1],))}
    # before any results jDip reads the start notice's subject for the phase
    texts["HISTORY at the start"] = judge.send(WATCHER, "HISTORY alpha")[0].body
    for phase, orders in SAMPLE:
        texts[f"LIST at {phase}"] = judge.send(WATCHER, "LIST alpha")[0].body
        for power, text in orders.items():
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")
        # public press lands in the archive between the results mails; a
        # line jDip would take for a mail's Date: line is archived defused
        hello = (
            f"BROADCAST\nFrance wishes all well in {phase}.\n"
            "Date: tomorrow?\nSubject: PYJ:alpha - S1909M Results\nENDBROADCAST"
        )
        judge.send(judge.seat("FRANCE"), f"{signon(judge, 'FRANCE')}\n{hello}")
        judge.tick(judge.deadline())
        texts[f"HISTORY to {phase}"] = judge.send(WATCHER, "HISTORY alpha")[0].body
    texts[f"LIST at {judge.phase()}"] = judge.send(WATCHER, "LIST alpha")[0].body
    # the game's end is archived after the last results; jDip marks it over
    judge.send(MASTER, "SIGNON Malpha pw-master\nTERMINATE")
    texts["HISTORY of the ended game"] = judge.send(WATCHER, "HISTORY alpha")[0].body
    rows = judge.db.execute(
        "SELECT position FROM svc_turns WHERE game = 'alpha' ORDER BY turn"
    ).fetchall()
    states = [row[0] for row in rows] + [judge.game()["position"]]
    return texts, [position_from_json(board, json.loads(s)) for s in states]


def facts_of(position, board) -> dict[str, set]:
    """A position as sets of comparable facts, in jDip's terms."""
    name = {p: board.powers[p].name for p in board.powers}
    return {
        "units": {(name[p], u.kind, u.location) for p, u in position.units.values()},
        "dislodged": {
            (name[d.power], d.unit.kind, d.unit.location)
            for d in position.dislodged.values()
        },
        "centres": {(prov, name[p]) for prov, p in position.centres.items()},
    }


def our_phase(brief: str) -> str:
    """jDip's S1901M, F1902R, F1901B (its adjustments) -> ours."""
    season, year, kind = brief[0], brief[1:-1], brief[-1]
    return f"W{year}A" if kind == "B" else f"{season}{year}{kind}"


def import_text(classpath: str, variants: Path, label: str, text: str, work: Path):
    """What jDip rebuilt from `text`: phase -> (resolved, facts), or the
    error it stopped with."""
    path = work / "texts" / f"{label.replace(' ', '_')}.txt"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text)  # kept for a look with --keep
    run = subprocess.run(
        ["java", "-Djava.awt.headless=true", "-cp", classpath, "ImportCheck",
         str(variants), str(path)],
        capture_output=True, text=True,
    )  # fmt: skip
    if run.returncode:
        lines = [x for x in run.stderr.splitlines() if not x.startswith("\tat ")]
        return " / ".join(lines[:2]) or f"exit status {run.returncode}"
    seen: dict[str, tuple[bool, dict[str, set]]] = {}
    for line in run.stdout.splitlines():
        what, brief, *rest = line.split()
        phase = our_phase(brief)
        if what == "phase":
            seen[phase] = (rest[0] == "resolved", defaultdict(set))
            if "ended" in rest:
                seen[phase][1]["ended"].add(True)
        elif what == "centre":
            seen[phase][1]["centres"].add((rest[0].upper(), rest[1]))
        else:
            power, kind, where = rest
            seen[phase][1][{"unit": "units"}.get(what, what)].add(
                (power, kind, where.upper())
            )
    return seen


def compare(label: str, seen, wanted: dict[str, dict[str, set]]) -> list[str]:
    """The differences between jDip's rebuilt phases and the game's."""
    if isinstance(seen, str):
        return [f"{label}: jDip failed: {seen}"]
    problems = []
    for phase, (resolved, facts) in seen.items():
        want = wanted.get(phase)
        if want is None:
            problems.append(f"{label}: jDip made up phase {phase}")
            continue
        # jDip files a phase's new ownership under the movement or retreat
        # phase whose mail announced it, so centres are compared where a
        # phase starts from them: adjustments and the open phase.
        keys = ["units", "dislodged"]
        if phase.endswith("A") or not resolved:
            keys.append("centres")
        for key in keys:
            if facts[key] != want[key]:
                missing = sorted(want[key] - facts[key])
                extra = sorted(facts[key] - want[key])
                problems.append(
                    f"{label}, {phase} {key}: missing {missing} extra {extra}"
                )
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--repo", default=JDIP_REPO, help="jDip's git repository (URL or path)"
    )
    parser.add_argument("--commit", default=JDIP_COMMIT, help="the commit to build")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args()

    from judge.variants import load_variant

    board = load_variant("standard")[0]
    work = Path(tempfile.mkdtemp(prefix="jdip-check-"))
    classpath, variants = build(jdip_source(args.repo, args.commit, work), work)
    texts, states = play()
    wanted = {str(s.phase): facts_of(s, board) for s in states}
    phases = list(wanted)

    problems, checked = [], 0
    for label, text in texts.items():
        seen = import_text(classpath, variants, label, text, work)
        if label.startswith("LIST"):
            # jDip reads a listing's units and centres; it has no place for
            # the dislodged units of a retreat phase (njudge's listing
            # neither: it writes them among the units).
            phase = label.removeprefix("LIST at ")
            want = {phase: {**wanted[phase], "dislodged": set()}}
        elif label.startswith("HISTORY to"):
            last = phases.index(label.removeprefix("HISTORY to ")) + 1
            want = {p: wanted[p] for p in phases[: last + 1]}
        elif label == "HISTORY of the ended game":  # no phase after the last
            want = {p: wanted[p] for p in phases[:-1]}
        else:  # the start mail, or the history holding only it
            want = {phases[0]: wanted[phases[0]]}
        found = compare(label, seen, want)
        if not isinstance(seen, str):
            if set(seen) != set(want):
                found.append(
                    f"{label}: jDip rebuilt {sorted(seen)}, not {sorted(want)}"
                )
            ended = [p for p, (_, facts) in seen.items() if facts["ended"]]
            if ended != (phases[-2:-1] if "ended" in label else []):
                found.append(f"{label}: jDip says the game ended at {ended}")
        problems += found
        checked += 0 if isinstance(seen, str) else len(seen)
        print(f"{'ok  ' if not found else 'FAIL'} {label}")
    for problem in problems:
        print(problem)
    print(f"{len(texts)} texts, {checked} phases rebuilt, {len(problems)} problems")
    if args.keep:
        print(f"work folder: {work}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
