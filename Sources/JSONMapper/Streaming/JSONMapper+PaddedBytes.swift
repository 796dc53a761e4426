// The check of bytes a caller already holds in memory, followed by zero padding: `jsonmapper check` maps a file
// and hands its pages here, so that a small file is neither copied nor read through a stream window.

import Foundation

extension JSONMapper {
    /// How many zero bytes must follow the bytes given to ``validate(paddedBytes:options:)``.
    package static let validationPadding = NativeScanner.padding

    /// The largest input that ``validate(_:options:)-(InputStream,_)`` scans whole, in one pass: a longer one is
    /// walked in bounded memory. `jsonmapper check` maps files up to this size and reads longer ones as streams.
    package static let wholeScanLimit = StructureWalker.wholeScanLimit

    /// The first syntax error of the JSON text in `bytes`, or `nil` when it is valid: the answer
    /// ``validate(_:options:)-(InputStream,_)`` gives for a stream of the same bytes, without copying them.
    ///
    /// - Parameters:
    ///   - bytes: The text. At least ``validationPadding`` zero bytes must follow it in memory (`jsonmapper check`
    ///     copies a mapped file's last, partial page into zeroed memory of its own); they are read, never written.
    ///   - options: The depth limit applies.
    package static func validate(
        paddedBytes bytes: UnsafeRawBufferPointer, options: Options = .default
    )
        -> JSONMappingError?
    {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            // An empty text: the scanner reads its padding only, which an empty buffer need not have.
            let zeros: UInt64 = 0
            check(validationPadding <= MemoryLayout<UInt64>.size, "the padding of an empty text is one word")
            return withUnsafePointer(to: zeros) { word in
                validate(
                    scanning: UnsafeRawPointer(word).assumingMemoryBound(to: UInt8.self), count: 0, options: options)
            }
        }
        return validate(scanning: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, options: options)
    }

    /// The first error of one scan of `count` bytes at `bytes`, followed by the scanner's zero padding.
    static func validate(scanning bytes: UnsafePointer<UInt8>, count: Int, options: Options) -> JSONMappingError? {
        do {
            try NativeScanner.validate(bytes: bytes, count: count, maximumDepth: options.maximumDepth)
            return nil
        } catch {
            return JSONMappingError(error)
        }
    }
}
