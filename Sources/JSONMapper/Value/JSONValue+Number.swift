import Foundation

extension JSONValue {
    /// A JSON number: its exact text, compared and hashed by mathematical value.
    ///
    /// ```swift
    /// let big = JSONValue.Number(text: "12345678901234567890123")   // kept exactly
    /// JSONValue.Number(text: "1e0") == 1                             // true
    /// JSONValue.Number(text: "1.") == nil                            // not JSON
    /// ```
    ///
    /// Conversions are exact (``intValue`` is `nil` for `3.7`) or correctly rounded (``doubleValue``), as the
    /// read side's getters are.
    public struct Number: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
        ExpressibleByFloatLiteral
    {
        /// The number as written: `-12.50e3`.
        public let text: String

        /// The number whose text is `text`, or `nil` when `text` is not a JSON number (`01`, `1.`, `+1`, `NaN`).
        ///
        /// - Parameter text: A JSON number.
        public init?(text: String) {
            guard NumberGrammar.isJSONNumber(text) else { return nil }
            self.text = text
        }

        /// Text the caller has validated.
        init(validated text: String) {
            self.text = text
        }

        /// The integer's exact digits.
        ///
        /// - Parameter value: Any integer.
        public init<T: BinaryInteger>(_ value: T) {
            text = String(value)
        }

        /// The shortest text that reads back as `value` (`0.1`, `1e16`, `-0`), or `nil` for NaN and infinity.
        ///
        /// - Parameter value: A finite `Double`.
        public init?(_ value: Double) {
            guard value.isFinite else { return nil }
            text = NumberWriting.text(value)
        }

        /// The shortest text that reads back as `value` as a `Float` (`Float(0.1)` is `0.1`), or `nil` for NaN and
        /// infinity.
        ///
        /// - Parameter value: A finite `Float`.
        public init?(_ value: Float) {
            guard value.isFinite else { return nil }
            text = NumberWriting.text(value)
        }

        /// The decimal's exact text, or `nil` for NaN.
        ///
        /// - Parameter value: A `Decimal`.
        public init?(_ value: Decimal) {
            guard !value.isNaN else { return nil }
            text = value.description
        }

        /// An integer literal: `let n: JSONValue.Number = 42`.
        ///
        /// - Parameter value: The literal.
        public init(integerLiteral value: Int) {
            self.init(value)
        }

        /// A floating-point literal, as its shortest `Double` text; an overflowing literal becomes `0`.
        ///
        /// - Parameter value: The literal.
        public init(floatLiteral value: Double) {
            self = Number(value) ?? Number(0)
        }

        /// The number's text.
        public var description: String { text }

        // MARK: Conversions

        /// The value as `Int`, when it is a whole number in range (`1e3`, `42.0`).
        public var intValue: Int? { exact { $0.integer(Int.self) } }

        /// The value as `Int64`, when it is a whole number in range.
        public var int64Value: Int64? { exact { $0.integer(Int64.self) } }

        /// The value as `UInt64`, when it is a whole number from 0 to 18446744073709551615.
        public var uint64Value: UInt64? { exact { $0.integer(UInt64.self) } }

        /// The nearest `Double`, or `nil` beyond `Double`'s range.
        public var doubleValue: Double? { exact { $0.double() } }

        /// The nearest `Float`, or `nil` beyond `Float`'s range.
        public var floatValue: Float? { exact { $0.float() } }

        /// The exact `Decimal`, or `nil` when its significant digits exceed `Decimal`'s significand (2^128 − 1: any 38
        /// digits, 39 up to 340282366920938463463374607431768211455) or its power of ten `Decimal`'s range.
        public var decimalValue: Decimal? { exact { $0.decimal() } }

        private func exact<T>(_ convert: (NumberText) -> Result<T, NumberIssue>) -> T? {
            var text = text
            return text.withUTF8 { try? convert(NumberText(bytes: $0)).get() }
        }

        // MARK: Equality

        /// Whether two numbers have the same mathematical value, whatever their text: `1 == 1.0 == 1e0 == 10e-1`,
        /// `0 == -0`.
        public static func == (lhs: Number, rhs: Number) -> Bool {
            if lhs.text == rhs.text { return true }
            // Different canonical integers (`7` and `12`) differ; only other spellings need their values worked out.
            if NumberKey.isCanonicalInteger(lhs.text) && NumberKey.isCanonicalInteger(rhs.text) { return false }
            return NumberKey(lhs.text) == NumberKey(rhs.text)
        }

        /// Hashes the mathematical value, consistently with ``==(_:_:)``.
        ///
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) {
            NumberKey.hash(text: text, into: &hasher)
        }
    }
}
