// libFuzzer entry point of the parser-only target (`bash Scripts/fuzz.sh SECONDS parser`): the native scanner and
// tape alone, without contexts, getters or Foundation, so that it runs many times more inputs per second than the
// full target and explores the scanner's states faster. Built into one module with the library sources.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    ParserChecks.check(UnsafeBufferPointer(start: bytes, count: count))
    return 0
}

enum ParserChecks {
    static func check(_ input: UnsafeBufferPointer<UInt8>) {
        // The scanner reads the zero padding after the input; libFuzzer's own buffer has none, so copy it, as
        // `NativeDocument(data:)` does.
        let document: NativeDocument
        do {
            guard let buffer = try? NativeDocument.allocateBuffer(count: input.count) else { return }
            if let base = input.baseAddress { buffer.update(from: base, count: input.count) }
            document = try NativeDocument(adopting: buffer, count: input.count, maximumDepth: 64)
        } catch {
            // An error is positioned inside the input: at most one column past its last character.
            guard let line = error.line, let column = error.column, line >= 1, column >= 1, column <= input.count + 1
            else { fail("an error without a position inside the input: \(error)") }
            return
        }
        walk(document)
    }

    /// Visits every value of a valid document without recursion, decoding strings and numbers, and checks that the
    /// tape's structure is consistent: containers end where their contents end, counts match.
    static func walk(_ document: NativeDocument) {
        var pending = [NativeDocument.root]
        while let index = pending.popLast() {
            let entry = document.entry(index)
            switch entry.tag {
            case .string, .escapedString:
                _ = document.string(at: index)
            case .integer, .float:
                let number = NumberText(bytes: document.text(at: index))
                _ = number.double()
                _ = number.float()
                _ = number.integer(Int64.self)
                _ = number.decimal()
            case .array:
                var count = 0
                document.forEachElement(of: index) { _, element in
                    count += 1
                    pending.append(element)
                }
                require(count == document.count(of: index), "an array's count differs from its elements")
            case .object:
                var count = 0
                document.forEachMember(of: index) { key, value in
                    count += 1
                    require(document.member(of: index, key: key) != nil, "a member is not found by its key")
                    pending.append(value)
                }
                require(count == document.count(of: index), "an object's count differs from its members")
            case .null, .true, .false:
                break
            }
        }
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("fuzz invariant broken: \(message)\n".utf8))
        abort()
    }
}
