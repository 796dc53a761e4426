import Foundation
import JSONMapper

/// Accumulates sample documents into a tree of positions, in time linear in their size.
enum ShapeInference {
    /// Adds one sample document to the tree rooted at `root`, iteratively: depth cannot overflow the stack.
    static func add(_ sample: JSONSample, to root: Position) {
        var pending: [(JSONSample, Position)] = [(sample, root)]
        var work: [(JSONSample, Position)] = []
        var fields: [Position.Field?] = []
        while let (value, position) = pending.popLast() {
            switch value.kind {
            case .null:
                position.nullCount += 1
            case .bool:
                position.counts[.bool] += 1
            case .number:
                position.counts[numberKind(value.numberText ?? "0")] += 1
            case .string:
                position.counts[.string] += 1
                // Decoding the text costs more than the rest; skip it once the text can change nothing.
                if position.needsStringText { addString(value.string ?? "", to: position) }
            case .array:
                position.counts[.array] += 1
                let elements = position.elementPosition()
                for element in value.elements.reversed() {
                    pending.append((element, elements))
                }
            case .object:
                position.counts[.object] += 1
                position.objectCount += 1
                let members = value.members
                // Fields are registered in document order; a repeated key's last value counts, as in the library.
                fields.removeAll(keepingCapacity: true)
                var allData = true
                for (key, _) in members {
                    let field = position.field(key)
                    fields.append(field)
                    if !(field?.isDataKey ?? true) { allData = false }
                }
                if !allData { position.allKeysAreData = false }
                let object = position.objectCount
                work.removeAll(keepingCapacity: true)
                for ((key, member), field) in zip(members, fields).reversed() {
                    if let field {
                        guard field.lastObject != object else { continue }  // an earlier occurrence of the key
                        field.lastObject = object
                        if member.kind != .null { field.presentCount += 1 }
                        work.append((member, field.position))
                        if field.isDataKey { work.append((member, position.dictionaryValuePosition())) }
                    } else if isDataKey(key) {
                        work.append((member, position.dictionaryValuePosition()))
                    }
                }
                pending.append(contentsOf: work)
            }
        }
    }

    private static func addString(_ text: String, to position: Position) {
        if position.allStringsAreURLs && !isWebURL(text) { position.allStringsAreURLs = false }
        if position.allStringsAreDates && !isDateTime(text) { position.allStringsAreDates = false }
        position.strings.add(text)
    }

    /// The number type a JSON number's text calls for.
    static func numberKind(_ text: String) -> Position.Seen {
        if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return .double }
        if Int(text) != nil { return .int }
        if UInt64(text) != nil { return .uint64 }
        return .double
    }

    /// Keys that are data rather than names: numbers and ids (`"205705993"`, `"4f3c-…"`), codes in capitals with
    /// underscores or digits (`PLEYEL_PLEYEL`, `US_EAST_1`), and keys mixing digits with separators (`A-1`,
    /// `2024-01-31`). Field names (`id`, `screen_name`, `URL`, `md5`) are not.
    static func isDataKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return false }
        if ("0"..."9").contains(first) { return true }
        let scalars = key.unicodeScalars
        let hasDigit = scalars.contains { ("0"..."9").contains($0) }
        let isCode = scalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        if isCode && (hasDigit || scalars.contains("_")) { return true }
        return hasDigit && scalars.contains { "-:/.".unicodeScalars.contains($0) }
    }

    /// An absolute http or https URL with a host that `getURL` accepts (an RFC 3986 URI reference, checked the
    /// same way on every platform) and that `URL` gives back as the same text (so that writing a model back gives
    /// the sample's text again).
    static func isWebURL(_ text: String) -> Bool {
        let scheme = text.utf8.prefix(8).map { $0 | 0x20 }  // ASCII letters in lower case
        guard scheme.starts(with: "http://".utf8) || scheme.starts(with: "https://".utf8) else { return false }
        guard let url = JSONSample.url(text), let host = url.host, !host.isEmpty else { return false }
        return url.absoluteString == text
    }

    /// A date-time in the one form JSONMapper's ISO 8601 writer gives back unchanged, so that reading it as a
    /// `Date` and writing it back gives the same text: `2026-11-02T09:30:00Z`, or with milliseconds that are not
    /// all zero, `2026-11-02T09:30:00.250Z`. Other ISO 8601 forms (offsets, other precisions, dates alone) stay
    /// strings.
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(25))
        guard bytes.count == 20 || bytes.count == 24 else { return false }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }), bytes.last == UInt8(ascii: "Z"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60,
            second < 60
        else { return false }
        guard bytes.count == 24 else { return true }
        guard bytes[19] == UInt8(ascii: "."), let milliseconds = number(20, 3) else { return false }
        return milliseconds != 0
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
