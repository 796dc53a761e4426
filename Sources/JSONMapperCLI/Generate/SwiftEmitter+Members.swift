// How each field is declared, read and written.

extension SwiftEmitter {
    /// The property's type: optional unless required, except collections, which are empty when missing.
    func declaredType(_ field: Model.Field) -> String {
        let name = typeName(field.type, alias: field.alias)
        return field.required || field.type.isCollection ? name : name + "?"
    }

    /// Types in more containers than this are spelled `Array<…>` and `Dictionary<String, …>`. The Swift parser's
    /// time for nested `[…]` doubles with each level (a type 24 arrays deep took 5 s to parse, 28 took 79 s), while
    /// the generic spelling costs the same at every level: a type 64 arrays deep type-checks in a fraction of a
    /// second. Up to this depth the brackets cost nothing measurable, and read better.
    static let deepestBracketedType = 8

    /// The Swift spelling of a type: `[String: [Double]]`, or `Array<Array<…>>` past
    /// ``deepestBracketedType`` containers; a model goes by `alias` when one is given, the name of a typealias of
    /// it.
    func typeName(_ type: SwiftType, alias: String? = nil) -> String {
        let base =
            switch type.base {
            case .bool: "Bool"
            case .int: "Int"
            case .uint64: "UInt64"
            case .double: "Double"
            case .string, .unknown: "String"
            case .url: "URL"
            case .date: "Date"
            case .value: "JSONValue"
            case .model(let index): alias ?? builder.models[index].name
            case .enumeration(let index): builder.enums[index].name
            }
        let bracketed = type.containers.count <= Self.deepestBracketedType
        return type.containers.reversed().reduce(base) { inner, container in
            switch (container, bracketed) {
            case (.array, true): "[\(inner)]"
            case (.dictionary, true): "[String: \(inner)]"
            case (.array, false): "Array<\(inner)>"
            case (.dictionary, false): "Dictionary<String, \(inner)>"
            }
        }
    }

    /// The getter call that reads the field.
    func getter(_ field: Model.Field) -> String {
        let key = Quoted.key(field.key)
        let get = field.required ? "require" : "get"
        let type = field.type
        switch type.base {
        case .model(let index):
            let model = field.alias ?? builder.models[index].name
            switch type.containers.first {
            case nil: return "\(get)Object(\(key), ofClass: \(model).self)"
            case .array: return "\(get)Array(\(key), ofClass: \(model).self)"
            case .dictionary: return "\(get)Dictionary(\(key), ofClass: \(model).self)"
            }
        case .enumeration(let index):
            return "\(get)Enum(\(key), fallback: .\(SwiftNames.declared(builder.enums[index].fallback)))"
        case .value where !type.isCollection:
            return "\(get)Value(\(key))"
        default:
            switch type.containers.first {
            case nil: return "\(get)\(typeName(SwiftType(type.base)))(\(key))"
            case .array: return "\(get)Array(\(key))"
            case .dictionary: return "\(get)Dictionary(\(key))"
            }
        }
    }

    /// The value `write(to:)` sets: the property; for a collection that some samples leave out, `nil` when it is
    /// empty, so that writing gives back what was read (a getter reads a missing collection as an empty one).
    func written(_ field: Model.Field) -> String {
        let reference = reference(field)
        guard field.type.isCollection, !field.required else { return reference }
        return "\(reference).isEmpty ? nil : \(reference)"
    }

    /// The statements `write(to:)` writes the field with: `c.set("key", value)`; for a field that every sample has
    /// but some with `null`, a `nil` (or, for a collection, an empty one) is written as `null`, as the samples have
    /// it, where `set` would leave the key out. On one line when it fits in 120 columns at `indent`.
    func writeStatements(_ field: Model.Field, indent: Int) -> [String] {
        let key = Quoted.key(field.key)
        guard field.alwaysPresent, !field.required else { return ["c.set(\(key), \(written(field)))"] }
        let reference = reference(field)
        let condition: String
        let value: String
        if field.type.isCollection {
            condition = "if \(reference).isEmpty"
            value = reference
        } else {
            // `if let name` where it can; `self.c` and keywords in backticks are bound to a name of their own.
            let plain = !reference.hasPrefix("self.") && !reference.hasPrefix("`")
            condition = "if let " + (plain ? reference : "value = \(reference)")
            value = plain ? reference : "value"
        }
        let (set, setNull) = ("c.set(\(key), \(value))", "c.setNull(\(key))")
        let (first, second) = field.type.isCollection ? (setNull, set) : (set, setNull)
        let oneLine = "\(condition) { \(first) } else { \(second) }"
        if indent + oneLine.count <= 120 { return [oneLine] }
        return ["\(condition) {", "    \(first)", "} else {", "    \(second)", "}"]
    }

    /// The remarks printed above a property: what the samples could not settle.
    func notes(_ field: Model.Field) -> [String] {
        var notes = field.notes
        let type = field.type
        if type.base == .unknown {
            switch type.containers.last {
            case nil: notes.append("Always null in the samples: String is a guess.")
            case .array: notes.append("Always empty in the samples: String elements are a guess.")
            case .dictionary:
                notes.append("Always an empty object in the samples: \(typeName(type)) is a guess.")
            }
        }
        return notes
    }
}

/// Swift string literals for keys.
enum Quoted {
    /// `"screen_name"`, with quotes, backslashes and control characters escaped.
    static func key(_ key: String) -> String {
        var literal = "\""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
