/// An array that is appended to at the back and trimmed at the front, read from index 0 like an array: the engine's
/// histories of the last so many positions (`DriftHistory`'s, `RoadCircuity`'s marks). Trimmed elements leave the
/// storage in batches, not one by one: shifting a few hundred elements at every trim was a tenth of a replay's time.
/// Encoded as the array of its elements.
struct SlidingArray<Element>: RandomAccessCollection {
    private var stored: [Element] = []
    /// The elements before this index are gone.
    private var head = 0

    /// Trimmed elements leave the storage once there are this many and at least as many as remain.
    static var batch: Int { 200 }

    init() {}

    init(_ elements: [Element]) { stored = elements }

    var startIndex: Int { 0 }
    var endIndex: Int { stored.count - head }
    subscript(position: Int) -> Element { stored[head + position] }

    mutating func append(_ element: Element) { stored.append(element) }

    /// Drops the first `k` elements.
    mutating func removeFirst(_ k: Int = 1) {
        precondition(k >= 0 && k <= count, "removeFirst(\(k)) on \(count) elements")
        head += k
        if head >= Self.batch, 2 * head >= stored.count {
            stored.removeFirst(head)
            head = 0
        }
    }
}

extension SlidingArray: Sendable where Element: Sendable {}

extension SlidingArray: Equatable where Element: Equatable {
    static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}

extension SlidingArray: Hashable where Element: Hashable {
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension SlidingArray: Codable where Element: Codable {
    init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode([Element].self)) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(self))
    }
}
