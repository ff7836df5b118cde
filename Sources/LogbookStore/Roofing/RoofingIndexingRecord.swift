import CalendarDays
import Roofing

/// A row of `roofing_indexing`: a dated percentage raising a catalogue's prices.
struct RoofingIndexingRecord: SQLRecord {
    static let databaseTableName = "roofing_indexing"

    var catalogueID: Int64
    var ordinal: Int
    var fromDay: String
    var percentMilli: Int64

    enum CodingKeys: String, CodingKey {
        case ordinal
        case catalogueID = "catalogue_id"
        case fromDay = "from_day"
        case percentMilli = "percent_milli"
    }

    init(catalogueID: Int64, ordinal: Int, indexing: PriceIndexing) {
        self.catalogueID = catalogueID
        self.ordinal = ordinal
        fromDay = indexing.from.description
        percentMilli = indexing.percent.thousandths
    }

    var indexing: PriceIndexing {
        PriceIndexing(
            from: CalendarDay(parsing: fromDay) ?? CalendarDay(dayNumber: 0),
            percent: Quantity(thousandths: percentMilli))
    }
}
