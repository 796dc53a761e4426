import Foundation

/// A list that many threads append to at once, to read once they are done: what went wrong, from each.
final class SharedList<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Element] = []

    func append(_ element: Element) { lock.withLock { list.append(element) } }

    var values: [Element] { lock.withLock { list } }
}
