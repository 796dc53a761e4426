import Foundation

/// One value of a tree that `JSONSerialization` (or another library) produced, classified once.
///
/// Classification never trusts `as?` casts between numbers and booleans: on Linux `NSNumber(value: 1) as? Bool`
/// is `true` and `true as? Int` is 1. Booleans are recognized by their exact type instead.
enum FoundationValue: @unchecked Sendable {
    case null
    case bool(Bool)
    case number(FoundationNumber)
    case string(String)
    /// An object, with its place in the text when the tree came from the Foundation engine (see ``FoundationOrder``).
    case object([String: Any], FoundationOrigin?)
    /// An array, with its place in the text when the tree came from the Foundation engine.
    case array([Any], FoundationOrigin?)
    /// A value of a type JSON has no counterpart for (a `Date`, a custom class…).
    case unsupported(String)

    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Classifies `value`; `origin` is where it stands in the text, asked for only when it is an object or an array.
    init(_ value: Any, origin: @autoclosure () -> FoundationOrigin? = nil) {
        // Exact types first, compared before any cast is tried: casting a Swift container to an NS class would
        // bridge it, deeply, and failed casts are slow. These are the types JSONSerialization produces.
        let type = Swift.type(of: value)
        if type == [String: Any].self, let object = value as? [String: Any] {
            self = .object(object, origin())
        } else if type == [Any].self, let array = value as? [Any] {
            self = .array(array, origin())
        } else if type == String.self, let string = value as? String {
            self = .string(string)
        } else if type is AnyObject.Type, let number = value as? NSNumber {
            if ObjectIdentifier(type) == Self.booleanClass {
                self = .bool(number.boolValue)
            } else if let decimal = number as? NSDecimalNumber {
                self = .number(.decimal(decimal.decimalValue))
            } else {
                self = .number(FoundationNumber(number))
            }
        } else if type == Bool.self, let bool = value as? Bool {
            self = .bool(bool)
        } else if let number = FoundationNumber(swiftNumber: value) {
            self = .number(number)
        } else {
            self = Self.classifyObject(value, origin: origin)
        }
    }

    /// Foundation objects (`NSNumber`, `NSString`, `NSDictionary`…) and anything else.
    private static func classifyObject(_ value: Any, origin: () -> FoundationOrigin?) -> FoundationValue {
        let type = Swift.type(of: value)
        switch value {
        case is NSNull:
            return .null
        case let string as String:
            return .string(string)
        case let object as [String: Any]:
            return .object(object, origin())
        case let array as [Any]:
            return .array(array, origin())
        default:
            let mirror = Mirror(reflecting: value)
            return mirror.displayStyle == .optional && mirror.children.isEmpty ? .null : .unsupported("\(type)")
        }
    }
}

/// A number from a Foundation tree, in the representation it arrived in.
enum FoundationNumber {
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case decimal(Decimal)

    /// A Swift number held in an `Any`, or `nil` for anything else.
    init?(swiftNumber value: Any) {
        // Objects (NSNumber among them) are never Swift numbers, whatever a cast might bridge them to.
        guard !(Swift.type(of: value) is AnyObject.Type) else { return nil }
        switch value {
        case let decimal as Decimal where Swift.type(of: value) == Decimal.self:
            self = .decimal(decimal)
        case let integer as any BinaryInteger:
            if let signed = Int64(exactly: integer) {
                self = .signed(signed)
            } else if let unsigned = UInt64(exactly: integer) {
                self = .unsigned(unsigned)
            } else {
                return nil
            }
        case let floating as any BinaryFloatingPoint:
            self = .double(Double(floating))
        default:
            return nil
        }
    }

    init(_ number: NSNumber) {
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            self = .double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            self = .unsigned(number.uint64Value)
        default:
            self = .signed(number.int64Value)
        }
    }

    func integer<T: FixedWidthInteger>(_: T.Type) -> Result<T, NumberIssue> {
        switch self {
        case .signed(let value):
            return T(exactly: value).map(Result.success) ?? .failure(.outOfRange)
        case .unsigned(let value):
            return T(exactly: value).map(Result.success) ?? .failure(.outOfRange)
        case .double(let value):
            guard value.isFinite else { return .failure(.outOfRange) }
            guard value.rounded(.towardZero) == value else { return .failure(.notWholeNumber) }
            return T(exactly: value).map(Result.success) ?? .failure(.outOfRange)
        case .decimal(var value):
            guard !value.isNaN else { return .failure(.outOfRange) }
            var whole = Decimal()
            NSDecimalRound(&whole, &value, 0, .plain)
            guard whole == value else { return .failure(.notWholeNumber) }
            return T(whole.description).map(Result.success) ?? .failure(.outOfRange)
        }
    }

    func double() -> Result<Double, NumberIssue> {
        let value: Double
        switch self {
        case .signed(let integer): value = Double(integer)
        case .unsigned(let integer): value = Double(integer)
        case .double(let double): value = double
        case .decimal(let decimal): value = Self.nearestDouble(decimal)
        }
        return value.isFinite ? .success(value) : .failure(.outOfRange)
    }

    /// The nearest `Float`: integers round once; a decimal whose nearest `Double` is halfway between two `Float`s is
    /// decided from its exact digits; a `Double` (whose text is gone) rounds ties to even.
    func float() -> Result<Float, NumberIssue> {
        let value: Float
        switch self {
        case .signed(let integer): value = Float(integer)
        case .unsigned(let integer): value = Float(integer)
        case .double(let double): value = NumberText.nearestFloat(to: double) { nil }
        case .decimal(let decimal):
            guard decimal.isFinite else { return .failure(.outOfRange) }
            value = NumberText.nearestFloat(to: Self.nearestDouble(decimal)) { Float(decimal.description) }
        }
        return value.isFinite ? .success(value) : .failure(.outOfRange)
    }

    /// The `Double` nearest a decimal, exactly: `NSDecimalNumber.doubleValue` can be a few ulps off (it is on 62,860
    /// of canada.json's numbers), so the decimal's significand and exponent go through the native engine's exact
    /// conversion instead; significands beyond 64 bits go through the decimal's text.
    static func nearestDouble(_ decimal: Decimal) -> Double {
        guard decimal.isFinite else { return .nan }
        let significand = decimal.significand
        var magnitude: Double?
        if significand <= Self.largestUInt64 {
            let integer = NSDecimalNumber(decimal: significand).uint64Value
            magnitude = NumberText.nearestDouble(significand: integer, power: decimal.exponent)
        }
        guard let magnitude else { return Double(decimal.description) ?? .nan }
        return decimal.sign == .minus ? -magnitude : magnitude
    }

    private static let largestUInt64 = Decimal(UInt64.max)

    func decimal() -> Result<Decimal, NumberIssue> {
        switch self {
        case .signed(let integer): .success(Decimal(integer))
        case .unsigned(let integer): .success(Decimal(integer))
        // The shortest text that reads back as the same Double: "0.1", not 0.1000000000000000055…, read as the
        // native engine reads a number's text, so that `1e+128` is the same Decimal on both engines (Foundation's
        // own parser refuses exponents above 127, and reads "-inf" as 0). Infinities and NaN are out of range.
        case .double(let double):
            double.isFinite
                ? NumberText.withJSONNumber(in: "\(double)") { $0.decimal() }
                    ?? .failure(.outOfRange)
                : .failure(.outOfRange)
        case .decimal(let decimal): decimal.isNaN ? .failure(.outOfRange) : .success(decimal)
        }
    }

    /// The number as it would be written in JSON, for error messages.
    var text: String {
        switch self {
        case .signed(let integer): "\(integer)"
        case .unsigned(let integer): "\(integer)"
        case .double(let double): "\(double)"
        case .decimal(let decimal): decimal.description
        }
    }
}

extension FoundationValue {
    /// Why the tree `root` cannot be read within `limit` levels of nesting: an error naming the path of the first
    /// container too deep, or `nil`. Walks without recursion, and stops there, so a cyclic tree (an `NSMutableArray`
    /// that holds itself) ends the walk too.
    static func depthError(of root: Any, limit: Int) -> EngineError? {
        // Each value waiting to be classified, with its depth and the step that leads to it, found by the index of
        // its parent's step (-1 for the root's children): the path is rebuilt only for the error.
        var steps: [(parent: Int, component: PathComponent)] = []
        var stack: [(value: Any, depth: Int, step: Int)] = [(root, 0, -1)]
        while let (value, depth, step) = stack.popLast() {
            switch FoundationValue(value) {
            case .array(let elements, _):
                guard depth < limit else { return tooDeep(step, steps, limit) }
                for (index, element) in elements.enumerated().reversed() {
                    steps.append((step, .index(index)))
                    stack.append((element, depth + 1, steps.count - 1))
                }
            case .object(let members, _):
                guard depth < limit else { return tooDeep(step, steps, limit) }
                for (key, member) in members {
                    steps.append((step, .key(key)))
                    stack.append((member, depth + 1, steps.count - 1))
                }
            default:
                break
            }
        }
        return nil
    }

    private static func tooDeep(
        _ step: Int, _ steps: [(parent: Int, component: PathComponent)], _ limit: Int
    ) -> EngineError {
        var path: [PathComponent] = []
        var current = step
        while current >= 0 {
            path.append(steps[current].component)
            current = steps[current].parent
        }
        return EngineError(message: "nesting is deeper than the limit of \(limit) levels", path: path.reversed())
    }
}
