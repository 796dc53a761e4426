import Foundation
import Testing

@testable import JSONMapper

/// An `OutputStream` that behaves as the difficult ones do: it takes at most `maxPerWrite` bytes per call, and after
/// `failAfter` bytes it fails the way it is told to. It records the length offered by every call, and counts opens
/// and closes.
final class ScriptedOutputStream: OutputStream {
    /// What a call does once `failAfter` bytes were taken.
    enum Failure {
        /// Returns -1, with the status `.error` and an error of this description.
        case error(String)
        /// Returns 0, as a stream that is full.
        case full
        /// Claims to have written more bytes than it was offered.
        case overclaim
    }

    private let maxPerWrite: Int
    private let failAfter: Int
    private let failure: Failure
    private var status: Stream.Status = .notOpen
    private var error: Error?
    /// Every byte taken.
    private(set) var bytes: [UInt8] = []
    /// The length offered by each call to `write`, in order.
    private(set) var offered: [Int] = []
    private(set) var openCount = 0
    private(set) var closeCount = 0

    init(maxPerWrite: Int = .max, failAfter: Int = .max, failure: Failure = .error("disk full")) {
        self.maxPerWrite = maxPerWrite
        self.failAfter = failAfter
        self.failure = failure
        super.init(toMemory: ())
    }

    #if os(Linux)
        required init(toMemory: ()) {
            (maxPerWrite, failAfter, failure) = (.max, .max, .full)
            super.init(toMemory: ())
        }
    #endif

    /// The bytes taken, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { error }
    override var hasSpaceAvailable: Bool { status == .open }

    override func open() {
        openCount += 1
        status = .open
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
            case .error(let description):
                status = .error
                error = NSError(
                    domain: "ScriptedOutputStream", code: 28, userInfo: [NSLocalizedDescriptionKey: description])
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
