// What a README snippet may assume unless it names another prelude: JSON bytes in `data`, and a context `c`, as a
// model's initializer receives it. The snippet is compiled as the rest of this file, where `README SNIPPET` stands.
import Foundation
import JSONMapper

let data = Data(#"{"id": 1, "name": "Ada"}"#.utf8)
let c = JSONMapper.context(data)

// README SNIPPET
