import Foundation

/// An `OutputStream` that behaves as the difficult ones do: it takes at most `maxPerWrite` bytes per call, and after
/// `failAfter` bytes it fails the way it is told to (or its status is `.error` as soon as it is opened). It records
/// the length offered by every call, and counts opens and closes. It does not override `streamError`, as many
/// subclasses do not: on Linux, Foundation's inherited getter traps for it, so the library must describe its failure
/// without reading it.
package final class ScriptedOutputStream: OutputStream {
    /// What a call does once `failAfter` bytes were taken.
    package enum Failure {
        /// Returns -1, with the status `.error`.
        case error
        /// Returns 0, as a stream that is full.
        case full
        /// Claims to have written more bytes than it was offered.
        case overclaim
        /// Returns `result` (a negative count other than -1, say), its status left as it is.
        case returning(Int)
    }

    private let maxPerWrite: Int
    private let failAfter: Int
    private let failure: Failure
    private let failsToOpen: Bool
    private var status: Stream.Status = .notOpen
    /// Every byte taken.
    package private(set) var bytes: [UInt8] = []
    /// The length offered by each call to `write`, in order.
    package private(set) var offered: [Int] = []
    package private(set) var openCount = 0
    package private(set) var closeCount = 0

    package init(maxPerWrite: Int = .max, failAfter: Int = .max, failure: Failure = .error, failsToOpen: Bool = false) {
        self.maxPerWrite = maxPerWrite
        self.failAfter = failAfter
        self.failure = failure
        self.failsToOpen = failsToOpen
        super.init(toMemory: ())
    }

    #if os(Linux)
        package required init(toMemory: ()) {
            (maxPerWrite, failAfter, failure, failsToOpen) = (.max, .max, .full, false)
            super.init(toMemory: ())
        }
    #endif

    /// The bytes taken, as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    override package var streamStatus: Stream.Status { status }
    override package var hasSpaceAvailable: Bool { status == .open }

    override package func open() {
        openCount += 1
        status = failsToOpen ? .error : .open
    }

    override package func close() {
        closeCount += 1
        status = .closed
    }

    override package func write(_ buffer: UnsafePointer<UInt8>, maxLength: Int) -> Int {
        offered.append(maxLength)
        guard status == .open else { return -1 }
        if bytes.count >= failAfter {
            switch failure {
            case .error:
                status = .error
                return -1
            case .full:
                return 0
            case .overclaim:
                return maxLength + 10
            case .returning(let result):
                return result
            }
        }
        let count = min(maxLength, maxPerWrite, failAfter - bytes.count)
        bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
        return count
    }
}
