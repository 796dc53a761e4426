import Foundation

/// The mutex that guards what all contexts of one document share (``MappingSession``): a pthread mutex, called
/// directly.
///
/// Mapping an array of models takes it twice per element that is an object (to clear a reused context's failure
/// and to ask whether the model failed), and more when unknown keys are tracked. Through `NSLock` each use cost
/// about 40 instructions more than the mutex itself: a class method, on Linux a second call into `NSCondition`, and
/// a retain and release of the lock around the closure.
///
/// A noncopyable value holding the mutex's address: using it retains nothing, and no copy can outlive the one that
/// frees the mutex in its `deinit`.
struct SessionLock: ~Copyable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
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
