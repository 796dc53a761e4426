import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes placed so that the last readable byte of their memory is followed by a `PROT_NONE` page: any read past
/// them crashes the test. What precedes them is non-zero junk, so that a read before their start shows as well.
///
/// `padding` zero bytes follow the bytes before the unreadable page: 0 for bytes read in place (`Data` over them),
/// ``NativeScanner/padding`` for the scanner's padded input. Keep the value alive (`withExtendedLifetime`) while
/// anything reads its memory: an optimized build may end its life, and unmap the region, after its last use.
final class GuardedBytes {
    private let region: UnsafeMutableRawPointer
    private let total: Int
    /// The first byte; the last readable byte is the last byte of the padding (of the bytes when it is 0).
    let start: UnsafeMutablePointer<UInt8>

    init(_ bytes: [UInt8], padding: Int = 0) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let needed = bytes.count + padding
        let readable = max(1, (needed + page - 1) / page) * page
        total = readable + page
        guard let region = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            region != MAP_FAILED
        else { fatalError("mmap failed") }
        self.region = region
        let base = region.assumingMemoryBound(to: UInt8.self)
        base.initialize(repeating: 0xAA, count: readable)
        start = base + (readable - needed)
        for (offset, byte) in bytes.enumerated() { start[offset] = byte }
        (start + bytes.count).update(repeating: 0, count: padding)
        precondition(mprotect(region + readable, page, PROT_NONE) == 0)
    }

    deinit { munmap(region, total) }

    /// `Data` over the first `count` guarded bytes, without a copy: what `NativeDocument(data:)` reads in place.
    func data(count: Int) -> Data {
        Data(bytesNoCopy: start, count: count, deallocator: .none)
    }
}
