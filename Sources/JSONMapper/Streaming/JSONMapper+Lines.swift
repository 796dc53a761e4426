import Foundation

extension JSONMapper {
    /// The non-blank lines of JSON Lines text read from `stream`, one context each, in memory bounded by the longest
    /// line rather than by the input.
    ///
    /// ```swift
    /// for record in JSONMapper.lines(stream) {
    ///     guard record.valid else { log(record.errors[0]); continue }   // "line 5012, column 17: …"
    ///     let event = Event(record)
    /// }
    /// ```
    ///
    /// A line ends at `\n` or `\r\n`; lines of nothing but whitespace are skipped. Each line is a document of its
    /// own: its context's ``JSONDeserializationContext/errors`` hold only that line's problems, and its paths start
    /// from the line's value (``JSONDeserializationContext/path`` is empty). A malformed line gives an invalid
    /// context whose error has the line and column in the whole input, and the sequence goes on with the next line;
    /// a stream that fails gives one invalid context and ends the sequence (as does one that is closed, or was read to
    /// its end already, before any line). ``LineSequence/numbered()`` pairs each
    /// context with its line number, for messages about valid lines. Contexts stay valid, and may be used from any
    /// thread, after the iteration has moved on.
    ///
    /// The stream is opened if it is not open yet, and then closed when the sequence ends. It can be read once: a
    /// second iteration of the sequence gives one invalid context saying so (``lines(contentsOf:options:)`` reads a
    /// file again on each iteration).
    ///
    /// - Parameters:
    ///   - stream: A stream of UTF-8 JSON Lines.
    ///   - options: Parsing and mapping settings, as for ``context(_:engine:options:)-(Data,_,_)``; the depth limit
    ///     applies to each line.
    /// - Returns: A sequence of contexts, one per non-blank line, in order.
    /// - Complexity: One pass over the input. Memory does not grow with the input: it is a few megabytes of buffers
    ///   plus two to three times the longest line, which is held whole while it is scanned (its whitespace too).
    public static func lines(_ stream: InputStream, options: Options = .default) -> LineSequence {
        LineSequence(source: StreamSource(stream), options: options)
    }

    /// The non-blank lines of the JSON Lines file at `url`, one context each, read as ``lines(_:options:)-(InputStream,_)`` reads a
    /// stream. Each iteration reads the file again from its start.
    ///
    /// - Parameters:
    ///   - url: A file URL. Any other URL (`https:`, `data:`) gives one error, `only file URLs can be read: …`:
    ///     download it first, or pass a stream.
    ///   - options: Parsing and mapping settings.
    /// - Returns: A sequence of contexts, one per non-blank line; one invalid context when the file cannot be read.
    public static func lines(contentsOf url: URL, options: Options = .default) -> LineSequence {
        LineSequence(source: StreamSource(url), options: options)
    }

    /// The contexts of the lines of JSON Lines text: see ``JSONMapper/lines(_:options:)-(InputStream,_)``.
    ///
    /// Iterate it once when it reads an `InputStream`; a sequence made from a URL reads the file on each iteration.
    public struct LineSequence: Sequence {
        let source: StreamSource
        let options: Options

        /// An iterator that reads the input as it goes.
        public func makeIterator() -> Iterator {
            Iterator(reader: LineReader(source: source, options: options))
        }

        /// The same lines, each with its number in the input (from 1, blank lines counted):
        ///
        /// ```swift
        /// for (line, record) in JSONMapper.lines(contentsOf: url).numbered() {
        ///     let event = Event(record)
        ///     if record.hasFailed { print("line \(line): \(record.errors[0])") }
        /// }
        /// ```
        ///
        /// - Returns: A sequence of line numbers and contexts.
        public func numbered() -> Numbered {
            Numbered(lines: self)
        }

        /// Reads the input as far as the next non-blank line, and gives its context.
        public struct Iterator: IteratorProtocol {
            let reader: LineReader

            /// The next line's context (invalid for a malformed line); `nil` at the end.
            public mutating func next() -> JSONDeserializationContext? {
                reader.next()?.context
            }
        }

        /// The lines of a ``LineSequence`` with their line numbers: see ``LineSequence/numbered()``.
        public struct Numbered: Sequence {
            let lines: LineSequence

            /// An iterator that reads the input as it goes.
            public func makeIterator() -> Iterator {
                Iterator(reader: LineReader(source: lines.source, options: lines.options))
            }

            /// Reads the input as far as the next non-blank line, and gives its number and context.
            public struct Iterator: IteratorProtocol {
                let reader: LineReader

                /// The next line's number and context; `nil` at the end.
                public mutating func next() -> (line: Int, context: JSONDeserializationContext)? {
                    reader.next()
                }
            }
        }
    }
}

/// The state of one iteration over a ``JSONMapper/LineSequence``: the input is opened on the first `next()`.
final class LineReader {
    private let source: StreamSource
    private let options: JSONMapper.Options
    private var splitter: LineSplitter?
    private var started = false

    init(source: StreamSource, options: JSONMapper.Options) {
        self.source = source
        self.options = options
    }

    func next() -> (line: Int, context: JSONDeserializationContext)? {
        if !started {
            started = true
            switch source.makeWindow() {
            case .success(let window):
                splitter = LineSplitter(window: window, options: options)
            case .failure(let error):
                return (1, .makeInvalid(error, options: options))
            }
        }
        guard let splitter else { return nil }
        if let next = splitter.next() { return next }
        // Release the buffer and close the stream as soon as the sequence ends.
        self.splitter = nil
        return nil
    }
}
