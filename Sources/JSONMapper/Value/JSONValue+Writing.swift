// Where `JSONValue` writes itself: its `JSONWritableValue` conformance, and the writer's walk over it, without
// recursion: the containers being written wait on a stack of their own, and numbers are written with the text they
// were read with.

extension JSONWriter {
    /// Writes `value` at the current position.
    mutating func writeValue(_ value: JSONValue) {
        /// A container being written and the position of its next child.
        enum Pending {
            case array([JSONValue], Int)
            case object(JSONValue.Object, Int)
        }
        var pending: [Pending] = []
        var next: JSONValue? = value
        while true {
            if let value = next {
                switch value {
                case .null: writeNull()
                case .bool(let bool): writeBool(bool)
                case .number(let number): writeNumberText(number.text)
                case .string(let string): writeString(string)
                case .array(let array):
                    beginArray()
                    pending.append(.array(array, 0))
                case .object(let object):
                    // An Object holds each key once (compared by scalars, so their escapes differ too).
                    beginObject(distinctKeys: true)
                    pending.append(.object(object, 0))
                }
            }
            guard let top = pending.popLast() else { return }
            switch top {
            case .array(let array, let position):
                if position < array.count {
                    beginElement()
                    next = array[position]
                    pending.append(.array(array, position + 1))
                } else {
                    endArray()
                    next = nil
                }
            case .object(let object, let position):
                if position < object.count {
                    let member = object[position]
                    beginMember(member.key)
                    next = member.value
                    pending.append(.object(object, position + 1))
                } else {
                    endObject()
                    next = nil
                }
            }
        }
    }

    /// Writes a number's validated text as it is.
    @inline(__always)
    mutating func writeNumberText(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
}

/// `JSONValue` writes itself, numbers with their text; it never fails.
extension JSONValue: JSONWritableValue {
    /// Writes the value.
    ///
    /// - Parameter c: The context to write into.
    public func _write(to c: JSONSerializationContext) {
        c.writer.writeValue(self)
    }
}
