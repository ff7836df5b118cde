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
    /// The positions that were new, in the order given (not part of equality: a result, not an identity).
    public var new: [DevicePosition]
    /// How many positions the device has stored after this batch (`device.position_count`): an engine that has seen
    /// exactly `positionCount - stored` of them can take `new` as they are; otherwise (another server stored some
    /// meanwhile) it reads them from the store.
    public var positionCount: Int64?

    public init(
        stored: Int, duplicates: Int, earliestStored: Timestamp? = nil, new: [DevicePosition] = [],
        positionCount: Int64? = nil
    ) {
        self.stored = stored
        self.duplicates = duplicates
        self.earliestStored = earliestStored
        self.new = new
        self.positionCount = positionCount
    }

    public static func == (lhs: StoredPositions, rhs: StoredPositions) -> Bool {
        lhs.stored == rhs.stored && lhs.duplicates == rhs.duplicates && lhs.earliestStored == rhs.earliestStored
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(stored)
        hasher.combine(duplicates)
        hasher.combine(earliestStored)
    }
}

/// One request's positions for a device, to be stored with others in one transaction.
public struct PositionBatch: Sendable {
    public var positions: [DevicePosition]
    public var refused: [String: Int]
    public var deviceID: Int64
    public var receivedAt: Timestamp

    public init(positions: [DevicePosition], refused: [String: Int], deviceID: Int64, receivedAt: Timestamp) {
        self.positions = positions
        self.refused = refused
        self.deviceID = deviceID
        self.receivedAt = receivedAt
    }
}
