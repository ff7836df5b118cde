extension TripEngine {
    /// Positions only: the positions `driftWindow(noting:)` keeps, one a second, oldest first, read as an array from
    /// index 0. The oldest go one by one as far as the reader sees (`removeFirst`), but leave the storage in batches:
    /// shifting up to `driftHistory` positions at every second was a twentieth of a positions-only replay's engine
    /// time. Encoded as the array of its positions, as the engine's checkpoints always held them.
    struct DriftHistory: Sendable, Codable, RandomAccessCollection {
        private var stored: [DriftSample] = []
        /// The positions before this index are gone.
        private var head = 0

        /// Positions gone from the front are dropped from the storage once there are this many and at least as
        /// many as remain.
        static let batch = 256

        init() {}

        var startIndex: Int { 0 }
        var endIndex: Int { stored.count - head }
        subscript(position: Int) -> DriftSample { stored[head + position] }

        mutating func append(_ sample: DriftSample) { stored.append(sample) }

        mutating func removeFirst() {
            precondition(head < stored.count, "removeFirst on an empty drift history")
            head += 1
            if head >= Self.batch, 2 * head >= stored.count {
                stored.removeFirst(head)
                head = 0
            }
        }

        init(from decoder: any Decoder) throws {
            stored = try decoder.singleValueContainer().decode([DriftSample].self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(Array(self))
        }
    }
}
