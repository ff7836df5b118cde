public import TrackModel

/// Everything a monthly vehicle-log report shows, as plain values: who and which car, one row per trip, and the
/// history of edits. The caller (the store) selects the rows — voided trips left out — and the model computes the
/// totals itself, so CSV, PDF and mail summary agree by construction.
public struct ReportDocument: Sendable, Hashable, Codable {
    public var header: ReportHeader
    /// The trips in the order they are shown (normally by start time).
    public var rows: [ReportRow]
    /// Edits made to trips after they were entered, for the appendix (oldest first).
    public var edits: [ReportEdit]

    public init(header: ReportHeader, rows: [ReportRow], edits: [ReportEdit] = []) {
        self.header = header
        self.rows = rows
        self.edits = edits
    }

    /// Distances per category, private share and reimbursement; see `ReportTotals` for the rounding rules.
    public var totals: ReportTotals { ReportTotals(rows: rows, unit: header.unit, rate: header.rate) }

    /// A title for the file, the PDF metadata and the mail subject: `Vehicle log 2026-10 — 123ABC`.
    public var title: String {
        let plate = header.vehiclePlate.trimmingBlanks
        return plate.isEmpty ? "Vehicle log \(header.periodLabel)" : "Vehicle log \(header.periodLabel) — \(plate)"
    }
}

/// Who kept the log, for which car and period, and how distances are counted and paid.
public struct ReportHeader: Sendable, Hashable, Codable {
    public var personName: String
    public var company: String
    public var employeeID: String
    /// The registration plate (car number).
    public var vehiclePlate: String
    /// Make and model, e.g. "Škoda Octavia".
    public var vehicleDescription: String
    /// The period as the user named it, e.g. "2026-10".
    public var periodLabel: String
    /// The unit odometers and distances are shown in.
    public var unit: DistanceUnit
    /// The reimbursement rate per unit for business distance; `nil` when none is configured.
    public var rate: ReimbursementRate?
    /// When the report was made. It is printed and written into the PDF's metadata instead of the clock's time, so
    /// the same document renders to the same bytes.
    public var createdAt: Timestamp
    /// The offset from UTC in which `createdAt` is shown, in seconds.
    public var createdAtUTCOffsetSeconds: Int

    public init(
        personName: String, company: String = "", employeeID: String = "", vehiclePlate: String,
        vehicleDescription: String = "", periodLabel: String, unit: DistanceUnit = .kilometres,
        rate: ReimbursementRate? = nil, createdAt: Timestamp, createdAtUTCOffsetSeconds: Int = 0
    ) {
        self.personName = personName
        self.company = company
        self.employeeID = employeeID
        self.vehiclePlate = vehiclePlate
        self.vehicleDescription = vehicleDescription
        self.periodLabel = periodLabel
        self.unit = unit
        self.rate = rate
        self.createdAt = createdAt
        self.createdAtUTCOffsetSeconds = createdAtUTCOffsetSeconds
    }
}

/// The category of a trip as a report shows it. Raw values match `MileageLog.TripCategory`'s, so the store maps one
/// onto the other with `ReportCategory(rawValue: category.rawValue)`.
public enum ReportCategory: String, Sendable, Hashable, Codable, CaseIterable {
    case business
    case `private`
    case commute

    /// The English word for it, capitalised for table cells.
    public var label: String {
        switch self {
        case .business: "Business"
        case .private: "Private"
        case .commute: "Commute"
        }
    }
}

/// The unit odometer readings and distances are shown in.
public enum DistanceUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case kilometres = "km"
    case miles = "mi"

    /// Metres in one unit (the international mile is exactly 1,609.344 m).
    public var metres: Double {
        switch self {
        case .kilometres: 1_000
        case .miles: 1_609.344
        }
    }

    /// The short symbol: `km` or `mi`.
    public var symbol: String { rawValue }
}

/// A reimbursement rate: an amount of a currency per distance unit, held exactly in ten-thousandths of the currency
/// (0.30 EUR/km is 3,000), so totals need no floating point.
public struct ReimbursementRate: Sendable, Hashable, Codable {
    /// An ISO 4217 code or any short name for the currency ("EUR", "GBP", "SEK").
    public var currency: String
    /// The amount per unit in ten-thousandths of the currency.
    public var tenThousandthsPerUnit: Int64

    public init(currency: String, tenThousandthsPerUnit: Int64) {
        self.currency = currency
        self.tenThousandthsPerUnit = tenThousandthsPerUnit
    }

    /// A rate from a decimal number, rounded to four decimal places (0.3 → 0.3000); `nil` if negative or not finite.
    public init?(currency: String, perUnit: Double) {
        guard perUnit.isFinite, perUnit >= 0, perUnit < 1e12 else { return nil }
        self.init(currency: currency, tenThousandthsPerUnit: Int64((perUnit * 10_000).rounded()))
    }

    /// A rate from decimal text such as `0.30` or `2.5`, exactly; `nil` for anything else or more than 4 decimals.
    public init?(currency: String, decimal text: String) {
        let parts = text.trimmingBlanks.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, let whole = parts[0].asDigits, whole.count <= 12
        else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 4, parts.count == 1 || !fraction.isEmpty, let fractionDigits = fraction.asDigits
        else { return nil }
        let padded = fractionDigits + String(repeating: "0", count: 4 - fractionDigits.count)
        guard let value = Int64(whole + padded) else { return nil }
        self.init(currency: currency, tenThousandthsPerUnit: value)
    }

    /// The rate as a decimal with at least two places: `0.30`, `0.455`.
    public var decimalText: String {
        var text = DecimalText.fixed(tenThousandthsPerUnit, scale: 4)
        while text.hasSuffix("0"), let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 3 {
            text.removeLast()
        }
        return text
    }
}

/// One trip as a report row.
public struct ReportRow: Sendable, Hashable, Codable {
    /// The trip's reference as the store and the edit history name it, e.g. "142".
    public var ref: String
    public var start: Timestamp
    public var end: Timestamp
    /// The local time's offset from UTC at the start of the trip, in seconds (e.g. 10,800 for EEST); the end is
    /// shown in the same offset so a trip across a daylight-saving change keeps its true duration.
    public var utcOffsetSeconds: Int
    /// Odometer readings in the report's unit, when recorded.
    public var odometerStart: Double?
    public var odometerEnd: Double?
    /// The distance driven, in metres.
    public var distanceMetres: Double
    public var category: ReportCategory
    public var purpose: String
    /// The customer, supplier or other party visited.
    public var partner: String
    public var destination: String
    /// Whether the trip was changed after it was first entered; its edits are in the document's `edits`.
    public var edited: Bool
    /// What is wrong with the odometer chain at this trip (a gap before it, a step backwards), in words; the PDF
    /// marks the row and lists the notes under the table. `nil` when the chain is continuous here.
    public var odometerFlag: String?
    /// The ends of a GPS trip the engine estimated rather than saw: "start", "end" (the CSV lists them, the PDF
    /// marks the times with `≈`); `nil` or empty when it saw both.
    public var estimated: [String]?

    public init(
        ref: String, start: Timestamp, end: Timestamp, utcOffsetSeconds: Int = 0, odometerStart: Double? = nil,
        odometerEnd: Double? = nil, distanceMetres: Double, category: ReportCategory, purpose: String = "",
        partner: String = "", destination: String = "", edited: Bool = false, odometerFlag: String? = nil,
        estimated: [String]? = nil
    ) {
        self.odometerFlag = odometerFlag
        self.estimated = estimated
        self.ref = ref
        self.start = start
        self.end = end
        self.utcOffsetSeconds = utcOffsetSeconds
        self.odometerStart = odometerStart
        self.odometerEnd = odometerEnd
        self.distanceMetres = distanceMetres
        self.category = category
        self.purpose = purpose
        self.partner = partner
        self.destination = destination
        self.edited = edited
    }

    /// The distance in tenths of `unit`, rounded half away from zero: the figure shown and summed in the totals.
    public func distanceTenths(in unit: DistanceUnit) -> Int64 {
        guard distanceMetres.isFinite else { return 0 }
        return Int64((distanceMetres / unit.metres * 10).rounded(.toNearestOrAwayFromZero))
    }
}

/// One change to a trip after it was entered (German practice requires them to be shown).
public struct ReportEdit: Sendable, Hashable, Codable {
    /// The `ReportRow.ref` of the trip changed.
    public var tripRef: String
    public var at: Timestamp
    /// The offset from UTC in which `at` is shown, in seconds.
    public var utcOffsetSeconds: Int
    /// Who made the change.
    public var by: String
    /// The field changed, e.g. "purpose".
    public var field: String
    public var oldValue: String
    public var newValue: String

    public init(
        tripRef: String, at: Timestamp, utcOffsetSeconds: Int = 0, by: String, field: String, oldValue: String,
        newValue: String
    ) {
        self.tripRef = tripRef
        self.at = at
        self.utcOffsetSeconds = utcOffsetSeconds
        self.by = by
        self.field = field
        self.oldValue = oldValue
        self.newValue = newValue
    }
}

extension ReportDocument {
    /// A file name without extension: `vehicle-log-2026-10-123ABC` (letters, digits and `-` only).
    public var fileStem: String {
        let raw = "vehicle-log-\(header.periodLabel)-\(header.vehiclePlate)"
        var out = ""
        for character in raw {
            if character.isASCII, character.isLetter || character.isNumber {
                out.append(character)
            } else if !out.hasSuffix("-") {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }

    /// A plain-text summary for the body of the mail that carries the report.
    public var summaryText: String {
        let totals = self.totals
        let unit = header.unit.symbol
        var lines = [title, ""]
        lines.append("Name: \(header.personName)")
        if !header.company.isEmpty { lines.append("Company: \(header.company)") }
        lines.append(
            "Vehicle: \(([header.vehiclePlate, header.vehicleDescription]).filter { !$0.isEmpty }.joined(separator: ", "))"
        )
        lines.append("Period: \(header.periodLabel)")
        lines.append("")
        lines.append("Trips: \(totals.totalTrips)")
        for category in ReportCategory.allCases {
            let count = totals.trips[category] ?? 0
            lines.append(
                "\(category.label): \(totals.distanceText(category)) \(unit) (\(count) \(count == 1 ? "trip" : "trips"))"
            )
        }
        lines.append("Total: \(totals.totalDistanceText) \(unit)")
        if !totals.privateShareText.isEmpty { lines.append("Private share: \(totals.privateShareText) %") }
        if let rate = header.rate {
            lines.append(
                "Reimbursement: \(totals.distanceText(.business)) \(unit) × \(rate.decimalText) \(rate.currency)/\(unit)"
                    + " = \(totals.reimbursementText) \(rate.currency)")
        }
        let edited = rows.filter(\.edited).count
        if edited > 0 { lines.append("Trips changed after entry: \(edited) (see the edit history in the PDF)") }
        lines.append("")
        lines.append("The full log is attached as CSV and PDF.")
        return lines.joined(separator: "\n") + "\n"
    }
}
