import Foundation
import Testing

/// The foreign-thread fixture runs its body on another thread, or the tests of "used from another thread" would
/// pass without ever leaving the caller's.
@Suite("The foreign-thread fixture")
struct AnotherThreadTests {
    @Test("the body runs once, on a thread that is not the caller's, and its result comes back")
    func otherThread() {
        let caller = Thread.current
        var runs = 0
        let (same, value) = onAnotherThread {
            runs += 1
            return (Thread.current === caller, 42)
        }
        #expect(!same)
        #expect(value == 42)
        #expect(runs == 1)
    }
}
