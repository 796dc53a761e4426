import Foundation
import JSONMapper

/// The large-document case of issue 24: one array of a million small records (`{"id": 0, "name": "record 0 é漢",
/// "tags": ["t0", "x"], "extra": {"nested": [0, 0.0, null, true]}, "score": 0.0}`, the numbers varying per record)
/// and its JSON Lines twin, mapped in memory and streamed, each way in a fresh process:
///
///     swift run -c release Profile small-generate 1000000 /tmp/small.json /tmp/small.jsonl
///     /usr/bin/time -v .build/release/Profile small-map data /tmp/small.json   (or stream, parse, elements,
///                                                                              validate; lines on /tmp/small.jsonl)
///
/// Each prints one line: the way, the records, the seconds of each phase, the throughput, the peak resident memory,
/// the resident memory the models keep, and the minor page faults of each phase.
enum SmallRecords {
    protocol Checksummed {
        var checksum: Int { get }
    }

    struct Record: JSONSerializable, Checksummed {
        let id: Int
        let name: String
        let tags: [String]
        let extra: Extra
        let score: Double
        init(_ c: JSONDeserializationContext) {
            id = c.requireInt("id")
            name = c.requireString("name")
            tags = c.requireArray("tags")
            extra = c.requireObject("extra", ofClass: Extra.self)
            score = c.requireDouble("score")
        }
        var checksum: Int { id &+ tags.count &+ extra.nested.count }
    }

    /// The same record without `extra`, whose `[JSONValue]` is most of the mapping's cost and memory: `small-map
    /// data-light` (and `elements-light`, `lines-light`) maps this one instead.
    struct LightRecord: JSONSerializable, Checksummed {
        let id: Int
        let name: String
        let tags: [String]
        let score: Double
        init(_ c: JSONDeserializationContext) {
            id = c.requireInt("id")
            name = c.requireString("name")
            tags = c.requireArray("tags")
            score = c.requireDouble("score")
        }
        var checksum: Int { id &+ tags.count }
    }

    struct Extra: JSONSerializable {
        let nested: [JSONValue]
        init(_ c: JSONDeserializationContext) {
            nested = c.requireArray("nested")
        }
    }

    /// Record number `index`, on one line.
    static func record(_ index: Int) -> String {
        """
        {"id": \(index), "name": "record \(index) é漢", "tags": ["t\(index % 1000)", "x"], \
        "extra": {"nested": [\(index), \(Double(index % 100) / 4), null, \(index % 2 == 0)]}, \
        "score": \(Double(index) / 8)}
        """
    }

    /// Writes `count` records as one array to `arrayPath` and one per line to `linesPath`, a piece at a time.
    static func generate(count: Int, arrayPath: String, linesPath: String) {
        guard FileManager.default.createFile(atPath: arrayPath, contents: nil),
            FileManager.default.createFile(atPath: linesPath, contents: nil),
            let array = FileHandle(forWritingAtPath: arrayPath), let lines = FileHandle(forWritingAtPath: linesPath)
        else {
            fatalError("cannot write \(arrayPath) or \(linesPath)")
        }
        var arrayText = "[\n"
        var linesText = ""
        for index in 0..<count {
            let record = record(index)
            arrayText += (index > 0 ? ",\n" : "") + record
            linesText += record + "\n"
            if arrayText.utf8.count > 1 << 20 {
                array.write(Data(arrayText.utf8))
                lines.write(Data(linesText.utf8))
                arrayText = ""
                linesText = ""
            }
        }
        array.write(Data((arrayText + "\n]\n").utf8))
        lines.write(Data(linesText.utf8))
        array.closeFile()
        lines.closeFile()
    }

    struct Usage {
        let seconds: Double
        let minorFaults: Int
        let peakBytes: Int

        static var now: Usage {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Usage(
                seconds: Double(DispatchTime.now().uptimeNanoseconds) / 1e9, minorFaults: usage.ru_minflt,
                peakBytes: usage.ru_maxrss * 1024)
        }
    }

    /// The resident memory of the process now, from `/proc/self/statm`.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Maps the file at `path` one way and prints one line of figures.
    static func map(way: String, path: String) {
        if way.hasSuffix("-light") {
            map(LightRecord.self, way: String(way.dropLast("-light".count)), path: path)
        } else {
            map(Record.self, way: way, path: path)
        }
    }

    static func map<Model: JSONSerializable & Checksummed>(_ type: Model.Type, way: String, path: String) {
        let url = URL(fileURLWithPath: path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        var count = 0
        var checksum = 0
        func add(_ record: Model) {
            count += 1
            checksum = checksum &+ record.checksum
        }
        var phases: [(String, Usage)] = []
        switch way {
        case "data", "parse", "stream":
            // `stream` reads the file through `InputStream(url:)` into the engine's own buffer, with no `Data`.
            let data = way == "stream" ? nil : FileManager.default.contents(atPath: path)
            guard way == "stream" || data != nil else { fatalError("cannot read \(path)") }
            let residentBefore = residentBytes()
            phases.append(("start", .now))
            // Only `context` refers to the document, so that setting it to nil frees it.
            var context = data.map { JSONMapper.context($0) } ?? InputStream(url: url).map { JSONMapper.context($0) }
            phases.append(("parse", .now))
            guard context?.valid == true else { fatalError("not valid or not readable: \(context?.errors ?? [])") }
            if way != "parse" {
                var records: [Model]? = context?.requireArray(ofClass: Model.self)
                phases.append(("map", .now))
                if let error = context?.errors.first { fatalError("mapping failed: \(error)") }
                records?.forEach(add)
                context = nil
                phases.append(("free the document", .now))
                let models = residentBytes() - residentBefore
                records = nil
                phases.append(("free the models", .now))
                print(String(format: "models keep %.1f MB resident", Double(models) / 1e6))
            } else {
                context = nil
                phases.append(("free the document", .now))
            }
        case "elements", "lines":
            phases.append(("start", .now))
            let sequence = way == "lines" ? AnySequence(JSONMapper.lines(contentsOf: url))
                : AnySequence(JSONMapper.elements(contentsOf: url, at: []))
            for element in sequence {
                let record = Model(element)
                guard element.valid, element.errors.isEmpty else { fatalError("mapping failed: \(element.errors[0])") }
                add(record)
            }
            phases.append(("stream", .now))
        case "validate":
            phases.append(("start", .now))
            if let error = JSONMapper.validate(contentsOf: url) { fatalError("invalid: \(error)") }
            phases.append(("validate", .now))
        default:
            fatalError("unknown way \(way): data, stream, parse, elements, lines or validate")
        }
        var line = "\(way) (\(Model.self)): \(count) records, \(size) bytes;"
        for k in 1..<phases.count {
            let (name, usage) = phases[k]
            let previous = phases[k - 1].1
            line += String(
                format: " %@ %.3f s (%d faults);", name, usage.seconds - previous.seconds,
                usage.minorFaults - previous.minorFaults)
        }
        // The work itself: reading and mapping, without freeing what was built.
        let workEnd = phases.firstIndex { $0.0 == "free the document" }.map { $0 - 1 } ?? phases.count - 1
        let seconds = phases[workEnd].1.seconds - phases[0].1.seconds
        line += String(
            format: " %.0f MB/s; peak resident %.1f MB; checksum %d", Double(size) / 1e6 / seconds,
            Double(phases[phases.count - 1].1.peakBytes) / 1e6, checksum)
        print(line)
    }
}
