import Foundation
import JSONMapper
import JSONMapperTestSupport

/// Runs `body` on a thread of its own and returns its result once that thread is done: for code that must notice
/// it was called from a thread other than its own. A `Thread`, not a task, which may run on the caller's thread.
/// (`body` is escaping: the `Thread` keeps it a moment after it signals that it is done.)
func onAnotherThread<Result>(_ body: @escaping () -> Result) -> Result {
    // The caller waits for the thread, so nothing `body` captured is used by two threads at once.
    nonisolated(unsafe) let body = body
    nonisolated(unsafe) var results: [Result] = []
    let done = DispatchSemaphore(value: 0)
    Thread {
        results.append(body())
        done.signal()
    }.start()
    done.wait()
    return results[0]
}

#if os(Linux)
    /// Runs `body` on a new, detached thread and returns at once, without waiting for it or taking any lock that the
    /// thread takes: nothing orders what `body` does before what the caller does next, so that ThreadSanitizer sees
    /// every access they share that the library does not order itself (`Thread` takes locks inside Foundation).
    func detachedThread(_ body: @escaping @Sendable () -> Void) {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, box)
        precondition(started == 0, "pthread_create failed: \(started)")
    }
#endif

/// Runs `body(0)`, …, `body(count - 1)` at once, each on a thread of its own, and returns when all are done.
///
/// `DispatchQueue.concurrentPerform` runs as many threads as the machine has cores, the caller's among them: two on
/// a 2-core machine, so that a context made by the caller is never read by two threads other than its own at the
/// same time, and a race between such threads cannot happen there. Here every call has its own thread, and no body
/// starts before every thread has started: none can finish (and end its thread, which takes a lock inside
/// Foundation that would order it before the threads started after) before the others have begun. Nothing else
/// orders the bodies, so that the thread sanitizer sees every access they make to shared state unguarded by its
/// own lock; the caller sees all they did.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let gate = NSCondition()
    nonisolated(unsafe) var (started, finished) = (0, 0)
    for index in 0..<count {
        Thread {
            gate.lock()
            started += 1
            gate.broadcast()
            while started < count { gate.wait() }
            gate.unlock()
            body(index)
            gate.lock()
            finished += 1
            gate.broadcast()
            gate.unlock()
        }.start()
    }
    gate.lock()
    while finished < count { gate.wait() }
    gate.unlock()
}

/// Runs `change(n)` for n in 0..<2,000 on one thread while `use(n)` runs for n in 0..<200 on each of eight others,
/// all at once (``onThreads(_:_:)``): a setting changed while other threads work with it.
func changingWhileUsed(change: @escaping @Sendable (Int) -> Void, use: @escaping @Sendable (Int) -> Void) {
    onThreads(9) { thread in
        if thread == 0 {
            for n in 0..<2_000 { change(n) }
        } else {
            for n in 0..<200 { use(n) }
        }
    }
}

extension Writes {
    /// A model whose `write(to:)` sets `"late": 1` on its context from another thread, then calls `then` with the
    /// context on its own thread.
    static func writingLateFromAnotherThread(then: @escaping (JSONSerializationContext) -> Void) -> Writes {
        Writes { c in
            onAnotherThread { c.set("late", 1) }
            then(c)
        }
    }
}
