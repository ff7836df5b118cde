public import LogbookStore
public import Roofing

/// A catalogue in the list (`roofing catalogue list --format json`, `GET /api/v1/roofing/catalogues`): its name,
/// currency and how many activities, supplements and indexings it holds; `example` for the sample catalogue shipped
/// with the program, whose prices are examples.
public struct RoofingCatalogueView: Encodable, Sendable, Hashable {
    public var name: String
    public var currency: String
    public var activities: Int
    public var supplements: Int
    public var indexings: Int
    public var example: Bool

    public init(_ summary: RoofingCatalogueSummary) {
        name = summary.name
        currency = summary.currency
        activities = summary.activities
        supplements = summary.supplements
        indexings = summary.indexings
        example = SampleCatalogue.isSample(summary.name)
    }

    public init(_ catalogue: Catalogue) {
        name = catalogue.name
        currency = catalogue.currency
        supplements = catalogue.activities.count { $0.isSupplement }
        activities = catalogue.activities.count - supplements
        indexings = catalogue.indexings.count
        example = SampleCatalogue.isSample(catalogue.name)
    }
}
