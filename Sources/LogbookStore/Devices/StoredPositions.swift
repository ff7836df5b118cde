public import TrackModel

/// What storing a batch of positions did.
public struct StoredPositions: Sendable, Hashable {
    /// Positions that were new.
    public var stored: Int
    /// Positions already stored for the same device and fix time (a resent batch).
    public var duplicates: Int

    /// The earliest fix time among the positions that were new: where the device's trips may have to be
    /// recomputed from, when it lies before the engine's last fix.
    public var earliestStored: Timestamp?

    public init(stored: Int, duplicates: Int, earliestStored: Timestamp? = nil) {
        self.stored = stored
        self.duplicates = duplicates
        self.earliestStored = earliestStored
    }
}
