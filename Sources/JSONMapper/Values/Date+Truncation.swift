import Foundation

extension Date {
    /// The latest `Date` at or before `second + numerator / denominator` seconds from the reference date
    /// (2001-01-01T00:00:00Z): the part of the fraction that `Date`'s `Double` cannot hold is dropped, never rounded,
    /// so the date stays in `second` however close to the next one the fraction comes (`23:59:59.999999999` in the
    /// year 9999 is not the year 10000).
    ///
    /// Built from the reference date, which is what `Date` stores: going through `timeIntervalSince1970` would
    /// round a second time.
    ///
    /// - Parameters:
    ///   - second: Whole seconds from the reference date, at most 2^53 either way.
    ///   - numerator: The fraction's numerator, from 0 to `denominator - 1`.
    ///   - denominator: The fraction's denominator, from 1 to 10^15.
    init(referenceSecond second: Int, plus numerator: Int, over denominator: Int) {
        let base = Double(second)
        let d = Double(denominator)
        // `candidate` is later than the instant when candidate × d − (second × d + numerator) > 0. A fused
        // multiply-add rounds that difference once, which keeps its sign. When second × d + numerator is exact in a
        // Double (always for |second| ≤ 8) it is subtracted whole; otherwise |second| ≥ 9, and candidate − second
        // is exact for every candidate within [second, second + 1] (Sterbenz's lemma), so the fraction is compared
        // alone.
        let (product, overflow) = second.multipliedReportingOverflow(by: denominator)
        let (scaled, carry) = product.addingReportingOverflow(numerator)
        let exactScaled = overflow || carry ? nil : Double(exactly: scaled)
        func isLater(_ candidate: Double) -> Bool {
            if let exactScaled { return (-exactScaled).addingProduct(candidate, d) > 0 }
            return (-Double(numerator)).addingProduct(candidate - base, d) > 0
        }
        // A first estimate within a step or two of the answer: the exact quotient correctly rounded when
        // second × d + numerator is exact (near 2001 the instant can be far smaller than the fraction, whose
        // rounding error would be millions of steps there); otherwise second + fraction, with |second| ≥ 9 as large
        // as the result, so that the fraction's rounding error is within a step of it.
        var value = exactScaled.map { $0 / d } ?? base + Double(numerator) / d
        while isLater(value) { value = value.nextDown }
        while !isLater(value.nextUp) { value = value.nextUp }
        self.init(timeIntervalSinceReferenceDate: value)
    }

    /// Seconds from 1970-01-01 to the reference date, 2001-01-01.
    static let referenceSecondsSince1970 = 978_307_200
}
