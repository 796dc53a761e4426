// Every integer type writes its exact decimal digits.

/// `Int` writes its exact decimal digits.
extension Int: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeInteger(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Int], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeInteger(value)
        }
        c.writer.endArray()
    }
}

/// `Int8` writes its exact decimal digits.
extension Int8: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeInteger(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Int8], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeInteger(value)
        }
        c.writer.endArray()
    }
}

/// `Int16` writes its exact decimal digits.
extension Int16: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeInteger(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Int16], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeInteger(value)
        }
        c.writer.endArray()
    }
}

/// `Int32` writes its exact decimal digits.
extension Int32: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeInteger(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Int32], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeInteger(value)
        }
        c.writer.endArray()
    }
}

/// `Int64` writes its exact decimal digits.
extension Int64: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeInteger(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [Int64], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeInteger(value)
        }
        c.writer.endArray()
    }
}

/// `UInt` writes its exact decimal digits.
extension UInt: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeInteger(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [UInt], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeInteger(value)
        }
        c.writer.endArray()
    }
}

/// `UInt8` writes its exact decimal digits.
extension UInt8: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeInteger(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [UInt8], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeInteger(value)
        }
        c.writer.endArray()
    }
}

/// `UInt16` writes its exact decimal digits.
extension UInt16: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeInteger(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [UInt16], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeInteger(value)
        }
        c.writer.endArray()
    }
}

/// `UInt32` writes its exact decimal digits.
extension UInt32: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeInteger(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [UInt32], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeInteger(value)
        }
        c.writer.endArray()
    }
}

/// `UInt64` writes its exact decimal digits.
extension UInt64: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeInteger(self)
    }

    /// Writes an array of values.
    ///
    /// - Parameters:
    ///   - array: The elements.
    ///   - c: The context to write into.
    public static func _writeArray(_ array: [UInt64], to c: JSONSerializationContext) {
        c.writer.beginArray()
        for value in array {
            c.writer.beginElement()
            c.writer.writeInteger(value)
        }
        c.writer.endArray()
    }
}
