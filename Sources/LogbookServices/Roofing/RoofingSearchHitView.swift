public import CalendarDays
public import Roofing

/// An activity found in a catalogue, as `GET /api/v1/roofing/catalogues/{name}/search` answers it: the activity,
/// its catalogue, its unit price on the day asked (null for a supplement, which has `percent` and `base`
/// instead) and how it matched. The activity as listed (without indexing) and the catalogue's currency are there
/// for the command line's table and the pages. `example` is true for the sample catalogue's activities, whose
/// prices are examples.
public struct RoofingSearchHitView: Encodable, Sendable, Hashable {
    public var catalogue: String
    public var currency: String
    /// The activity at its list price.
    public var activity: Activity
    /// The unit price in force on the day asked; nil for a supplement.
    public var price: Money?
    public var match: CatalogueSearch.Match
    /// The sample catalogue's: its price is an example.
    public var example: Bool

    enum CodingKeys: String, CodingKey {
        case pos, section, name, unit, catalogue, price, percent, base, match, example
    }

    public init(_ hit: CatalogueSearch.Hit, in catalogue: Catalogue, on day: CalendarDay) {
        self.catalogue = catalogue.name
        currency = catalogue.currency
        activity = hit.activity
        price = catalogue.activity(hit.activity.position, on: day)?.price ?? hit.activity.price
        match = hit.match
        example = SampleCatalogue.isSample(catalogue.name)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(activity.position, forKey: .pos)
        try c.encode(activity.section, forKey: .section)
        try c.encode(activity.name, forKey: .name)
        try c.encode(activity.unit.description, forKey: .unit)
        try c.encode(catalogue, forKey: .catalogue)
        try c.encode(price, forKey: .price)
        if let (percent, base) = activity.supplement {
            try c.encode(percent, forKey: .percent)
            try c.encode(base.description, forKey: .base)
        }
        try c.encode("\(match)", forKey: .match)
        try c.encode(example, forKey: .example)
    }
}
