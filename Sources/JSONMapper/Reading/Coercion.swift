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
