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

    @Test("onThreads runs every body once, each on a thread of its own that is not the caller's, all at the same time")
    func manyThreads() {
        let count = 12
        nonisolated(unsafe) let caller = Thread.current
        let seen = SharedList<(index: Int, onCaller: Bool, waiting: Int)>()
        let arrived = NSCondition()
        nonisolated(unsafe) var waiting = 0
        onThreads(count) { index in
            // Each body waits (10 seconds at most) until every other has started: they can only all get here if
            // they run at once, each on its own thread.
            arrived.lock()
            waiting += 1
            arrived.broadcast()
            let deadline = Date(timeIntervalSinceNow: 10)
            while waiting < count && arrived.wait(until: deadline) {}
            let seenWaiting = waiting
            arrived.unlock()
            seen.append((index, Thread.current === caller, seenWaiting))
        }
        #expect(seen.values.map(\.index).sorted() == Array(0..<count))
        #expect(seen.values.allSatisfy { !$0.onCaller && $0.waiting == count })
    }
}
