import Foundation

/// Exact arithmetic on instants, independent of the library's: where a `Double` count of seconds from the
/// reference date (2001-01-01, what `Date` stores) lies against `second + numerator / denominator`, decided with
/// `Decimal` integers, which are exact to 38 digits.
enum InstantOracle {
    /// Seconds from 1970-01-01 to 2001-01-01: 31 years, 8 of them leap years.
    static let referenceSince1970 = (31 * 365 + 8) * 86_400

    /// Whether `value` is at or before `second + numerator / denominator`.
    static func isAtOrBefore(_ value: Double, second: Int, numerator: Int, denominator: Int) -> Bool {
        let target = Decimal(second) * Decimal(denominator) + Decimal(numerator)
        guard value != 0 else { return 0 <= target }
        // value = significand × 2^exponent with an integer significand, exactly.
        let exponent = value.exponent - 52
        let significand = Decimal(Int64(value.significand * 0x1p52)) * (value < 0 ? -1 : 1)
        var lhs = significand * Decimal(denominator)
        var rhs = target
        if exponent >= 0 {
            lhs *= pow(Decimal(2), exponent)
        } else {
            rhs *= pow(Decimal(2), -exponent)
        }
        return lhs <= rhs
    }

    /// The latest `Double` at or before `second + numerator / denominator`.
    static func latest(second: Int, numerator: Int, denominator: Int) -> Double {
        // A start within a few steps of the answer, from a 38-digit quotient.
        let quotient = (Decimal(second) * Decimal(denominator) + Decimal(numerator)) / Decimal(denominator)
        var value = NSDecimalNumber(decimal: quotient).doubleValue
        while !isAtOrBefore(value, second: second, numerator: numerator, denominator: denominator) {
            value = value.nextDown
        }
        while isAtOrBefore(value.nextUp, second: second, numerator: numerator, denominator: denominator) {
            value = value.nextUp
        }
        return value
    }
}
