import Foundation

// The library's `JSONWritableValue` conformances. Each scalar type writes its arrays with a loop of its own, so
// that `[Double]` and `[[Int]]` cost one dynamic call per array rather than one per element.

/// `String` writes a JSON string, escaping only what JSON requires (and what the options ask).
extension String: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeString(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [String], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeString(value)
        }
        c.writer.endArray()
    }
}

/// `Bool` writes `true` or `false`.
extension Bool: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeBool(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Bool], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeBool(value)
        }
        c.writer.endArray()
    }
}

/// `Double` writes the shortest text that reads back as the same `Double`; NaN and infinity are errors.
extension Double: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeDouble(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Double], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeDouble(value)
        }
        c.writer.endArray()
    }
}

/// `Float` writes the shortest text that reads back as the same `Float`; NaN and infinity are errors.
extension Float: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeFloat(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Float], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeFloat(value)
        }
        c.writer.endArray()
    }
}

/// `Decimal` writes its exact value; NaN is an error.
extension Decimal: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeDecimal(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Decimal], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeDecimal(value)
        }
        c.writer.endArray()
    }
}

/// `URL` writes its `absoluteString`.
extension URL: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeString(self.absoluteString)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [URL], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeString(value.absoluteString)
        }
        c.writer.endArray()
    }
}

/// `Date` writes with the options' ``JSONMapper/WriteOptions/dateStrategy``.
extension Date: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeDate(self, strategy: c.options.dateStrategy)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Date], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeDate(value, strategy: c.options.dateStrategy)
        }
        c.writer.endArray()
    }
}

/// Arrays write JSON arrays, nested to any depth.
extension Array: JSONWritableValue where Element: JSONWritableValue {
    /// Writes the array with its element type's loop.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        Element._writeArray(self, to: c)
    }
}

/// Dictionaries with `String` keys write JSON objects, their members in the order of their keys' Unicode scalars:
/// a `Dictionary` has no order of its own, and sorted output is the same in every run.
extension Dictionary: JSONWritableValue where Key == String, Value: JSONWritableValue {
    /// Writes the dictionary as an object, in key order.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.beginObject(distinctKeys: true)
        for key in keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let value = self[key] else { continue }
            c.writer.beginMember(key)
            value._write(to: c)
        }
        c.writer.endObject()
    }
}

/// Optionals write their value, or `null` for `nil` (inside arrays and dictionaries; a `nil` member is left out
/// unless ``JSONMapper/WriteOptions/writesNilAsNull`` is set).
extension Optional: JSONWritableValue where Wrapped: JSONWritableValue {
    /// Writes the wrapped value, or `null`.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        switch self {
        case .some(let value): value._write(to: c)
        case .none: c.writer.writeNull()
        }
    }
}
