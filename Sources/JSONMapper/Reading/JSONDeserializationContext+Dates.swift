import Foundation

extension JSONDeserializationContext {
    /// The date at `key`, read with `strategy` or the context's ``JSONMapper/Options/dateStrategy``, or `nil`.
    ///
    /// ```swift
    /// createdAt = c.getDate("created_at")                                    // "2026-11-21T09:30:00Z"
    /// expiresAt = c.getDate("expires", strategy: .secondsSince1970)          // 1795000000
    /// ```
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - strategy: How to read this field; `nil` for the context's default.
    /// - Returns: The date; `nil` when missing or `null`, or with a mismatch recorded (`expected Date (ISO 8601),
    ///   found String "yesterday"`) when the value fits no date.
    public func getDate(_ key: String, strategy: DateStrategy? = nil) -> Date? {
        readDate(key, strategy: strategy, required: false)
    }

    /// The date at `key`; records a required failure and returns the Unix epoch when it is missing or unusable.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - strategy: How to read this field; `nil` for the context's default.
    public func requireDate(_ key: String, strategy: DateStrategy? = nil) -> Date {
        readDate(key, strategy: strategy, required: true) ?? Date(timeIntervalSince1970: 0)
    }

    /// The date at `key`, or `value` when it is missing, `null` or unusable (a mismatch is still recorded).
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - value: The date to use instead.
    ///   - strategy: How to read this field; `nil` for the context's default.
    public func getDate(_ key: String, default value: Date, strategy: DateStrategy? = nil) -> Date {
        readDate(key, strategy: strategy, required: false) ?? value
    }

    /// The date at `path`, read with `strategy` or the context's ``JSONMapper/Options/dateStrategy``, or `nil`.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - strategy: How to read this field; `nil` for the context's default.
    /// - Returns: The date; `nil` when a step is missing or `null`, or with a mismatch recorded when the value fits
    ///   no date.
    public func getDate(at path: [JSONPathElement], strategy: DateStrategy? = nil) -> Date? {
        readDate(at: path, strategy: strategy, required: false)
    }

    /// The date at `path`; records a required failure with the full path and returns the Unix epoch when it is
    /// missing or unusable.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - strategy: How to read this field; `nil` for the context's default.
    public func requireDate(at path: [JSONPathElement], strategy: DateStrategy? = nil) -> Date {
        readDate(at: path, strategy: strategy, required: true) ?? Date(timeIntervalSince1970: 0)
    }

    /// The date at `path`, or `value` when it is missing, `null` or unusable (a mismatch is still recorded).
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - value: The date to use instead.
    ///   - strategy: How to read this field; `nil` for the context's default.
    public func getDate(at path: [JSONPathElement], default value: Date, strategy: DateStrategy? = nil) -> Date {
        readDate(at: path, strategy: strategy, required: false) ?? value
    }

    private func readDate(at path: [JSONPathElement], strategy: DateStrategy?, required: Bool) -> Date? {
        let strategy = strategy ?? session.options.dateStrategy
        guard let node = present(at: path, required: required, expected: "Date (\(strategy.name))") else {
            return nil
        }
        let reader = JSONPrimitiveReader(node: node, context: self, required: required)
        return reader.readDate(with: strategy, at: { self.path(path) })
    }

    private func readDate(_ key: String, strategy: DateStrategy?, required: Bool) -> Date? {
        let strategy = strategy ?? session.options.dateStrategy
        guard let node = present(key, required: required, expected: "Date (\(strategy.name))") else { return nil }
        let reader = JSONPrimitiveReader(node: node, context: self, required: required)
        return reader.readDate(with: strategy, at: { self.path(.key(key)) })
    }
}
