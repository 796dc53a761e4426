import Testing

@testable import JSONMapper

/// The raw-memory invariants run in debug builds (`JSONMAPPER_INTERNAL_CHECKS`, set by Package.swift), so every
/// `swift test` exercises them, and a broken one stops the process instead of reading or writing out of bounds.
@Suite("Internal checks")
struct InternalChecksTests {
    #if DEBUG
        @Test("are compiled into debug builds")
        func onInDebug() {
            #expect(internalChecksEnabled)
        }

        @Test("stop the process at an index past the tape's entries")
        func tapeIndex() async {
            await #expect(processExitsWith: .failure) {
                let tape = try TapeBuffer(estimatedCount: 16)
                _ = tape[3]
            }
        }

        @Test("stop the process at a byte written past the writer's reserved capacity")
        func writerCapacity() async {
            await #expect(processExitsWith: .failure) {
                var writer = JSONWriter(settings: .init(), capacity: 64)
                for _ in 0..<65 { writer.appendReserved(UInt8(ascii: "x")) }
            }
        }
    #endif
}
