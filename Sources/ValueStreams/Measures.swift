/// The lean measures of a run of stickers (a section or the whole map).
public struct Measures: Sendable, Hashable {
    /// Count and process time of the stickers of one kind.
    public struct KindTotal: Sendable, Hashable {
        public var count: Int
        public var seconds: Double

        public init(count: Int = 0, seconds: Double = 0) {
            self.count = count
            self.seconds = seconds
        }
    }

    /// Process time plus waiting: how long a piece takes through the stream.
    public var leadTimeSeconds: Double
    /// The steps' own time, of every kind.
    public var processSeconds: Double
    /// Process time of value-adding steps.
    public var valueAddedSeconds: Double
    /// Time waiting before steps.
    public var waitingSeconds: Double
    /// Lead time less value-added time.
    public var nonValueAddedSeconds: Double
    /// Process cycle efficiency: value-added time ÷ lead time, 0–1; nil when the lead time is 0.
    public var pce: Double?
    /// Rolled %C&A as a fraction 0–1: the product of the stickers' %C&A; nil when no sticker has one.
    public var rolledCA: Double?
    /// Available time ÷ demand (map only); nil when either is missing.
    public var taktSeconds: Double?
    public var byKind: [StickerKind: KindTotal]
    public var stickerCount: Int

    public init(_ stickers: [Sticker], demandPerDay: Double? = nil, availableSecondsPerDay: Double? = nil) {
        processSeconds = stickers.reduce(0) { $0 + $1.processSeconds }
        waitingSeconds = stickers.reduce(0) { $0 + $1.waitSeconds }
        leadTimeSeconds = processSeconds + waitingSeconds
        valueAddedSeconds = stickers.filter { $0.kind == .value }.reduce(0) { $0 + $1.processSeconds }
        nonValueAddedSeconds = leadTimeSeconds - valueAddedSeconds
        pce = leadTimeSeconds > 0 ? valueAddedSeconds / leadTimeSeconds : nil
        let rated = stickers.compactMap(\.ca)
        rolledCA = rated.isEmpty ? nil : rated.reduce(1) { $0 * $1 / 100 }
        if let demandPerDay, let availableSecondsPerDay, demandPerDay > 0 {
            taktSeconds = availableSecondsPerDay / demandPerDay
        } else {
            taktSeconds = nil
        }
        var kinds: [StickerKind: KindTotal] = [:]
        for kind in StickerKind.allCases { kinds[kind] = KindTotal() }
        for sticker in stickers {
            kinds[sticker.kind]!.count += 1
            kinds[sticker.kind]!.seconds += sticker.processSeconds
        }
        byKind = kinds
        stickerCount = stickers.count
    }
}

extension ValueStreamMap {
    /// The whole map's measures, takt time included.
    public var measures: Measures {
        Measures(stickers, demandPerDay: demandPerDay, availableSecondsPerDay: availableSecondsPerDay)
    }

    /// Each section's measures, in order.
    public var sectionMeasures: [Measures] { sections.map { Measures($0.stickers) } }
}

/// A future map against the current map it improves.
public struct MapComparison: Sendable, Hashable {
    public var current: String
    /// Future lead time less current (negative: shorter).
    public var leadTimeChangeSeconds: Double
    /// Future PCE less current, in fractions; nil when either has no lead time.
    public var pceChange: Double?
    /// Waste process time the future map no longer has (current less future; negative if it added waste).
    public var wasteRemovedSeconds: Double
    /// Waste stickers the future map no longer has.
    public var wasteRemovedCount: Int
    /// Waiting the future map no longer has.
    public var waitingRemovedSeconds: Double

    public init(future: ValueStreamMap, current: ValueStreamMap) {
        let f = future.measures
        let c = current.measures
        self.current = current.name
        leadTimeChangeSeconds = f.leadTimeSeconds - c.leadTimeSeconds
        pceChange = f.pce.flatMap { fp in c.pce.map { fp - $0 } }
        wasteRemovedSeconds = (c.byKind[.waste]?.seconds ?? 0) - (f.byKind[.waste]?.seconds ?? 0)
        wasteRemovedCount = (c.byKind[.waste]?.count ?? 0) - (f.byKind[.waste]?.count ?? 0)
        waitingRemovedSeconds = c.waitingSeconds - f.waitingSeconds
    }
}
