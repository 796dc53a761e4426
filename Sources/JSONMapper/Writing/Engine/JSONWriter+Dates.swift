import Foundation

// Dates: ISO 8601 in UTC (`1970-01-01T00:00:00Z`, with milliseconds only when they are not zero), seconds or
// milliseconds since 1970 as numbers, or a formatter's or custom function's string.

extension JSONWriter {
    /// Writes `date` the way `strategy` reads it.
    mutating func writeDate(_ date: Date, strategy: DateStrategy) {
        let seconds = date.timeIntervalSince1970
        switch strategy.reader {
        case .iso8601:
            writeISO8601(date)
        case .since1970(let unitsPerSecond):
            guard seconds.isFinite else { return reject("cannot write Date \(seconds): not a finite time") }
            writeDouble(seconds * unitsPerSecond)
        case .formatter(let box):
            guard seconds.isFinite else { return reject("cannot write Date \(seconds): not a finite time") }
            writeString(box.formatter.string(from: date))
        case .custom:
            if let format = strategy.format {
                writeString(format(date))
            } else {
                writeISO8601(date)
            }
        }
    }

    /// The earliest and latest instants ISO 8601's four-digit years hold: 0000-01-01 and 9999-12-31T23:59:59.999Z.
    private static let iso8601Range = -62_167_219_200_000...253_402_300_799_999 as ClosedRange<Int64>

    /// Writes `"YYYY-MM-DDTHH:MM:SS[.mmm]Z"`: the date's second, with its fraction rounded to the nearest
    /// millisecond but never into the next second (a date read from `…23:59:59.9999Z` is written `…23:59:59.999Z`,
    /// not the next day).
    private mutating func writeISO8601(_ date: Date) {
        // From the reference date, which is what `Date` stores: `timeIntervalSince1970` rounds once more, and can
        // round into the next second.
        let reference = date.timeIntervalSinceReferenceDate
        let whole = reference.rounded(.down)
        var total: Int64 = .max
        // Far outside the range (or NaN, or infinite) is outside it; within, nothing below overflows.
        if let second = Int64(exactly: whole), second.magnitude < 1 << 40 {
            let millisecond = Int64(min(((reference - whole) * 1000).rounded(), 999))
            total = (second + Int64(Date.referenceSecondsSince1970)) * 1000 + millisecond
        }
        guard Self.iso8601Range.contains(total) else {
            return reject("cannot write Date \(date.timeIntervalSince1970) as ISO 8601: outside the years 0000 to 9999")
        }
        var days = total / 86_400_000
        var inDay = total % 86_400_000
        if inDay < 0 {
            days -= 1
            inDay += 86_400_000
        }
        let (year, month, day) = Self.civil(daysSince1970: days)
        let millisecond = Int(inDay % 1000)
        let second = Int(inDay / 1000)
        guard reserve(26) else { return }
        appendReserved(UInt8(ascii: "\""))
        appendDigits(year, 4)
        appendReserved(UInt8(ascii: "-"))
        appendDigits(month, 2)
        appendReserved(UInt8(ascii: "-"))
        appendDigits(day, 2)
        appendReserved(UInt8(ascii: "T"))
        appendDigits(second / 3600, 2)
        appendReserved(UInt8(ascii: ":"))
        appendDigits(second / 60 % 60, 2)
        appendReserved(UInt8(ascii: ":"))
        appendDigits(second % 60, 2)
        if millisecond != 0 {
            appendReserved(UInt8(ascii: "."))
            appendDigits(millisecond, 3)
        }
        appendReserved(UInt8(ascii: "Z"))
        appendReserved(UInt8(ascii: "\""))
    }

    /// Appends `value` in exactly `width` digits, with leading zeros.
    @inline(__always)
    private mutating func appendDigits(_ value: Int, _ width: Int) {
        var rest = value
        for position in stride(from: width - 1, through: 0, by: -1) {
            base[count + position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        advance(width)
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(daysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
