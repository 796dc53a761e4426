import Foundation

/// How a date is read from JSON: a context-wide default (``JSONMapper/Options/dateStrategy``) that a getter can
/// override.
///
/// ```swift
/// createdAt = c.getDate("created_at")                                   // the context's strategy
/// updatedAt = c.getDate("updated_ms", strategy: .millisecondsSince1970) // this field's own
/// ```
///
/// A value that fits no strategy is a type mismatch with its text: `created_at: expected Date (ISO 8601), found
/// String "yesterday"`.
public struct DateStrategy: Sendable {
    /// How the strategy reads one JSON value.
    enum Reader: Sendable {
        case iso8601
        case since1970(unitsPerSecond: Double)
        case formatter(FormatterBox)
        case custom(@Sendable (String) -> Date?)
    }

    /// `DateFormatter` is thread-safe for `date(from:)` on every platform Swift 6 supports, but not `Sendable`.
    final class FormatterBox: @unchecked Sendable {
        let formatter: DateFormatter
        init(_ formatter: DateFormatter) { self.formatter = formatter }
    }

    let reader: Reader
    /// How error messages name the strategy: `Date (ISO 8601)`.
    let name: String
    /// How a custom strategy writes a date; `nil` writes ISO 8601.
    var format: (@Sendable (Date) -> String)? = nil

    /// ISO 8601 / RFC 3339 date-times: `2026-11-21T09:30:00Z`, `2026-11-21T09:30:00.123456+01:00`, with 0 to 9
    /// fraction digits and `Z` or a numeric offset (`+01:00`, `+0100`, `+01`); a date alone (`2026-11-21`) is
    /// midnight UTC. Parsed by JSONMapper itself, so the result is the same on every platform. The default.
    ///
    /// The date stays in the written second: the part of the fraction a `Date` cannot hold is dropped, never
    /// rounded up (`9999-12-31T23:59:59.999999999Z` is in the year 9999).
    public static let iso8601 = DateStrategy(reader: .iso8601, name: "ISO 8601")

    /// Seconds since 1970-01-01T00:00:00Z, as a number or a numeric string; fractions are kept, down to what a `Date`
    /// holds, and never rounded into the next second.
    public static let secondsSince1970 = DateStrategy(reader: .since1970(unitsPerSecond: 1), name: "seconds since 1970")

    /// Milliseconds since 1970-01-01T00:00:00Z, as a number or a numeric string.
    public static let millisecondsSince1970 = DateStrategy(
        reader: .since1970(unitsPerSecond: 1000), name: "milliseconds since 1970")

    /// Strings that `formatter` reads.
    ///
    /// - Parameter formatter: A configured formatter; set its `locale` to `en_US_POSIX` for fixed formats.
    /// - Returns: The strategy.
    public static func formatted(_ formatter: DateFormatter) -> DateStrategy {
        DateStrategy(
            reader: .formatter(FormatterBox(formatter)),
            name: formatter.dateFormat.map { "format \"\($0)\"" } ?? "formatter")
    }

    /// Strings that `parse` turns into dates.
    ///
    /// - Parameters:
    ///   - name: How error messages name the format, such as `"RFC 1123"`.
    ///   - parse: Returns the date for a string, or `nil` when it is not one.
    /// - Returns: The strategy.
    public static func custom(_ name: String = "custom", _ parse: @escaping @Sendable (String) -> Date?) -> DateStrategy
    {
        DateStrategy(reader: .custom(parse), name: name)
    }

    /// The date `node` holds under this strategy, or `nil` when it does not hold one.
    func date(from node: JSONNode) -> Date? {
        switch reader {
        case .iso8601:
            return node.string.flatMap(ISO8601Parser.date)
        case .since1970(let unitsPerSecond):
            // From the number's text, so that the date stays in its second.
            switch node.kind {
            case .number:
                return node.withNumberText { $0.date(since1970: unitsPerSecond) } ?? nil
            case .string:
                return node.string.flatMap { text in
                    NumberText.withJSONNumber(in: text) { $0.date(since1970: unitsPerSecond) } ?? nil
                }
            default:
                return nil
            }
        case .formatter(let box):
            return node.string.flatMap { box.formatter.date(from: $0) }
        case .custom(let parse):
            return node.string.flatMap(parse)
        }
    }
}
