import Foundation

/// The mutex that guards what all contexts of one document share (``MappingSession``): a pthread mutex, called
/// directly.
///
/// Mapping an array of models takes it twice per element (to clear a reused context's failure and to ask whether
/// the model failed). Through `NSLock` each use cost about 40 instructions more than the mutex itself: a class
/// method, on Linux a second call into `NSCondition`, and a retain and release of the lock around the closure.
///
/// A value holding the mutex's address, so that using it retains nothing; its owner frees it once, in `deinit`.
struct SessionLock {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    /// Destroys and frees the mutex. Only the owner calls it, once, when nothing can use the lock any more.
    func free() {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the mutex held.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
