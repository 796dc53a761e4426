// The fast path of the scalar getters on the native engine: look the key up and convert the tape value directly.
// Whatever the fast path cannot settle on its own (another engine, a value of the wrong type, a number out of range,
// `null`, a missing required value, unknown keys being tracked) goes to the general path, which records the error.

extension JSONDeserializationContext {
    /// The value at `key` as `convert` reads it for an optional getter: `.some(value)`, `.some(nil)` for a missing
    /// key, or `nil` when the general path must decide.
    @inline(__always)
    func fastOptional<T>(_ key: String, _ convert: (TapeView, Int) -> T?) -> T?? {
        switch fastMember(key) {
        case .found(let view, let index):
            guard let value = convert(view, index) else {
                // `null` gives nil without a record, as the general path would, after a second lookup (twitter.json
                // has many null `in_reply_to_…` fields).
                return view.entry(index).tag == .null ? .some(nil) : nil
            }
            return .some(value)
        case .missing:
            return .some(nil)
        case .general:
            return nil
        }
    }

    /// The value at `key` as `convert` reads it for a required getter, or `nil` when the general path must decide
    /// (and record the failure).
    @inline(__always)
    func fastRequired<T>(_ key: String, _ convert: (TapeView, Int) -> T?) -> T? {
        guard case .found(let view, let index) = fastMember(key) else { return nil }
        return convert(view, index)
    }

    /// The array at `key` of values `convert` reads: in one loop over the tape when it is a native array whose
    /// elements all convert, else by the general path, which records what it drops.
    @inline(__always)
    func scalarArray<T: JSONPrimitive>(_ key: String, required: Bool, _ convert: (TapeView, Int) -> T?) -> [T]? {
        switch fastMember(key) {
        case .found(let view, let index):
            let tag = view.entry(index).tag
            if tag == .array, let values = view.array(at: index, convert) { return values }
            if tag == .null && !required { return nil }
        case .missing where !required:
            return nil
        default:
            break
        }
        return read(key, required: required)
    }
}
