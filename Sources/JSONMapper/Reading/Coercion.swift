/// The conversions a ``CoercionPolicy`` may allow, applied only after the strict conversion found the wrong type.
enum Coercion {
    /// A number read from a numeric string (`"12"`), when the policy allows it: the conversion's result, whose
    /// failure (`"1e400"` for `Double`) says why; `nil` when the string is no JSON number.
    static func number<T>(
        _ node: JSONNode, _ policy: CoercionPolicy, _ convert: (NumberText) -> Result<T, NumberIssue>
    ) -> Result<T, NumberIssue>? {
        guard policy.numbersFromStrings, let text = node.string else { return nil }
        return NumberText.withJSONNumber(in: text, convert)
    }

    /// A boolean from `0`/`1` or `"true"`/`"false"`, when the policy allows it.
    static func bool(_ node: JSONNode, _ policy: CoercionPolicy) -> Result<Bool, NumberIssue>? {
        if policy.boolsFromNumbers, let number = try? node.integer(Int.self)?.get(), number == 0 || number == 1 {
            return .success(number == 1)
        }
        if policy.boolsFromStrings, let text = node.string, text == "true" || text == "false" {
            return .success(text == "true")
        }
        return nil
    }

    /// A number's text as a string, when the policy allows it.
    static func string(_ node: JSONNode, _ policy: CoercionPolicy) -> Result<String, NumberIssue>? {
        policy.stringsFromNumbers ? node.numberText.map(Result.success) : nil
    }
}
