/// A coding key the bridge makes itself, for both directions: `"Index 3"` with `intValue` 3 for an array element,
/// `"super"` for a superclass, or a dictionary's key; the same `stringValue` and `intValue` as the keys
/// `JSONDecoder` and `JSONEncoder` put in their coding paths.
struct BridgeCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }

    /// The key of the element at `index`: `"Index 3"`.
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    static let `super` = BridgeCodingKey(stringValue: "super")
}
