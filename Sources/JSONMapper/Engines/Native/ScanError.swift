/// Why the native engine could not read a document: what is wrong and where, without the public API's forms.
///
/// The engine reports positions and path steps; the entry points (`JSONMapper.context`, `JSONValue.parse`, the
/// streaming engine, the command-line tool's helpers) turn the error into a ``JSONMappingError`` with
/// `JSONMappingError.init(_:)`, which writes the path in the library's syntax.
struct ScanError: Error, Equatable {
    /// What is wrong: `expected ',' or '}' after an object member, found ']'`.
    let message: String
    /// The steps to the value being read when the error was found; empty for the document itself.
    var path: [PathComponent] = []
    /// The 1-based line and column (in characters) of the offending byte; `nil` when the error has no position
    /// (the memory for the document could not be had).
    var line: Int?
    var column: Int?
}
