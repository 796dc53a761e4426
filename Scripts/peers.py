"""The driver of Scripts/peers.sh: races JSONMapper against orjson and simdjson on the benchmark payloads.

Run through peers.sh, which prepares the virtual environment and the release builds. One process measures every
way: orjson and simdjson here, JSONMapper through the `Profile peers-serve` server (one command per line on its
standard input, the nanoseconds of each repetition and the batch's page faults back on one line), and
`jsonmapper check` as a process. Each
round runs every way once, a batch of repetitions sized to about --batch-ms, in an order that rotates from round
to round, so that the load of a shared machine falls on all ways alike. Figures are medians: throughput from the
median of all repetitions, ratios as the median of the rounds' ratios (each round's ways ran back to back).
Every timed call includes freeing what it built (orjson's objects, simdjson's proxy, our models and document).
"""

import argparse
import gc
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata

import orjson
import simdjson

PAYLOADS = ["twitter", "citm_catalog", "canada"]
# The pairs of checks per round for `check less startup` (see time_check_pairs).
CHECK_PAIRS = 20
SWIFT_WAYS = ["map", "parse", "validate", "validate-file", "decoder", "serialization"]
LABELS = {
    "orjson": "orjson loads (Python's gc off)",
    "orjson-gc": "orjson loads (gc on)",
    "simdjson": "simdjson parse (DOM)",
    "map": "JSONMapper mapping",
    "parse": "JSONMapper parse only",
    "validate": "JSONMapper validate (InputStream(data:))",
    "validate-file": "JSONMapper validate(contentsOf:)",
    "check": "jsonmapper check (process)",
    "check-net": "jsonmapper check, less startup",
    "decoder": "JSONDecoder + Codable",
    "serialization": "JSONSerialization + casts",
}


def fail(message):
    print(f"peers: {message}", file=sys.stderr)
    sys.exit(1)


class Swift:
    """The `Profile peers-serve` process."""

    def __init__(self, profile, folder):
        self.faults = {}
        self.runs = {}
        self.process = subprocess.Popen(
            [profile, "peers-serve", folder], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        ready = self.process.stdout.readline().strip()
        if ready != "ready":
            fail(f"the Swift server did not start: {ready or 'no answer'}")

    def run(self, way, payload, repetitions):
        self.process.stdin.write(f"{way} {payload} {repetitions}\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline().strip()
        if not line or line.startswith("error:"):
            fail(f"the Swift server failed: {line or 'no answer'}")
        times, _, faults = line.partition(" faults ")
        self.faults[(way, payload)] = self.faults.get((way, payload), 0) + int(faults or 0)
        self.runs[(way, payload)] = self.runs.get((way, payload), 0) + repetitions
        return [int(word) for word in times.split()]

    def faults_per_run(self, way, payload):
        """The minor page faults per repetition of `way` on `payload` so far (warm-up included)."""
        runs = self.runs.get((way, payload), 0)
        return self.faults[(way, payload)] / runs if runs else 0

    def close(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        self.process.stdout.readline()
        self.process.wait()


def python_way(way, data):
    """A function that reads `data` once, and proves here that it reads it whole."""
    if way == "orjson":
        orjson.loads(data)
        return lambda: orjson.loads(data)
    parser = simdjson.Parser()

    def parse():
        # parse() builds simdjson's DOM tape for the whole document (stage 1 and stage 2); touching the root checks
        # that it is there. The proxy must go before the parser is reused.
        document = parser.parse(data)
        size = len(document)
        del document
        return size

    parse()
    # A document cut short must fail: simdjson validates to the end rather than stopping early.
    try:
        document = parser.parse(data[: len(data) - 2])
        del document
        fail("simdjson accepted a truncated document: it cannot be parsing the whole input")
    except (ValueError, RuntimeError):
        pass
    return parse


def time_python(function, repetitions, collect=True):
    """The nanoseconds of each call; with `collect` false, Python's cyclic garbage collector is off meanwhile."""
    times = []
    if not collect:
        gc.disable()
    try:
        for _ in range(repetitions):
            start = time.perf_counter_ns()
            function()
            times.append(time.perf_counter_ns() - start)
    finally:
        gc.enable()
    return times


def time_check(jsonmapper, path, repetitions):
    return [time_one_check(jsonmapper, path) for _ in range(repetitions)]


def time_check_pairs(jsonmapper, path, empty, repetitions):
    """The time of `check` on the payload less that of a `check` of `{}` run beside it, per repetition: both see
    the same moment's load, which two ways timed apart in the round do not. The order alternates, so that neither
    always starts right after the other (with the binary and its libraries just used)."""
    differences = []
    for repetition in range(repetitions):
        if repetition % 2 == 0:
            startup = time_one_check(jsonmapper, empty)
            whole = time_one_check(jsonmapper, path)
        else:
            whole = time_one_check(jsonmapper, path)
            startup = time_one_check(jsonmapper, empty)
        differences.append(whole - startup)
    return differences


def time_one_check(jsonmapper, path):
    start = time.perf_counter_ns()
    result = subprocess.run([jsonmapper, "check", path], capture_output=True, text=True)
    elapsed = time.perf_counter_ns() - start
    if result.returncode != 0 or not result.stdout.endswith(": ok\n"):
        fail(f"jsonmapper check {path} failed: {result.stdout.strip()} {result.stderr.strip()}")
    return elapsed


def main():
    arguments = argparse.ArgumentParser(description=__doc__)
    arguments.add_argument("--profile", required=True)
    arguments.add_argument("--jsonmapper", required=True)
    arguments.add_argument("--data", required=True)
    arguments.add_argument("--rounds", type=int, default=15)
    arguments.add_argument("--batch-ms", type=float, default=30)
    options = arguments.parse_args()

    print(f"# peers.sh, {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, {platform.machine()}, {os.cpu_count()} CPUs")
    print(
        f"# orjson {metadata.version('orjson')}, pysimdjson {metadata.version('pysimdjson')}, "
        f"Python {platform.python_version()}; {options.rounds} rounds, batches of about {options.batch_ms:g} ms"
    )
    print("# load average at the start: %.2f %.2f %.2f" % os.getloadavg())
    swift = Swift(options.profile, options.data)
    empty = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    empty.write("{}")
    empty.close()
    results = {}
    try:
        for payload in PAYLOADS:
            path = os.path.join(options.data, payload + ".json")
            with open(path, "rb") as file:
                data = file.read()
            ways = {}
            # orjson is timed at its best, with the collector off (its passes over the young objects it just made
            # cost a third on citm_catalog), which is what the ratios use, and as a Python program runs it.
            orjson_loads = python_way("orjson", data)
            ways["orjson"] = lambda repetitions: time_python(orjson_loads, repetitions, collect=False)
            ways["orjson-gc"] = lambda repetitions: time_python(orjson_loads, repetitions)
            simdjson_parse = python_way("simdjson", data)
            ways["simdjson"] = lambda repetitions: time_python(simdjson_parse, repetitions)
            for way in SWIFT_WAYS:
                ways[way] = lambda repetitions, way=way: swift.run(way, payload, repetitions)
            ways["check"] = lambda repetitions: time_check(options.jsonmapper, path, repetitions)
            ways["check-startup"] = lambda repetitions: time_check(options.jsonmapper, empty.name, repetitions)
            ways["check-net"] = lambda repetitions: time_check_pairs(options.jsonmapper, path, empty.name, repetitions)
            # Batches: one warm-up, then as many repetitions as fit in about --batch-ms (at least one).
            batch = {}
            for way, run in ways.items():
                if way == "check-net":
                    # A pair costs two process starts whatever its difference (which may be negative): a fixed count.
                    batch[way] = CHECK_PAIRS
                    continue
                run(1)
                once = statistics.median(run(3))
                batch[way] = max(1, min(1000, round(options.batch_ms * 1e6 / max(once, 1))))
            names = list(ways)
            rounds = {way: [] for way in names}
            for index in range(options.rounds):
                order = names[index % len(names):] + names[: index % len(names)]
                for way in order:
                    rounds[way].append(ways[way](batch[way]))
            results[payload] = (len(data), rounds)
            print_payload(payload, len(data), rounds, swift)
    finally:
        swift.close()
        os.unlink(empty.name)
    print("# load average at the end: %.2f %.2f %.2f" % os.getloadavg())
    print_summary(results)


def median_ns(rounds, way):
    return statistics.median([t for batch in rounds[way] for t in batch])


def round_medians(rounds, way):
    if way == "check-net":
        # A round whose pairs ran no slower on the payload than on `{}` measured no time of its own: None, left out
        # of the figures (a clamped near-zero time made an absurd throughput).
        return [t if t > 0 else None for t in (statistics.median(batch) for batch in rounds[way])]
    return [statistics.median(batch) for batch in rounds[way]]


def throughput(size, rounds, way):
    """MB/s (10^6 bytes) from the median of all repetitions; for `check-net`, from the median of the rounds' medians,
    leaving out rounds whose median was not above zero (print_payload says how many)."""
    if way == "check-net":
        net = [t for t in round_medians(rounds, "check-net") if t is not None]
        if not net:
            return float("nan")
        ns = statistics.median(net)
    else:
        ns = median_ns(rounds, way)
    return size / ns * 1e3


def ratio(rounds, numerator, denominator, of="throughput"):
    """The median over the rounds of numerator ÷ denominator: of throughputs, or of times."""
    a = round_medians(rounds, numerator)
    b = round_medians(rounds, denominator)
    values = [(y / x) if of == "throughput" else (x / y) for x, y in zip(a, b) if x is not None and y is not None]
    if not values:
        return float("nan"), float("nan"), float("nan")
    return statistics.median(values), min(values), max(values)


RATIOS = [
    ("mapping ÷ orjson (throughput; target ≥ 1.5)", "map", "orjson", "throughput"),
    ("mapping ÷ orjson with gc on (throughput)", "map", "orjson-gc", "throughput"),
    ("mapping ÷ simdjson (throughput; target ≥ 0.25)", "map", "simdjson", "throughput"),
    ("parse only ÷ simdjson (throughput; target ≥ 0.5)", "parse", "simdjson", "throughput"),
    ("validate ÷ parse only (throughput; target ≥ 0.7)", "validate", "parse", "throughput"),
    ("validate(contentsOf:) ÷ parse only (throughput)", "validate-file", "parse", "throughput"),
    ("check less startup ÷ parse only (throughput; target ≥ 0.7)", "check-net", "parse", "throughput"),
    ("mapping ÷ JSONDecoder (time; target ≤ 0.15)", "map", "decoder", "time"),
    ("mapping ÷ JSONSerialization + casts (time; target ≤ 0.07)", "map", "serialization", "time"),
]


def print_payload(payload, size, rounds, swift):
    print(f"\n## {payload}.json ({size:,} bytes)\n")
    print("| way | median ms | MB/s | repetitions per round | page faults per repetition |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for way in ["orjson", "orjson-gc", "simdjson", "map", "parse", "validate", "validate-file", "check", "check-net",
                "decoder", "serialization"]:
        if way == "check-net":
            net = [t for t in round_medians(rounds, way) if t is not None]
            ms = statistics.median(net) / 1e6 if net else float("nan")
            dropped = sum(1 for t in round_medians(rounds, way) if t is None)
            repetitions = f"{len(rounds[way][0])} pairs (check − check of `{{}}` beside it), {dropped} rounds ≤ 0 left out"
        else:
            ms = median_ns(rounds, way) / 1e6
            repetitions = str(len(rounds[way][0]))
        faults = f"{swift.faults_per_run(way, payload):.1f}" if way in SWIFT_WAYS else ""
        print(f"| {LABELS[way]} | {ms:.3f} | {throughput(size, rounds, way):,.0f} | {repetitions} | {faults} |")
    startup = median_ns(rounds, "check-startup") / 1e6
    print(f"\n`jsonmapper check` of a file holding `{{}}`: {startup:.1f} ms (process startup)\n")
    print("| ratio | median of rounds | min–max |")
    print("| --- | ---: | ---: |")
    for label, a, b, of in RATIOS:
        value, low, high = ratio(rounds, a, b, of)
        print(f"| {label} | {value:.3f} | {low:.3f}–{high:.3f} |")


def print_summary(results):
    print("\n## Summary (MB/s; ratios are medians of the rounds)\n")
    speeds = ["orjson", "orjson-gc", "simdjson", "map", "parse", "validate", "check-net"]
    chosen = [RATIOS[k] for k in (0, 1, 2, 3, 4, 6, 7, 8)]
    print("| payload | orjson (gc off) | orjson (gc on) | simdjson | mapping | parse | validate | check − startup "
          "| map ÷ orjson (gc off) | map ÷ orjson (gc on) | map ÷ simdjson | parse ÷ simdjson | validate ÷ parse "
          "| check − startup ÷ parse | map ÷ JSONDecoder (time) | map ÷ JSONSerialization (time) |")
    print("| --- |" + " ---: |" * (len(speeds) + len(chosen)))
    for payload, (size, rounds) in results.items():
        figures = [f"{throughput(size, rounds, way):,.0f}" for way in speeds]
        figures += [f"{ratio(rounds, a, b, of)[0]:.3f}" for _, a, b, of in chosen]
        print(f"| {payload} | " + " | ".join(figures) + " |")


if __name__ == "__main__":
    main()
