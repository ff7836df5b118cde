import Foundation
import LogbookTestSupport
import Mailer
import Testing
import TrackModel

@Suite("MIME") struct MIMETests {
    /// RFC 4648 §10 test vectors.
    @Test(arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ])
    func base64Vectors(input: String, expected: String) {
        #expect(MIME.base64(Array(input.utf8)) == expected)
    }

    @Test func base64Lines() {
        // 57 bytes make one full 76-character line; 58 spill one group onto the next.
        let line = MIME.base64([UInt8](repeating: 0, count: 57))
        #expect(line == String(repeating: "A", count: 76))
        #expect(MIME.base64([UInt8](repeating: 0, count: 58)) == String(repeating: "A", count: 76) + "\r\nAA==")
        #expect(MIME.base64([0xFF, 0xFE, 0xFD]) == "//79")
    }

    @Test(arguments: [
        ("Grüße", "Gr=C3=BC=C3=9Fe"), ("a=b", "a=3Db"), ("trailing space ", "trailing space=20"),
        ("line1\nline2", "line1\r\nline2"), ("line1\r\nline2", "line1\r\nline2"), ("tab\t\nx", "tab=09\r\nx"),
        (
            String(repeating: "a", count: 80),
            String(repeating: "a", count: 75) + "=\r\n" + String(repeating: "a", count: 5)
        ),
        (String(repeating: "a", count: 76), String(repeating: "a", count: 76)),
        (String(repeating: "a", count: 74) + "é", String(repeating: "a", count: 74) + "=\r\n=C3=A9"),
        ("", ""), (".", "."),
    ])
    func quotedPrintable(input: String, expected: String) {
        #expect(MIME.quotedPrintable(input) == expected)
    }

    @Test func encodedWordSubject() {
        // base64 of the UTF-8 bytes, worked out with Python's base64 module.
        #expect(
            MIME.encodedWords("Vehicle log 2026-10 — 123ABC") == "=?UTF-8?B?VmVoaWNsZSBsb2cgMjAyNi0xMCDigJQgMTIzQUJD?=")
        #expect(MIME.encodedWords("Vehicle log 2026-10") == "Vehicle log 2026-10")
        // A line break cannot start a header of its own.
        #expect(MIME.encodedWords("Hi\r\nBcc: evil@example.com") == "Hi  Bcc: evil@example.com")
    }

    @Test func longSubjectsSplitIntoShortWords() {
        let subject = "Fahrtenbuch Oktober 2026 — Jürgen Groß, Straßenbau Süd GmbH, Kennzeichen B-XY 123"
        let encoded = MIME.encodedWords(subject)
        let words = encoded.components(separatedBy: "\r\n ")
        #expect(words.count == 2)  // 87 bytes of UTF-8, at most 45 per word
        for word in words {
            #expect(word.count <= 75)
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
        }
    }

    @Test(arguments: [
        ("report.csv", "filename=\"report.csv\""),
        ("sõidupäevik 2026-10.csv", "filename*=UTF-8''s%C3%B5idup%C3%A4evik%202026-10.csv"),
        ("a\"b.csv", "filename*=UTF-8''a%22b.csv"),
    ])
    func parameters(value: String, expected: String) {
        #expect(MIME.parameter("filename", value) == expected)
    }

    @Test func dates() {
        // Checked with Python's email.utils.format_datetime.
        let instant = Timestamp(year: 2026, month: 11, day: 1, hour: 6)!
        #expect(MIME.date(instant, utcOffsetSeconds: 7_200) == "Sun, 01 Nov 2026 08:00:00 +0200")
        #expect(
            MIME.date(Timestamp(secondsSince1970: 17_999), utcOffsetSeconds: -18_000)
                == "Wed, 31 Dec 1969 23:59:59 -0500")
        #expect(MIME.date(Timestamp(secondsSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 +0000")
    }

    @Test(arguments: ["a@b.c", "mari.ounapuu+logbook@example.com"])
    func validAddresses(address: String) throws {
        #expect(try MailAddress(address).address == address)
    }

    @Test(arguments: [
        "", "a", "@b", "a@", "a@b@c", "a b@c", "<a@b>", "a,b@c", "a@b\r\nRCPT TO:<x@y>", "a@b>", "a;b@c",
    ])
    func invalidAddresses(address: String) {
        let error = #expect(throws: MailError.self) { try MailAddress(address) }
        #expect(error?.code == .invalidMessage)
        #expect(error?.exitCode == 65)
    }

    @Test func parsingDisplayNames() throws {
        let plain = try MailAddress(parsing: "Logbook <logbook@example.com>")
        #expect(plain.address == "logbook@example.com")
        #expect(plain.header == "\"Logbook\" <logbook@example.com>")
        let quoted = try MailAddress(parsing: "\"Groß, Jürgen\" <j@example.de>")
        #expect(quoted.name == "Groß, Jürgen")
        #expect(quoted.header.hasPrefix("=?UTF-8?B?"))
        #expect(try MailAddress(parsing: " bare@example.com ").header == "bare@example.com")
    }

    static let date = Timestamp(year: 2026, month: 11, day: 1, hour: 6)!

    /// A single-part message, byte for byte.
    @Test func renderedTextMessage() throws {
        let message = MailMessage(
            from: try MailAddress("logbook@example.com", name: "Logbook"), to: [try MailAddress("mari@example.com")],
            subject: "Vehicle log 2026-10 — 123ABC", text: "Hello Märt,\n\nTotal: 41557.0 km", date: Self.date,
            utcOffsetSeconds: 7_200, messageID: "<test-1@example.com>")
        let expected =
            "From: \"Logbook\" <logbook@example.com>\r\nTo: mari@example.com\r\n"
            + "Subject: =?UTF-8?B?VmVoaWNsZSBsb2cgMjAyNi0xMCDigJQgMTIzQUJD?=\r\n"
            + "Date: Sun, 01 Nov 2026 08:00:00 +0200\r\nMessage-ID: <test-1@example.com>\r\nMIME-Version: 1.0\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            + "Hello M=C3=A4rt,\r\n\r\nTotal: 41557.0 km\r\n"
        let rendered = try message.rendered()
        #expect(String(decoding: rendered.bytes, as: UTF8.self) == expected)
        #expect(rendered.sender == "logbook@example.com")
        #expect(rendered.recipients == ["mari@example.com"])
        #expect(rendered.messageID == "<test-1@example.com>")
    }

    static func multipart() throws -> MailMessage {
        var generator = SystemRandomNumberGenerator()
        let binary = (0..<5_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return MailMessage(
            from: try MailAddress(parsing: "Põhja Logistika <logbook@example.com>"),
            to: [try MailAddress("mari@example.com"), try MailAddress("raamatupidaja@example.com", name: "Ülle")],
            subject: "Vehicle log 2026-10 — 123ABC",
            text: "Line one\nÕunapuu = 100 %\n.\nFrom here\ntrailing \n" + String(repeating: "long ", count: 40),
            attachments: [
                MailAttachment(
                    filename: "vehicle-log-2026-10-123ABC.csv", mimeType: "text/csv", bytes: Array("a,b\r\n".utf8)),
                MailAttachment(filename: "sõidupäevik.bin", mimeType: "application/octet-stream", bytes: binary),
            ], date: Self.date)
    }

    /// The multipart rendering read back by Python's email package: every part, name and byte as sent.
    @Test func multipartReadsBackWithPython() throws {
        let message = try Self.multipart()
        let rendered = try message.rendered()
        #expect(try message.rendered() == rendered)  // deterministic
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mime-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("message.eml")
        try Data(rendered.bytes).write(to: file)
        let parsed = try SMTPSink.parse(file, attachmentsTo: folder)
        #expect(parsed.defects.isEmpty)
        #expect(parsed.subject == "Vehicle log 2026-10 — 123ABC")
        #expect(parsed.from == "Põhja Logistika <logbook@example.com>")
        #expect(parsed.to == "mari@example.com, Ülle <raamatupidaja@example.com>")
        #expect(parsed.messageID == message.messageID)
        // The line break before a boundary belongs to the boundary; trailing spaces survive quoted-printable.
        #expect(parsed.text == message.text)
        #expect(parsed.attachments.count == 2)
        for (attachment, original) in zip(parsed.attachments, message.attachments) {
            #expect(attachment.filename == original.filename)
            #expect(attachment.contentType == original.mimeType)
            #expect(attachment.defects.isEmpty)
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: attachment.path))) == original.bytes)
        }
        // 7-bit clean with short lines: no transport needs to touch it.
        let lines = String(decoding: rendered.bytes, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines.filter { $0.utf8.count > 78 } == [])
        #expect(rendered.bytes.allSatisfy { $0 < 0x80 })
    }

    @Test func headerInjectionStaysInItsHeader() throws {
        let message = MailMessage(
            from: try MailAddress("logbook@example.com"), to: [try MailAddress("mari@example.com")],
            subject: "Report\r\nBcc: evil@example.com", text: "x", date: Self.date, messageID: "<x@example.com>")
        let text = String(decoding: try message.rendered().bytes, as: UTF8.self)
        #expect(!text.contains("\r\nBcc:"))
        #expect(text.contains("Subject: Report  Bcc: evil@example.com\r\n"))
    }

    @Test func refusesMessagesThatCannotBeSent() throws {
        let noRecipient = MailMessage(
            from: try MailAddress("logbook@example.com"), to: [], subject: "s", text: "t", date: Self.date)
        #expect(throws: MailError.self) { try noRecipient.rendered() }
        var badType = try Self.multipart()
        badType.attachments[0].mimeType = "text/csv; charset=\"x\"\r\nX-Evil: 1"
        #expect(throws: MailError.self) { try badType.rendered() }
    }

    @Test func generatedMessageIDs() throws {
        let from = try MailAddress("logbook@example.com")
        let a = MailMessage(from: from, to: [from], subject: "s", text: "t", date: Self.date)
        let b = MailMessage(from: from, to: [from], subject: "s", text: "t", date: Self.date)
        #expect(a.messageID != b.messageID)
        #expect(a.messageID.hasPrefix("<") && a.messageID.hasSuffix("@example.com>"))
    }
}
