import Foundation

/// The entry points: make a ``JSONDeserializationContext`` from JSON, or decode a model strictly.
///
/// ```swift
/// let context = JSONMapper.context(data)
/// let person = Person(context)
/// if let failure = context.failure { print(failure) }   // id: missing required Int (or a syntax error)
///
/// let strict = try JSONMapper.decode(Person.self, from: data)
/// ```
public enum JSONMapper {
    /// Which parser reads the input.
    public enum Engine: Sendable, Hashable {
        /// The library's own parser (the default): strict RFC 8259 validation, exact numbers, one pass over the
        /// bytes into a flat index, values decoded only when a getter asks.
        case native
        /// Foundation's `JSONSerialization`. It accepts some malformed input (`[1,]`, `{"a":1,}`), so `valid` can
        /// be `true` for text that is not JSON, and its numbers come through `NSNumber`. Members keep their
        /// document order, taken from a scan of the text by the native scanner (JSONSerialization's dictionaries
        /// have none); keys that differ only in Unicode normalization are one member to `JSONSerialization`.
        case foundation
    }

    /// Parses `data` and returns a context on its top-level value.
    ///
    /// Never fails: for malformed input the context's ``JSONDeserializationContext/valid`` is `false`, its
    /// ``JSONDeserializationContext/errors`` start with the syntax error, and its getters give `nil` and empty
    /// collections.
    ///
    /// With either engine, a document of 4 KB or more whose last kilobyte holds a string is read where `data`
    /// holds its bytes (only the bytes after a quote near its end are copied), and the context keeps `data` for as
    /// long as it lives; others are copied when the context is made. So those bytes must not change while the
    /// context lives: `Data` made with `init(bytesNoCopy:count:deallocator: .none)` must keep its memory valid
    /// (as `Data` requires of every copy of it), and `Data` mapped from a file (`.alwaysMapped`, `.mappedIfSafe`)
    /// needs a file that is not written or shortened meanwhile: a shortened file's pages fault (`SIGBUS`), as they
    /// would for any reader of that `Data`. For input that may change, pass a copy (`Data([UInt8](data))`).
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: A context to pass to a model's initializer.
    public static func context(
        _ data: Data, engine: Engine = .native, options: Options = .default
    ) -> JSONDeserializationContext {
        switch engine {
        case .native:
            do {
                let document = try NativeDocument(data: data, maximumDepth: options.maximumDepth)
                return JSONDeserializationContext(root: .native(document, NativeDocument.root), options: options)
            } catch {
                return JSONDeserializationContext(invalid: JSONMappingError(error), options: options)
            }
        case .foundation:
            switch FoundationEngine.parse(data, maximumDepth: options.maximumDepth) {
            case .success(let node): return JSONDeserializationContext(root: node, options: options)
            case .failure(let error):
                return JSONDeserializationContext(invalid: JSONMappingError(error), options: options)
            }
        }
    }

    /// Parses JSON text held in a `String` and returns a context on its top-level value, as
    /// ``context(_:engine:options:)-(Data,_,_)`` does for its UTF-8 bytes.
    ///
    /// ```swift
    /// let context = JSONMapper.context(#"{"id": 7}"#)
    /// context.getInt("id")   // 7
    /// ```
    ///
    /// - Parameters:
    ///   - string: JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: A context to pass to a model's initializer.
    public static func context(
        _ string: String, engine: Engine = .native, options: Options = .default
    ) -> JSONDeserializationContext {
        context(Data(string.utf8), engine: engine, options: options)
    }

    /// Reads `stream` to its end and returns a context on its top-level value.
    ///
    /// The stream is read in chunks; one that is not open yet is opened and closed again, one that is open is read
    /// from where it stands. A stream in any state is safe to pass: one that fails, is closed (read once already by
    /// an earlier call, say) or was read to its end by someone else makes the context invalid, with an error saying
    /// what happened and how many bytes were read:
    /// `line 1, column 1: the stream failed after 0 bytes: it is closed`. On Linux, a stream made with
    /// `InputStream(url:)` from a URL that is not a file URL crashes when it is opened, here as anywhere: make streams
    /// from files or data.
    ///
    /// - Parameters:
    ///   - stream: A stream of UTF-8 JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: A context to pass to a model's initializer.
    public static func context(
        _ stream: InputStream, engine: Engine = .native, options: Options = .default
    ) -> JSONDeserializationContext {
        let input: StreamReader.Input
        do {
            input = try StreamReader.readAll(stream)
        } catch {
            return JSONDeserializationContext(invalid: error, options: options)
        }
        switch engine {
        case .native:
            do {
                let document = try NativeDocument(
                    adopting: input.bytes, count: input.count, maximumDepth: options.maximumDepth)
                return JSONDeserializationContext(root: .native(document, NativeDocument.root), options: options)
            } catch {
                return JSONDeserializationContext(invalid: JSONMappingError(error), options: options)
            }
        case .foundation:
            // A RawMemory buffer is a malloc block: Data frees it with free().
            let data = Data(bytesNoCopy: input.bytes, count: input.count, deallocator: .free)
            return context(data, engine: .foundation, options: options)
        }
    }

    /// Returns a context on a tree that `JSONSerialization` or another library already produced.
    ///
    /// The tree may hold `[String: Any]`/`NSDictionary`, `[Any]`/`NSArray`, `String`, `NSNumber` and Swift
    /// numbers, `Bool`, `Decimal` and `NSNull`. Booleans are told from numbers by their type, never by casting.
    /// Its dictionaries have no order: ``JSONDeserializationContext/keys`` lists their members in the order of their
    /// keys' Unicode scalars.
    ///
    /// - Parameters:
    /// The tree's nesting is checked against ``Options/maximumDepth`` first, as text's is, without recursion: a
    /// deeper tree gives an invalid context, `[0][0]…: nesting is deeper than the limit of 512 levels`. On Linux,
    /// Foundation converts an `NSArray` or `NSDictionary` to Swift recursively, all its levels at once, whenever one
    /// of its elements is read: keep such trees within a few thousand levels, and free of cycles (an
    /// `NSMutableArray` that holds itself never finishes converting).
    ///
    /// - Parameters:
    ///   - jsonObject: The top-level value.
    ///   - options: Mapping settings.
    /// - Returns: A context on the tree; invalid when it nests too deeply.
    public static func context(jsonObject: Any, options: Options = .default) -> JSONDeserializationContext {
        if let error = FoundationValue.depthError(of: jsonObject, limit: options.maximumDepth) {
            return JSONDeserializationContext(invalid: JSONMappingError(error), options: options)
        }
        return JSONDeserializationContext(root: .foundation(FoundationValue(jsonObject)), options: options)
    }

    /// Decodes a model strictly: throws when the input is malformed or a required value failed.
    ///
    /// A failure inside an optional `getObject` or a lenient `getArray(_:ofClass:)` is contained there and does not
    /// throw; a failure reached through `require…` getters from the root does. The error names the culprit's path:
    ///
    /// ```swift
    /// do {
    ///     let timeline = try JSONMapper.decode(Timeline.self, from: data)
    /// } catch {
    ///     print(error)   // statuses[3].user.id: expected Int, found String "12"
    /// }
    /// ```
    ///
    /// All errors, including contained ones, are in ``JSONDeserializationContext/errors`` when you map through
    /// ``context(_:engine:options:)-(Data,_,_)`` instead.
    ///
    /// - Parameters:
    ///   - type: The model type; the top-level value must be an object.
    ///   - data: UTF-8 JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: The model.
    /// - Throws: The first ``JSONMappingError`` that made the decode fail.
    public static func decode<T: JSONSerializable>(
        _ type: T.Type, from data: Data, engine: Engine = .native, options: Options = .default
    ) throws(JSONMappingError) -> T {
        let context = context(data, engine: engine, options: options)
        return try context.decodeRoot { $0.requireRootObject(ofClass: type) }
    }

    /// Decodes a model strictly from JSON text held in a `String`, as
    /// ``decode(_:from:engine:options:)-(T.Type,Data,_,_)`` does from its UTF-8 bytes.
    ///
    /// ```swift
    /// let user = try JSONMapper.decode(User.self, from: #"{"id": 7, "screen_name": "ada"}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model type; the top-level value must be an object.
    ///   - string: JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: The model.
    /// - Throws: The first ``JSONMappingError`` that made the decode fail.
    public static func decode<T: JSONSerializable>(
        _ type: T.Type, from string: String, engine: Engine = .native, options: Options = .default
    ) throws(JSONMappingError) -> T {
        try decode(type, from: Data(string.utf8), engine: engine, options: options)
    }

    /// Decodes a top-level array of models strictly: throws when the input is malformed, the top-level value is
    /// not an array, or any element failed.
    ///
    /// - Parameters:
    ///   - type: The array type, such as `[Item].self`.
    ///   - data: UTF-8 JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: The models, in order.
    /// - Throws: The first ``JSONMappingError`` that made the decode fail, with a path such as `[2].name`.
    public static func decode<T: JSONSerializable>(
        _ type: [T].Type, from data: Data, engine: Engine = .native, options: Options = .default
    ) throws(JSONMappingError) -> [T] {
        let context = context(data, engine: engine, options: options)
        return try context.decodeRoot { $0.requireArray(ofClass: T.self) }
    }

    /// Decodes a top-level array of models strictly from JSON text held in a `String`.
    ///
    /// - Parameters:
    ///   - type: The array type, such as `[Item].self`.
    ///   - string: JSON text.
    ///   - engine: The parser; ``Engine/native`` by default.
    ///   - options: Parsing and mapping settings.
    /// - Returns: The models, in order.
    /// - Throws: The first ``JSONMappingError`` that made the decode fail, with a path such as `[2].name`.
    public static func decode<T: JSONSerializable>(
        _ type: [T].Type, from string: String, engine: Engine = .native, options: Options = .default
    ) throws(JSONMappingError) -> [T] {
        try decode(type, from: Data(string.utf8), engine: engine, options: options)
    }
}
