import Foundation
import JSONMapper

/// The streaming check in BENCHMARKS.md: the same order records as one large array and as JSON Lines, mapped from
/// `Data` (`context(_:)` and `getArray(_:ofClass:)`) and element by element from a file stream, each in a fresh
/// process so that its peak resident memory is its own.
enum StreamingInput {
    /// Writes about `megabytes` MB of records to `arrayPath` (`{"generated": …, "records": [ … ]}`) and the same
    /// records, one per line, to `linesPath`, a piece at a time.
    static func generate(megabytes: Int, arrayPath: String, linesPath: String) {
        guard FileManager.default.createFile(atPath: arrayPath, contents: nil),
            FileManager.default.createFile(atPath: linesPath, contents: nil),
            let array = FileHandle(forWritingAtPath: arrayPath), let lines = FileHandle(forWritingAtPath: linesPath)
        else {
            fatalError("cannot write \(arrayPath) or \(linesPath)")
        }
        let target = megabytes * 1_000_000
        var written = 0
        var index = 0
        var arrayText = "{\"generated\": \"2026-11-21T00:00:00Z\", \"records\": [\n"
        var linesText = ""
        while written < target {
            let record = LargeInput.record(index)
            arrayText += (index > 0 ? ",\n" : "") + record
            linesText += record + "\n"
            written += record.utf8.count + 2
            index += 1
            if arrayText.utf8.count > 1 << 20 {
                array.write(Data(arrayText.utf8))
                lines.write(Data(linesText.utf8))
                arrayText = ""
                linesText = ""
            }
        }
        array.write(Data((arrayText + "\n]}\n").utf8))
        lines.write(Data(linesText.utf8))
        array.closeFile()
        lines.closeFile()
    }

    /// Maps the file at `path` one way and prints one line: the way, the records, seconds, and the peak resident
    /// memory of the whole process.
    static func map(way: String, path: String) {
        let url = URL(fileURLWithPath: path)
        var count = 0
        var checksum = 0
        let start: Date
        switch way {
        case "data":
            guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
            start = Date()
            let context = JSONMapper.context(data)
            let records = context.getArray("records", ofClass: OrderRecord.self)
            guard context.valid, context.errors.isEmpty else { fatalError("mapping failed: \(context.errors[0])") }
            count = records.count
            checksum = records.reduce(0) { $0 &+ $1.id &+ $1.items.count }
        case "elements":
            start = Date()
            for element in JSONMapper.elements(contentsOf: url, at: ["records"]) {
                let record = OrderRecord(element)
                guard element.valid, element.errors.isEmpty else { fatalError("mapping failed: \(element.errors[0])") }
                count += 1
                checksum = checksum &+ record.id &+ record.items.count
            }
        case "lines":
            start = Date()
            for line in JSONMapper.lines(contentsOf: url) {
                let record = OrderRecord(line)
                guard line.valid, line.errors.isEmpty else { fatalError("mapping failed: \(line.errors[0])") }
                count += 1
                checksum = checksum &+ record.id &+ record.items.count
            }
        case "validate":
            start = Date()
            if let error = JSONMapper.validate(contentsOf: url) { fatalError("invalid: \(error)") }
        default:
            fatalError("unknown way \(way): data, elements, lines or validate")
        }
        let seconds = Date().timeIntervalSince(start)
        let megabytes = Double(LargeInput.peakResidentBytes()) / 1_000_000
        print(String(format: "%@ %d records %.3f s peak %.1f MB checksum %d", way, count, seconds, megabytes, checksum))
    }
}
