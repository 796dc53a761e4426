// The one place where streamed records become contexts: every record of `JSONMapper.lines` and
// `JSONMapper.elements` is made here, on top of the context's own initializers.

extension JSONDeserializationContext {
    /// A context on one record of a streamed input: a document of its own (its own validity, errors and notices),
    /// whose paths start with `pathPrefix` (`records[48213]`), empty for a line of JSON Lines.
    static func makeRoot(
        node: JSONNode, options: JSONMapper.Options, pathPrefix: [PathComponent]
    ) -> JSONDeserializationContext {
        // The session holds the batch's document, so that the record's contexts read it by tape index, on the
        // getters' fast path, as a context from `context(_:)` does.
        var document: NativeDocument?
        if case .native(let native, _) = node { document = native }
        return JSONDeserializationContext(
            session: MappingSession(options: options, valid: true, document: document), node: node, parent: nil,
            step: pathPrefix.isEmpty ? .root : .components(pathPrefix), records: true)
    }

    /// An invalid context carrying `error`, for a record or an input that could not be read.
    static func makeInvalid(_ error: JSONMappingError, options: JSONMapper.Options) -> JSONDeserializationContext {
        JSONDeserializationContext(invalid: error, options: options)
    }
}
