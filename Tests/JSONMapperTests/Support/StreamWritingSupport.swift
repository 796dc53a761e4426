import Foundation
import JSONMapper

// Helpers of the tests that write to streams and files.

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
