import Crypto
public import TrackModel

/// What an audited change did to an entity.
public enum AuditAction: String, Sendable, Hashable, Codable, CaseIterable {
    case create
    case edit
    case void
    case merge
    case split
}

/// The content of one audited change: who changed which field of which entity, when, from what to what.
public struct AuditChange: Sendable, Hashable, Codable {
    public var actor: String
    public var time: Timestamp
    /// The kind of entity, e.g. `trip`.
    public var entity: String
    public var entityID: String
    public var action: AuditAction
    /// The field changed; `nil` for changes to the whole entity (create, void, merge, split).
    public var field: String?
    public var oldValue: String?
    public var newValue: String?

    public init(
        actor: String, time: Timestamp, entity: String = "trip", entityID: String, action: AuditAction,
        field: String? = nil, oldValue: String? = nil, newValue: String? = nil
    ) {
        self.actor = actor
        self.time = time
        self.entity = entity
        self.entityID = entityID
        self.action = action
        self.field = field
        self.oldValue = oldValue
        self.newValue = newValue
    }
}

/// One link of the audit chain: a change, its sequence number, the previous entry's hash and its own hash.
public struct AuditEntry: Sendable, Hashable, Codable {
    /// 1 for the first entry after genesis, then one more for each entry.
    public var sequence: Int64
    public var change: AuditChange
    /// Lowercase hex SHA-256 of the previous entry (64 zeros before the first).
    public var previousHash: String
    /// Lowercase hex SHA-256 of `canonicalBytes(sequence:change:previousHash:)`.
    public var hash: String

    public init(sequence: Int64, change: AuditChange, previousHash: String, hash: String) {
        self.sequence = sequence
        self.change = change
        self.previousHash = previousHash
        self.hash = hash
    }

    /// An entry whose hash is computed from its content.
    public init(sequence: Int64, change: AuditChange, previousHash: String) {
        self.init(
            sequence: sequence, change: change, previousHash: previousHash,
            hash: Self.computeHash(sequence: sequence, change: change, previousHash: previousHash))
    }

    /// The hash this entry's content and link call for (compare with `hash`).
    public var expectedHash: String {
        Self.computeHash(sequence: sequence, change: change, previousHash: previousHash)
    }

    public static func computeHash(sequence: Int64, change: AuditChange, previousHash: String) -> String {
        SHA256.hash(data: canonicalBytes(sequence: sequence, change: change, previousHash: previousHash)).hex
    }

    /// The canonical serialisation, version 1. Fixed field order; no field can run into the next:
    ///
    /// - text: 8-byte big-endian length of its UTF-8 bytes, then the bytes;
    /// - optional text: one byte 0 (absent) or 1 followed by the text — so absent and empty differ;
    /// - integers: 8 bytes big-endian; the time is the IEEE 754 bit pattern of its seconds since 1970, so it
    ///   survives a round trip through SQLite's REAL exactly.
    ///
    /// Order: tag `logbook-audit-v1`, sequence, time, actor, entity, entity id, action, field, old value,
    /// new value, previous hash.
    public static func canonicalBytes(sequence: Int64, change: AuditChange, previousHash: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        func integer(_ value: UInt64) {
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        func text(_ value: String) {
            integer(UInt64(value.utf8.count))
            out.append(contentsOf: value.utf8)
        }
        func optional(_ value: String?) {
            if let value {
                out.append(1)
                text(value)
            } else {
                out.append(0)
            }
        }
        text("logbook-audit-v1")
        integer(UInt64(bitPattern: sequence))
        integer(change.time.secondsSince1970.bitPattern)
        text(change.actor)
        text(change.entity)
        text(change.entityID)
        text(change.action.rawValue)
        optional(change.field)
        optional(change.oldValue)
        optional(change.newValue)
        text(previousHash)
        return out
    }
}

/// Where a chain (or part of one) ends: the last sequence number and hash.
public struct AuditAnchor: Sendable, Hashable, Codable {
    public var sequence: Int64
    public var hash: String

    public init(sequence: Int64, hash: String) {
        self.sequence = sequence
        self.hash = hash
    }

    /// Before the first entry: sequence 0 and 64 zeros.
    public static let genesis = AuditAnchor(sequence: 0, hash: String(repeating: "0", count: 64))
}

/// An append-only hash chain of audit entries. Value type: the store persists what `append` returns.
///
/// The chain proves that no entry was changed, removed or moved in the middle. Cutting entries off the end
/// leaves a shorter valid chain; to catch that, keep the head (`AuditAnchor`) somewhere else too — in a report,
/// a printed page, a mail — and compare it with `VerificationResult.intact`'s head.
public struct AuditChain: Sendable, Hashable {
    public private(set) var head: AuditAnchor

    /// A chain that continues after `head` (genesis for a new chain).
    public init(after head: AuditAnchor = .genesis) {
        self.head = head
    }

    /// Links a change to the chain and returns the new entry.
    public mutating func append(_ change: AuditChange) -> AuditEntry {
        let entry = AuditEntry(sequence: head.sequence + 1, change: change, previousHash: head.hash)
        head = AuditAnchor(sequence: entry.sequence, hash: entry.hash)
        return entry
    }

    /// Checks entries in the order given, starting after `anchor`, and reports the first broken link.
    ///
    /// For each entry, in this order: its hash must match its content (else `contentChanged`); its sequence must
    /// be one more than the previous entry's and its `previousHash` the previous entry's hash. If not, and the
    /// missing sequence numbers appear nowhere in the list, entries were removed (`sequenceGap`); otherwise the
    /// entry is out of place (`brokenLink`: reordered, or a predecessor re-hashed after an edit).
    public static func verify(_ entries: [AuditEntry], after anchor: AuditAnchor = .genesis) -> VerificationResult {
        let present = Set(entries.map(\.sequence))
        var previous = anchor
        for (index, entry) in entries.enumerated() {
            func broken(_ reason: AuditBreak.Reason) -> VerificationResult {
                .broken(AuditBreak(index: index, sequence: entry.sequence, reason: reason))
            }
            guard entry.hash == entry.expectedHash else { return broken(.contentChanged) }
            let expected = previous.sequence + 1
            if entry.sequence != expected || entry.previousHash != previous.hash {
                if entry.sequence > expected, !present.contains(expected) {
                    return broken(.sequenceGap(missing: expected...(entry.sequence - 1)))
                }
                return broken(.brokenLink)
            }
            previous = AuditAnchor(sequence: entry.sequence, hash: entry.hash)
        }
        return .intact(count: entries.count, head: previous)
    }
}

/// The outcome of `AuditChain.verify`.
public enum VerificationResult: Sendable, Hashable {
    /// Every link holds; `head` is the last entry's sequence and hash (the anchor if there were none).
    case intact(count: Int, head: AuditAnchor)
    case broken(AuditBreak)

    public var isIntact: Bool {
        if case .intact = self { return true }
        return false
    }
}

/// The first entry at which a chain fails to verify.
public struct AuditBreak: Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The entry's content (or its stored hash) was changed after it was written.
        case contentChanged
        /// The entry does not follow its predecessor: reordered, or the predecessor was altered and re-hashed.
        case brokenLink
        /// Entries with these sequence numbers are missing before this one.
        case sequenceGap(missing: ClosedRange<Int64>)
    }

    /// Position in the list given to `verify`.
    public var index: Int
    public var sequence: Int64
    public var reason: Reason

    public init(index: Int, sequence: Int64, reason: Reason) {
        self.index = index
        self.sequence = sequence
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .contentChanged:
            return "audit entry \(sequence) (position \(index + 1)): content changed after it was written"
        case .brokenLink:
            return "audit entry \(sequence) (position \(index + 1)): does not link to the entry before it"
        case .sequenceGap(let missing):
            let what =
                missing.count == 1
                ? "entry \(missing.lowerBound)" : "entries \(missing.lowerBound)-\(missing.upperBound)"
            return "audit entry \(sequence) (position \(index + 1)): \(what) missing before it"
        }
    }
}
