import Foundation
import JSONMapper

/// What the samples say about the values at one position of the documents: `statuses[].user` is one position,
/// whichever status and whichever sample the user came from.
final class Position {
    /// The kinds of non-null values seen here.
    enum Seen: Hashable {
        case bool, int, uint64, double, string, object, array
    }

    /// The member name this position was reached by (`user`), empty for the root and array elements.
    let key: String
    /// Whether this position holds the elements of an array (its type is named in the singular).
    let isElement: Bool
    /// The object position this one belongs to, for naming (`Status` + `User`).
    weak var owner: Position?

    /// How many non-null values of each kind were seen here.
    var counts: [Seen: Int] = [:]
    var nullCount = 0

    /// The kinds of non-null values seen here.
    var kinds: Set<Seen> { Set(counts.keys) }
    /// Whether every string seen here is an absolute http(s) URL.
    var allStringsAreURLs = true

    // Objects
    var objectCount = 0
    var fields: [Field] = []
    private var fieldIndex: [String: Int] = [:]
    /// Whether every object seen here had only data keys (ids, numbers) and at least one member.
    var allKeysAreData = true
    /// All members' values together, for when this position turns out to be a dictionary.
    private(set) var dictionaryValues: Position?

    // Arrays
    private(set) var elements: Position?

    /// One member of the objects at a position.
    final class Field {
        let key: String
        let position: Position
        /// In how many objects the member was present with a value other than `null`.
        var presentCount = 0

        init(key: String, position: Position) {
            self.key = key
            self.position = position
        }
    }

    init(key: String, isElement: Bool, owner: Position?) {
        self.key = key
        self.isElement = isElement
        self.owner = owner
    }

    func field(_ key: String) -> Field {
        if let index = fieldIndex[key] { return fields[index] }
        let field = Field(key: key, position: Position(key: key, isElement: false, owner: self))
        fieldIndex[key] = fields.count
        fields.append(field)
        return field
    }

    func elementPosition() -> Position {
        if let elements { return elements }
        let position = Position(key: key, isElement: true, owner: owner)
        elements = position
        return position
    }

    func dictionaryValuePosition() -> Position {
        if let dictionaryValues { return dictionaryValues }
        let position = Position(key: key, isElement: true, owner: owner)
        dictionaryValues = position
        return position
    }

    /// Whether the objects here are a dictionary keyed by data: every object had members, all with data keys.
    var isDictionary: Bool {
        counts[.object] != nil && allKeysAreData && !fields.isEmpty
    }

    /// Whether every object here was empty: nothing says what its members are.
    var isAlwaysEmptyObject: Bool {
        counts[.object] != nil && fields.isEmpty
    }

    /// This position and every one below it, parents before children, in field order.
    var preorder: [Position] {
        var order: [Position] = []
        var stack: [Position] = [self]
        while let position = stack.popLast() {
            order.append(position)
            // A dictionary's members are all one position, its values; the per-key fields are not types of their own.
            var children = position.isDictionary ? [] : position.fields.map(\.position)
            if let elements = position.elements { children.append(elements) }
            if let values = position.dictionaryValues { children.append(values) }
            stack.append(contentsOf: children.reversed())
        }
        return order
    }
}

/// Accumulates sample documents into a tree of positions.
enum ShapeInference {
    /// Adds one sample document to the tree rooted at `root`, iteratively: depth cannot overflow the stack.
    static func add(_ sample: JSONSample, to root: Position) {
        var pending: [(JSONSample, Position)] = [(sample, root)]
        while let (value, position) = pending.popLast() {
            switch value.kind {
            case .null:
                position.nullCount += 1
            case .bool:
                position.counts[.bool, default: 0] += 1
            case .number:
                position.counts[numberKind(value.numberText ?? "0"), default: 0] += 1
            case .string:
                position.counts[.string, default: 0] += 1
                if !isWebURL(value.string ?? "") { position.allStringsAreURLs = false }
            case .array:
                position.counts[.array, default: 0] += 1
                let elements = position.elementPosition()
                for element in value.elements.reversed() {
                    pending.append((element, elements))
                }
            case .object:
                position.counts[.object, default: 0] += 1
                position.objectCount += 1
                let members = value.members
                if !members.allSatisfy({ isDataKey($0.key) }) { position.allKeysAreData = false }
                // A repeated key's last value counts, as in the library; fields are registered in document order.
                var last: [String: JSONSample] = [:]
                for (key, member) in members { last[key] = member }
                var work: [(JSONSample, Position)] = []
                for (key, _) in members {
                    guard let member = last.removeValue(forKey: key) else { continue }
                    let field = position.field(key)
                    if member.kind != .null { field.presentCount += 1 }
                    work.append((member, field.position))
                    if isDataKey(key) { work.append((member, position.dictionaryValuePosition())) }
                }
                pending.append(contentsOf: work.reversed())
            }
        }
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

    /// An absolute http or https URL with a host, that `getURL` accepts.
    static func isWebURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), JSONSample.isURL(text) else { return false }
        guard let url = URL(string: text), let host = url.host, !host.isEmpty else { return false }
        return true
    }
}
