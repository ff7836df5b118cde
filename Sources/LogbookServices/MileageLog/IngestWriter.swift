import Dispatch
public import LogbookStore
import Synchronization
import TrackModel

/// The server's group commit for positions: requests hand their positions over and wait (suspended, holding no
/// thread); one writer stores everything that arrived meanwhile in one transaction — one sync to disk for all of
/// them, as `synchronous = FULL` demands for each commit — and then brings each device's engine up to its new
/// positions. While it writes, the next requests gather, so the busier the server, the larger the groups.
public final class IngestWriter: Sendable {
    public let tracker: DeviceTracker
    private let pending = Mutex(Pending())
    private let queue = DispatchQueue(label: "logbook.ingest.writer")

    struct Pending: ~Copyable {
        var items: [Item] = []
        var draining = false
    }

    struct Item: Sendable {
        var batch: PositionBatch
        var done: CheckedContinuation<(StoredPositions, DeviceTracker.Progress?), any Error>
    }

    public init(tracker: DeviceTracker) {
        self.tracker = tracker
    }

    /// Stores the batch with whatever else is waiting and advances its device's engine; returns when both are done.
    public func submit(_ batch: PositionBatch) async throws -> (StoredPositions, DeviceTracker.Progress?) {
        try await withCheckedThrowingContinuation { continuation in
            let start = pending.withLock { pending -> Bool in
                pending.items.append(Item(batch: batch, done: continuation))
                guard !pending.draining else { return false }
                pending.draining = true
                return true
            }
            if start { queue.async { self.drain() } }
        }
    }

    /// Writes groups until nothing waits.
    private func drain() {
        while true {
            let items = pending.withLock { pending -> [Item] in
                let items = pending.items
                pending.items = []
                if items.isEmpty { pending.draining = false }
                return items
            }
            guard !items.isEmpty else { return }
            let results: [StoredPositions]
            do {
                results = try tracker.database.storePositions(items.map(\.batch))
            } catch {
                for item in items { item.done.resume(throwing: error) }
                continue
            }
            for (item, stored) in zip(items, results) {
                guard stored.stored > 0 else {
                    item.done.resume(returning: (stored, nil))
                    continue
                }
                do {
                    let progress = try tracker.advance(
                        deviceID: item.batch.deviceID, earliest: stored.earliestStored,
                        now: item.batch.receivedAt.secondsSince1970, fresh: stored.new,
                        positionCount: stored.positionCount)
                    item.done.resume(returning: (stored, progress))
                } catch {
                    // The positions are stored: the engine catches up with the device's next request.
                    item.done.resume(returning: (stored, nil))
                }
            }
        }
    }
}
