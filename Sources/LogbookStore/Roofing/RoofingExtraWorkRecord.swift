import Roofing

/// A row of `roofing_extra_work`: work outside the catalogue, hours at a rate or a fixed amount.
struct RoofingExtraWorkRecord: RoofingEntryRecord {
    static let databaseTableName = "roofing_extra_work"

    var projectID: Int64
    var ordinal: Int
    var text: String
    var hoursMilli: Int64?
    var rateOre: Int64?
    var amountOre: Int64?

    enum CodingKeys: String, CodingKey {
        case ordinal, text
        case projectID = "project_id"
        case hoursMilli = "hours_milli"
        case rateOre = "rate_ore"
        case amountOre = "amount_ore"
    }

    init(projectID: Int64, ordinal: Int, work: ExtraWork) {
        self.projectID = projectID
        self.ordinal = ordinal
        text = work.text
        switch work.pricing {
        case .hours(let hours, let rate):
            hoursMilli = hours.thousandths
            rateOre = rate.minorUnits
        case .fixed(let amount):
            amountOre = amount.minorUnits
        }
    }

    var work: ExtraWork {
        if let hoursMilli, let rateOre {
            return ExtraWork(
                text: text, pricing: .hours(Quantity(thousandths: hoursMilli), rate: Money(minorUnits: rateOre)))
        }
        return ExtraWork(text: text, pricing: .fixed(Money(minorUnits: amountOre ?? 0)))
    }
}
