"""The rules lookup: does it answer the questions players ask, and how fast.

Run from the repository root: ``python3 bench/lookup.py``. Prints:

* the question sets (``bench/questions/*.yaml``: questions in players' words, each with the
  entries that answer it), run through the index the game and ``great-harbor rules`` search: how
  often the answering entry comes first (hit@1, target at least 85%) and in the top 3 (hit@3, target
  at least 95%), and how often the first entry is a wrong answer (target at most 2%). ``tuning``,
  ``held out`` and ``tuning 2`` are tuning material (the held-out set was read in aggregate so often
  while the ranking was first tuned that it is no longer unseen; ``tuning 2`` was written for the
  third round of ranking work, before it was run; ``tuning 3`` for issue 31, before it was run: vague
  questions about the game in front of the player (answered ``now:...`` from the game), the
  program, typos); ``fresh`` is the unseen set, written later and
  never tuned on. A first entry that is not an answer is *incomplete* when it holds the
  answer (the chapter of an answering section, or an entry the question lists as ``near``); *wrong*
  when it would teach a wrong rule: an entry the question lists as ``wrong`` (written for each
  question from what the entries say), the Automa's rule for a question about a player or a
  player's rule for a question about the Automa, or a card the question does not name; and a *miss*
  otherwise (another rule, which does not answer but teaches nothing false).
  A question answered below the minimum relevance counts as a miss (the lookup says nothing
  matches well). ``--misses`` lists the questions of the tuning material whose answer is not first (never those
  of the fresh set: it is not tuned on, so only its figures are printed);
* the time of each query, as the lookup runs it on a key press (the search, and the nearest titles
  when nothing matches): median and worst over the questions and a set of typed queries (target:
  each within 16 ms, one frame at 60 Hz);
* building the index, and building it over a hostile catalogue text: one word of 1 MB and many
  long words (it must stay linear in the text).
* ``great-harbor rules shore fee`` beside ``great-harbor --help`` (target: at most 2x), with what
  ``rules`` imports beyond ``--help`` (``python -X importtime``, by package) and what it does
  after its imports (the index from the user's cache, search, printing; and what building the
  index costs when the cache does not hold it), to show where its time goes. Both run with
  their bytecode written (``PYTHONDONTWRITEBYTECODE`` unset): compiling a changed module again on
  every run is not what a player's computer does;
* with ``--ui``: key press to frame in the rules lookup of the real game on a pseudo-terminal
  (median, 95th percentile and worst; targets 16 ms, 33 ms and 100 ms), typing a question letter
  by letter and deleting it, then opening entries and typing again at once.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from great_harbor.data import load_catalogue  # noqa: E402
from great_harbor.lookup.glossary import build_glossary  # noqa: E402
from great_harbor.lookup.now import asks_about_now, confident  # noqa: E402
from great_harbor.lookup.reference import Entry, load_reference  # noqa: E402
from great_harbor.lookup.search import SearchIndex, lookup_index  # noqa: E402

QUESTIONS = ROOT / "bench" / "questions"
# (name, file, tuned on): the unseen set's misses are never listed.
SETS = (
    ("tuning", QUESTIONS / "tuning.yaml", True),
    ("held out", QUESTIONS / "held_out.yaml", True),
    ("tuning 2", QUESTIONS / "tuning2.yaml", True),
    ("tuning 3", QUESTIONS / "tuning3.yaml", True),
    ("fresh", QUESTIONS / "fresh.yaml", False),
)

# Typed queries beside the questions: typos, prefixes as typed, ids, nothing found.
QUERIES = [
    "shore fee",
    '"shore fee"',
    "smugler",
    "tier",
    "voyage",
    "automa draft",
    "surplus",
    "end of game",
    "shipyrad",
    "smugg",
    "s",
    "a",
    "the",
    "what happens when my ship loses a battle against the pirates",
    "person 21",
    "corsair",
    "building 7",
    "red senate track",
    "xyzzy",
    "govenor trates",
]
REPEATS = 50
NOTHING = "nothing"  # the lookup says nothing matches well


@dataclass(frozen=True)
class Question:
    text: str
    answers: tuple[str, ...]
    near: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()


def load_questions(path: Path) -> list[Question]:
    """The questions of one set file (see its header for the fields)."""
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [
        Question(str(item["q"]), tuple(item["a"]), tuple(item.get("near", ())), tuple(item.get("wrong", ())))
        for item in items
    ]


AUTOMA_WORDS = frozenset({"automa", "automas", "bot", "robot", "solo"})
STOP = frozenset("a an and the of to in on for s".split())


def _words(text: str) -> set[str]:
    return {word.removesuffix("s") for word in re.findall(r"[a-z0-9]+", text.lower().replace("'", "")) if word}


def about_automa(entry: Entry) -> bool:
    return entry.id == "automa" or entry.id.startswith("automa/") or "automa" in _words(entry.title)


def run_query(index: SearchIndex, query: str) -> list[str]:
    """What the lookup does on a key press: the answer from the game for a question about it
    (``now:pending``, ``now:refusal``, ``now:fee``) above the ranked entries; ``nothing`` above the
    nearest titles when no entry reaches the minimum relevance."""
    now = asks_about_now(query)
    results = index.search(query, limit=10)
    found = [result.entry.id for result in results] if confident(results) else [
        NOTHING, *(entry.id for entry in index.suggest(query, limit=8))]
    return [f"now:{now.value}", *found] if now is not None else found


@dataclass
class Score:
    name: str
    total: int = 0
    first: int = 0
    top3: int = 0
    incomplete: int = 0
    wrong: int = 0
    missed: int = 0

    def percent(self, count: int) -> str:
        return f"{100 * count / self.total:5.1f}%" if self.total else "  -  "


def holds(index: SearchIndex, shown: str, question: Question) -> bool:
    """Does ``shown`` hold an answer without being one (its chapter, or a listed near entry)?"""
    if shown in question.near:
        return True
    parents = {index.get(answer).parent for answer in question.answers if answer in index}
    return shown in parents


def teaches_wrong(index: SearchIndex, shown: str, question: Question) -> bool:
    """Would ``shown``, read as the answer, teach a wrong rule (see the module's docstring)?"""
    if shown in question.wrong:
        return True
    entry = index.get(shown)
    asked = _words(question.text)
    automa_question = bool(asked & AUTOMA_WORDS)
    if entry.kind in ("rules", "ruling", "example") and not shown.startswith("app"):
        if about_automa(entry) != automa_question:
            return True
    if entry.kind in ("card", "board"):
        name = _words(entry.title.split("(")[0]) - STOP
        ids = _words(entry.id.replace("-", " "))
        if not (name <= asked or ids <= asked):
            return True
    return False


def verdict(index: SearchIndex, ranked: list[str], question: Question) -> str:
    """first, incomplete, wrong or miss: what the first entry shown is for the question."""
    if ranked[:1] and ranked[0] in question.answers:
        return "first"
    if not ranked or ranked[0] not in index:
        return "miss"
    if holds(index, ranked[0], question):
        return "incomplete"
    return "wrong" if teaches_wrong(index, ranked[0], question) else "miss"


def score(index: SearchIndex, name: str, questions: Iterable[Question],
          misses: list[tuple[Question, list[str]]] | None = None) -> Score:
    out = Score(name)
    for question in questions:
        ranked = run_query(index, question.text)
        out.total += 1
        kind = verdict(index, ranked, question)
        out.first += kind == "first"
        out.incomplete += kind == "incomplete"
        out.wrong += kind == "wrong"
        out.missed += kind == "miss"
        if kind != "first" and misses is not None:
            misses.append((question, ranked[:3]))
        if set(ranked[:3]) & set(question.answers):
            out.top3 += 1
    return out


def median_ms(action: Callable[[], object], repeats: int = REPEATS) -> float:
    """The median wall-clock time of ``action`` in ms (what a player waits)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def cpu_ms(action: Callable[[], object], repeats: int = REPEATS) -> float:
    """The processor time ``action`` takes in ms, on average: unlike the wall clock, it does not
    grow when other programs share the machine."""
    start = time.process_time()
    for _ in range(repeats):
        action()
    return (time.process_time() - start) / repeats * 1000


def unknown_ids(index: SearchIndex, questions: Iterable[Question]) -> list[str]:
    return sorted({entry for q in questions for entry in (*q.answers, *q.near) if entry not in index})


def questions_report(index: SearchIndex, show_misses: bool, tuning_only: bool = False
                     ) -> tuple[list[float], list[float]]:
    times: list[float] = []
    cpu: list[float] = []
    for name, path, tuned in SETS:
        if tuning_only and not tuned:
            continue
        questions = load_questions(path)
        missing = [entry for entry in unknown_ids(index, questions) if not entry.startswith("now:")]
        if missing:
            print(f"  {name}: no such entries: {', '.join(missing)}")
        misses: list[tuple[Question, list[str]]] = []
        result = score(index, name, questions, misses if tuned else None)
        print(f"  {name:9} {result.total:3} questions: hit@1 {result.percent(result.first)}  "
              f"hit@3 {result.percent(result.top3)}  wrong first {result.percent(result.wrong)}  "
              f"(first is not an answer: {result.percent(result.total - result.first)} = incomplete "
              f"{result.incomplete}, wrong {result.wrong}, other rule {result.missed})")
        if show_misses and misses:
            print(f"    {name} questions whose answer is not first:")
            for question, ranked in misses:
                mark = {"incomplete": "near ", "wrong": "WRONG", "miss": "miss "}[verdict(index, ranked, question)]
                print(f"    {mark} {question.text!r}: {', '.join(ranked) or '(nothing)'}  "
                      f"wanted {', '.join(question.answers)}")
        times += [median_ms(lambda q=question.text: run_query(index, q), 10) for question in questions]
        cpu += [cpu_ms(lambda q=question.text: run_query(index, q), 10) for question in questions]
    return times, cpu


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.1f} over 1 min, {five:.1f} over 5, on {os.cpu_count()} cores"


def hostile_build() -> None:
    """Index build time over text no catalogue should hold but a broken or hostile one may."""
    cases = {
        "one word of 1 MB": "x" * 1_000_000,
        "2,000 words of 500 letters": " ".join(chr(97 + i % 26) * 500 for i in range(2000)),
    }
    for label, text in cases.items():
        entry = Entry(id="hostile", title=text[:200_000], body=text, kind="card")
        start = time.perf_counter()
        index = SearchIndex([entry])
        built = time.perf_counter() - start
        start = time.perf_counter()
        run_query(index, text[:300])
        run_query(index, "xxxx")
        queried = time.perf_counter() - start
        print(f"  {label:28} index {built * 1000:8.1f} ms, two queries {queried * 1000:6.1f} ms")


def _with_bytecode() -> dict[str, str]:
    """The environment, with Python writing the bytecode it compiles (as it does on a player's computer)."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def _run_ms(command: list[str], repeats: int = 7) -> tuple[float, float]:
    """Median wall clock and processor time (the child's, user + system) of a command, in ms."""
    import resource
    import subprocess

    walls, cpus = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=_with_bytecode())
        walls.append(1000 * (time.perf_counter() - start))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
    return statistics.median(walls), statistics.median(cpus)


def command_line() -> None:
    """``great-harbor rules QUERY`` beside ``great-harbor --help`` (target: at most twice as long;
    the first run fills the catalogue cache and is not counted)."""
    program = [sys.executable, "-m", "great_harbor"]
    _run_ms([*program, "rules", "shore", "fee"], repeats=1)  # fills the cache
    help_wall, help_cpu = _run_ms([*program, "--help"])
    rules_wall, rules_cpu = _run_ms([*program, "rules", "shore", "fee"])
    print("\ncommand line (median of 7 runs; target: rules at most 2x --help)")
    print(f"  great-harbor --help           wall {help_wall:6.1f} ms, processor {help_cpu:6.1f} ms")
    print(f"  great-harbor rules shore fee  wall {rules_wall:6.1f} ms, processor {rules_cpu:6.1f} ms "
          f"({rules_cpu / help_cpu:.2f}x --help in processor time, {rules_wall / help_wall:.2f}x in wall clock)")
    extra = _imports_beyond_help(program)
    print("  what rules imports beyond --help (python -X importtime, own time, median of 5): " + ", ".join(
        f"{package} {ms:.1f} ms" for package, ms in extra[:8]) + f"; in all {sum(ms for _, ms in extra):.0f} ms")
    print("  and what it does (processor time): " + ", ".join(f"{step} {ms:.1f} ms" for step, ms in _rules_steps()))


def _import_times(command: list[str]) -> dict[str, float]:
    """Each module's own import time (ms) in one run of ``command`` with ``-X importtime``."""
    import subprocess

    done = subprocess.run([command[0], "-X", "importtime", *command[1:]], capture_output=True, text=True, check=False,
                          env=_with_bytecode())
    times: dict[str, float] = {}
    for line in done.stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if len(parts) == 3 and parts[0].strip().isdigit():
            times[parts[2].strip()] = int(parts[0]) / 1000
    return times


def _imports_beyond_help(program: list[str], runs: int = 5) -> list[tuple[str, float]]:
    """The modules ``rules`` imports that ``--help`` does not, summed by package (the game's own
    by subpackage), largest first."""
    helped = set().union(*(_import_times([*program, "--help"]) for _ in range(2)))
    totals: dict[str, list[float]] = {}
    for _ in range(runs):
        run: dict[str, float] = {}
        for module, ms in _import_times([*program, "rules", "shore", "fee"]).items():
            if module not in helped:
                parts = module.split(".")
                package = ".".join(parts[:3] if parts[0] == "great_harbor" else parts[:1])
                run[package] = run.get(package, 0.0) + ms
        for package, ms in run.items():
            totals.setdefault(package, []).append(ms)
    return sorted(((package, statistics.median(ms)) for package, ms in totals.items()), key=lambda item: -item[1])


def _rules_steps() -> list[tuple[str, float]]:
    """What ``great-harbor rules shore fee`` does after its imports, step by step, in this process:
    with the index in the user's cache (as from the second question on), and, after a comma, what
    building it costs when the cache does not hold it (the first question, or after a change)."""
    from great_harbor.catalogue_folder import default_data_dir
    from great_harbor.lookup import index_cache
    from great_harbor.lookup.plain_text import render_markdown
    from great_harbor.lookup.terminal import find, markdown

    steps: list[tuple[str, float]] = []
    start = time.process_time()

    def step(name: str) -> None:
        nonlocal start
        now = time.process_time()
        steps.append((name, 1000 * (now - start)))
        start = now

    key = index_cache.index_key(default_data_dir())
    step("the cache key (reading the files)")
    kept = index_cache.read_index(key) if key is not None else None
    step("the index from the cache" if kept is not None else "the index from the cache (NOT FOUND)")
    index = kept if kept is not None else SearchIndex(load_reference())
    entry, _ = find(index, "shore fee")
    step("the search")
    render_markdown(markdown(entry) if entry is not None else "", 80)
    step("printing the entry")
    catalogue = load_catalogue(None, cache=True)
    step("if not in the cache: the catalogue (from its cache)")
    reference = load_reference.__wrapped__()  # type: ignore[attr-defined]  # anew, not the one kept
    step("the reference")
    glossary = build_glossary(catalogue)
    step("the glossary")
    built = SearchIndex(reference)
    built.add_entries(glossary)
    step("the index")
    return steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--misses", action="store_true",
                        help="list the tuning material's questions (tuning, held out, tuning 2) not answered first")
    parser.add_argument("--tuning-only", action="store_true",
                        help="score the tuning material only (leave out the unseen fresh set)")
    parser.add_argument("--explain", metavar="QUERY", help="show why the first entries for QUERY rank there")
    parser.add_argument("--ui", action="store_true", help="also time key presses in the game's lookup screen")
    parser.add_argument("--rounds", type=int, default=2, help="times the key script is run with --ui (default 2)")
    args = parser.parse_args()

    if args.explain:
        print("\n".join(lookup_index().explain(args.explain, 6)))
        return 0

    start = time.perf_counter()
    entries = load_reference()
    parsed = time.perf_counter()
    catalogue = load_catalogue()
    loaded = time.perf_counter()
    glossary = build_glossary(catalogue)
    built = time.perf_counter()
    SearchIndex(entries).add_entries(glossary)
    indexed = time.perf_counter()
    print(f"reference {len(entries)} entries (parse {1000 * (parsed - start):.1f} ms), glossary {len(glossary)} "
          f"(build {1000 * (built - loaded):.1f} ms), index of both {1000 * (indexed - built):.1f} ms")

    index = lookup_index(catalogue)
    print("\nquestions (targets: hit@1 >= 85%, hit@3 >= 95%, wrong first <= 2%)")
    times, cpu = questions_report(index, args.misses, args.tuning_only)
    typed = [median_ms(lambda q=query: run_query(index, q)) for query in QUERIES]
    typed_cpu = [cpu_ms(lambda q=query: run_query(index, q)) for query in QUERIES]
    every, every_cpu = times + typed, cpu + typed_cpu
    print(f"\nper query ({len(every)} queries: the questions and {len(QUERIES)} typed ones; target: each within 16 ms)")
    print(f"  wall clock, median of repeats: median {statistics.median(every):.3f} ms, worst {max(every):.3f} ms")
    print(f"  processor time: median {statistics.median(every_cpu):.3f} ms, worst {max(every_cpu):.3f} ms "
          f"(the wall clock grows with the machine's load: {load()})")
    slowest = max(zip(typed_cpu, QUERIES, strict=True))
    print(f"  slowest typed query {slowest[1]!r}: {slowest[0]:.3f} ms of processor time")

    print("\nindex over hostile catalogue text")
    hostile_build()

    command_line()

    if args.ui:
        from lookup_ui import report  # type: ignore[import-not-found]

        report(args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
