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
