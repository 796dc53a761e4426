import Foundation

/// Documents of exact sizes, for inputs that cross every buffer's threshold.
package enum StreamDocuments {
    /// Records with strings, escapes, non-ASCII text and numbers of every form, joined by commas, with the offset
    /// where each record ends; made once, enough for documents of 8 MB.
    package static let records: (bytes: [UInt8], ends: [Int]) = {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var i = 0
        while bytes.count < 8 << 20 {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array(
                #"{"id":\#(i),"name":"n\u00e9\#(i) \"q\" ü","x":-\#(i).5e-3,"ok":\#(i % 2 == 0),"n":null,"tags":["a","\t"]}"#
                    .utf8)
            ends.append(bytes.count)
            i += 1
        }
        return (bytes, ends)
    }()

    /// A valid document of exactly `size` bytes (an empty one for 0): an array of ``records`` padded with
    /// whitespace at the end.
    package static func document(ofSize size: Int) -> Data {
        guard size > 0 else { return Data() }
        guard size >= 2 else { return Data("1".utf8) }
        // The most records that fit with the brackets.
        let fitting = records.ends.lastIndex { $0 + 2 <= size }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(size)
        if let fitting { bytes += records.bytes[0..<records.ends[fitting]] }
        bytes.append(UInt8(ascii: "]"))
        for k in 0..<(size - bytes.count) { bytes.append(k % 64 == 63 ? UInt8(ascii: "\n") : UInt8(ascii: " ")) }
        return Data(bytes)
    }
}
