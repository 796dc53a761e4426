import Foundation
import JSONMapper

// Maps one payload repeatedly with the native engine, for profilers:
//   swift run -c release Profile twitter 100
//   valgrind --tool=callgrind .build/release/Profile twitter 20
//   swift run -c release Profile large-generate 100 /tmp/large.json
//   swift run -c release Profile large-map /tmp/large.json
//   swift run -c release Profile stream-generate 1000 /tmp/records.json /tmp/records.jsonl
//   swift run -c release Profile stream-map elements /tmp/records.json     (or data, lines, validate)
let arguments = CommandLine.arguments
if arguments.count > 4, arguments[1] == "stream-generate", let megabytes = Int(arguments[2]) {
    StreamingInput.generate(megabytes: megabytes, arrayPath: arguments[3], linesPath: arguments[4])
    exit(0)
}
if arguments.count > 3, arguments[1] == "stream-map" {
    StreamingInput.map(way: arguments[2], path: arguments[3])
    exit(0)
}
if arguments.count > 3, arguments[1] == "large-generate", let megabytes = Int(arguments[2]) {
    LargeInput.generate(megabytes: megabytes, to: arguments[3])
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
    fatalError("cannot read \(folder)/\(file)")
}
var checksum = 0
let start = Date()
for _ in 0..<iterations {
    let context = JSONMapper.context(data, engine: engine)
    switch name {
    case "twitter": checksum &+= Timeline(context).statuses.count
    case "citm": checksum &+= Catalog(context).performances.count
    case "canada": checksum &+= FeatureCollection(context).features.count
    default: checksum &+= context.valid ? 1 : 0
    }
}
let elapsed = Date().timeIntervalSince(start)
print("\(name): \(iterations) iterations, \(elapsed / Double(iterations) * 1000) ms each, checksum \(checksum)")
