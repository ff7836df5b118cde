public import CalendarDays
public import Roofing
import Foundation

/// Extra work (`roofing extra`, `POST …/extra-work`, its form): what was done, and hours at an hourly rate or a
/// fixed amount.
public struct RoofingExtraWorkInput: RoofingInput, Hashable {
    public var text: String?
    public var hours: Quantity?
    public var rate: Money?
    public var amount: Money?

    enum CodingKeys: String, CodingKey, CaseIterable { case text, hours, rate, amount }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(text: String, hours: Quantity? = nil, rate: Money? = nil, amount: Money? = nil) {
        self.text = text
        self.hours = hours
        self.rate = rate
        self.amount = amount
    }

    public func validated() throws(ServiceError) -> ExtraWork {
        let text = try Self.text(text, "text", "say what was done")
        if let amount {
            guard hours == nil, rate == nil else {
                throw ServiceError(.invalid, field: "amount", "give an amount, or hours and a rate, not both")
            }
            return ExtraWork(text: text, pricing: .fixed(amount))
        }
        guard let hours else { throw ServiceError(.invalid, field: "hours", "give hours and a rate, or an amount") }
        guard hours.thousandths >= 0 else { throw ServiceError(.invalid, field: "hours", "hours cannot be negative") }
        guard let rate else { throw ServiceError(.invalid, field: "rate", "give the hourly rate with the hours") }
        return ExtraWork(text: text, pricing: .hours(hours, rate: rate))
    }
}

/// A deduction (`roofing deduct`, `POST …/deductions`, its form): what is deducted and a positive amount.
public struct RoofingDeductionInput: RoofingInput, Hashable {
    public var text: String?
    public var amount: Money?

    enum CodingKeys: String, CodingKey, CaseIterable { case text, amount }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(text: String, amount: Money) {
        self.text = text
        self.amount = amount
    }

    public func validated() throws(ServiceError) -> Deduction {
        let text = try Self.text(text, "text", "say what is deducted")
        guard let amount, amount > .zero else {
            throw ServiceError(.invalid, field: "amount", "a deduction is a positive amount (it is subtracted)")
        }
        return Deduction(text: text, amount: amount)
    }
}

/// An advance paid to the team on account (`roofing advance`, `POST …/advances`, its form): a positive amount,
/// the day it was paid and a note.
public struct RoofingAdvanceInput: RoofingInput, Hashable {
    public var amount: Money?
    public var date: CalendarDay?
    public var note: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case amount, date, note }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(amount: Money, date: CalendarDay, note: String? = nil) {
        self.amount = amount
        self.date = date
        self.note = note
    }

    public func validated() throws(ServiceError) -> Advance {
        guard let amount, amount > .zero else {
            throw ServiceError(.invalid, field: "amount", "an advance is a positive amount")
        }
        guard let date else { throw ServiceError(.invalid, field: "date", "the day it was paid (YYYY-MM-DD)") }
        return Advance(date: date, amount: amount, note: note ?? "")
    }
}

/// The hours a roofer worked on a project (`roofing project hours`, `POST …/hours`, its form); a roofer not yet on
/// the team is added.
public struct RoofingHoursInput: RoofingInput, Hashable {
    public var roofer: String?
    public var hours: Quantity?

    enum CodingKeys: String, CodingKey, CaseIterable { case roofer, hours }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(roofer: String, hours: Quantity) {
        self.roofer = roofer
        self.hours = hours
    }

    public func validated() throws(ServiceError) -> (roofer: String, hours: Quantity) {
        guard let roofer, !roofer.trimmingCharacters(in: .whitespaces).isEmpty, !roofer.contains(":") else {
            throw ServiceError(.invalid, field: "roofer", "expected a roofer's name")
        }
        let hours = try Self.required(hours, "hours")
        guard hours.thousandths >= 0 else { throw ServiceError(.invalid, field: "hours", "hours cannot be negative") }
        return (roofer, hours)
    }
}

/// An agreed split (`roofing split`): a percentage for each roofer (summing to 100) or an amount for each (summing
/// to the total); neither returns to the equal hourly rate. Checked against the account when it is saved.
public struct RoofingSplitInput: RoofingInput, Hashable {
    public var percentages: [String: Quantity]?
    public var amounts: [String: Money]?

    enum CodingKeys: String, CodingKey, CaseIterable { case percentages, amounts }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(percentages: [String: Quantity]? = nil, amounts: [String: Money]? = nil) {
        self.percentages = percentages
        self.amounts = amounts
    }

    /// The split, nil for the equal hourly rate.
    public func validated() throws(ServiceError) -> AgreedSplit? {
        switch (percentages, amounts) {
        case (nil, nil): return nil
        case (let percentages?, nil):
            for (roofer, percent) in percentages.sorted(by: { $0.key < $1.key })
            where !(0...100_000).contains(percent.thousandths) {
                throw ServiceError(
                    .invalid, field: "percentages", "\(roofer)'s \(percent) % is not between 0 and 100")
            }
            return .percentages(percentages)
        case (nil, let amounts?): return .amounts(amounts)
        case (.some, .some):
            throw ServiceError(.invalid, field: "amounts", "give percentages or amounts, not both")
        }
    }
}

/// A dated indexing of a catalogue's prices (`roofing catalogue index`): from which day, by how many per cent.
public struct RoofingIndexingInput: RoofingInput, Hashable {
    public var from: CalendarDay?
    public var percent: Quantity?

    enum CodingKeys: String, CodingKey, CaseIterable { case from, percent }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(from: CalendarDay, percent: Quantity) {
        self.from = from
        self.percent = percent
    }

    public func validated() throws(ServiceError) -> PriceIndexing {
        let from = try Self.required(from, "from")
        let percent = try Self.required(percent, "percent")
        guard percent.thousandths > -100_000, percent.thousandths <= 1_000_000 else {
            throw ServiceError(.invalid, field: "percent", "\(percent): expected more than -100 and at most 1000")
        }
        return PriceIndexing(from: from, percent: percent)
    }
}

/// Why a submitted account is reopened for its next version (`roofing revise`).
public struct RoofingReviseInput: RoofingInput, Hashable {
    public var reason: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case reason }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(reason: String) { self.reason = reason }

    public func validated() throws(ServiceError) -> String {
        try Self.text(reason, "reason", "say why the account changes")
    }
}

/// A search of the catalogues (`roofing catalogue search`, `GET …/catalogues/{name}/search`, `/roofing/catalogue`):
/// the text (`q`) by position or name, one catalogue or all, at most `limit` hits per catalogue, priced on `date`
/// (today by default).
public struct RoofingSearchInput: RoofingInput, Hashable {
    public var q: String?
    public var catalogue: String?
    public var limit: Int?
    public var date: CalendarDay?

    enum CodingKeys: String, CodingKey, CaseIterable { case q, catalogue, limit, date }

    public static var fields: [String] { CodingKeys.allCases.map(\.rawValue) }

    public init(q: String, catalogue: String? = nil, limit: Int? = nil, date: CalendarDay? = nil) {
        self.q = q
        self.catalogue = catalogue
        self.limit = limit
        self.date = date
    }

    func validated() throws(ServiceError) -> (text: String, limit: Int) {
        guard let q, !q.isEmpty, q.count <= 200 else {
            throw ServiceError(.invalid, field: "q", "give 1 to 200 characters to look for")
        }
        let limit = limit ?? 50
        guard limit >= 1 else { throw ServiceError(.invalid, field: "limit", "\(limit): expected 1 or more") }
        return (q, limit)
    }
}
