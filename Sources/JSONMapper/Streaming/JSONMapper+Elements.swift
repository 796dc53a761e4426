// Streaming/ owns the public API for inputs and outputs too large to hold: `elements` and `validate` (this file),
// `lines`, `write(contentsOf:to:)` and `JSONLinesWriter`; and the one place where streamed records become contexts
// (JSONDeserializationContext+Records.swift). The streaming engine is beneath it, in Engine/.

import Foundation

extension JSONMapper {
    /// The elements of the array at `path` in a JSON text read from `stream`, one context each, in memory bounded by
    /// the largest element rather than by the input (see *Complexity*).
    ///
    /// ```swift
    /// for element in JSONMapper.elements(of: stream, at: ["records"]) {
    ///     let record = Record(element)        // errors read "records[48213].name: …"
    ///     if !element.valid { print(element.errors[0]) }
    /// }
    /// ```
    ///
    /// Each element's context is a document of its own: its ``JSONDeserializationContext/valid``,
    /// ``JSONDeserializationContext/errors`` and ``JSONDeserializationContext/notices`` hold only what concerns that
    /// element, and its
    /// ``JSONDeserializationContext/path`` is the element's full path (`records[48213]`), which every error below it
    /// starts with. A context stays valid, and may be used from any thread, after the iteration has moved on.
    ///
    /// The whole input is validated as strictly as by ``context(_:engine:options:)-(InputStream,_,_)``, before and
    /// after the array too. A syntax error anywhere ends the sequence with one invalid context carrying it, with its
    /// line and column in the whole input (the elements before it have been delivered); so does a stream that fails,
    /// wherever it fails (after the last byte too), with the error ``context(_:engine:options:)-(InputStream,_,_)``
    /// would record, and no element it cut short is delivered (a stream closed, or read to its end already, gives that
    /// one invalid context alone). A path that is missing, or
    /// leads to something other than an array, gives one invalid context after the input has been read to its end
    /// (`records: missing required Array`, `records: expected Array, found Object`). When an object on the path has
    /// the key more than once, the first member is streamed (in memory, the last one wins).
    ///
    /// The stream is opened if it is not open yet, and then closed when the sequence ends. It can be read once: a
    /// second iteration of the sequence gives one invalid context saying so (``elements(contentsOf:at:options:)``
    /// reads a file again on each iteration).
    ///
    /// - Parameters:
    ///   - stream: A stream of UTF-8 JSON text.
    ///   - path: The member names and indices that lead to the array; `[]` for a top-level array.
    ///   - options: Parsing and mapping settings, as for ``context(_:engine:options:)-(Data,_,_)``.
    /// - Returns: A sequence of contexts, one per element, in order.
    /// - Complexity: One pass over the input. Memory does not grow with the input: it is a few megabytes of buffers
    ///   plus two to three times the largest element (held whole while it is scanned into a document of its own),
    ///   or the largest key or number elsewhere if one is larger. Strings outside the elements, containers and
    ///   whitespace are validated or skipped piece by piece, whatever their length.
    public static func elements(
        of stream: InputStream, at path: [JSONPathElement] = [], options: Options = .default
    ) -> ElementSequence {
        ElementSequence(source: StreamSource(stream), path: path, options: options)
    }

    /// The elements of the array at `path` in the JSON file at `url`, one context each, read as
    /// ``elements(of:at:options:)-(InputStream,_,_)`` reads a stream. Each iteration reads the file again from its start.
    ///
    /// ```swift
    /// let features = JSONMapper.elements(contentsOf: url, at: ["features"])
    /// let count = features.reduce(0) { count, feature in count + (Feature(feature).isValid ? 1 : 0) }
    /// ```
    ///
    /// - Parameters:
    ///   - url: A file URL. Any other URL (`https:`, `data:`) gives one error, `only file URLs can be read: …`:
    ///     download it first, or pass a stream.
    ///   - path: The member names and indices that lead to the array; `[]` for a top-level array.
    ///   - options: Parsing and mapping settings.
    /// - Returns: A sequence of contexts, one per element; one invalid context when the file cannot be read.
    public static func elements(
        contentsOf url: URL, at path: [JSONPathElement] = [], options: Options = .default
    ) -> ElementSequence {
        ElementSequence(source: StreamSource(url), path: path, options: options)
    }

    /// Checks that the text read from `stream` is a JSON text, in memory bounded by its largest key or number rather
    /// than by its size (strings, containers and whitespace of any length are checked piece by piece), and returns
    /// the first error: the same error, with the same line, column and path, as
    /// ``context(_:engine:options:)-(InputStream,_,_)`` would record, but with no limit on the input's size.
    ///
    /// An input that ends within 8 MB is read whole and scanned in one pass, as `context` scans it (about 40 MB of
    /// memory at most); only a longer one is checked piece by piece. So an error in the first 8 MB of a stream that
    /// does not end (a pipe that stays open) is reported once 8 MB have arrived, not as soon as it is read.
    ///
    /// A stream that fails after a syntax error is reported by its failure, as `context` reports it, when it fails
    /// before more than 8 MB (8 × 2²⁰ bytes) have arrived. When it fails only later, the check reports the syntax
    /// error, wherever it is, and reads nothing past the bytes it holds by then.
    ///
    /// ```swift
    /// if let error = JSONMapper.validate(contentsOf: url) { print(error) }  // line 4, column 3: expected …
    /// ```
    ///
    /// - Parameters:
    ///   - stream: A stream of UTF-8 JSON text; opened and closed again if it is not open yet.
    ///   - options: The depth limit applies.
    /// - Returns: The first syntax or stream error, or `nil` when the input is valid. A stream that fails is an
    ///   error wherever it fails, even after a complete value.
    public static func validate(_ stream: InputStream, options: Options = .default) -> JSONMappingError? {
        validate(StreamSource(stream), options: options)
    }

    /// Checks that the file at `url` is a JSON text, as ``validate(_:options:)-(InputStream,_)`` checks a stream.
    ///
    /// - Parameters:
    ///   - url: A file URL. Any other URL (`https:`, `data:`) gives one error, `only file URLs can be read: …`:
    ///     download it first, or pass a stream.
    ///   - options: The depth limit applies.
    /// - Returns: The first syntax or read error (a missing file, a URL that is not a file URL), or `nil` when the
    ///   file is valid.
    public static func validate(contentsOf url: URL, options: Options = .default) -> JSONMappingError? {
        validate(StreamSource(url), options: options)
    }

    private static func validate(_ source: StreamSource, options: Options) -> JSONMappingError? {
        switch source.makeWindow() {
        case .success(let window):
            // An input that ends within `wholeScanLimit` is scanned whole, in one pass, as `context` scans it (the
            // same errors by construction); a longer one is walked in bounded memory, the bytes read so far kept.
            if window.readWhole(upTo: StructureWalker.wholeScanLimit) {
                return validateWhole(window, options: options)
            }
            return StructureWalker(window: window, options: options, target: nil).validate()
        case .failure(let error):
            return error
        }
    }

    /// The first error of an input held whole in `window`, which has ended: its failure when it failed, even after
    /// a syntax error (as `context`, which reads the whole input before scanning it, reports it), else the first
    /// error of one scan.
    static func validateWhole(_ window: StreamWindow, options: Options) -> JSONMappingError? {
        if let failure = window.failure { return failure }
        return validate(scanning: window.bytes, count: window.count, options: options)
    }

    /// The contexts of the elements of one array in a streamed JSON text: see ``JSONMapper/elements(of:at:options:)-(InputStream,_,_)``.
    ///
    /// Iterate it once when it reads an `InputStream`; a sequence made from a URL reads the file on each iteration.
    public struct ElementSequence: Sequence {
        let source: StreamSource
        let path: [JSONPathElement]
        let options: Options

        /// An iterator that reads the input as it goes.
        public func makeIterator() -> Iterator {
            Iterator(reader: ElementReader(source: source, path: path.map(\.component), options: options))
        }

        /// Reads the input as far as the next element, and gives its context.
        public struct Iterator: IteratorProtocol {
            let reader: ElementReader

            /// The next element's context; an invalid context that ends the sequence; `nil` at the end.
            public mutating func next() -> JSONDeserializationContext? {
                reader.next()
            }
        }
    }
}

/// The state of one iteration over an ``JSONMapper/ElementSequence``: the input is opened on the first `next()`.
final class ElementReader {
    private let source: StreamSource
    private let path: [PathComponent]
    private let options: JSONMapper.Options
    private var walker: StructureWalker?
    private var started = false

    init(source: StreamSource, path: [PathComponent], options: JSONMapper.Options) {
        self.source = source
        self.path = path
        self.options = options
    }

    func next() -> JSONDeserializationContext? {
        if !started {
            started = true
            switch source.makeWindow() {
            case .success(let window):
                walker = StructureWalker(window: window, options: options, target: path)
            case .failure(let error):
                return .makeInvalid(error, options: options)
            }
        }
        guard let walker else { return nil }
        if let context = walker.next() { return context }
        // Release the buffer and close the stream as soon as the sequence ends.
        self.walker = nil
        return nil
    }
}
