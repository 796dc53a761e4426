import Foundation
import JSONMapper
import Synchronization

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
/// Reading a small file through a stream copies it into fresh memory, which the kernel must first map and zero; a
/// mapped file's pages are the page cache's, mapped 16 at a time. For the benchmark payloads the mapping takes a
/// quarter to a fifth of the time the read took (BENCHMARKS.md, "Twelfth session").
///
/// The file's whole pages are mapped; the bytes of its last, partial page are copied into memory of this process's
/// own, followed by zeros: at least ``JSONMapper/validationPadding`` of them, to the end of that page or of one more
/// (a page of zeros on its own when the file ends at a page's end). So the bytes after the file's end are
/// zeros whatever happens to the file meanwhile: in a mapped last page, a file that grew would show its new bytes
/// there.
///
/// A mapped file can change under the reader. A page past a shortened file's new end cannot be read: the access
/// raises `SIGBUS`, which ends the process unless handled. ``read(_:)`` handles it (``TruncationGuard``) by mapping
/// zeros where the file's pages were, and then reports the file as changed, as it does when the file's size or
/// modification time differs after the scan, or when its last page could not be copied whole: the answer could be
/// about no version of the file. What goes unseen is a write that began, and so stamped the file's time, before the
/// check first read it, and was still copying while the scan ran: the times match at both ends. A stream read has
/// the same blind spot, and no check of its own.
final class MappedFile {
    /// The file's bytes; at least ``JSONMapper/validationPadding`` zero bytes follow them.
    let bytes: UnsafeRawBufferPointer
    /// The mapped range: the file's whole pages, then anonymous pages (the partial page's copy and the padding).
    private let region: UnsafeMutableRawPointer
    private let regionLength: Int
    /// The length of the file's whole pages at the start of `region`: the range `SIGBUS` may hit.
    private let filePagesLength: Int
    private let descriptor: Int32
    private let identity: Identity
    /// Whether the last, partial page was copied whole: a file cut short between the size's reading and the copy
    /// was not, and counts as changed.
    private let copiedWhole: Bool

    /// What tells one version of a file's bytes from another: its size and modification time.
    ///
    /// Not its status change time: that moves for changes that leave the bytes alone, above all the usual save, a
    /// new file renamed over the old one (the old file, which the check holds open and reads, loses its name), and
    /// `chmod`, so that a check answering about one whole version would report it as changed. The cost: a rewrite
    /// whose modification time is set back (`touch -r`) during the check goes unseen unless it shortened the file
    /// past a page the scan then read.
    struct Identity: Equatable {
        let size: Int
        let modified: timespec

        init(_ status: stat) {
            size = Int(status.st_size)
            #if canImport(Darwin)
                modified = status.st_mtimespec
            #else
                modified = status.st_mtim
            #endif
        }

        static func == (a: Identity, b: Identity) -> Bool {
            a.size == b.size && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }
    }

    /// The size of the pages the file is mapped in.
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// What `jsonmapper check` says of a file that ``read(_:)`` found changed: a page that could not be read (an
    /// I/O error raises the same signal as a page past a new end) is reported the same way.
    static let changedMessage = "the file changed, or could not be read, while it was being checked"

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
        let pageSize = Self.pageSize
        let filePagesLength = count / pageSize * pageSize
        let tail = count - filePagesLength
        // After the whole pages, the partial page's bytes and the scanner's padding, in whole anonymous pages: one,
        // or two when the padding does not fit after the bytes in the first.
        let regionLength =
            filePagesLength + (tail + JSONMapper.validationPadding + pageSize - 1) / pageSize * pageSize
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
        guard
            filePagesLength == 0
                || mmap(region, filePagesLength, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, 0) == region
        else {
            munmap(region, regionLength)
            close(descriptor)
            return nil
        }
        // A short copy (the file was cut meanwhile) is not read as a stream instead, which would answer about the
        // shorter file as if nothing had happened: ``read(_:)`` reports it as changed.
        copiedWhole = tail == 0 || pread(descriptor, region + filePagesLength, tail, off_t(filePagesLength)) == tail
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

    /// What `body` makes of the bytes, or `nil` when the file changed while it ran (see the type's comment): its
    /// last page could not be copied whole, a page past a new end was hit, or its size or modification time differ
    /// afterwards.
    func read<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard copiedWhole else { return nil }
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
/// faulted, and every later one, reads zeros; the guard records that it happened. Any other `SIGBUS` (a fault
/// outside the range, or a signal sent with `kill` or `sigqueue`, whose sender's fields share the fault address's
/// place and could be made to look like one in the range) puts back the handler that was there before: a fault
/// faults again into it, and a sent signal is raised again. The next guarded range installs the handler again.
///
/// One range at a time, under a lock: the handler reads the range without one (it cannot wait), so the range is
/// set before the guarded work starts and cleared after it ends, by the thread that does the work and is the one
/// its faults interrupt.
enum TruncationGuard {
    struct State {
        var start: UInt = 0
        var end: UInt = 0
        var pageSize: UInt = 0
        /// Whether the handler is the process's now (it puts the previous one back for a signal not its own).
        var installed = false
        /// Set by the handler where `Synchronization`'s atomics are not available (macOS 13 and 14).
        var faulted = false
        var previous = sigaction()
    }

    /// Set by the handler, read after the guarded work: an atomic, so that the compiler reloads it after the work
    /// whatever it can see of that work (a plain field written by a signal handler has no such promise).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    enum Fault {
        static let raised = Atomic<Bool>(false)
    }

    /// Written under `lock` only, and read by the handler.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(pageSize: UInt(MappedFile.pageSize)))
        return state
    }()
    static let lock = NSLock()

    /// Makes the handler the process's, unless it is; keeps the one before it in `state`. Call it under `lock`.
    private static func install() {
        guard !state.pointee.installed else { return }
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_sigaction = handle
        #else
            action.__sigaction_handler.sa_sigaction = handle
        #endif
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        state.pointee.installed = sigaction(SIGBUS, &action, &state.pointee.previous) == 0
    }

    /// Whether the handler recorded a fault, and forgets it.
    private static func takeFault() -> Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return Fault.raised.exchange(false, ordering: .relaxed)
        }
        defer { state.pointee.faulted = false }
        return state.pointee.faulted
    }

    /// Runs `body` with `length` bytes at `start` guarded; whether a `SIGBUS` was handled in them. Without the
    /// handler (it could not be installed), a fault there ends the process as it would have without the guard.
    static func guarding<Result>(
        _ start: UnsafeMutableRawPointer, length: Int, _ body: () -> Result
    ) -> (Result, faulted: Bool) {
        lock.lock()
        defer { lock.unlock() }
        install()
        _ = takeFault()
        state.pointee.start = UInt(bitPattern: start)
        state.pointee.end = UInt(bitPattern: start) + UInt(length)
        let result = body()
        state.pointee.start = 0
        state.pointee.end = 0
        return (result, takeFault())
    }

    typealias Handler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    /// The signal handler: only async-signal-safe calls (`mmap`, `sigaction`, `raise`), plain loads and stores, and
    /// a lock-free atomic store.
    private static let handle: Handler = { _, info, _ in
        let state = TruncationGuard.state
        // The kernel's codes for a failed access: a signal sent by a process has another code (SI_USER, SI_QUEUE,
        // SI_TKILL), and its fault address is not one.
        let code = info.map { Int($0.pointee.si_code) }
        let isFault = code == Int(BUS_ADRERR) || code == Int(BUS_OBJERR) || code == Int(BUS_ADRALN)
        #if canImport(Darwin)
            let address = UInt(bitPattern: info?.pointee.si_addr)
        #else
            let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
        #endif
        let (start, end) = (state.pointee.start, state.pointee.end)
        if isFault && address >= start && address < end {
            let page = address & ~(state.pointee.pageSize - 1)
            let zeros = mmap(
                UnsafeMutableRawPointer(bitPattern: page), Int(end - page), PROT_READ,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            if zeros == UnsafeMutableRawPointer(bitPattern: page) {
                if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                    Fault.raised.store(true, ordering: .relaxed)
                } else {
                    state.pointee.faulted = true
                }
                return
            }
        }
        sigaction(SIGBUS, &state.pointee.previous, nil)
        state.pointee.installed = false
        // A fault faults again when the handler returns; a sent signal is sent again.
        if !isFault { raise(SIGBUS) }
    }
}
