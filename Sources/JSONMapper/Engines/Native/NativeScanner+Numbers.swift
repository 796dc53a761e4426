extension NativeScanner {
    /// Validates the number starting at `start` against RFC 8259's grammar (``NumberGrammar``) and appends its
    /// entry (when `Output` keeps a tape). The value is not computed here: getters parse the text exactly when asked.
    mutating func number<Output: ScanOutput>(at start: Int, _: Output.Type) throws(EngineError) -> Int {
        let (end, isFloat, failure) = NumberGrammar.match(bytes, from: start, count: count, padded: true)
        if let failure {
            let found = describeByte(at: end)
            let message =
                switch failure {
                case .leadingZero: "invalid number: leading zeros are not allowed"
                case .integerDigit: "invalid number: expected a digit after '-', found \(found)"
                case .fractionDigit: "invalid number: expected a digit after '.', found \(found)"
                case .exponentDigit: "invalid number: expected a digit in the exponent, found \(found)"
                }
            throw error(at: end, message, inValue: true)
        }
        try record(TapeEntry(tag: isFloat ? .float : .integer, middle: end - start, low: origin &+ start), Output.self)
        return end
    }
}
