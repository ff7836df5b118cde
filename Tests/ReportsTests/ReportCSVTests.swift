import Reports
import Testing
import TrackModel
import ReportDocuments

@Suite("ReportCSV") struct ReportCSVTests {
    static let header = ReportHeader(
        personName: "Åsa Öberg", company: "Öberg, Åsa AB", vehiclePlate: "ABC 123", vehicleDescription: "Volvo V60",
        periodLabel: "2026-10", rate: ReimbursementRate(currency: "SEK", decimal: "2.50"),
        createdAt: Timestamp(year: 2026, month: 11, day: 1, hour: 6)!, createdAtUTCOffsetSeconds: 3_600)

    static let tripHeader =
        "Trip,Date,Start,End date,End,Odometer start (km),Odometer end (km),Distance (km),Category,Purpose,"
        + "Business partner,Destination,Edited,Odometer check,Estimated\r\n"

    /// Quoting, injection and local times, expected bytes written out by hand.
    @Test func tripsOnlyQuotingAndInjection() {
        let five = Timestamp(year: 2026, month: 10, day: 5, hour: 6)!
        let document = ReportDocument(
            header: Self.header,
            rows: [
                ReportRow(
                    ref: "1", start: five, end: five + 1_800, utcOffsetSeconds: 10_800, odometerStart: 48_213,
                    odometerEnd: 48_225.3, distanceMetres: 12_345, category: .business, purpose: "Meeting, \"Q4\"",
                    partner: "Müller & Söhne", destination: "=cmd|' /C calc'!A0", edited: true),
                // Starts at 21:00 UTC = 00:00 the next day in UTC+3.
                ReportRow(
                    ref: "2", start: five + 15 * 3_600, end: five + 16 * 3_600, utcOffsetSeconds: 10_800,
                    distanceMetres: 250, category: .private, purpose: "-5", partner: "+49 30 1234",
                    destination: "@SUM(A1)"),
                ReportRow(
                    ref: "3", start: five + 17.5 * 3_600, end: five + 18.25 * 3_600, utcOffsetSeconds: 7_200,
                    distanceMetres: 5_049, category: .commute, purpose: "\tTabbed", partner: "\rCR",
                    destination: "line1\nline2"),
            ])
        let expected =
            Self.tripHeader
            + "1,2026-10-05,09:00,2026-10-05,09:30,48213.0,48225.3,12.3,Business,\"Meeting, \"\"Q4\"\"\",Müller & Söhne,"
            + "'=cmd|' /C calc'!A0,yes,,\r\n"
            + "2,2026-10-06,00:00,2026-10-06,01:00,,,0.3,Private,'-5,'+49 30 1234,'@SUM(A1),,,\r\n"
            + "3,2026-10-06,01:30,2026-10-06,02:15,,,5.0,Commute,'\tTabbed,\"'\rCR\",\"line1\nline2\",,,\r\n"
        let bytes = ReportCSV(layout: .tripsOnly).render(document)
        #expect(bytes == Array(expected.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test func byteOrderMark() {
        let document = ReportDocument(header: Self.header, rows: [])
        #expect(
            ReportCSV(byteOrderMark: true, layout: .tripsOnly).render(document) == [0xEF, 0xBB, 0xBF]
                + Array(Self.tripHeader.utf8))
        #expect(ReportCSV(byteOrderMark: false, layout: .tripsOnly).render(document) == Array(Self.tripHeader.utf8))
    }

    @Test func fullLayout() {
        let start = Timestamp(year: 2026, month: 10, day: 12, hour: 6, minute: 15)!
        let document = ReportDocument(
            header: Self.header,
            rows: [
                ReportRow(
                    ref: "7", start: start, end: start + 2_700, utcOffsetSeconds: 7_200, odometerStart: 1_000,
                    odometerEnd: 1_042, distanceMetres: 42_000, category: .business, purpose: "Delivery",
                    partner: "Åhléns", destination: "Göteborg", edited: true)
            ],
            edits: [
                ReportEdit(
                    tripRef: "7", at: Timestamp(year: 2026, month: 10, day: 13, hour: 8)!, utcOffsetSeconds: 7_200,
                    by: "Åsa Öberg", field: "purpose", oldValue: "", newValue: "Delivery")
            ])
        let expected =
            "Report,Vehicle log\r\nPeriod,2026-10\r\nName,Åsa Öberg\r\nCompany,\"Öberg, Åsa AB\"\r\nEmployee ID,\r\n"
            + "Vehicle,ABC 123\r\nMake and model,Volvo V60\r\nUnit,km\r\nRate (SEK/km),2.50\r\n"
            + "Created,2026-11-01 07:00\r\n\r\n"
            + Self.tripHeader
            + "7,2026-10-12,08:15,2026-10-12,09:00,1000,1042,42.0,Business,Delivery,Åhléns,Göteborg,yes,,\r\n\r\n"
            + "Totals,Trips,Distance (km)\r\nBusiness,1,42.0\r\nPrivate,0,0.0\r\nCommute,0,0.0\r\nTotal,1,42.0\r\n"
            + "Private share (%),0.0\r\nReimbursement (SEK),105.00\r\n\r\n"
            + "Edit history: trip,Changed,By,Field,Old value,New value\r\n"
            + "7,2026-10-13 10:00,Åsa Öberg,purpose,,Delivery\r\n"
        #expect(String(decoding: ReportCSV().render(document), as: UTF8.self) == expected)
    }

    @Test(arguments: [
        ("plain", "plain"), ("", ""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\r\nlines", "\"two\r\nlines\""), ("=1+2", "'=1+2"), ("+1", "'+1"), ("-1", "'-1"), ("@x", "'@x"),
        ("\tx", "'\tx"), ("\rx", "\"'\rx\""), ("=a,b", "\"'=a,b\""), ("＝1+2", "'＝1+2"), (" =1", " =1"),
        ("a=b", "a=b"), ("'quoted'", "'quoted'"),
    ])
    func textCells(input: String, expected: String) {
        #expect(ReportCSV.field(.text(input)) == expected)
    }

    @Test(arguments: [
        ("12.3", "12.3"), ("-12.3", "-12.3"), ("0", "0"), ("", ""), ("-", "'-"), ("1e3", "1e3"), ("-1+2", "'-1+2"),
        ("1.", "1."), (".5", ".5"), ("-=1", "'-=1"), ("1,5", "\"1,5\""),
    ])
    func numberCells(input: String, expected: String) {
        // Only -?digits[.digits] stays a bare number; anything else is treated as text.
        #expect(ReportCSV.field(.number(input)) == expected)
    }
}
