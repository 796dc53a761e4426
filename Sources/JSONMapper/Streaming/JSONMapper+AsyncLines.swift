extension JSONMapper {
    /// JSON Lines from an async source: one context per non-blank line, in bounded memory, with the same answers as
    /// ``lines(_:options:)-(InputStream,_)`` gives for the same bytes read from an `InputStream`.
    ///
    /// ```swift
    /// for await record in JSONMapper.lines(request.body) {      // any AsyncSequence of byte chunks
    ///     guard record.valid else { log(record.errors[0]); continue }   // "line 5012, column 17: …"
    ///     let event = Event(record)
    /// }
    /// ```
    ///
    /// The source's chunks may be cut anywhere (inside a character, a number or an escape, between `\r` and `\n`);
    /// the contexts, and every error's message, line and column, do not depend on where. Each line is handed out as
    /// soon as its `\n` has arrived. A source that throws gives one invalid context,
    /// `line 12, column 4: the source failed after 81920 bytes: …`, after the lines that were whole before it, and
    /// ends the sequence; a line it cut short is not handed out. When the consuming task is cancelled, the sequence
    /// ends (`nil`, nothing thrown) as soon as the source hands back control, and asks it for nothing more. After the
    /// end, `next()` keeps returning `nil`. Contexts are `Sendable` and stay valid after the iteration has moved on.
    ///
    /// - Parameters:
    ///   - source: An async sequence of byte chunks (`Data`, `[UInt8]`, `ArraySlice<UInt8>`, a server's buffers).
    ///   - options: Parsing and mapping settings; the depth limit applies to each line.
    /// - Returns: A sequence of contexts, one per non-blank line, in order; ``AsyncLineSequence/numbered()`` pairs
    ///   each with its line number.
    /// - Complexity: One pass over the input; memory as for ``lines(_:options:)-(InputStream,_)``: a few megabytes of buffers plus
    ///   two to three times the longest line, whatever the input's size.
    public static func lines<Source: AsyncSequence>(
        _ source: Source, options: Options = .default
    ) -> AsyncLineSequence<Source> where Source.Element: Sequence<UInt8> {
        AsyncLineSequence(source: source, options: options, framing: .lines, feed: .chunks())
    }

    /// JSON Lines from an async source of single bytes (`URLSession.AsyncBytes`, `FileHandle.AsyncBytes`), as
    /// ``lines(_:options:)-6naev`` reads chunks.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: url)
    /// for await record in JSONMapper.lines(bytes) { … }
    /// ```
    ///
    /// The bytes are gathered into runs that end at each `\n`, so that every line is handed out as soon as it has
    /// arrived while the engine runs once per line, not once per byte.
    ///
    /// - Parameters:
    ///   - source: An async sequence of bytes.
    ///   - options: Parsing and mapping settings; the depth limit applies to each line.
    /// - Returns: A sequence of contexts, one per non-blank line, in order.
    @inlinable
    public static func lines<Source: AsyncSequence>(
        _ source: Source, options: Options = .default
    ) -> AsyncLineSequence<Source> where Source.Element == UInt8 {
        AsyncLineSequence(source: source, options: options, framing: .lines, feed: .bytes(until: .newline))
    }

    /// RFC 7464 JSON text sequences from an async source: each text starts with RS (0x1E) and ends with LF; one
    /// context per text.
    ///
    /// ```swift
    /// for await (number, feature) in JSONMapper.textSequence(body).numbered() {
    ///     if !feature.valid { print("text \(number): \(feature.errors[0])") }
    /// }
    /// ```
    ///
    /// Whitespace before and after a text's value is fine, and a text needs no LF after an object, array or string.
    /// Empty texts (RS RS, or whitespace only) are skipped and not numbered. Every text is a document of its own, and
    /// the sequence always goes on to the next text:
    /// - a malformed text is an invalid context with the error the same text gets in memory (its line and column
    ///   counted from the text's first byte after RS);
    /// - a text that is a number, `true`, `false` or `null` with no whitespace after it may have been truncated, and
    ///   is an invalid context whose message says so;
    /// - bytes before the first RS are one invalid context.
    ///
    /// A UTF-8 byte-order mark is skipped at the start of the input and at the start of each text, as a text alone
    /// in memory skips one (a text of a mark and whitespace is then empty); anywhere else it is an error.
    ///
    /// A text is handed out when the RS of the next one (or the end) has arrived. Failures, cancellation and the end
    /// behave as for ``lines(_:options:)-6naev``; a text that a failing source cut short is not handed out.
    ///
    /// - Parameters:
    ///   - source: An async sequence of byte chunks.
    ///   - options: Parsing and mapping settings; the depth limit applies to each text.
    /// - Returns: A sequence of contexts, one per text that is not empty; ``AsyncLineSequence/numbered()`` numbers
    ///   them from 1.
    public static func textSequence<Source: AsyncSequence>(
        _ source: Source, options: Options = .default
    ) -> AsyncLineSequence<Source> where Source.Element: Sequence<UInt8> {
        AsyncLineSequence(source: source, options: options, framing: .textSequence, feed: .chunks())
    }

    /// RFC 7464 JSON text sequences from an async source of single bytes, as
    /// ``textSequence(_:options:)-8l8xj`` reads chunks.
    ///
    /// - Parameters:
    ///   - source: An async sequence of bytes.
    ///   - options: Parsing and mapping settings; the depth limit applies to each text.
    /// - Returns: A sequence of contexts, one per text that is not empty.
    @inlinable
    public static func textSequence<Source: AsyncSequence>(
        _ source: Source, options: Options = .default
    ) -> AsyncLineSequence<Source> where Source.Element == UInt8 {
        AsyncLineSequence(source: source, options: options, framing: .textSequence, feed: .bytes(until: .textSequence))
    }

    /// The contexts of the records of JSON Lines or a JSON text sequence read from an async source: see
    /// ``JSONMapper/lines(_:options:)-6naev`` and ``JSONMapper/textSequence(_:options:)-8l8xj``.
    ///
    /// Each iteration makes its own iterator of the source: iterate it again only when the source can be iterated
    /// again.
    public struct AsyncLineSequence<Source: AsyncSequence>: AsyncSequence {
        /// A context per record.
        public typealias Element = JSONDeserializationContext
        /// Nothing is thrown: failures are invalid contexts.
        public typealias Failure = Never

        let source: Source
        let options: Options
        let framing: RecordFraming
        let feed: AsyncChunkFeed<Source>

        @usableFromInline
        init(source: Source, options: Options, framing: RecordFraming, feed: AsyncChunkFeed<Source>) {
            self.source = source
            self.options = options
            self.framing = framing
            self.feed = feed
        }

        /// An iterator that reads the source as it goes.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(reader: AsyncLineReader(self))
        }

        /// The same records, each with its line number (from 1, blank lines counted); for a text sequence, the
        /// text's number (from 1, among the texts that are not empty):
        ///
        /// ```swift
        /// for await (line, record) in JSONMapper.lines(body).numbered() {
        ///     if record.hasFailed { print("line \(line): \(record.errors[0])") }
        /// }
        /// ```
        ///
        /// - Returns: A sequence of numbers and contexts.
        public func numbered() -> Numbered {
            Numbered(lines: self)
        }

        /// Reads the source as far as the next record, and gives its context.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var reader: AsyncLineReader<Source>

            /// The next record's context (invalid for a malformed one); `nil` at the end, once the task is
            /// cancelled, and ever after.
            public mutating func next() async -> JSONDeserializationContext? {
                await reader.next()?.context
            }
        }

        /// The records of an ``AsyncLineSequence`` with their numbers: see ``AsyncLineSequence/numbered()``.
        public struct Numbered: AsyncSequence {
            /// A record's number and context.
            public typealias Element = (line: Int, context: JSONDeserializationContext)
            /// Nothing is thrown: failures are invalid contexts.
            public typealias Failure = Never

            let lines: AsyncLineSequence

            /// An iterator that reads the source as it goes.
            public func makeAsyncIterator() -> AsyncIterator {
                AsyncIterator(reader: AsyncLineReader(lines))
            }

            /// Reads the source as far as the next record, and gives its number and context.
            public struct AsyncIterator: AsyncIteratorProtocol {
                var reader: AsyncLineReader<Source>

                /// The next record's number and context; `nil` at the end, once the task is cancelled, and ever
                /// after.
                public mutating func next() async -> (line: Int, context: JSONDeserializationContext)? {
                    await reader.next()
                }
            }
        }
    }
}

extension JSONMapper.AsyncLineSequence: Sendable where Source: Sendable {}
extension JSONMapper.AsyncLineSequence.Numbered: Sendable where Source: Sendable {}

/// One iteration over an ``JSONMapper/AsyncLineSequence``: the source's iterator, a pushed window and the splitter
/// that reads it, made on the first `next()`.
struct AsyncLineReader<Source: AsyncSequence> {
    private var reader: AsyncChunkReader<Source>
    private let options: JSONMapper.Options
    private let framing: LineSplitter.Framing
    private var splitter: LineSplitter?
    private var finished = false

    init(_ sequence: JSONMapper.AsyncLineSequence<Source>) {
        reader = AsyncChunkReader(sequence.source, feed: sequence.feed)
        options = sequence.options
        framing = sequence.framing
    }

    mutating func next() async -> (line: Int, context: JSONDeserializationContext)? {
        guard !finished else { return nil }
        guard !Task.isCancelled else { return end() }
        if splitter == nil {
            do {
                splitter = LineSplitter(window: try StreamWindow(), options: options, framing: framing)
            } catch {
                finished = true
                return (1, .makeInvalid(error, options: options))
            }
        }
        guard let splitter else { return end() }
        while true {
            switch splitter.poll() {
            case .record(let line, let record):
                return (line, record.context(options: options))
            case .end:
                return end()
            case .needsInput:
                switch await reader.next(into: splitter.window) {
                case .received: break
                case .ended: splitter.window.finish()
                case .failed(let error): splitter.window.fail(after: error)
                case .cancelled: return end()
                }
            }
        }
    }

    /// Ends the iteration, letting go of the buffers: every later `next()` gives `nil`.
    private mutating func end() -> (line: Int, context: JSONDeserializationContext)? {
        finished = true
        splitter = nil
        return nil
    }
}
