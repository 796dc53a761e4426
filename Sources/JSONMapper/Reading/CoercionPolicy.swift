/// Which values of the wrong type getters may convert, for APIs that are loose with types.
///
/// Strict is the default and converts nothing. Opt in where a context is made:
///
/// ```swift
/// let context = JSONMapper.context(data, options: JSONMapper.Options(coercion: .lenient))
/// let id = context.getInt("id")         // 12 from "12"
/// print(context.notices)                // id: coerced String "12" to Int
/// ```
///
/// Every conversion applied is recorded in ``JSONDeserializationContext/notices``, not as an error, so that it can
/// be logged.
public struct CoercionPolicy: Sendable, Hashable {
    /// Numeric strings (`"12"`, `"-3.5e2"`, in JSON's number syntax) to numbers, for every number getter.
    public var numbersFromStrings: Bool
    /// The numbers `0` and `1` to `false` and `true` (other numbers stay mismatches).
    public var boolsFromNumbers: Bool
    /// The strings `"true"` and `"false"` to booleans.
    public var boolsFromStrings: Bool
    /// Numbers to strings, as they were written (`12.50` gives `"12.50"` on the native engine).
    public var stringsFromNumbers: Bool

    /// Creates a policy; every conversion is off unless turned on.
    ///
    /// - Parameters:
    ///   - numbersFromStrings: Numeric strings to numbers.
    ///   - boolsFromNumbers: `0` and `1` to booleans.
    ///   - boolsFromStrings: `"true"` and `"false"` to booleans.
    ///   - stringsFromNumbers: Numbers to strings.
    public init(
        numbersFromStrings: Bool = false, boolsFromNumbers: Bool = false, boolsFromStrings: Bool = false,
        stringsFromNumbers: Bool = false
    ) {
        self.numbersFromStrings = numbersFromStrings
        self.boolsFromNumbers = boolsFromNumbers
        self.boolsFromStrings = boolsFromStrings
        self.stringsFromNumbers = stringsFromNumbers
    }

    /// No conversions: a value of the wrong type is a mismatch. The default.
    public static let strict = CoercionPolicy()

    /// Every conversion this type offers.
    public static let lenient = CoercionPolicy(
        numbersFromStrings: true, boolsFromNumbers: true, boolsFromStrings: true, stringsFromNumbers: true)
}
