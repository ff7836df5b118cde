import Foundation
import LogbookCLI
import LogbookConfiguration
import Mailer
import Reports

/// The `[report]` table of the configuration.
///
/// ```toml
/// [report]
/// rate = "0.30"          # reimbursement per km (or per mile for a vehicle in miles)
/// currency = "EUR"
/// paper = "a4"           # or "letter"
/// byte_order_mark = false
/// email = "accounting@example.com"   # where the daemon sends last month's report
/// send_day = 1           # day of the month (1–28)
/// send_time = "08:00"    # local time
/// ```
struct ReportSettings: Decodable, Sendable {
    var rate: String?
    var currency = "EUR"
    var paper: ReportPDF.Paper = .a4
    var byteOrderMark = false
    var email: String?
    var sendDay = 1
    var sendMinute = 8 * 60

    enum CodingKeys: String, CodingKey {
        case rate, currency, paper, email
        case byteOrderMark = "byte_order_mark"
        case sendDay = "send_day"
        case sendTime = "send_time"
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try? c.decodeIfPresent(String.self, forKey: .rate) {
            rate = text
        } else if let number = try c.decodeIfPresent(Double.self, forKey: .rate) {
            rate = "\(number)"
        }
        if let rate, ReimbursementRate(currency: "EUR", decimal: rate) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .rate, in: c, debugDescription: "expected a decimal such as \"0.30\" (at most 4 decimals)")
        }
        currency = try c.decodeIfPresent(String.self, forKey: .currency) ?? "EUR"
        if let text = try c.decodeIfPresent(String.self, forKey: .paper) {
            guard let paper = ReportPDF.Paper.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() })
            else {
                throw DecodingError.dataCorruptedError(forKey: .paper, in: c, debugDescription: "expected a4 or letter")
            }
            self.paper = paper
        }
        byteOrderMark = try c.decodeIfPresent(Bool.self, forKey: .byteOrderMark) ?? false
        email = try c.decodeIfPresent(String.self, forKey: .email)
        sendDay = try c.decodeIfPresent(Int.self, forKey: .sendDay) ?? 1
        guard (1...28).contains(sendDay) else {
            throw DecodingError.dataCorruptedError(
                forKey: .sendDay, in: c, debugDescription: "must be 1 to 28 (a day every month has)")
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .sendTime) {
            guard let minute = LocalClock.minute(parsing: text) else {
                throw DecodingError.dataCorruptedError(forKey: .sendTime, in: c, debugDescription: "expected HH:MM")
            }
            sendMinute = minute
        }
    }

    func reimbursement() -> ReimbursementRate? {
        rate.flatMap { ReimbursementRate(currency: currency, decimal: $0) }
    }
}

extension ConfigurationOptions {
    func reportSettings() throws -> ReportSettings { try decodeTable(ReportSettings.self, "report") }

    /// The `[mail]` table; nil when the file has none.
    func mailConfiguration() throws -> MailConfiguration? {
        let file = try load()
        guard file.root["mail"] != nil else { return nil }
        return try decodeTable(MailConfiguration.self, "mail")
    }
}
