/// The conversions a ``CoercionPolicy`` may allow, applied only after the strict conversion found the wrong type.
enum Coercion {
    /// A number read from a numeric string (`"12"`), when the policy allows it.
    static func number<T>(
        _ node: JSONNode, _ policy: CoercionPolicy, _ convert: (NumberText) -> Result<T, NumberIssue>
    ) -> T? {
        guard policy.numbersFromStrings, let text = node.string else { return nil }
        return NumberText.withJSONNumber(in: text) { try? convert($0).get() } ?? nil
    }

    /// A boolean from `0`/`1` or `"true"`/`"false"`, when the policy allows it.
    static func bool(_ node: JSONNode, _ policy: CoercionPolicy) -> Bool? {
        if policy.boolsFromNumbers, let number = try? node.integer(Int.self)?.get(), number == 0 || number == 1 {
            return number == 1
        }
        if policy.boolsFromStrings, let text = node.string, text == "true" || text == "false" {
            return text == "true"
        }
        return nil
    }

    /// A number's text as a string, when the policy allows it.
    static func string(_ node: JSONNode, _ policy: CoercionPolicy) -> String? {
        policy.stringsFromNumbers ? node.numberText : nil
    }
}

extension NumberText {
    /// Calls `body` with the number `text` spells, if `text` is exactly one JSON number (no spaces, no `+`).
    static func withJSONNumber<R>(in text: String, _ body: (NumberText) -> R) -> R? {
        var text = text
        return text.withUTF8 { bytes in isJSONNumber(bytes) ? body(NumberText(bytes: bytes)) : nil }
    }

    /// Whether `bytes` are exactly RFC 8259's `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        func digits() -> Int {
            let start = i
            i = Digits.endOfDigits(in: bytes, from: i)
            return i - start
        }
        if i < n, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n else { return false }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == n
    }
}
