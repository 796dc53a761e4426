// Arrays of arrays of scalars off the tape, in one loop per level.
//
// The general path reads `[[[Double]]]` (canada.json's polygons) by making a reader, a node and a path closure for
// every array at every level; only the innermost `[Double]` is read in a loop over the tape. For the nestings models
// use (arrays and arrays of arrays of `Double`, `Float`, `Int` and `String`, as the elements of the array asked
// for), every level is read here in one loop over the tape. Anything the loops cannot settle (another engine, an
// element of the wrong type, a number out of range) gives `nil`, and the general path reads the whole array again,
// recording what it drops.
//
// Each nesting is spelled out with concrete conversions so that its loops are compiled for its types. A generic
// version (a protocol for "converts off the tape" with a conditional conformance for arrays) ran unspecialized,
// looking up generic metadata for every element: canada.json took 1,068 M instructions for 5 mappings, against the
// general path's 723 M.

extension TapeView {
    /// The array at `index` with each element converted by `convert`, or `nil` when it is not an array or an
    /// element does not convert.
    @inline(__always)
    func arrayOf<T>(_ index: Int, _ convert: (TapeView, Int) -> T?) -> [T]? {
        guard entry(index).tag == .array else { return nil }
        return array(at: index, convert)
    }
}

/// One place an array of arrays is read from, for ``Swift/Array/offTape(_:)``: a key of a context, or a reader.
protocol TapeArraySource {
    /// The type of the elements of the array read (`[Double]` for `[[Double]]`).
    associatedtype Nested: JSONPrimitive

    /// The array read off the tape with `convert` turning each element into `C`, which is `Nested`; else (another
    /// engine, an element that does not convert) the general path's.
    func read<C: JSONPrimitive>(_ convert: (TapeView, Int) -> C?) -> [Nested]?

    /// The array read by the general path.
    func general() -> [Nested]?
}

extension Array where Element: JSONPrimitive {
    /// The array of arrays (`[Self]`) `source` holds, read off the tape for the nestings spelled out here, else (or
    /// when a value does not convert) by the general path: the one list of nestings every caller goes through.
    static func offTape<S: TapeArraySource>(_ source: S) -> [Self]? where S.Nested == Self {
        if Self.self == [Double].self { return source.read { $0.arrayOf($1) { $0.fastDouble($1) } } }
        if Self.self == [[Double]].self {
            return source.read { $0.arrayOf($1) { $0.arrayOf($1) { $0.fastDouble($1) } } }
        }
        if Self.self == [Float].self { return source.read { $0.arrayOf($1) { $0.fastFloat($1) } } }
        if Self.self == [[Float]].self {
            return source.read { $0.arrayOf($1) { $0.arrayOf($1) { $0.fastFloat($1) } } }
        }
        if Self.self == [Int].self { return source.read { $0.arrayOf($1) { $0.fastInteger($1, as: Int.self) } } }
        if Self.self == [[Int]].self {
            return source.read { $0.arrayOf($1) { $0.arrayOf($1) { $0.fastInteger($1, as: Int.self) } } }
        }
        if Self.self == [String].self { return source.read { $0.arrayOf($1) { $0.fastString($1) } } }
        if Self.self == [[String]].self {
            return source.read { $0.arrayOf($1) { $0.arrayOf($1) { $0.fastString($1) } } }
        }
        return source.general()
    }

    /// The array of arrays at `key` (`[Self]`), read off the tape where ``offTape(_:)`` can.
    static func tapeArray(in context: JSONDeserializationContext, key: String, required: Bool) -> [Self]? {
        offTape(KeySource<Self>(context: context, key: key, required: required))
    }

    /// The array of arrays `reader` holds (`[Self]`), as ``tapeArray(in:key:required:)`` reads one at a key.
    static func tapeArray(_ reader: JSONPrimitiveReader, at path: () -> String) -> [Self]? {
        withoutActuallyEscaping(path) { path in offTape(ReaderSource<Self>(reader: reader, path: path)) }
    }
}

/// An array of arrays at a key of a context.
private struct KeySource<Nested: JSONPrimitive>: TapeArraySource {
    let context: JSONDeserializationContext
    let key: String
    let required: Bool

    func read<C: JSONPrimitive>(_ convert: (TapeView, Int) -> C?) -> [Nested]? {
        // `C` is `Nested`: the cast checks the type once, not each element.
        context.scalarArray(key, required: required, convert) as? [Nested]
    }

    func general() -> [Nested]? {
        context.read(key, required: required)
    }
}

/// The array of arrays a reader holds.
private struct ReaderSource<Nested: JSONPrimitive>: TapeArraySource {
    let reader: JSONPrimitiveReader
    let path: () -> String

    func read<C: JSONPrimitive>(_ convert: (TapeView, Int) -> C?) -> [Nested]? {
        if case .native(let document, let array) = reader.node,
            let values = document.view.arrayOf(array, convert) as? [Nested]
        {
            return values
        }
        return general()
    }

    func general() -> [Nested]? {
        reader.readArray(of: Nested.self, at: path)
    }
}
