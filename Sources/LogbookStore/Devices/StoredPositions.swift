/// What storing a batch of positions did.
public struct StoredPositions: Sendable, Hashable {
    /// Positions that were new.
    public var stored: Int
    /// Positions already stored for the same device and fix time (a resent batch).
    public var duplicates: Int

    public init(stored: Int, duplicates: Int) {
        self.stored = stored
        self.duplicates = duplicates
    }
}
