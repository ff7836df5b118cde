import CalendarDays
import GRDB
import Roofing

/// A row of `roofing_indexing`: a dated percentage raising a catalogue's prices.
struct RoofingIndexingRecord: Codable, FetchableRecord, PersistableRecord {
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

    enum Columns {
        static let catalogueID = Column(CodingKeys.catalogueID)
        static let ordinal = Column(CodingKeys.ordinal)
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
