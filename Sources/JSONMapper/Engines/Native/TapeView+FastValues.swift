// Conversions of one tape value for the getters' fast path: each gives the value when it is of the right type and
// converts exactly, and `nil` otherwise, leaving every other case (and its error message) to the general path.
// They skip what the general path builds for each value (a `JSONNode`, a reader, a `Result`), which was about a
// third of the cost of `requireInt` on citm_catalog.json.

extension TapeView {
    /// The string at `index`, or `nil` when it is not a string.
    @inline(__always)
    func fastString(_ index: Int) -> String? {
        let tag = entry(index).tag
        guard tag == .string || tag == .escapedString else { return nil }
        return string(at: index)
    }

    /// The boolean at `index`, or `nil` when it is not `true` or `false`.
    @inline(__always)
    func fastBool(_ index: Int) -> Bool? {
        switch entry(index).tag {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The integer at `index` when it is written with at most 18 digits (no fraction or exponent) and fits `T`.
    @inline(__always)
    func fastInteger<T: FixedWidthInteger>(_ index: Int, as type: T.Type) -> T? {
        let entry = entry(index)
        guard entry.tag == .integer, entry.middle <= 18 else { return nil }
        let text = keyBytes(entry)
        let negative = text[0] == UInt8(ascii: "-")
        var i = negative ? 1 : 0
        var magnitude: Int64 = 0
        // Eight digits in one step where there are eight (ids are often 18 digits long).
        while i + 8 <= entry.middle {
            magnitude = magnitude &* 100_000_000 &+ Int64(Digits.value(ofEight: Digits.load(text + i)))
            i += 8
        }
        while i < entry.middle {
            magnitude = magnitude &* 10 &+ Int64(text[i] &- UInt8(ascii: "0"))
            i += 1
        }
        return T(exactly: negative ? -magnitude : magnitude)
    }

    /// The nearest `Double` to the number at `index`, or `nil` when it is not a number or overflows.
    @inline(__always)
    func fastDouble(_ index: Int) -> Double? {
        let tag = entry(index).tag
        guard tag == .integer || tag == .float else { return nil }
        let value = NumberText.parseDouble(text(at: index), padded: true)
        return value.isFinite ? value : nil
    }

    /// The nearest `Float` to the number at `index`, or `nil` when it is not a number or overflows.
    @inline(__always)
    func fastFloat(_ index: Int) -> Float? {
        let tag = entry(index).tag
        guard tag == .integer || tag == .float else { return nil }
        return try? NumberText(bytes: text(at: index)).float().get()
    }

    /// The elements of the array at `index`, each converted by `convert`, or `nil` as soon as one does not convert.
    @inline(__always)
    func array<T>(at index: Int, _ convert: (TapeView, Int) -> T?) -> [T]? {
        let end = entry(index).low
        // Not `reserveCapacity(0)` for an empty array: on the empty array it still replaces the shared empty buffer
        // (about 75 instructions; citm_catalog.json has 8,700 empty arrays).
        let count = count(of: index)
        if count == 0 { return [] }
        if count == 2 {
            // Pairs, such as GeoJSON's coordinates (canada.json has 56,000): an array literal allocates the buffer
            // directly, without `reserveCapacity`'s general path (about 50 instructions) and two appends' checks.
            guard let first = convert(self, index + 1), let second = convert(self, next(after: index + 1)) else {
                return nil
            }
            return [first, second]
        }
        if count >= 16 { return filled(count, from: index, end: end, convert) }
        var values: [T] = []
        values.reserveCapacity(count)
        var element = index + 1
        while element < end {
            guard let value = convert(self, element) else { return nil }
            values.append(value)
            element = next(after: element)
        }
        return values
    }

    /// The `count` elements of the array at `index`, whose entries end at `end`, each converted by `convert` into a
    /// buffer filled in place, or `nil` as soon as one does not convert. Out of line, so that the path of short
    /// arrays keeps a small frame (citm_catalog.json reads 9,000 short `[Int]` per mapping).
    ///
    /// For long arrays (canada.json's rings of coordinate pairs): appending an array (a ring's pair) goes through the
    /// standard library's out-of-line entry points, with a uniqueness check, a retain and a release for each element.
    /// This initializer allocates out of line too, looking the array type up at run time (about 280 instructions,
    /// callgrind), which pays from a few elements on for arrays of arrays, and from about 50 for scalars, which
    /// `reserveCapacity` and inlined appends serve well: 16 is between.
    @inline(never)
    func filled<T>(_ count: Int, from index: Int, end: Int, _ convert: (TapeView, Int) -> T?) -> [T]? {
        var converted = true
        let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            var element = index + 1
            while initialized < count, element < end {
                guard let value = convert(self, element) else {
                    converted = false
                    return
                }
                buffer.initializeElement(at: initialized, to: value)
                initialized &+= 1
                element = next(after: element)
            }
        }
        return converted ? values : nil
    }
}
