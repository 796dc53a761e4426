// Literals: `let value: JSONValue = ["id": 1, "tags": ["a", nil], "ratio": 0.5, "ok": true]`.

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is `null`.
    ///
    /// - Parameter nilLiteral: Nothing.
    public init(nilLiteral: ()) {
        self = .null
    }

    /// `true` or `false`.
    ///
    /// - Parameter value: The literal.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    /// An integer, with its exact digits.
    ///
    /// - Parameter value: The literal.
    public init(integerLiteral value: Int) {
        self = .number(Number(value))
    }

    /// A floating-point number, as the shortest text of its `Double` (`0.1` is `0.1`).
    ///
    /// - Parameter value: The literal.
    public init(floatLiteral value: Double) {
        self = .number(Number(floatLiteral: value))
    }

    /// A string.
    ///
    /// - Parameter value: The literal.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// An array.
    ///
    /// - Parameter elements: The elements.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }

    /// An object whose members keep the literal's order.
    ///
    /// - Parameter elements: The members; a repeated key keeps its first position and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Object(elements))
    }
}
