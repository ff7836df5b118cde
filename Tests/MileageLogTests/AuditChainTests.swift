import MileageLog
import Testing
import TrackModel

private let genesis = String(repeating: "0", count: 64)

/// Five entries: create trip 42, edit its purpose and category, create trip 43, void it.
private func sampleChain() -> [AuditEntry] {
    var chain = AuditChain()
    let base = 1_773_612_000.0
    let changes = [
        AuditChange(actor: "anna", time: Timestamp(secondsSince1970: base), entityID: "42", action: .create),
        AuditChange(
            actor: "anna", time: Timestamp(secondsSince1970: base + 60), entityID: "42", action: .edit,
            field: "purpose", oldValue: "", newValue: "Kunde Müller"),
        AuditChange(
            actor: "bert", time: Timestamp(secondsSince1970: base + 120), entityID: "42", action: .edit,
            field: "category", oldValue: "private", newValue: "business"),
        AuditChange(actor: "anna", time: Timestamp(secondsSince1970: base + 180), entityID: "43", action: .create),
        AuditChange(actor: "anna", time: Timestamp(secondsSince1970: base + 240), entityID: "43", action: .void),
    ]
    return changes.map { chain.append($0) }
}

struct AuditChainTests {
    /// Digests from an independent Python implementation of the documented serialisation (struct + hashlib).
    @Test func knownAnswerHashes() {
        var chain = AuditChain()
        let first = chain.append(
            AuditChange(
                actor: "anna", time: Timestamp(secondsSince1970: 1_773_612_000), entity: "trip", entityID: "42",
                action: .create))
        let second = chain.append(
            AuditChange(
                actor: "anna", time: Timestamp(secondsSince1970: 1_773_612_060.5), entityID: "42", action: .edit,
                field: "purpose", oldValue: "", newValue: "Kunde Müller"))
        #expect(first.sequence == 1)
        #expect(first.previousHash == genesis)
        #expect(first.hash == "da7500f8068913a7618dc33b7b3a3212e9f4829bee51898d05864ba678140591")
        #expect(second.sequence == 2)
        #expect(second.previousHash == first.hash)
        #expect(second.hash == "4bb915ab791fea13faf6f1b6065703562ec25cca5e3ef035790ae052c467e815")
        #expect(chain.head == AuditAnchor(sequence: 2, hash: second.hash))
    }

    @Test func intactChainVerifies() {
        let entries = sampleChain()
        #expect(AuditChain.verify(entries) == .intact(count: 5, head: AuditAnchor(sequence: 5, hash: entries[4].hash)))
        #expect(AuditChain.verify([]) == .intact(count: 0, head: .genesis))
    }

    @Test func tamperedFieldInTheMiddleIsNamed() {
        var entries = sampleChain()
        entries[2].change.newValue = "private"
        #expect(AuditChain.verify(entries) == .broken(AuditBreak(index: 2, sequence: 3, reason: .contentChanged)))
    }

    @Test(arguments: 0..<5)
    func everyFieldIsCovered(entryIndex: Int) {
        var tampered: [[AuditEntry]] = []
        let entries = sampleChain()
        func with(_ edit: (inout AuditEntry) -> Void) {
            var copy = entries
            edit(&copy[entryIndex])
            tampered.append(copy)
        }
        with { $0.change.actor += "x" }
        with { $0.change.time = $0.change.time + 0.001 }
        with { $0.change.entity = "vehicle" }
        with { $0.change.entityID += "0" }
        with { $0.change.action = $0.change.action == .split ? .merge : .split }
        with { $0.change.field = $0.change.field == nil ? "" : nil }
        with { $0.change.oldValue = $0.change.oldValue == nil ? "" : nil }
        with { $0.change.newValue = ($0.change.newValue ?? "") + " " }
        with { $0.hash = String($0.hash.reversed()) }
        for list in tampered {
            let result = AuditChain.verify(list)
            #expect(
                result
                    == .broken(AuditBreak(index: entryIndex, sequence: Int64(entryIndex + 1), reason: .contentChanged)))
        }
    }

    @Test func rehashedEditBreaksTheNextLink() {
        var entries = sampleChain()
        entries[2].change.newValue = "private"
        entries[2].hash = entries[2].expectedHash
        #expect(AuditChain.verify(entries) == .broken(AuditBreak(index: 3, sequence: 4, reason: .brokenLink)))
    }

    @Test func deletedEntryIsAGap() {
        var entries = sampleChain()
        entries.remove(at: 2)
        #expect(
            AuditChain.verify(entries)
                == .broken(AuditBreak(index: 2, sequence: 4, reason: .sequenceGap(missing: 3...3))))
        var first = sampleChain()
        first.removeFirst(2)
        #expect(
            AuditChain.verify(first) == .broken(AuditBreak(index: 0, sequence: 3, reason: .sequenceGap(missing: 1...2)))
        )
    }

    @Test func reorderedEntriesBreakTheLink() {
        var entries = sampleChain()
        entries.swapAt(1, 3)
        #expect(AuditChain.verify(entries) == .broken(AuditBreak(index: 1, sequence: 4, reason: .brokenLink)))
        var last = sampleChain()
        last.swapAt(3, 4)
        #expect(AuditChain.verify(last) == .broken(AuditBreak(index: 3, sequence: 5, reason: .brokenLink)))
    }

    @Test func duplicatedEntryBreaksTheLink() {
        var entries = sampleChain()
        entries.insert(entries[1], at: 2)
        #expect(AuditChain.verify(entries) == .broken(AuditBreak(index: 2, sequence: 2, reason: .brokenLink)))
    }

    @Test func truncationIsSeenOnlyThroughTheHead() {
        let entries = sampleChain()
        let result = AuditChain.verify(Array(entries.prefix(3)))
        #expect(result == .intact(count: 3, head: AuditAnchor(sequence: 3, hash: entries[2].hash)))
        #expect(result != AuditChain.verify(entries))
    }

    @Test func verifiesASuffixFromAnAnchor() {
        let entries = sampleChain()
        let anchor = AuditAnchor(sequence: 2, hash: entries[1].hash)
        #expect(AuditChain.verify(Array(entries[2...]), after: anchor).isIntact)
        #expect(!AuditChain.verify(Array(entries[3...]), after: anchor).isIntact)
        var continued = AuditChain(after: AuditAnchor(sequence: 5, hash: entries[4].hash))
        let next = continued.append(
            AuditChange(actor: "anna", time: Timestamp(secondsSince1970: 0), entityID: "1", action: .merge))
        #expect(AuditChain.verify(entries + [next]).isIntact)
    }

    @Test func fieldBoundariesAreUnambiguous() {
        let time = Timestamp(secondsSince1970: 0)
        func hash(_ actor: String, _ entity: String, field: String? = nil, old: String? = nil) -> String {
            AuditEntry.computeHash(
                sequence: 1,
                change: AuditChange(
                    actor: actor, time: time, entity: entity, entityID: "", action: .edit, field: field, oldValue: old),
                previousHash: genesis)
        }
        #expect(hash("ab", "c") != hash("a", "bc"))
        #expect(hash("a", "b", field: nil) != hash("a", "b", field: ""))
        #expect(hash("a", "b", field: "x", old: nil) != hash("a", "b", field: nil, old: "x"))
    }

    @Test func breakDescriptionsNameTheEntry() {
        #expect(
            AuditBreak(index: 2, sequence: 4, reason: .sequenceGap(missing: 3...3)).description.contains(
                "entry 3 missing"))
        #expect(
            AuditBreak(index: 1, sequence: 4, reason: .brokenLink).description.hasPrefix("audit entry 4 (position 2)"))
    }
}
