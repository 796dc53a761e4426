/// A model that maps itself from JSON: a class or struct with an initializer that reads its fields from a context.
///
/// ```swift
/// struct Address: JSONSerializable {
///     let city: String?
///     init(_ c: JSONDeserializationContext) {
///         city = c.getString("city")
///     }
/// }
/// ```
///
/// Non-final classes declare the initializer `required init(_ c: JSONDeserializationContext)`.
/// The initializer cannot fail: optional getters give `nil` for what is missing or unusable, and `require…`
/// getters give a placeholder and mark the model as failed, which
/// ``JSONMapper/decode(_:from:engine:options:)-(T.Type,Data,_,_)`` turns into a thrown error.
///
/// The context of a nested model is reused for the next nested model once the initializer returns, unless the model
/// keeps a strong reference to it: a model may store `c` and read from it later, but a `weak` or `unowned` reference
/// to it sees another element's values after the mapping.
public protocol JSONSerializable {
    /// Creates the model from the JSON object that `c` reads.
    ///
    /// - Parameter c: The context positioned on this model's JSON object.
    init(_ c: JSONDeserializationContext)
}
