import Foundation

/// One dispatched server-sent event: what a `text/event-stream` body (the HTML standard's server-sent events) hands
/// out between blank lines.
///
/// ```swift
/// for try await event in JSONMapper.events(response.body) where event.type == "message" {
///     let chunk = ChatChunk(event.context())      // `[DONE]` gives an invalid context
/// }
/// ```
public struct ServerSentEvent: Hashable, Sendable {
    /// `"message"` unless an `event:` field named another type.
    public var type: String
    /// The event's `data:` lines, joined by `"\n"`.
    public var data: String
    /// The last event ID when the event was dispatched; it persists across events. `nil` while it is empty: no `id:`
    /// field came yet, or the last one was empty (which resets it, as the standard says).
    public var id: String?
    /// A `retry:` field of this event, in milliseconds: the reconnection time the server asks for.
    public var retry: Int?

    /// An event, as a test or a server writes one.
    ///
    /// - Parameters:
    ///   - type: The event type; `"message"` by default.
    ///   - data: The data, its lines joined by `"\n"`.
    ///   - id: The last event ID, if any.
    ///   - retry: The reconnection time in milliseconds, if the event set one.
    public init(type: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.type = type
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// ``data`` as JSON: a context to map it, as ``JSONMapper/context(_:engine:options:)-(String,_,_)`` gives.
    ///
    /// ```swift
    /// let event = ServerSentEvent(data: #"{"delta": "Hel"}"#)
    /// event.context().getString("delta")                   // "Hel"
    /// ServerSentEvent(data: "[DONE]").context().valid       // false
    /// ```
    ///
    /// - Parameter options: Parsing and mapping settings.
    /// - Returns: A context on the data; an invalid context when it is not JSON (the `[DONE]` that ends a
    ///   language model's stream).
    public func context(options: JSONMapper.Options = .default) -> JSONDeserializationContext {
        JSONMapper.context(data, options: options)
    }
}
