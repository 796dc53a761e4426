import Foundation

// How each date strategy writes: ISO 8601 in UTC with milliseconds only when they are not zero, the epoch
// strategies as numbers (`1795000000`, `1795000000123`), a formatter's strategy with its formatter, and a custom
// strategy with its `format` function (ISO 8601 when it has none).

extension DateStrategy {
    /// Strings that `parse` reads and `format` writes, for a format the other strategies do not cover.
    ///
    /// ```swift
    /// let rfc1123 = DateStrategy.custom(
    ///     "RFC 1123", parse: { formatter.date(from: $0) }, format: { formatter.string(from: $0) })
    /// ```
    ///
    /// - Parameters:
    ///   - name: How error messages name the format.
    ///   - parse: Returns the date for a string, or `nil` when it is not one.
    ///   - format: Returns the string for a date.
    /// - Returns: The strategy.
    public static func custom(
        _ name: String = "custom", parse: @escaping @Sendable (String) -> Date?,
        format: @escaping @Sendable (Date) -> String
    ) -> DateStrategy {
        DateStrategy(reader: .custom(parse), name: name, format: format)
    }
}
