import Foundation
import Testing

@testable import JSONMapper

/// An `OutputStream` that behaves as the difficult ones do: it takes at most `maxPerWrite` bytes per call, and after
/// `failAfter` bytes it fails the way it is told to (or its status is `.error` as soon as it is opened). It records the length offered by every call, and counts opens
/// and closes. It does not override `streamError`, as many subclasses do not: on Linux, Foundation's inherited
/// getter traps for it, so the library must describe its failure without reading it.
final class ScriptedOutputStream: OutputStream {
    /// What a call does once `failAfter` bytes were taken.
    enum Failure {
        /// Returns -1, with the status `.error`.
        case error
        /// Returns 0, as a stream that is full.
        case full
        /// Claims to have written more bytes than it was offered.
        case overclaim
    }

    private let maxPerWrite: Int
    private let failAfter: Int
    private let failure: Failure
    private let failsToOpen: Bool
    private var status: Stream.Status = .notOpen
    /// Every byte taken.
    private(set) var bytes: [UInt8] = []
    /// The length offered by each call to `write`, in order.
    private(set) var offered: [Int] = []
    private(set) var openCount = 0
    private(set) var closeCount = 0

    init(maxPerWrite: Int = .max, failAfter: Int = .max, failure: Failure = .error, failsToOpen: Bool = false) {
        self.maxPerWrite = maxPerWrite
        self.failAfter = failAfter
        self.failure = failure
        self.failsToOpen = failsToOpen
        super.init(toMemory: ())
    }

    #if os(Linux)
        required init(toMemory: ()) {
            (maxPerWrite, failAfter, failure, failsToOpen) = (.max, .max, .full, false)
            super.init(toMemory: ())
        }
    #endif

    /// The bytes taken, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    override var streamStatus: Stream.Status { status }
    override var hasSpaceAvailable: Bool { status == .open }

    override func open() {
        openCount += 1
        status = failsToOpen ? .error : .open
    }

    override func close() {
        closeCount += 1
        status = .closed
    }

    override func write(_ buffer: UnsafePointer<UInt8>, maxLength: Int) -> Int {
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
            }
        }
        let count = min(maxLength, maxPerWrite, failAfter - bytes.count)
        bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
        return count
    }
}

/// What an `OutputStream(toMemory:)` holds, as text.
func writtenText(_ stream: OutputStream) -> String {
    guard let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else { return "<no data>" }
    return String(decoding: data, as: UTF8.self)
}

/// A scratch file path in the temporary folder, removed by the caller.
func scratchFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-\(name)-\(UUID().uuidString)")
}

/// A model that writes a string of `length` bytes, so that its text takes `length + 8` bytes: `{"s":"…"}`.
struct Padding: JSONWritable {
    let length: Int
    let letter: Character

    init(_ length: Int, _ letter: Character = "x") {
        self.length = length
        self.letter = letter
    }

    func write(to c: JSONSerializationContext) {
        c.set("s", String(repeating: letter, count: length))
    }
}
