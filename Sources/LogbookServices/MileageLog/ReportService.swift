import Foundation
import LogbookStore
public import MileageLog
public import ReportDocuments
import TrackModel

/// Which report: a vehicle's month (`YYYY-MM`, default last month) or explicit days, all categories or one, one
/// driver's trips or everyone's, and a country preset to check business trips against.
public struct ReportInput: Decodable, Sendable, Hashable {
    /// The plate; the log's only vehicle when not given.
    public var vehicle: String?
    public var month: String?
    public var from: String?
    public var to: String?
    public var driver: String?
    /// `business`, `private`, `commute` or `all` (default).
    public var category: String?
    /// `EE`, `DE`, `FI`, `SE`, `UK` or `US`; default `[log] preset`.
    public var preset: String?

    public init(
        vehicle: String? = nil, month: String? = nil, from: String? = nil, to: String? = nil, driver: String? = nil,
        category: String? = nil, preset: String? = nil
    ) {
        self.vehicle = vehicle
        self.month = month
        self.from = from
        self.to = to
        self.driver = driver
        self.category = category
        self.preset = preset
    }

    /// The period and its label (`2026-10`, `2026-10-01–2026-10-15`); without month and days, last month.
    public func period(today: Day) throws -> (period: Period, label: String, monthly: Bool) {
        if from != nil || to != nil {
            guard month == nil else {
                throw ServiceError(.invalid, field: "month", "give a month or from/to, not both")
            }
            return (try Period.explicit(from: from, to: to), "\(from ?? "…")–\(to ?? "…")", false)
        }
        if let month {
            let parsed: Period
            do {
                parsed = try Period(parsing: month)
            } catch {
                throw PeriodError(code: error.code, field: "month", text: month)
            }
            guard case .month = parsed else { throw ServiceError(.invalid, field: "month", "must be YYYY-MM") }
            return (parsed, month.trimmingCharacters(in: .whitespaces), true)
        }
        let first = today.startOfMonth.adding(months: -1)
        return (.month(year: first.year, month: first.month), String(first.description.prefix(7)), true)
    }

    public func chosenCategory() throws -> TripCategory? {
        guard let category, category.lowercased() != "all" else { return nil }
        return try TripChoices.category(category).category
    }

    public func chosenPreset() throws -> CountryPreset? {
        guard let preset else { return nil }
        guard let chosen = CountryPreset(rawValue: preset.uppercased()) else {
            throw ServiceError(.invalid, field: "preset", "must be one of EE, DE, FI, SE, UK, US")
        }
        return chosen
    }

    /// Every value readable, without the log.
    public func validate() throws {
        _ = try period(today: Day(dayNumber: 0))
        _ = try chosenCategory()
        _ = try chosenPreset()
    }
}

/// A report assembled from the log: the document (CSV and PDF are drawn from it at the edges) and what assembling
/// found worth telling (unclassified trips counted as private, missing preset fields, a broken odometer chain).
public struct ReportAssembly: Sendable {
    public var document: ReportDocument
    public var warnings: [String]
    /// The month (`2026-10`) when the report is a month's: a month is queued for e-mail once per vehicle.
    public var month: String?

    /// `logbook-123ABC-2026-10`: the downloaded file's name without extension (letters, digits and `-`).
    public var downloadName: String {
        "logbook-\(document.header.vehiclePlate)-\(document.header.periodLabel)".map {
            $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_"
        }
        .reduce(into: "") { $0.append($1) }
    }

    /// The CSV (RFC 4180, optionally with a byte order mark).
    public func csv(byteOrderMark: Bool) -> [UInt8] { ReportCSV(byteOrderMark: byteOrderMark).render(document) }

    /// The mail's attachments: the CSV and the PDF under the document's file name.
    public func attachments(csv: [UInt8], pdf: [UInt8]) -> [(filename: String, mimeType: String, bytes: [UInt8])] {
        [
            (document.fileStem + ".csv", "text/csv", csv),
            (document.fileStem + ".pdf", "application/pdf", pdf),
        ]
    }
}

/// Who to send a report to (`POST /api/v1/reports/{vehicle}/{month}/email`).
public struct ReportEmailInput: Decodable, Sendable, Hashable {
    public var to: [String]

    public init(to: [String]) { self.to = to }

    public func validate() throws {
        guard (1...10).contains(to.count) else {
            throw ServiceError(.invalid, field: "to", "must list 1 to 10 e-mail addresses")
        }
    }
}

/// The monthly report of a vehicle (`logbook report`, `/api/v1/reports`, the reports page): assembled once here,
/// drawn as CSV and PDF and mailed at the edges (Cairo and libcurl stay out of the application layer).
public struct ReportService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
    }

    var database: AppDatabase { context.database }
    var clock: LocalClock { context.clock }

    /// The vehicle a report is of: the one named (which the caller must be able to see), else the log's only one.
    public func plate(_ named: String?) throws -> String {
        if let named {
            try access.requireVisibleVehicle(named)
            return named
        }
        let all = try database.allVehicleDetails().filter { access.canSee(plate: $0.plate) }
        guard all.count == 1 else {
            throw ServiceError(
                .refused, field: all.isEmpty ? nil : "vehicle",
                all.isEmpty ? "there are no vehicles yet" : "name the vehicle")
        }
        return all[0].plate
    }

    /// Assembles the report `input` asks for; `configuredPreset` is `[log] preset`.
    public func assemble(_ input: ReportInput, settings: ReportSettings, configuredPreset: CountryPreset?) throws
        -> ReportAssembly
    {
        try input.validate()
        let plate = try plate(input.vehicle)
        let (period, label, monthly) = try input.period(today: clock.today)
        // A driver's report holds their vehicle's trips, whoever drove them.
        let driver = access.visibleVehicles == nil ? input.driver : nil
        return try assemble(
            vehicle: plate, period: period, periodLabel: label, driver: driver, category: input.chosenCategory(),
            preset: input.chosenPreset() ?? configuredPreset, settings: settings, month: monthly ? label : nil)
    }

    func assemble(
        vehicle plate: String, period: Period, periodLabel: String, driver: String?, category: TripCategory?,
        preset: CountryPreset?, settings: ReportSettings, month: String?
    ) throws -> ReportAssembly {
        let profile = try database.profile()
        let vehicle = try database.vehicleDetails(plate: plate)
        let trips = try database.trips(
            TripFilter(vehicle: plate, driver: driver, category: category, interval: clock.interval(period)))
        let edited = try database.editedTripIDs()
        var warnings: [String] = []
        let unclassified = trips.filter { $0.category == nil }.count
        if unclassified > 0 {
            warnings.append(
                "\(unclassified) unclassified trip\(unclassified == 1 ? "" : "s") counted as private; classify them "
                    + "with `logbook trips edit ID --category …`")
        }
        if let preset {
            for trip in trips where trip.category == .business {
                let missing = preset.validate(trip.entry)
                if !missing.isEmpty {
                    warnings.append(
                        "trip \(trip.id): the \(preset.rawValue) preset also needs "
                            + missing.map(\.description).joined(separator: ", "))
                }
            }
        }
        // The odometer chain, as `logbook odometer check` sees it: each gap and step backwards marks its trip.
        let unitKilometres = vehicle.odometerUnit.metres / 1_000
        let unitSymbol = vehicle.odometerUnit.rawValue
        var flags: [Int64: [String]] = [:]
        for (_, finding) in try database.odometerFindings(vehicle: plate) where finding.readingID == nil {
            guard let id = Int64(finding.tripID) else { continue }
            let amount = String(format: "%.1f", finding.kilometres / unitKilometres)
            let after = finding.previousTripID.map { " after trip \($0)" } ?? ""
            switch finding.kind {
            case .gap:
                flags[id, default: []].append("gap of \(amount) \(unitSymbol)\(after) that no trip accounts for")
            case .backwardsBetweenTrips:
                flags[id, default: []].append("starts \(amount) \(unitSymbol) below the odometer\(after)")
            case .backwardsWithinTrip:
                flags[id, default: []].append("ends \(amount) \(unitSymbol) below its start")
            case .jump, .readingBackwards, .readingBeyond:
                continue
            }
        }
        if !flags.isEmpty, trips.contains(where: { flags[$0.id] != nil }) {
            let count = trips.filter { flags[$0.id] != nil }.count
            warnings.append(
                "the odometer chain is broken at \(count) trip\(count == 1 ? "" : "s") (marked in the PDF; see "
                    + "`logbook odometer check`)")
        }
        let rows = trips.map { trip in
            ReportRow(
                ref: String(trip.id), start: trip.start, end: trip.end, utcOffsetSeconds: clock.offset(trip.start),
                odometerStart: trip.startOdometer, odometerEnd: trip.endOdometer, distanceMetres: trip.distance,
                category: ReportCategory(rawValue: (trip.category ?? .private).rawValue) ?? .private,
                purpose: trip.purpose ?? "", partner: trip.partner ?? "",
                destination: [trip.destination, trip.endLabel].compactMap { $0 }.first ?? "",
                edited: edited.contains(trip.id), odometerFlag: flags[trip.id].map { $0.joined(separator: "; ") },
                estimated: trip.estimatedNames.isEmpty ? nil : trip.estimatedNames)
        }
        var edits: [ReportEdit] = []
        for trip in trips where edited.contains(trip.id) {
            for entry in try database.auditEntries(trip: trip.id) where entry.change.action == .edit {
                edits.append(
                    ReportEdit(
                        tripRef: String(trip.id), at: entry.change.time,
                        utcOffsetSeconds: clock.offset(entry.change.time),
                        by: entry.change.actor, field: entry.change.field ?? "",
                        oldValue: entry.change.oldValue ?? "", newValue: entry.change.newValue ?? ""))
            }
        }
        let now = Timestamp(secondsSince1970: Date().timeIntervalSince1970)
        let header = ReportHeader(
            personName: profile.name, company: profile.company, employeeID: profile.employeeID,
            vehiclePlate: vehicle.plate, vehicleDescription: vehicle.makeModel ?? "", periodLabel: periodLabel,
            unit: vehicle.odometerUnit == .mi ? .miles : .kilometres, rate: settings.reimbursement(),
            createdAt: Timestamp(secondsSince1970: now.secondsSince1970.rounded(.down)),
            createdAtUTCOffsetSeconds: clock.offset(now))
        return ReportAssembly(
            document: ReportDocument(header: header, rows: rows, edits: edits), warnings: warnings, month: month)
    }

    /// Queues a report's rendered message in the outbox (the outbox sender delivers it); nil when this month's
    /// report of the vehicle was queued before. `month` is the month to remember it under (none for other
    /// periods).
    public func enqueue(_ mail: OutgoingMail, of assembly: ReportAssembly, month: String?) throws -> Int64? {
        try access.writer.enqueueMail(
            sender: mail.sender, recipients: mail.recipients, messageID: mail.messageID,
            subject: assembly.document.title, message: mail.bytes,
            report: month.map { (assembly.document.header.vehiclePlate, $0) })
    }
}

/// What `report` says about the report it made (`--format json`): the period, the vehicle, the trips, the
/// distances per category in the vehicle's unit, the private share, the reimbursement and the trips edited.
public struct ReportSummaryView: Encodable, Sendable {
    public var document: ReportDocument

    public init(_ document: ReportDocument) { self.document = document }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case period, vehicle, trips, business
        case privateDistance = "private"
        case commute, total, unit
        case privateShare = "private_share"
        case reimbursement, edited
    }

    public var edited: Int { document.rows.filter(\.edited).count }

    public func encode(to encoder: any Encoder) throws {
        let totals = document.totals
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(document.header.periodLabel, forKey: .period)
        try c.encode(document.header.vehiclePlate, forKey: .vehicle)
        try c.encode(totals.totalTrips, forKey: .trips)
        try c.encode(totals.distanceText(.business), forKey: .business)
        try c.encode(totals.distanceText(.private), forKey: .privateDistance)
        try c.encode(totals.distanceText(.commute), forKey: .commute)
        try c.encode(totals.totalDistanceText, forKey: .total)
        try c.encode(document.header.unit.symbol, forKey: .unit)
        try c.encode(totals.privateShareText, forKey: .privateShare)
        try c.encode(totals.reimbursementText, forKey: .reimbursement)
        try c.encode(edited, forKey: .edited)
    }
}
