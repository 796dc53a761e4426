import Foundation
import JSONMapper

// Maps one payload repeatedly with the native engine, for profilers:
//   swift run -c release Profile twitter 100
//   valgrind --tool=callgrind .build/release/Profile twitter 20 [--decoder | --serialization]
//   valgrind --tool=callgrind .build/release/Profile twitter 20 --parse   (or --validate, --validate-file)
//   swift run -c release Profile race 31          (the interleaved mapping race of BENCHMARKS.md)
//   swift run -c release Profile decoder-race 15  (JSONMapperDecoder against JSONDecoder, issue 21)
//   swift run -c release Profile encoder-race 15  (JSONMapperEncoder against JSONEncoder, issue 21)
//   valgrind --tool=memcheck .build/release/Profile models 1000   (allocations per mapped model, see Allocations)
//   swift run -c release Profile large-generate 100 /tmp/large.json
//   swift run -c release Profile large-map /tmp/large.json
//   swift run -c release Profile twitter 100 --write     (map once, then time writing the models back)
//   valgrind --tool=callgrind .build/release/Profile canada 5 --write
//   MALLOC_MMAP_THRESHOLD_=131072 .build/release/Profile canada 1 --write-memory   (peak memory of one write)
//   swift run -c release Profile stream-generate 1000 /tmp/records.json /tmp/records.jsonl
//   swift run -c release Profile stream-map elements /tmp/records.json     (or data, lines, validate)
//   swift run -c release Profile stream-write lines 256 /tmp/orders.jsonl   (or array, data, encoder)
//   swift run -c release Profile stream-write-check lines 256 /tmp/orders.jsonl   (or array)
//   swift run -c release Profile peers-serve [FOLDER]      (the Swift side of Scripts/peers.sh, see Peers)
//   swift run -c release Profile small-generate 1000000 /tmp/small.json /tmp/small.jsonl   (issue 24's large case)
//   swift run -c release Profile small-map data /tmp/small.json   (or stream, parse, elements, validate;
//                                                                  lines on .jsonl)
//   swift run -c release Profile editing 21     (issue 22's editing workloads as ratios to parsing citm, one process)
//   swift run -c release Profile async-race 100 5   (async sources against InputStream, issue 25; see AsyncInput)
let arguments = CommandLine.arguments
if arguments.count > 2, arguments[1] == "editing", let rounds = Int(arguments[2]) {
    EditingRatios.run(rounds: rounds)
    exit(0)
}
if arguments.count > 2, arguments[1] == "async-race", let megabytes = Int(arguments[2]) {
    AsyncInput.run(megabytes: megabytes, rounds: arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5)
    exit(0)
}
if arguments.count > 4, arguments[1] == "stream-generate", let megabytes = Int(arguments[2]) {
    StreamingInput.generate(megabytes: megabytes, arrayPath: arguments[3], linesPath: arguments[4])
    exit(0)
}
if arguments.count > 3, arguments[1] == "stream-map" {
    StreamingInput.map(way: arguments[2], path: arguments[3])
    exit(0)
}
if arguments.count > 4, arguments[1].hasPrefix("stream-write"), let megabytes = Int(arguments[3]) {
    if arguments[1] == "stream-write-check" {
        StreamWriting.check(way: arguments[2], megabytes: megabytes, path: arguments[4])
    } else {
        StreamWriting.write(way: arguments[2], megabytes: megabytes, path: arguments[4])
    }
    exit(0)
}
if arguments.count > 3, arguments[1] == "large-generate", let megabytes = Int(arguments[2]) {
    LargeInput.generate(megabytes: megabytes, to: arguments[3])
    exit(0)
}
if arguments.count > 4, arguments[1] == "small-generate", let records = Int(arguments[2]) {
    SmallRecords.generate(count: records, arrayPath: arguments[3], linesPath: arguments[4])
    exit(0)
}
if arguments.count > 3, arguments[1] == "small-map" {
    SmallRecords.map(way: arguments[2], path: arguments[3])
    exit(0)
}
if arguments.count > 1, arguments[1] == "peers-serve" {
    Peers.serve(folder: arguments.count > 2 ? arguments[2] : Payloads.folder.path)
    exit(0)
}
if arguments.count > 1, arguments[1] == "race" {
    let folder =
        ProcessInfo.processInfo.environment["JSONMAPPER_BENCH_DATA"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data/bench").path
    Race.run(folder: folder, rounds: arguments.count > 2 ? Int(arguments[2]) ?? 31 : 31)
    exit(0)
}
if arguments.count > 1, arguments[1] == "decoder-race" {
    let folder =
        ProcessInfo.processInfo.environment["JSONMAPPER_BENCH_DATA"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data/bench").path
    DecoderRace.run(folder: folder, rounds: arguments.count > 2 ? Int(arguments[2]) ?? 15 : 15)
    exit(0)
}
if arguments.count > 1, arguments[1] == "encoder-race" {
    let folder =
        ProcessInfo.processInfo.environment["JSONMAPPER_BENCH_DATA"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data/bench").path
    EncoderRace.run(folder: folder, rounds: arguments.count > 2 ? Int(arguments[2]) ?? 15 : 15)
    exit(0)
}
if arguments.count > 2, arguments[1] == "models", let records = Int(arguments[2]) {
    Allocations.run(records: records)
    exit(0)
}
if arguments.count > 2, arguments[1] == "large-map" {
    LargeInput.map(path: arguments[2])
    exit(0)
}
let name = arguments.count > 1 ? arguments[1] : "twitter"
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1
let engine: JSONMapper.Engine = arguments.contains("--foundation") ? .foundation : .native

let folder =
    ProcessInfo.processInfo.environment["JSONMAPPER_BENCH_DATA"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/data/bench").path
let file = ["twitter": "twitter.json", "citm": "citm_catalog.json", "canada": "canada.json"][name] ?? name
guard let data = FileManager.default.contents(atPath: folder + "/" + file) else {
    // A missing payload is the setup's problem: one line that says how to fill the folder, no backtrace.
    FileHandle.standardError.write(
        Data(
            ("error: cannot read \(folder)/\(file): run bash Scripts/fetch-test-data.sh in the repository, or set "
                + "JSONMAPPER_BENCH_DATA to the payloads' folder\n").utf8))
    exit(1)
}
// `--decoder` and `--serialization` map the same models with JSONDecoder or JSONSerialization + casts, so that
// instruction counts (valgrind --tool=callgrind) compare the three ways on the same machine and inputs.
// `--keep` keeps every model made, so that freeing them is left out of the loop: what mapping costs without it.
let keep = arguments.contains("--keep")
nonisolated(unsafe) var kept: [Any] = []
let way = arguments.contains("--decoder") ? "decoder" : arguments.contains("--serialization") ? "serialization" : "mapper"

func count<Model: JSONSerializable & Decodable>(
    _ type: Model.Type, _ fromTree: ([String: Any]) -> Model, _ size: (Model) -> Int
) -> Int {
    switch way {
    case "decoder":
        return (try? JSONDecoder().decode(Model.self, from: data)).map(size) ?? -1
    case "serialization":
        return size(fromTree((try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]))
    default:
        let model = Model(JSONMapper.context(data, engine: engine))
        if keep { kept.append(model) }
        return size(model)
    }
}

var checksum = 0
if arguments.contains("--write-memory") {
    let context = JSONMapper.context(data)
    switch name {
    case "twitter": WriteMemory.measure(name, Timeline(context))
    case "citm": WriteMemory.measure(name, Catalog(context))
    case "canada": WriteMemory.measure(name, FeatureCollection(context))
    default: fatalError("--write-memory needs twitter, citm or canada")
    }
    exit(0)
}
if arguments.contains("--write") {
    func time<T: JSONWritable>(_ model: T) {
        let start = Date()
        for _ in 0..<iterations {
            guard let written = try? JSONMapper.data(from: model) else { fatalError("\(name): cannot write") }
            checksum &+= written.count
        }
        let elapsed = Date().timeIntervalSince(start)
        print(
            "\(name) write: \(iterations) iterations, \(elapsed / Double(iterations) * 1000) ms each, \(checksum) bytes"
        )
    }
    let context = JSONMapper.context(data)
    switch name {
    case "twitter": time(Timeline(context))
    case "citm": time(Catalog(context))
    case "canada": time(FeatureCollection(context))
    default: fatalError("--write needs twitter, citm or canada")
    }
    exit(0)
}
// `--parse` only parses (`JSONMapper.context(data)`, no getter); `--validate` runs the streaming validation of
// `InputStream(data:)`, and `--validate-file` that of the file, as `jsonmapper check` does.
let only = arguments.contains("--parse") ? "parse" : arguments.contains("--validate") ? "validate"
    : arguments.contains("--validate-file") ? "validate-file" : nil
let start = Date()
for _ in 0..<iterations {
    switch only ?? name {
    case "parse": checksum &+= JSONMapper.context(data, engine: engine).valid ? 1 : 0
    case "validate": checksum &+= JSONMapper.validate(InputStream(data: data)) == nil ? 1 : 0
    case "validate-file":
        checksum &+= JSONMapper.validate(contentsOf: URL(fileURLWithPath: folder + "/" + file)) == nil ? 1 : 0
    case "twitter": checksum &+= count(Timeline.self, Timeline.init(json:)) { $0.statuses.count }
    case "citm": checksum &+= count(Catalog.self, Catalog.init(json:)) { $0.performances.count }
    case "canada": checksum &+= count(FeatureCollection.self, FeatureCollection.init(json:)) { $0.features.count }
    default: checksum &+= JSONMapper.context(data, engine: engine).valid ? 1 : 0
    }
}
let elapsed = Date().timeIntervalSince(start)
print("\(name): \(iterations) iterations, \(elapsed / Double(iterations) * 1000) ms each, checksum \(checksum)")
