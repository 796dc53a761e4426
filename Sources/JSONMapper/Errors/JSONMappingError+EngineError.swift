extension JSONMappingError {
    /// The public form of the native engine's error: malformed input, with its path written in the library's syntax
    /// (`statuses[3].user`) and its line and column.
    init(_ error: EngineError) {
        self.init(
            code: .malformedJSON, path: JSONPath.format(error.path), message: error.message, line: error.line,
            column: error.column)
    }
}
