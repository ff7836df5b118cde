public import TrackModel

/// An e-mail address with an optional display name.
public struct MailAddress: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `local@domain`, as used in the SMTP envelope.
    public var address: String
    public var name: String?

    /// An address; throws when it is not a plain `local@domain` (no spaces, angle brackets, commas or controls,
    /// which could break the envelope or the headers).
    public init(_ address: String, name: String? = nil) throws(MailError) {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        let forbidden = address.unicodeScalars.contains { scalar in
            scalar.value < 0x21 || scalar.value == 0x7F || "<>,;:\"()[]\\".unicodeScalars.contains(scalar)
        }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !forbidden, address.utf8.count <= 254 else {
            throw MailError(code: .invalidMessage, message: "\"\(address.singleLine)\" is not a valid e-mail address")
        }
        self.address = address
        self.name = name.map { $0.singleLine }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Parses `address` or `Display Name <address>`.
    public init(parsing text: String) throws(MailError) {
        let text = text.trimmingBlanks
        if text.hasSuffix(">"), let open = text.lastIndex(of: "<") {
            var name = text[..<open].trimmingBlanks
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
                name = String(name.dropFirst().dropLast())
            }
            try self.init(String(text[text.index(after: open)..<text.index(before: text.endIndex)]), name: name)
        } else {
            try self.init(text)
        }
    }

    /// The header form: `address`, `"Name" <address>` or `=?UTF-8?B?…?= <address>`.
    public var header: String {
        guard let name else { return address }
        let plain = name.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != 0x5C }
        return plain ? "\"\(name)\" <\(address)>" : "\(MIME.encodedWords(name)) <\(address)>"
    }

    public var description: String { header }
}

/// A file attached to a message.
public struct MailAttachment: Sendable, Hashable, Codable {
    public var filename: String
    /// `text/csv`, `application/pdf`, ...
    public var mimeType: String
    public var bytes: [UInt8]

    public init(filename: String, mimeType: String, bytes: [UInt8]) {
        self.filename = filename
        self.mimeType = mimeType
        self.bytes = bytes
    }
}

/// A message to send: a plain-text body and attachments.
///
/// `rendered()` turns it into the exact RFC 5322 bytes that go over the wire, deterministically (the MIME
/// boundary derives from the message ID), so an outbox can store either the message (it is `Codable`) or the
/// rendered bytes, and a retry sends the very same message with the same `Message-ID`.
public struct MailMessage: Sendable, Hashable, Codable {
    public var from: MailAddress
    public var to: [MailAddress]
    /// Any Unicode; encoded per RFC 2047 when needed.
    public var subject: String
    public var text: String
    /// An HTML form of `text`, sent beside it (multipart/alternative) for mail programs that show it.
    public var html: String?
    public var attachments: [MailAttachment]
    /// The `Date:` header: when the message was made, and the offset from UTC to show it in.
    public var date: Timestamp
    public var utcOffsetSeconds: Int
    /// `<unique@domain>`.
    public var messageID: String

    /// A message; without a `messageID` one is made from random bits and the sender's domain.
    public init(
        from: MailAddress, to: [MailAddress], subject: String, text: String, html: String? = nil,
        attachments: [MailAttachment] = [], date: Timestamp, utcOffsetSeconds: Int = 0, messageID: String? = nil
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.attachments = attachments
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
        if let messageID {
            self.messageID = messageID
        } else {
            var generator = SystemRandomNumberGenerator()
            let random = (0..<2).map { _ in String(generator.next() as UInt64, radix: 36) }.joined(separator: ".")
            let domain = from.address.split(separator: "@").last.map(String.init) ?? "logbook.invalid"
            self.messageID = "<\(random)@\(domain)>"
        }
    }

    /// The message as sent: envelope sender and recipients plus the RFC 5322 bytes (CRLF line ends, 7-bit: the
    /// text quoted-printable, attachments base64).
    public func rendered() throws(MailError) -> RenderedMail {
        guard !to.isEmpty else { throw MailError(code: .invalidMessage, message: "the message has no recipient") }
        let id = messageID.singleLine.trimmingBlanks
        guard id.hasPrefix("<"), id.hasSuffix(">"), !id.contains(" ") else {
            throw MailError(code: .invalidMessage, message: "message ID \"\(id)\" is not <unique@domain>")
        }
        var out = ""
        out += "From: \(from.header)\r\n"
        out += "To: \(to.map(\.header).joined(separator: ",\r\n "))\r\n"
        out += "Subject: \(MIME.encodedWords(subject))\r\n"
        out += "Date: \(MIME.date(date, utcOffsetSeconds: utcOffsetSeconds))\r\n"
        out += "Message-ID: \(id)\r\n"
        out += "MIME-Version: 1.0\r\n"
        var textHeaders = "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n"
        var body = MIME.quotedPrintable(text)
        if let html {
            // The text and its HTML form as alternatives, the preferred (HTML) last.
            let alternative = "=_logbook_alt_" + Self.hash(id)
            body =
                "--\(alternative)\r\n" + textHeaders + "\r\n" + body + "\r\n"
                + "--\(alternative)\r\n"
                + "Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
                + MIME.quotedPrintable(html) + "\r\n--\(alternative)--"
            textHeaders = "Content-Type: multipart/alternative;\r\n boundary=\"\(alternative)\"\r\n"
        }
        if attachments.isEmpty {
            out += textHeaders + "\r\n" + body + "\r\n"
        } else {
            // "=_" cannot occur in quoted-printable or base64 text, so the boundary never appears in a part.
            let boundary = "=_logbook_" + Self.hash(id)
            out += "Content-Type: multipart/mixed;\r\n boundary=\"\(boundary)\"\r\n\r\n"
            out += "This is a multi-part message in MIME format.\r\n"
            out += "--\(boundary)\r\n" + textHeaders + "\r\n" + body + "\r\n"
            for attachment in attachments {
                let type = attachment.mimeType.singleLine.trimmingBlanks
                guard type.split(separator: "/").count == 2, !type.contains(where: { $0 == " " || $0 == ";" }) else {
                    throw MailError(code: .invalidMessage, message: "\"\(type)\" is not a MIME type")
                }
                out += "--\(boundary)\r\n"
                // Parameters on continuation lines keep header lines short.
                out += "Content-Type: \(type);\r\n \(MIME.parameter("name", attachment.filename))\r\n"
                out += "Content-Disposition: attachment;\r\n \(MIME.parameter("filename", attachment.filename))\r\n"
                out += "Content-Transfer-Encoding: base64\r\n\r\n"
                out += MIME.base64(attachment.bytes) + "\r\n"
            }
            out += "--\(boundary)--\r\n"
        }
        return RenderedMail(
            sender: from.address, recipients: to.map(\.address), messageID: id, bytes: Array(out.utf8))
    }

    /// 32 hex digits from two FNV-1a hashes of `text` (not cryptographic; only unique enough for a boundary).
    static func hash(_ text: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second &* 0x100_0000_01b3) ^ UInt64(byte)
        }
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(first) + hex(second)
    }
}

/// A message ready for the wire: what an outbox stores and `SMTPMailer.send(_:)` uploads unchanged.
public struct RenderedMail: Sendable, Hashable, Codable {
    /// The envelope sender (`MAIL FROM`).
    public var sender: String
    /// The envelope recipients (`RCPT TO`).
    public var recipients: [String]
    public var messageID: String
    /// The RFC 5322 message, CRLF line ends.
    public var bytes: [UInt8]

    public init(sender: String, recipients: [String], messageID: String, bytes: [UInt8]) {
        self.sender = sender
        self.recipients = recipients
        self.messageID = messageID
        self.bytes = bytes
    }
}

extension StringProtocol {
    var trimmingBlanks: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
