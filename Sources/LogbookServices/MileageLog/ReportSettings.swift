public import ReportDocuments

/// The paper a report's PDF is drawn on (the edges give it to `ReportPDF`).
public enum ReportPaper: String, Sendable, Hashable, CaseIterable {
    case a4 = "A4"
    case letter = "Letter"
}

/// The `[report]` table of the configuration.
///
/// ```toml
/// [report]
/// rate = "0.30"          # reimbursement per km (or per mile for a vehicle in miles)
/// currency = "EUR"
/// paper = "a4"           # or "letter"
/// byte_order_mark = false
/// ```
///
/// `email`, `send_day` and `send_time` (the daemon's monthly report) are the daemon's `ReportSchedule`.
public struct ReportSettings: Decodable, Sendable {
    public var rate: String?
    public var currency = "EUR"
    public var paper: ReportPaper = .a4
    public var byteOrderMark = false

    enum CodingKeys: String, CodingKey {
        case rate, currency, paper
        case byteOrderMark = "byte_order_mark"
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
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
            guard let paper = ReportPaper.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() })
            else {
                throw DecodingError.dataCorruptedError(forKey: .paper, in: c, debugDescription: "expected a4 or letter")
            }
            self.paper = paper
        }
        byteOrderMark = try c.decodeIfPresent(Bool.self, forKey: .byteOrderMark) ?? false
    }

    public func reimbursement() -> ReimbursementRate? {
        rate.flatMap { ReimbursementRate(currency: currency, decimal: $0) }
    }
}
