// How `JSONValue` reads itself through the getters: as a `JSONPrimitive`, so that `getArray`, the dictionary getters
// and the `at:` getters take it, and `[JSONValue]` keeps every element. `getValue` itself is in
// `Reading/JSONDeserializationContext+Values.swift`.

/// `JSONValue` reads any value, `null` included, so `[JSONValue]` arrays keep every element.
extension JSONValue: JSONPrimitive {
    /// `JSONValue`.
    public static var jsonTypeName: String { "JSONValue" }

    /// Reads any value.
    public static func _read(_ reader: JSONPrimitiveReader, at path: () -> String) -> JSONValue? {
        switch make(from: reader.node) {
        case .success(let value):
            return value
        case .failure(let problem):
            let error = problem.error(at: path(), required: reader.required)
            reader.required ? reader.context.fail(error) : reader.context.record(error)
            return nil
        }
    }
}
