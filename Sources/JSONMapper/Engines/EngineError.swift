/// Why an engine could not read a document (the input is malformed, or the memory for it could not be had): what is
/// wrong and where, without the public API's forms.
///
/// The engines (the native scanner, the Foundation adapter) report positions and path steps; the entry points
/// (`JSONMapper.context`, `JSONValue(parsing:)`, the streaming engine, the command-line tool's helpers) turn the
/// error into a ``JSONMappingError`` with `JSONMappingError.init(_:)`, which writes the path in the library's
/// syntax.
struct EngineError: Error, Equatable {
    /// What is wrong: `expected ',' or '}' after an object member, found ']'`.
    let message: String
    /// The steps to the value being read when the error was found; empty for the document itself.
    var path: [PathComponent] = []
    /// The 1-based line and column (in characters) of the offending byte; `nil` when the error has no position
    /// (the memory for the document could not be had).
    var line: Int?
    var column: Int?
}
