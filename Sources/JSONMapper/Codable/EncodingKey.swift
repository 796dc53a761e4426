import Foundation

// The encoder's lazily named index key, and the conversion of keys by `JSONEncoder.KeyEncodingStrategy`; the key
// both coders make for indices, `"super"` and dictionary keys is `BridgeCodingKey`.

/// The key of an array element, with its text made only when asked for (paths are rarely read).
struct EncodingIndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { index = intValue }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

extension EncodingState {
    /// The member name for `key` in container `index`, by the key strategy.
    @inline(__always)
    func memberName<Key: CodingKey>(_ key: Key, in index: Int) -> String {
        if usesDefaultKeys { return key.stringValue }
        switch options.keyStrategy {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            let name = key.stringValue
            if let converted = snakeCaseKeys[name] { return converted }
            let converted = EncodingSnakeCase.convert(name)
            snakeCaseKeys[name] = converted
            return converted
        case .custom(let convert):
            var path = containerPath(index)
            path.append(key)
            return convert(path).stringValue
        @unknown default:
            return key.stringValue
        }
    }
}

/// `.convertToSnakeCase` as `JSONEncoder` applies it: words split where a lowercase letter is followed by an
/// uppercase one, and before the last capital of a run of capitals followed by a lowercase letter (`myURLProperty`
/// → `my_url_property`), then lowercased and joined with `_`. Letters are told apart by their Unicode category
/// (uppercase: Lu and Lt; lowercase: Ll); the first character never starts a word.
enum EncodingSnakeCase {
    static func convert(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        if key.utf8.allSatisfy({ $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) {
            return key
        }
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchStart = key.index(after: wordStart)
        let end = key.endIndex
        while let upper = firstScalar(in: key, from: searchStart, to: end, where: isUppercase) {
            words.append(wordStart..<upper)
            guard let lower = firstScalar(in: key, from: upper, to: end, where: isLowercase) else {
                wordStart = upper
                break
            }
            if lower == key.index(after: upper) {
                // A capital and then a lowercase letter: one word, which goes on to the next capital.
                wordStart = upper
            } else {
                // A run of capitals: a word up to the capital before the lowercase letter, which starts the next.
                let beforeLower = key.index(before: lower)
                words.append(upper..<beforeLower)
                wordStart = beforeLower
            }
            searchStart = key.unicodeScalars.index(after: lower)
            if searchStart >= end { break }
        }
        words.append(wordStart..<end)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    /// The index of the first scalar in `start..<end` that satisfies `test`.
    private static func firstScalar(
        in key: String, from start: String.Index, to end: String.Index, where test: (Unicode.Scalar) -> Bool
    ) -> String.Index? {
        var index = start
        let scalars = key.unicodeScalars
        while index < end {
            if test(scalars[index]) { return index }
            index = scalars.index(after: index)
        }
        return nil
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: true
        default: false
        }
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
