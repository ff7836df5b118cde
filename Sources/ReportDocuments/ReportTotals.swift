/// The totals of a report, in exact integers.
///
/// Rounding rules (so every figure can be checked by hand from the printed page):
/// - each row's distance is rounded to a tenth of the unit, half away from zero (`ReportRow.distanceTenths`);
/// - a category's distance is the sum of its rows' rounded distances, and the total the sum of the categories,
///   so the printed columns add up;
/// - the private share is private ÷ total distance, in tenths of a percent rounded half up;
/// - the reimbursement is business distance × rate, rounded half up to a hundredth of the currency.
public struct ReportTotals: Sendable, Hashable {
    /// Per category: number of trips and distance in tenths of the unit.
    public var trips: [ReportCategory: Int]
    public var distanceTenths: [ReportCategory: Int64]
    public var unit: DistanceUnit
    public var rate: ReimbursementRate?

    public init(rows: [ReportRow], unit: DistanceUnit, rate: ReimbursementRate?) {
        var trips: [ReportCategory: Int] = [:]
        var tenths: [ReportCategory: Int64] = [:]
        for category in ReportCategory.allCases {
            trips[category] = 0
            tenths[category] = 0
        }
        for row in rows {
            trips[row.category, default: 0] += 1
            tenths[row.category, default: 0] += row.distanceTenths(in: unit)
        }
        self.trips = trips
        self.distanceTenths = tenths
        self.unit = unit
        self.rate = rate
    }

    public var totalTrips: Int { trips.values.reduce(0, +) }

    public var totalDistanceTenths: Int64 { distanceTenths.values.reduce(0, +) }

    /// The distance of `category` in tenths of the unit.
    public func distanceTenths(_ category: ReportCategory) -> Int64 { distanceTenths[category] ?? 0 }

    /// The private share of all distance in tenths of a percent (123 = 12.3 %); `nil` when nothing was driven.
    public var privateShareTenthsPercent: Int64? {
        let total = totalDistanceTenths
        guard total > 0 else { return nil }
        return (distanceTenths(.private) * 1_000 * 2 + total) / (2 * total)
    }

    /// The reimbursement in hundredths of the currency (cents); `nil` without a rate.
    public var reimbursementHundredths: Int64? {
        guard let rate else { return nil }
        // tenths of a unit × ten-thousandths of the currency = 1e-5 of the currency; 1,000 of them make a cent.
        let amount = distanceTenths(.business) * rate.tenThousandthsPerUnit
        return (amount + 500) / 1_000
    }

    // MARK: Text as printed

    /// A distance in the unit with one decimal: `1234.5`.
    public func distanceText(_ category: ReportCategory) -> String {
        DecimalText.fixed(distanceTenths(category), scale: 1)
    }

    public var totalDistanceText: String { DecimalText.fixed(totalDistanceTenths, scale: 1) }

    /// The private share with one decimal: `12.3`; empty when nothing was driven.
    public var privateShareText: String {
        guard let share = privateShareTenthsPercent else { return "" }
        return DecimalText.fixed(share, scale: 1)
    }

    /// The reimbursement with two decimals: `370.35`; empty without a rate.
    public var reimbursementText: String {
        guard let amount = reimbursementHundredths else { return "" }
        return DecimalText.fixed(amount, scale: 2)
    }
}
