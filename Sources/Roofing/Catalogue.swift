import CalendarDays

/// A trade's activity catalogue for a year ("Tagdækning 2026"): activities with unique position numbers,
/// supplements, and the dated price indexings that raise its prices.
public struct Catalogue: Sendable, Hashable, Codable {
    /// The trade and year, unique among the catalogues.
    public var name: String
    /// ISO 4217 code; `DKK` unless the file says otherwise.
    public var currency: String
    /// In position order.
    public private(set) var activities: [Activity]
    /// Sorted by date.
    public private(set) var indexings: [PriceIndexing]

    public init(
        name: String, currency: String = "DKK", activities: [Activity] = [], indexings: [PriceIndexing] = []
    ) throws(RoofingError) {
        guard !name.trimmingWhitespace().isEmpty else {
            throw RoofingError(.invalid, path: "name", "a catalogue needs a name (trade and year)")
        }
        guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw RoofingError(.invalid, path: "currency", "'\(currency)' is not a currency code like DKK")
        }
        self.name = name
        self.currency = currency
        self.activities = []
        self.indexings = []
        for (index, activity) in activities.enumerated() {
            do {
                try add(activity)
            } catch {
                throw RoofingError(error.code, path: "activities[\(index)].\(error.path)", error.message)
            }
        }
        for indexing in indexings { add(indexing) }
        try checkSupplementBases()
    }

    /// Adds an activity; a position number already in the catalogue is refused.
    public mutating func add(_ activity: Activity) throws(RoofingError) {
        guard self.activity(activity.position) == nil else {
            throw RoofingError(.refused, path: "pos", "position \(activity.position) is already in \(name)")
        }
        let index = activities.firstIndex { Activity.positionOrder(activity.position, $0.position) } ?? activities.count
        activities.insert(activity, at: index)
    }

    /// Adds a dated indexing (kept in date order; two on the same day both apply).
    public mutating func add(_ indexing: PriceIndexing) {
        let index = indexings.firstIndex { indexing.from < $0.from } ?? indexings.count
        indexings.insert(indexing, at: index)
    }

    /// Refuses a supplement whose base names a position that is itself a supplement (or no activity at all).
    public func checkSupplementBases() throws(RoofingError) {
        if let problem = supplementBaseProblem() {
            let index = activities.firstIndex { $0.position == problem.position } ?? 0
            throw RoofingError(problem.code, path: "activities[\(index)].base", problem.message)
        }
    }

    func supplementBaseProblem() -> (position: String, code: RoofingError.Code, message: String)? {
        for activity in activities {
            guard case .percent(_, .positions(let positions)) = activity.rate else { continue }
            for position in positions {
                guard let base = self.activity(position) else {
                    return (
                        activity.position, .notFound,
                        "supplement \(activity.position) is based on position \(position), which is not in \(name)"
                    )
                }
                if base.isSupplement {
                    return (
                        activity.position, .refused,
                        "supplement \(activity.position) is based on \(position), another supplement: "
                            + "a supplement on a supplement is not allowed"
                    )
                }
            }
        }
        return nil
    }

    /// The activity with this position number, at its list price.
    public func activity(_ position: String) -> Activity? { activities.first { $0.position == position } }

    /// The activity at the price in force on `date`.
    public func activity(_ position: String, on date: CalendarDay) -> Activity? {
        guard var activity = activity(position) else { return nil }
        if case .price(let price) = activity.rate { activity.rate = .price(self.price(price, on: date)) }
        return activity
    }

    /// `listPrice` with every indexing dated on or before `date` applied in date order, each step rounded to øre.
    public func price(_ listPrice: Money, on date: CalendarDay) -> Money {
        indexings.filter { $0.from <= date }.reduce(listPrice) { price, indexing in indexing.apply(to: price) }
    }

    /// The unit price of `position` on `date`; nil for an unknown position or a supplement.
    public func price(of position: String, on date: CalendarDay) -> Money? {
        activity(position, on: date)?.price
    }

    /// The section names in the order they first appear.
    public var sections: [String] {
        var seen = Set<String>()
        return activities.map(\.section).filter { seen.insert($0).inserted }
    }
}
