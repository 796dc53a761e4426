/// A model that writes itself as a JSON object: the write side of ``JSONSerializable``.
///
/// ```swift
/// struct Person: JSONSerializable, JSONWritable {
///     let id: Int
///     let name: String?
///     let address: Address?
///     let roles: [String]
///     init(_ c: JSONDeserializationContext) { ... }
///     func write(to c: JSONSerializationContext) {
///         c.set("id", id)
///         c.set("name", name)          // nil: the key is left out (or null, with WriteOptions.writesNilAsNull)
///         c.set("address", address)    // a nested JSONWritable model
///         c.set("roles", roles)
///     }
/// }
/// let data = try JSONMapper.data(from: person)    // {"id":1,"name":"Ada","roles":["admin"]}
/// ```
///
/// The object's members are written in the order `set` is called; a key set twice is written once, in its first
/// position, with its last value.
public protocol JSONWritable: JSONWritableValue {
    /// Writes the model's members into `c`, an object context that is valid only during this call.
    ///
    /// - Parameter c: The context of this model's JSON object.
    func write(to c: JSONSerializationContext)
}

extension JSONWritable {
    /// Writes the model as a JSON object: `{`, the members ``write(to:)`` sets, `}`.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.beginObject()
        write(to: c)
        c.writer.endObject()
    }
}

/// A type that ``JSONSerializationContext/set(_:_:)-3ffg3`` writes as one JSON value: `String`, `Bool`, every
/// integer type, `Double`, `Float`, `Decimal`, `URL` (its `absoluteString`), `Date` (with the options' date
/// strategy), ``JSONValue``, ``JSONWritable`` models, optionals of these (`nil` is `null`), and arrays and
/// `[String: Value]` dictionaries of all of them, nested to any depth.
///
/// The library provides every conformance except models', which ``JSONWritable`` gives; the requirements are its
/// implementation.
public protocol JSONWritableValue {
    /// Writes this value at the context's current position. Implementation detail of the library's conformances.
    ///
    /// - Parameter c: The context to write into.
    func _write(to c: JSONSerializationContext)

    /// Writes an array of values of this type. Implementation detail: scalar types implement it concretely so that
    /// the per-element loop is specialized for them.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    static func _writeArray(_ array: [Self], to c: JSONSerializationContext)
}

extension JSONWritableValue {
    /// Writes the elements one after the other, each with the element's own `_write(to:)`.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Self], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for element in array {
            c.writer.beginElement()
            element._write(to: c)
        }
        c.writer.endArray()
    }
}
