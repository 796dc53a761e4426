import Foundation

// The values that every model is made of, written without the `Encodable` round trip. Through `encode<T>(_:)` a
// `Double` would otherwise take an encoder, a single-value container and the slot checks; an array of them (the
// bulk of canada.json) one such trip per number. Told apart by their type, at the cost of a pointer comparison each,
// and written exactly as their own `encode(to:)` would have them written, errors and their paths included.

/// A value of a type the bridge writes itself.
enum EncodingDirectValue {
    case string(String)
    case bool(Bool)
    case int(Int)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case float(Float)
    case strings([String])
    case ints([Int])
    case doubles([Double])
    case floats([Float])

    /// `value` as one of the direct cases, or `nil` for any other type.
    @inline(__always)
    init?<T>(_ value: T) {
        if T.self == String.self {
            self = .string(Self.same(value, String.self))
        } else if T.self == Int.self {
            self = .int(Self.same(value, Int.self))
        } else if T.self == Double.self {
            self = .double(Self.same(value, Double.self))
        } else if T.self == Bool.self {
            self = .bool(Self.same(value, Bool.self))
        } else if T.self == [Double].self {
            self = .doubles(Self.same(value, [Double].self))
        } else if T.self == [Int].self {
            self = .ints(Self.same(value, [Int].self))
        } else if T.self == [String].self {
            self = .strings(Self.same(value, [String].self))
        } else if T.self == Int64.self {
            self = .int64(Self.same(value, Int64.self))
        } else if T.self == UInt64.self {
            self = .uint64(Self.same(value, UInt64.self))
        } else if T.self == Float.self {
            self = .float(Self.same(value, Float.self))
        } else if T.self == [Float].self {
            self = .floats(Self.same(value, [Float].self))
        } else {
            return nil
        }
    }

    /// `value`, whose type the caller checked is `U`, as a `U`.
    @inline(__always)
    private static func same<T, U>(_ value: T, _ type: U.Type) -> U {
        withUnsafePointer(to: value) { $0.withMemoryRebound(to: U.self, capacity: 1) { $0.pointee } }
    }
}

extension EncodingState {
    /// Checks a direct value before its member or element is begun: a NaN or infinity that the strategy refuses
    /// throws here, at `path` (plus the element's index in an array), as its own `encode(to:)` would.
    @inline(__always)
    func check(_ value: EncodingDirectValue, at path: () -> [any CodingKey]) throws {
        switch value {
        case .double(let number):
            if !number.isFinite { _ = try checkFloat(number, at: path) }
        case .float(let number):
            if !number.isFinite { _ = try checkFloat(number, at: path) }
        case .doubles(let numbers):
            try checkElements(numbers, at: path)
        case .floats(let numbers):
            try checkElements(numbers, at: path)
        default:
            break
        }
    }

    private func checkElements<F: BinaryFloatingPoint>(_ numbers: [F], at path: () -> [any CodingKey]) throws {
        guard let bad = numbers.firstIndex(where: { !$0.isFinite }) else { return }
        guard case .throw = options.floatStrategy else { return }
        throw Self.unencodable(numbers[bad], at: path() + [BridgeCodingKey(index: bad)])
    }

    /// Writes a direct value checked by ``check(_:at:)``.
    @inline(__always)
    func write(_ value: EncodingDirectValue) {
        switch value {
        case .string(let string): context.writer.writeString(string)
        case .bool(let bool): context.writer.writeBool(bool)
        case .int(let int): context.writer.writeInteger(int)
        case .int64(let int): context.writer.writeInteger(int)
        case .uint64(let int): context.writer.writeInteger(int)
        case .double(let number): writeChecked(number)
        case .float(let number): writeChecked(number)
        case .strings(let strings): writeArray(strings) { context.writer.writeString($0) }
        case .ints(let ints): writeArray(ints) { context.writer.writeInteger($0) }
        case .doubles(let numbers): writeArray(numbers) { writeChecked($0) }
        case .floats(let numbers): writeArray(numbers) { writeChecked($0) }
        }
    }

    @inline(__always)
    private func writeChecked(_ number: Double) {
        if number.isFinite { context.writer.writeDouble(number) } else { writeFloat(number, replacement(number)) }
    }

    @inline(__always)
    private func writeChecked(_ number: Float) {
        if number.isFinite { context.writer.writeFloat(number) } else { writeFloat(number, replacement(number)) }
    }

    /// The strategy's string for a NaN or infinity that ``check(_:at:)`` let through.
    private func replacement<F: BinaryFloatingPoint>(_ number: F) -> String? {
        guard case .convertToString(let positive, let negative, let nan) = options.floatStrategy else { return nil }
        return number == .infinity ? positive : number == -.infinity ? negative : nan
    }

    /// Writes an array as `Array.encode(to:)` does through an unkeyed container, as a container of its own (for
    /// the depth limit).
    @inline(__always)
    private func writeArray<Element>(_ elements: [Element], _ writeElement: (Element) -> Void) {
        if containers.count + 1 >= Self.maximumDepth { tooDeep = true }
        context.writer.beginArray()
        for element in elements {
            context.writer.beginElement()
            writeElement(element)
        }
        context.writer.endArray()
    }
}
