import Foundation
import LogbookTestSupport
import Mailer
import Reports
import Testing
import TrackModel
import ReportDocuments

/// Sending to a real SMTP server (aiosmtpd on 127.0.0.1, see `SMTPSink`) and reading back what it received.
@Suite("SMTP delivery") struct SMTPDeliveryTests {
    static let user = "logbook@example.com"
    static let password = "s3cret-Pässwort"

    /// Where this test's password files go; removed with it.
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    /// The month's report written to disk as CSV (with a byte order mark) and PDF, as the CLI would.
    /// The folder goes when the last copy of the value does.
    struct ReportFiles {
        let document = SampleReport.month(trips: 1_000)
        let folder: TemporaryDirectory
        let csv: URL
        let pdf: URL

        init() throws {
            folder = try TemporaryDirectory()
            csv = folder.url.appendingPathComponent(document.fileStem + ".csv")
            pdf = folder.url.appendingPathComponent(document.fileStem + ".pdf")
            try ReportCSV(byteOrderMark: true).write(document, to: csv.path)
            try ReportPDF().write(document, to: pdf.path)
        }

        func message(to recipients: [String] = ["mari@example.com"]) throws -> MailMessage {
            MailMessage(
                from: try MailAddress(parsing: "Logbook <\(SMTPDeliveryTests.user)>"),
                to: try recipients.map { try MailAddress($0) }, subject: document.title, text: document.summaryText,
                attachments: [
                    MailAttachment(
                        filename: csv.lastPathComponent, mimeType: "text/csv",
                        bytes: Array(try Data(contentsOf: csv))),
                    MailAttachment(
                        filename: pdf.lastPathComponent, mimeType: "application/pdf",
                        bytes: Array(try Data(contentsOf: pdf))),
                ], date: Timestamp(year: 2026, month: 11, day: 1, hour: 6)!, utcOffsetSeconds: 7_200)
        }
    }

    func passwordFile(_ password: String = password) throws -> String {
        let path = try folder.write("smtp-password-\(UUID().uuidString)", Array((password + "\n").utf8))
        #expect(chmod(path, 0o600) == 0)
        return path
    }

    func configuration(
        _ sink: SMTPSink, tls: MailConfiguration.TLSMode, login: Bool = true, password: String = Self.password,
        trust: Bool = true
    ) throws -> MailConfiguration {
        MailConfiguration(
            host: "127.0.0.1", port: sink.port, tls: tls, user: login ? Self.user : nil,
            passwordFile: login ? try passwordFile(password) : nil, from: "Logbook <\(Self.user)>",
            caFile: trust ? sink.certificate?.path : nil, timeoutSeconds: 20)
    }

    /// The received message parsed by Python's email package: subject, text and attachments as on disk.
    func checkDelivered(_ received: SMTPSink.Received, sink: SMTPSink, files: ReportFiles) throws {
        let parsed = try sink.parse(received.file)
        #expect(parsed.defects.isEmpty)
        #expect(parsed.subject == "Vehicle log 2026-10 — 123ABC")
        #expect(parsed.from == "Logbook <\(Self.user)>")
        let totals = files.document.totals
        #expect(parsed.text?.contains("Total: \(totals.totalDistanceText) km") == true)
        #expect(parsed.text?.contains("= \(totals.reimbursementText) EUR") == true)
        try #require(parsed.attachments.count == 2)
        let csv = parsed.attachments[0]
        #expect(csv.filename == "vehicle-log-2026-10-123ABC.csv")
        #expect(csv.contentType == "text/csv")
        #expect(try Data(contentsOf: URL(fileURLWithPath: csv.path)) == (try Data(contentsOf: files.csv)))
        let pdf = parsed.attachments[1]
        #expect(pdf.filename == "vehicle-log-2026-10-123ABC.pdf")
        #expect(pdf.contentType == "application/pdf")
        let pdfBytes = try Data(contentsOf: URL(fileURLWithPath: pdf.path))
        #expect(pdfBytes == (try Data(contentsOf: files.pdf)))
        // The PDF as received still shows the totals.
        let tools = try PDFTools(bytes: Array(pdfBytes), name: "received")
        defer { tools.remove() }
        let text = try tools.text()
        #expect(text.contains("Private share of distance: \(totals.privateShareText) %"))
        #expect(
            text.contains(
                "Reimbursement: \(totals.distanceText(.business)) km business × 0.30 EUR/km = \(totals.reimbursementText) EUR"
            ))
    }

    @Test func plainSMTPDeliversTheReport() throws {
        let sink = try SMTPSink(tls: .none)
        defer { sink.stop() }
        let files = try ReportFiles()
        let mailer = try SMTPMailer(configuration: try configuration(sink, tls: .none, login: false))
        let message = try files.message(to: ["mari@example.com", "accounts@example.com"])
        let receipt = try mailer.send(message)
        print("plain SMTP: sent \(try message.rendered().bytes.count) bytes in \(receipt.seconds) s")
        #expect(receipt.responseCode == 250)
        let received = try #require(try sink.messages(count: 1).first)
        #expect(received.mailFrom == Self.user)
        #expect(received.recipients == ["mari@example.com", "accounts@example.com"])
        #expect(received.login == nil)
        #expect(!received.tls)
        // What the server stored is exactly what was rendered (libcurl's dot-stuffing undone by the server).
        #expect(received.bytes == (try message.rendered().bytes))
        try checkDelivered(received, sink: sink, files: files)
    }

    @Test(arguments: ["PLAIN", "LOGIN"])
    func startTLSWithLogin(mechanism: String) throws {
        let sink = try SMTPSink(tls: .starttls, user: Self.user, password: Self.password, authMechanisms: mechanism)
        defer { sink.stop() }
        let files = try ReportFiles()
        let mailer = try SMTPMailer(configuration: try configuration(sink, tls: .starttls))
        let receipt = try mailer.send(try files.message())
        print("STARTTLS + AUTH \(mechanism): \(receipt.seconds) s")
        let received = try #require(try sink.messages(count: 1).first)
        #expect(received.login == Self.user)
        #expect(received.mechanism == mechanism)
        #expect(received.tls)
        try checkDelivered(received, sink: sink, files: files)
    }

    @Test func implicitTLSWithLogin() throws {
        let sink = try SMTPSink(tls: .implicit, user: Self.user, password: Self.password, authMechanisms: "LOGIN")
        defer { sink.stop() }
        let files = try ReportFiles()
        let mailer = try SMTPMailer(configuration: try configuration(sink, tls: .implicit))
        let receipt = try mailer.send(try files.message())
        print("implicit TLS + AUTH LOGIN: \(receipt.seconds) s")
        let received = try #require(try sink.messages(count: 1).first)
        #expect(received.login == Self.user)
        #expect(received.mechanism == "LOGIN")
        #expect(received.tls)
        try checkDelivered(received, sink: sink, files: files)
    }

    /// An outbox stores the rendered bytes; sending them later delivers the identical message.
    @Test func storedRenderedMailIsSentUnchanged() throws {
        let sink = try SMTPSink(tls: .none)
        defer { sink.stop() }
        let message = MailMessage(
            from: try MailAddress(Self.user), to: [try MailAddress("mari@example.com")], subject: "Stored",
            text: ".\n..leading dots\n.", date: Timestamp(year: 2026, month: 11, day: 1)!)
        let stored = try JSONDecoder().decode(
            RenderedMail.self, from: try JSONEncoder().encode(try message.rendered()))
        try SMTPMailer(configuration: try configuration(sink, tls: .none, login: false)).send(stored)
        let received = try #require(try sink.messages(count: 1).first)
        #expect(received.bytes == stored.bytes)
    }

    @Test func wrongPasswordIsRefusedWithoutShowingIt() throws {
        let sink = try SMTPSink(tls: .starttls, user: Self.user, password: Self.password)
        defer { sink.stop() }
        let wrong = "wrong-Pässwort-1234"
        let mailer = try SMTPMailer(configuration: try configuration(sink, tls: .starttls, password: wrong))
        let error = #expect(throws: MailError.self) {
            try mailer.send(try ReportFiles().message())
        }
        #expect(error?.code == .authentication)
        #expect(error?.exitCode == 77)
        let text = error?.description ?? ""
        #expect(text.contains("127.0.0.1:\(sink.port)"))
        #expect(!text.contains(wrong))
        #expect(!text.contains(Self.password))
    }

    @Test func serverDownIsAClearError() throws {
        let port = try GPSFake.freePort()
        let configuration = MailConfiguration(
            host: "127.0.0.1", port: port, tls: .starttls, user: Self.user, passwordFile: try passwordFile(),
            from: Self.user, timeoutSeconds: 10)
        let message = MailMessage(
            from: try MailAddress(Self.user), to: [try MailAddress("mari@example.com")], subject: "s", text: "t",
            date: Timestamp(year: 2026, month: 11, day: 1)!)
        let error = #expect(throws: MailError.self) { try SMTPMailer(configuration: configuration).send(message) }
        #expect(error?.code == .connection)
        #expect(error?.exitCode == 69)
        #expect(error?.isTransient == true)
        let text = error?.description ?? ""
        #expect(text.hasPrefix("cannot send mail through 127.0.0.1:\(port): "))
        #expect(!text.contains(Self.password))
    }

    @Test func untrustedCertificateFailsTLS() throws {
        let sink = try SMTPSink(tls: .starttls, user: Self.user, password: Self.password)
        defer { sink.stop() }
        let mailer = try SMTPMailer(configuration: try configuration(sink, tls: .starttls, trust: false))
        let error = #expect(throws: MailError.self) {
            try mailer.send(try ReportFiles().message())
        }
        #expect(error?.code == .tls)
        #expect(sink.receivedCount == 0)
    }

    @Test func startTLSRequiredButNotOffered() throws {
        let sink = try SMTPSink(tls: .none)
        defer { sink.stop() }
        let mailer = try SMTPMailer(configuration: try configuration(sink, tls: .starttls, login: false))
        let message = MailMessage(
            from: try MailAddress(Self.user), to: [try MailAddress("mari@example.com")], subject: "s", text: "t",
            date: Timestamp(year: 2026, month: 11, day: 1)!)
        let error = #expect(throws: MailError.self) { try mailer.send(message) }
        #expect(error?.code == .tls)
    }
}
