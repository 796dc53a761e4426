import Foundation

/// Reads ISO 8601 / RFC 3339 date-times without a platform formatter, so the result is the same everywhere.
///
/// Accepted: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SS` (`T`, `t` or a space between) with an optional fraction of 1 to 9
/// digits and a zone of `Z`, `z`, `±HH:MM`, `±HHMM` or `±HH`; a date-time needs its zone. Fields are range-checked
/// (month, the day within that month of that year, hour, minute, second up to 60 for leap seconds, offsets up to
/// ±23:59). The result is the latest `Date` not after the written instant: always within the written second.
enum ISO8601Parser {
    static func date(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var i = 0
        func digits(_ count: Int) -> Int? {
            guard i + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let digit = bytes[i] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                i += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")),
            let day = digits(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        if i == bytes.count {
            return Date(referenceSecond: days * 86_400 - Date.referenceSecondsSince1970, plus: 0, over: 1)
        }
        guard i < bytes.count, [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[i]) else {
            return nil
        }
        i += 1
        guard let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2), expect(UInt8(ascii: ":")),
            let second = digits(2), hour < 24, minute < 60, second <= 60
        else { return nil }
        var nanoseconds = 0
        if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
            var count = 0
            while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 {
                guard count < 9 else { return nil }
                nanoseconds = nanoseconds * 10 + Int(bytes[i] &- UInt8(ascii: "0"))
                count += 1
                i += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<9 { nanoseconds *= 10 }
        }
        var offset = 0
        if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
            offset = 0
        } else if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let hours = digits(2), hours < 24 else { return nil }
            var minutes = 0
            if i < bytes.count {
                _ = expect(UInt8(ascii: ":"))
                guard let value = digits(2), value < 60 else { return nil }
                minutes = value
            }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard i == bytes.count else { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        // In the written second, with the nanoseconds a Double cannot hold there dropped: rounding could carry
        // 9999-12-31T23:59:59.999999999Z into the year 10000.
        return Date(
            referenceSecond: seconds - Date.referenceSecondsSince1970, plus: nanoseconds, over: 1_000_000_000)
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given date of the proleptic Gregorian calendar, counting whole 400-year eras
    /// (146,097 days each) from year 0, then days within the era with March as the first month.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
