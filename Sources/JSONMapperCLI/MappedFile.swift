import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file mapped into memory read-only, followed by zero bytes, so that `jsonmapper check` scans its pages
/// where they are instead of reading them into a buffer first.
///
/// Reading a small file through a stream copies it into fresh memory, which the process must first map page by
/// page; a mapped file's pages are the page cache's, mapped 16 at a time. For the benchmark payloads that is about
/// a quarter of the time the read took (BENCHMARKS.md, "Twelfth session").
///
/// The file's whole pages are mapped; the bytes of its last, partial page are copied into memory of this process's
/// own, followed by zeros to the end of that page and one more page of zeros. So the bytes after the file's end are
/// zeros whatever happens to the file meanwhile: in a mapped last page, a file that grew would show its new bytes
/// there.
///
/// A mapped file can change under the reader. A page past a shortened file's new end cannot be read: the access
/// raises `SIGBUS`, which ends the process unless handled. ``read(_:)`` handles it (``TruncationGuard``) by mapping
/// zeros where the file's pages were, and then reports the file as changed, as it does when the file's size or
/// modification time differs after the scan: its answer about the bytes could be about no version of the file.
final class MappedFile {
    /// The file's bytes; at least ``JSONMapper/validationPadding`` zero bytes follow them.
    let bytes: UnsafeRawBufferPointer
    /// The mapped range: the file's whole pages, then anonymous pages (the partial page's copy and zeros).
    private let region: UnsafeMutableRawPointer
    private let regionLength: Int
    /// The length of the file's whole pages at the start of `region`: the range `SIGBUS` may hit.
    private let filePagesLength: Int
    private let descriptor: Int32
    private let identity: Identity

    /// What tells one version of a file from another: its size and modification time.
    private struct Identity: Equatable {
        let size: Int
        let seconds: Int
        let nanoseconds: Int

        init(_ status: stat) {
            size = Int(status.st_size)
            #if canImport(Darwin)
                seconds = Int(status.st_mtimespec.tv_sec)
                nanoseconds = Int(status.st_mtimespec.tv_nsec)
            #else
                seconds = Int(status.st_mtim.tv_sec)
                nanoseconds = Int(status.st_mtim.tv_nsec)
            #endif
        }
    }

    /// Maps the file at `path` when it is a regular file of 1 to `limit` bytes; `nil` otherwise (standard input, a
    /// pipe, a device, an empty or larger file, or one that cannot be opened or mapped), for the caller to read as a
    /// stream, which reports any error.
    init?(path: String, limit: Int) {
        // Never open what is not a regular file: opening a named pipe would wait for a writer, or let one that
        // waits write into a pipe closed at once (it would die of SIGPIPE before the stream read could start).
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            status.st_size > 0, status.st_size <= limit
        else {
            close(descriptor)
            return nil
        }
        let count = Int(status.st_size)
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let filePagesLength = count / pageSize * pageSize
        let tail = count - filePagesLength
        let regionLength = filePagesLength + (tail > 0 ? pageSize : 0) + pageSize
        // The whole range first, anonymous zeros; then the file's whole pages over its start (MAP_FIXED into a range
        // this process owns replaces nothing else), and the bytes of its last, partial page copied after them.
        let failed = UnsafeMutableRawPointer(bitPattern: -1)
        guard
            let region = mmap(nil, regionLength, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            region != failed
        else {
            close(descriptor)
            return nil
        }
        let mapped =
            filePagesLength == 0
            || mmap(region, filePagesLength, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, 0) == region
        guard mapped, tail == 0 || pread(descriptor, region + filePagesLength, tail, off_t(filePagesLength)) == tail
        else {
            munmap(region, regionLength)
            close(descriptor)
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: region, count: count)
        self.region = region
        self.regionLength = regionLength
        self.filePagesLength = filePagesLength
        self.descriptor = descriptor
        identity = Identity(status)
    }

    deinit {
        munmap(region, regionLength)
        close(descriptor)
    }

    /// What `body` makes of the bytes, or `nil` when the file changed while it ran (see the type's comment): a page
    /// past a new end was hit, or the size or modification time differs afterwards.
    func read<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        let (result, faulted) = TruncationGuard.guarding(region, length: filePagesLength) { body(bytes) }
        var status = stat()
        guard !faulted, fstat(descriptor, &status) == 0, Identity(status) == identity else { return nil }
        return result
    }
}

/// The process's handler for `SIGBUS` raised by reading a mapped file's page past its end, for one guarded range
/// at a time.
///
/// The handler maps anonymous zero pages over the rest of the guarded range and returns, so that the read that
/// faulted, and every later one, reads zeros; the guard records that it happened. A `SIGBUS` outside the range (not
/// this command's doing) puts back the handler that was there before, and the access faults again into it (a signal
/// sent by another process is raised again).
///
/// One range at a time, under a lock: the handler reads the range without one (it cannot wait), so the range is
/// set before the guarded work starts and cleared after it ends, by the thread that does the work and is the one
/// its faults interrupt.
enum TruncationGuard {
    struct State {
        var start: UInt = 0
        var end: UInt = 0
        var pageSize: UInt = 0
        var faulted = false
        var previous = sigaction()
    }

    /// Written under `lock` only, and read by the handler.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(pageSize: UInt(sysconf(Int32(_SC_PAGESIZE)))))
        return state
    }()
    static let lock = NSLock()

    /// Installs the handler the first time a range is guarded.
    private static let installed: Bool = {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_sigaction = handle
        #else
            action.__sigaction_handler.sa_sigaction = handle
        #endif
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        return sigaction(SIGBUS, &action, &state.pointee.previous) == 0
    }()

    /// Runs `body` with `length` bytes at `start` guarded; whether a `SIGBUS` was handled in them. Without the
    /// handler (it could not be installed), a fault there ends the process as it would have without the guard.
    static func guarding<Result>(
        _ start: UnsafeMutableRawPointer, length: Int, _ body: () -> Result
    ) -> (Result, faulted: Bool) {
        lock.lock()
        defer { lock.unlock() }
        _ = installed
        state.pointee.faulted = false
        state.pointee.start = UInt(bitPattern: start)
        state.pointee.end = UInt(bitPattern: start) + UInt(length)
        let result = body()
        state.pointee.start = 0
        state.pointee.end = 0
        return (result, state.pointee.faulted)
    }

    /// The signal handler: only async-signal-safe calls (`mmap`, `sigaction`, `raise`) and plain loads and stores.
    private static let handle:
        @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) ->
            Void = { _, info, _ in
                let state = TruncationGuard.state
                #if canImport(Darwin)
                    let address = UInt(bitPattern: info?.pointee.si_addr)
                #else
                    let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
                #endif
                let (start, end) = (state.pointee.start, state.pointee.end)
                if address >= start && address < end {
                    let page = address & ~(state.pointee.pageSize - 1)
                    let zeros = mmap(
                        UnsafeMutableRawPointer(bitPattern: page), Int(end - page), PROT_READ,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
                    if zeros == UnsafeMutableRawPointer(bitPattern: page) {
                        state.pointee.faulted = true
                        return
                    }
                }
                sigaction(SIGBUS, &state.pointee.previous, nil)
                // A fault faults again when the handler returns; a signal sent (`kill -BUS`) is sent again.
                #if canImport(Darwin)
                    let sent = info.map { $0.pointee.si_code == SI_USER || $0.pointee.si_code == SI_QUEUE } ?? true
                #else
                    let sent = info.map { $0.pointee.si_code <= 0 } ?? true
                #endif
                if sent { raise(SIGBUS) }
            }
}
