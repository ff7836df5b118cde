public import ReportDocuments
import TrackModel

/// Report documents for tests and benchmarks: a month of trips with names in Estonian, German and Swedish
/// (õ, ä, ö, ü, ß, å), long purposes that must wrap, edited trips and text that looks like a spreadsheet formula.
public enum SampleReport {
    public static let partners = [
        "Jõgeva Vesi AS", "Müller & Söhne GmbH", "Straßenbau Süd", "Åsa Öberg AB", "Põhja Logistika OÜ",
        "Hämeen Kone Oy",
    ]

    public static let destinations = ["Jõgeva", "Tartu", "Pärnu", "Võru", "Viljandi", "Haapsalu"]

    public static let purposes = [
        "Customer visit", "Delivery of spare parts",
        "Quarterly maintenance inspection of the pumping stations along the river, with the client's engineer",
        "Meeting, contract \"2026/10\"", "=HYPERLINK(\"http://example.invalid\",\"click\")", "Site survey, Jõgeva",
    ]

    /// October 2026 with `trips` trips, three a day from the 1st on (more per day past 93), local time in Tallinn
    /// (UTC+3 until 25 October 01:00 UTC, then UTC+2).
    public static func month(
        trips: Int = 1_000, unit: DistanceUnit = .kilometres,
        rate: ReimbursementRate? = ReimbursementRate(currency: "EUR", tenThousandthsPerUnit: 3_000)
    ) -> ReportDocument {
        let header = ReportHeader(
            personName: "Mari Õunapuu", company: "Põhja Logistika OÜ", employeeID: "E-0042", vehiclePlate: "123ABC",
            vehicleDescription: "Škoda Octavia Combi", periodLabel: "2026-10", unit: unit, rate: rate,
            createdAt: Timestamp(year: 2026, month: 11, day: 1, hour: 6)!, createdAtUTCOffsetSeconds: 7_200)
        let monthStart = Timestamp(year: 2026, month: 10, day: 1)!
        let dstEnd = Timestamp(year: 2026, month: 10, day: 25, hour: 1)!
        let perDay = max(3, (trips + 30) / 31)
        let slot = 14 * 3_600.0 / Double(perDay)
        var rows: [ReportRow] = []
        var edits: [ReportEdit] = []
        var odometer = 48_213.0
        for index in 0..<trips {
            let day = index / perDay
            let startUTC = monthStart + Double(day) * 86_400 + 4 * 3_600 + Double(index % perDay) * slot
            let offset = startUTC < dstEnd ? 10_800 : 7_200
            let distanceMetres = 3_200 + Double((index * 7_919) % 76_800)
            let duration = distanceMetres / 15 + 300
            let category: ReportCategory =
                switch index % 10 {
                case 0...5: .business
                case 6, 7: .private
                default: .commute
                }
            let business = category == .business
            let shown = Double(Int64((distanceMetres / unit.metres * 10).rounded())) / 10
            let edited = index % 50 == 3
            let ref = String(1_000 + index)
            rows.append(
                ReportRow(
                    ref: ref, start: startUTC, end: startUTC + duration, utcOffsetSeconds: offset,
                    odometerStart: odometer, odometerEnd: odometer + shown, distanceMetres: distanceMetres,
                    category: category, purpose: business ? purposes[index % purposes.count] : "",
                    partner: business ? partners[index % partners.count] : "",
                    destination: business ? destinations[(index / 3) % destinations.count] : "", edited: edited))
            odometer += shown
            if edited {
                // Index 3 of 50 is always a business trip: the purpose was typed in later, the partner corrected.
                edits.append(
                    ReportEdit(
                        tripRef: ref, at: startUTC + 86_400, utcOffsetSeconds: offset, by: "Mari Õunapuu",
                        field: "purpose", oldValue: "", newValue: purposes[index % purposes.count]))
                edits.append(
                    ReportEdit(
                        tripRef: ref, at: startUTC + 90_000, utcOffsetSeconds: offset, by: "Fleet admin",
                        field: "partner", oldValue: "Jogeva Vesi", newValue: partners[index % partners.count]))
            }
        }
        return ReportDocument(header: header, rows: rows, edits: edits)
    }
}
