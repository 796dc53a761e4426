// Engines/ owns the parsers and their documents, below every public folder: the native engine (Native/), the
// Foundation adapter (Foundation/), raw memory (Memory/), `JSONNode` (this file), which reads a value of either, and
// `EngineError`. Nothing here names the API side (Scripts/check-layers.sh checks it).

import Foundation

/// The JSON types, as error messages name them.
enum JSONKind: Sendable {
    case null, bool, number, string, object, array
    /// A value in a tree from another library that JSON has no counterpart for (a `Date`, a custom class…).
    case unsupported

    var name: String {
        switch self {
        case .null: "null"
        case .bool: "Bool"
        case .number: "Number"
        case .string: "String"
        case .object: "Object"
        case .array: "Array"
        case .unsupported: "unsupported value"
        }
    }
}

/// One value inside a parsed document: the storage interface the context reads, whichever engine parsed it.
///
/// Every operation the getters need is here, answered by the native tape or by a Foundation tree, so that types,
/// paths and errors are the same on both engines.
enum JSONNode: @unchecked Sendable {
    /// A value on a native document's tape.
    case native(NativeDocument, Int)
    /// A value of a tree that `JSONSerialization` or another library made.
    case foundation(FoundationValue)

    var kind: JSONKind {
        switch self {
        case .native(let document, let index):
            switch document.entry(index).tag {
            case .null: .null
            case .true, .false: .bool
            case .integer, .float: .number
            case .string, .escapedString: .string
            case .object: .object
            case .array: .array
            }
        case .foundation(let value):
            switch value {
            case .null: .null
            case .bool: .bool
            case .number: .number
            case .string: .string
            case .object: .object
            case .array: .array
            case .unsupported: .unsupported
            }
        }
    }

    // MARK: Containers

    /// The value of member `key`, if this is an object that has one (the last one, if the key repeats).
    @inline(__always)
    func member(_ key: String) -> JSONNode? {
        switch self {
        case .native(let document, let index):
            guard document.entry(index).tag == .object, let member = document.member(of: index, key: key) else {
                return nil
            }
            return .native(document, member)
        case .foundation(.object(let object, let origin)):
            // `Dictionary` finds a key by canonical equivalence: the member found must have the scalars asked for.
            guard let position = object.index(forKey: key), ExactKey.equal(object[position].key, key) else {
                return nil
            }
            return .foundation(
                FoundationValue(object[position].value, origin: origin?.member(key, kept: object.count)))
        case .foundation:
            return nil
        }
    }

    /// The number of elements of an array or members of an object; zero for anything else.
    var count: Int {
        switch self {
        case .native(let document, let index):
            let tag = document.entry(index).tag
            return tag == .object || tag == .array ? document.count(of: index) : 0
        case .foundation(.object(let object, _)): return object.count
        case .foundation(.array(let array, _)): return array.count
        case .foundation: return 0
        }
    }

    /// Calls `body` with each element's position and value, if this is an array.
    @inline(__always)
    func forEachElement(_ body: (Int, JSONNode) throws -> Void) rethrows {
        switch self {
        case .native(let document, let index):
            guard document.entry(index).tag == .array else { return }
            try document.forEachElement(of: index) { position, element in
                try body(position, .native(document, element))
            }
        case .foundation(.array(let array, let origin)):
            // The elements' places, walked on the tape alongside.
            var places = origin?.elements(count: array.count)
            for (position, element) in array.enumerated() {
                let place = places?.next()
                try body(position, .foundation(FoundationValue(element, origin: place)))
            }
        case .foundation:
            return
        }
    }

    /// The element at `position` of an array, or `nil` when this is not an array or has no such element.
    func element(at position: Int) -> JSONNode? {
        guard position >= 0 else { return nil }
        switch self {
        case .native(let document, let index):
            guard document.entry(index).tag == .array else { return nil }
            return document.element(of: index, at: position).map { .native(document, $0) }
        case .foundation(.array(let array, let origin)):
            guard position < array.count else { return nil }
            return .foundation(FoundationValue(array[position], origin: origin?.element(position)))
        case .foundation:
            return nil
        }
    }

    /// Calls `body` with each member's key and value, if this is an object, in document order: on the native engine
    /// every member, repeated keys included; on the Foundation engine each member its tree holds, at the place of
    /// its first occurrence (``FoundationOrder``). A tree without a place in a text (from `context(jsonObject:)`, or
    /// text the native scanner rejects) has no order of its own: its members come in their keys' scalar order.
    func forEachMember(_ body: (String, JSONNode) throws -> Void) rethrows {
        switch self {
        case .native(let document, let index):
            guard document.entry(index).tag == .object else { return }
            try document.forEachMember(of: index) { key, value in
                try body(key, .native(document, value))
            }
        case .foundation(.object(let object, let origin)):
            if let origin, let members = origin.order.orderedMembers(of: origin.index, object) {
                for member in members {
                    try body(member.key, .foundation(FoundationValue(member.value, origin: origin.at(member.index))))
                }
                return
            }
            for key in object.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                if let value = object[key] {
                    try body(key, .foundation(FoundationValue(value)))
                }
            }
        case .foundation:
            return
        }
    }

    // MARK: Scalars

    var bool: Bool? {
        switch self {
        case .native(let document, let index):
            switch document.entry(index).tag {
            case .true: true
            case .false: false
            default: nil
            }
        case .foundation(.bool(let value)): value
        case .foundation: nil
        }
    }

    var string: String? {
        switch self {
        case .native(let document, let index):
            let tag = document.entry(index).tag
            return tag == .string || tag == .escapedString ? document.string(at: index) : nil
        case .foundation(.string(let value)):
            return value
        case .foundation:
            return nil
        }
    }

    /// The exact integer, when this is a number; `nil` when it is not a number at all.
    func integer<T: FixedWidthInteger>(_ type: T.Type) -> Result<T, NumberIssue>? {
        number(native: { $0.integer(type) }, foundation: { $0.integer(type) })
    }

    /// The nearest `Double`, when this is a number.
    func double() -> Result<Double, NumberIssue>? {
        number(native: { $0.double() }, foundation: { $0.double() })
    }

    /// The nearest `Float`, when this is a number.
    func float() -> Result<Float, NumberIssue>? {
        number(native: { $0.float() }, foundation: { $0.float() })
    }

    /// The exact `Decimal`, when this is a number. On the native engine it comes from the number's text.
    func decimal() -> Result<Decimal, NumberIssue>? {
        number(native: { $0.decimal() }, foundation: { $0.decimal() })
    }

    /// A number conversion on either engine's representation; `nil` when this is not a number.
    @inline(__always)
    private func number<T>(
        native: (NumberText) -> Result<T, NumberIssue>, foundation: (FoundationNumber) -> Result<T, NumberIssue>
    ) -> Result<T, NumberIssue>? {
        switch self {
        case .native(let document, let index):
            let tag = document.entry(index).tag
            guard tag == .integer || tag == .float else { return nil }
            return native(NumberText(bytes: document.text(at: index)))
        case .foundation(.number(let number)):
            return foundation(number)
        case .foundation:
            return nil
        }
    }

    /// Calls `body` with the number's text: as it was written on the native engine, as Foundation prints it
    /// otherwise. `nil` when this is not a number (or Foundation's text is not a JSON number).
    func withNumberText<R>(_ body: (NumberText) -> R) -> R? {
        switch self {
        case .native(let document, let index):
            let tag = document.entry(index).tag
            guard tag == .integer || tag == .float else { return nil }
            return body(NumberText(bytes: document.text(at: index)))
        case .foundation(.number(let number)):
            return NumberText.withJSONNumber(in: number.text, body)
        case .foundation:
            return nil
        }
    }

    /// A number as it was written on the native engine (`12.50`), or as Foundation prints it; `nil` for other kinds.
    var numberText: String? {
        try? number(
            native: { .success(String(decoding: $0.bytes, as: UTF8.self)) }, foundation: { .success($0.text) }
        )?.get()
    }

    // MARK: Descriptions

    /// How error messages show this value: `String "12"`, `Number 3.7`, `Bool true`, `null`, `Object`, `Array`.
    var found: String {
        switch (self, kind) {
        case (_, .null):
            return "null"
        case (_, .unsupported):
            if case .foundation(.unsupported(let type)) = self { return "unsupported value of type \(type)" }
            return kind.name
        case (_, .bool):
            return bool == true ? "Bool true" : "Bool false"
        case (_, .string):
            return "String " + Quoting.quoted(string ?? "", limit: 40)
        case (.native(let document, let index), .number):
            let text = document.text(at: index)
            let shown = String(decoding: UnsafeBufferPointer(rebasing: text.prefix(40)), as: UTF8.self)
            return "Number " + shown + (text.count > 40 ? "…" : "")
        case (.foundation(.number(let number)), .number):
            return "Number " + number.text
        case (_, .object), (_, .array), (_, .number):
            return kind.name
        }
    }
}
