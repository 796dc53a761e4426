// The one place where streamed records become contexts: every record that the streaming engine hands out
// (`StreamedRecord`, from `LineSplitter` and `StructureWalker`) is wrapped here for `JSONMapper.lines` and
// `JSONMapper.elements`, on top of the context's own initializers. The engine below knows no context.

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

extension StreamedRecord {
    /// The record's context: on its value, or invalid with its error.
    func context(options: JSONMapper.Options) -> JSONDeserializationContext {
        switch self {
        case .value(let document, let index, let path):
            .makeRoot(node: .native(document, index), options: options, pathPrefix: path)
        case .failure(let error):
            .makeInvalid(error, options: options)
        }
    }
}

extension LineSplitter {
    /// The next non-blank line's number and context, or `nil` at the end of input.
    func next() -> (line: Int, context: JSONDeserializationContext)? {
        nextRecord().map { ($0.line, $0.record.context(options: options)) }
    }
}

extension StructureWalker {
    /// The next element's context, the invalid context that ends the walk, or `nil` at the end.
    func next() -> JSONDeserializationContext? {
        nextRecord()?.context(options: options)
    }
}
