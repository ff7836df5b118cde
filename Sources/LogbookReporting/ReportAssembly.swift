import Foundation
import LogbookCLI
import LogbookDaemon
import LogbookStore
import Mailer
import MileageLog
import Reports
import TrackModel
import ReportDocuments
import LogbookServices

/// A monthly (or any period's) report of one vehicle, assembled from the log.
package struct ReportRequest {
    package var vehicle: String
    package var period: Period
    /// `2026-10` for a month; what the subject, file names and the delivery record use.
    package var periodLabel: String
    package var driver: String?
    /// nil: all categories.
    package var category: TripCategory?
    package var preset: CountryPreset?

    package init(
        vehicle: String, period: Period, periodLabel: String, driver: String?, category: TripCategory?,
        preset: CountryPreset?
    ) {
        self.vehicle = vehicle
        self.period = period
        self.periodLabel = periodLabel
        self.driver = driver
        self.category = category
        self.preset = preset
    }
}

/// What assembling found worth telling (unclassified trips counted as private, missing preset fields).
package struct ReportAssembly {
    package var document: ReportDocument
    package var warnings: [String]

    package static func make(
        _ request: ReportRequest, database: AppDatabase, clock: LocalClock, settings: ReportSettings
    ) throws -> ReportAssembly {
        let profile = try database.profile()
        let vehicle = try database.vehicleDetails(plate: request.vehicle)
        let trips = try database.trips(
            TripFilter(
                vehicle: request.vehicle, driver: request.driver, category: request.category,
                interval: clock.interval(request.period)))
        let edited = try database.editedTripIDs()
        var warnings: [String] = []
        let unclassified = trips.filter { $0.category == nil }.count
        if unclassified > 0 {
            warnings.append(
                "\(unclassified) unclassified trip\(unclassified == 1 ? "" : "s") counted as private; classify them "
                    + "with `logbook trips edit ID --category …`")
        }
        if let preset = request.preset {
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
        for (_, finding) in try database.odometerFindings(vehicle: request.vehicle) where finding.readingID == nil {
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
            vehiclePlate: vehicle.plate, vehicleDescription: vehicle.makeModel ?? "", periodLabel: request.periodLabel,
            unit: vehicle.odometerUnit == .mi ? .miles : .kilometres, rate: settings.reimbursement(),
            createdAt: Timestamp(secondsSince1970: now.secondsSince1970.rounded(.down)),
            createdAtUTCOffsetSeconds: clock.offset(now))
        return ReportAssembly(document: ReportDocument(header: header, rows: rows, edits: edits), warnings: warnings)
    }

    /// The message with the CSV and PDF attached and the summary as its text.
    package func mail(
        from: String, to: [String], csv: [UInt8], pdf: [UInt8], clock: LocalClock
    ) throws(MailError) -> MailMessage {
        let now = Timestamp(secondsSince1970: Date().timeIntervalSince1970)
        return MailMessage(
            from: try MailAddress(parsing: from),
            to: try to.map { address throws(MailError) in
                try MailAddress(parsing: address)
            }, subject: document.title, text: document.summaryText,
            attachments: [
                MailAttachment(filename: document.fileStem + ".csv", mimeType: "text/csv", bytes: csv),
                MailAttachment(filename: document.fileStem + ".pdf", mimeType: "application/pdf", bytes: pdf),
            ], date: now, utcOffsetSeconds: clock.offset(now))
    }
}

/// Delivers what the outbox holds: each due message once, its outcome recorded; transient failures wait with
/// backoff, permanent ones (authentication, a refused recipient) are marked failed at once.
struct OutboxSender {
    let database: AppDatabase
    let mailer: SMTPMailer

    struct Outcome {
        var sent: [Int64] = []
        var failed: [(id: Int64, error: String)] = []
    }

    func deliverDue(only ids: Set<Int64>? = nil) -> Outcome {
        var outcome = Outcome()
        guard let due = try? database.dueMail() else { return outcome }
        for message in due where ids?.contains(message.id) ?? true {
            let mail = RenderedMail(
                sender: message.sender, recipients: message.recipients, messageID: message.messageID,
                bytes: message.message)
            do {
                _ = try mailer.send(mail)
                try? database.markSent(message.id)
                outcome.sent.append(message.id)
            } catch {
                let retry = error.isTransient ? RetryPolicy() : RetryPolicy(maximumAttempts: 1)
                try? database.markFailed(message.id, error: error.description, retry: retry)
                outcome.failed.append((message.id, error.description))
            }
        }
        return outcome
    }
}
