import Foundation

extension NumberText {
    /// The date this number of seconds (or milliseconds, …) since 1970 names: the latest `Date` not after it, so
    /// that it stays in the number's own second (`253402300799.9999999` is in the year 9999, where the nearest
    /// `Double` is 253402300800, in the year 10000). `nil` beyond `Double`'s range.
    ///
    /// The whole seconds come from the text exactly, the fraction to 15 places (femtoseconds; a `Date` holds less
    /// anywhere but within seconds of 2001). From 2^52 seconds on (142 million years) a `Double` holds no fraction
    /// at all, and the date is the nearest one.
    ///
    /// - Parameter unitsPerSecond: A power of ten: 1 for seconds, 1000 for milliseconds.
    func date(since1970 unitsPerSecond: Double) -> Date? {
        var places = 0
        var scale = 1.0
        while scale < unitsPerSecond, places < 9 {
            scale *= 10
            places += 1
        }
        let parts = decompose()
        let significant = significantDigits(parts)
        // The value is digits × 10^power seconds, with `whole` of the digits (or more, or none) before the point.
        let power = significant.power - places
        let whole = significant.count + power
        guard scale == unitsPerSecond, whole <= 16 else { return nearestDate(unitsPerSecond) }
        // The digits that matter: those of the whole seconds and of 15 places after the point.
        var digits: [Int] = []
        for i in significant.range where bytes[i] != UInt8(ascii: ".") {
            guard digits.count < whole + 15 else { break }
            digits.append(Int(bytes[i] &- UInt8(ascii: "0")))
        }
        func digit(_ j: Int) -> Int { j >= 0 && j < digits.count ? digits[j] : 0 }
        var seconds = 0
        for j in 0..<max(whole, 0) { seconds = seconds * 10 + digit(j) }
        guard seconds < 1 << 52 else { return nearestDate(unitsPerSecond) }
        let denominator = 1_000_000_000_000_000
        var fraction = 0
        for place in 0..<15 { fraction = fraction * 10 + digit(whole + place) }
        // The last significant digit is not zero: when it lies past the 15 places, the fraction is more than that.
        let truncated = significant.count > whole + 15
        var second = seconds
        if parts.negative && (fraction > 0 || truncated) {
            // -(seconds + fraction) lies in the second that starts at -(seconds + 1); the part of that second left,
            // 1 − fraction, is rounded down when the fraction was truncated.
            second = -(seconds + 1)
            fraction = denominator - fraction - (truncated ? 1 : 0)
        } else if parts.negative {
            second = -seconds
        }
        return Date(referenceSecond: second - Date.referenceSecondsSince1970, plus: fraction, over: denominator)
    }

    /// The nearest date, for a count of seconds too large to have a fraction; `nil` beyond `Double`'s range.
    private func nearestDate(_ unitsPerSecond: Double) -> Date? {
        guard case .success(let units) = double() else { return nil }
        return Date(timeIntervalSince1970: units / unitsPerSecond)
    }
}
