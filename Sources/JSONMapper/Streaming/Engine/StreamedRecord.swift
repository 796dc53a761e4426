/// What the streaming engine hands out for each record (a line of JSON Lines, an element of the target array): a
/// value of a document it scanned, with the path the value stands at in the whole input, or the error that makes the
/// record (or the rest of the input) unreadable.
///
/// The engine makes no contexts: the public sequences wrap each record in one (see
/// `Streaming/JSONDeserializationContext+Records.swift`).
enum StreamedRecord {
    /// The value at tape index `index` of `document` (a batch of records, or one record), whose paths start with
    /// `path` (`records[48213]`; empty for a line).
    case value(NativeDocument, index: Int, path: [PathComponent])
    /// The error, with its line and column in the whole input.
    case failure(JSONMappingError)
}
