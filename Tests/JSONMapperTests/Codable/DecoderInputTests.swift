import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

/// Input as users hand it over: encodings, byte-order marks, `Data` slices, bytes without a `Data`, and decoders
/// shared between threads.
@Suite("JSONMapperDecoder: input")
struct DecoderInputTests {
    static let text = #"{"v": ["é", 1, {"k": "\u00e9\ud83d\ude00"}]}"#

    struct Value: Decodable, Equatable {
        let v: [Element]
    }

    enum Element: Decodable, Equatable {
        case string(String), number(Int), object([String: String])
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .object(try container.decode([String: String].self))
            }
        }
    }

    static let inputs: [(String.Encoding, [UInt8])] = [
        (.utf8, []), (.utf8, [0xEF, 0xBB, 0xBF]), (.utf16LittleEndian, []), (.utf16BigEndian, []),
        (.utf16LittleEndian, [0xFF, 0xFE]), (.utf16BigEndian, [0xFE, 0xFF]), (.utf32LittleEndian, []),
        (.utf32BigEndian, []), (.utf32LittleEndian, [0xFF, 0xFE, 0, 0]), (.utf32BigEndian, [0, 0, 0xFE, 0xFF]),
    ]

    @Test(
        "UTF-8 with or without a byte-order mark, UTF-16 and UTF-32 as JSONDecoder reads them",
        arguments: 0..<inputs.count)
    func encodings(index: Int) throws {
        let (encoding, mark) = Self.inputs[index]
        let data = Data(mark) + (try #require(Self.text.data(using: encoding)))
        let outcome = expectSameDecoding(Value.self, data)
        if mark == [0xFF, 0xFE, 0, 0] {
            // JSONDecoder takes the UTF-32LE mark for UTF-16LE's (FF FE) and fails; the bridge does the same.
            #expect(outcome == .failure("dataCorrupted at []"))
        } else {
            #expect(outcome == .value(Value(v: [.string("é"), .number(1), .object(["k": "é😀"])])))
        }
        // A two-byte UTF-16 fragment.
        expectSameDecoding(Int.self, try #require("7".data(using: encoding)))
    }

    @Test("invalid UTF-16 is dataCorrupted")
    func invalidUTF16() {
        let data = Data([0x5B, 0x00, 0x00, 0xD8, 0x5D, 0x00])  // "[", a lone high surrogate, "]"
        #expect(expectSameDecoding([String].self, data) == .failure("dataCorrupted at []"))
    }

    @Test("a Data slice is read from its own start")
    func slices() throws {
        let whole = json(#"xxxxx{"v": 3}yyy"#)
        let slice = whole[5..<(whole.count - 3)]
        #expect(slice.startIndex == 5)
        #expect(try JSONMapperDecoder().decode(Box<Int>.self, from: slice) == Box(v: 3))
        expectSameDecoding(Box<Int>.self, slice)
    }

    @Test("bytes without a Data: [UInt8], an UnsafeRawBufferPointer, ArraySlice")
    func bytes() throws {
        let bytes = Array(#"{"v": [1, 2]}"#.utf8)
        let decoder = JSONMapperDecoder()
        #expect(try decoder.decode(Box<[Int]>.self, from: bytes) == Box(v: [1, 2]))
        #expect(try bytes.withUnsafeBytes { try decoder.decode(Box<[Int]>.self, from: $0) } == Box(v: [1, 2]))
        let padded = Array("  ".utf8) + bytes + Array("]".utf8)
        #expect(try decoder.decode(Box<[Int]>.self, from: padded[2..<(padded.count - 1)]) == Box(v: [1, 2]))
        #expect(throws: DecodingError.self) { try decoder.decode(Box<[Int]>.self, from: padded) }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Int.self, from: UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    @Test("one decoder used from several threads at once, its settings changed meanwhile")
    func threads() async throws {
        let decoder = JSONMapperDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Account: Decodable, Equatable { let userId: Int }
        let results = await withTaskGroup(of: Bool.self) { group in
            for n in 0..<8 {
                group.addTask {
                    let data = json(#"[{"user_id": \#(n)}, {"user_id": \#(n + 1)}]"#)
                    let accounts = try? decoder.decode([Account].self, from: data)
                    return accounts == [Account(userId: n), Account(userId: n + 1)]
                }
            }
            decoder.userInfo = [CodingUserInfoKey(rawValue: "x")!: 1]
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test("one decoder used from several threads while another changes its settings: each value follows one setting")
    func settingsChangedDuringUse() throws {
        struct Account: Decodable, Equatable { let userId: Int? }
        let decoder = JSONMapperDecoder()
        let wrong = SharedList<String>()
        changingWhileUsed { n in
            decoder.keyDecodingStrategy = n % 2 == 0 ? .convertFromSnakeCase : .useDefaultKeys
        } use: { n in
            // "user_id" is userId in snake case, and no member of Account with the default keys.
            let account = try? decoder.decode(Account.self, from: json(#"{"user_id": \#(n)}"#))
            if account != Account(userId: n) && account != Account(userId: nil) {
                wrong.append(String(describing: account))
            }
        }
        #expect(wrong.values == [])
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Account.self, from: json(#"{"user_id": 7}"#)) == Account(userId: 7))
    }
}
