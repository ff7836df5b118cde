import CalendarDays
import Foundation

/// The piecework account of a project, computed from its entries: what the CLI prints, the server returns and the
/// PDF lays out.
///
/// - total = measured lines + supplements + extra work − deductions (each line rounded to øre first).
/// - surplus = total − guaranteed hourly pay (each roofer's hours × the project's guaranteed rate, rounded) −
///   advances.
/// - Shares: the whole piecework sum (the total, not only the surplus) is divided by the hours worked, as the
///   akkord practice does; each roofer's `amount` is their hours' part of the total, `hourly` that amount per hour
///   (the same for all), and `balance` what is still due: amount − their guaranteed pay − their part of the
///   advances (advances are shared by the same key). The balances sum to the surplus. An agreed split replaces
///   the hours as the key (percentages, or fixed amounts that must sum to the total).
/// - Rounding: parts are floored to øre and the øre left over go one each to the largest remainders (ties: the
///   roofer listed first), so the shares sum exactly to the amount shared.
///
/// JSON (amounts strings with two places, quantities and hours exact strings):
/// `{"project", "currency", "lines": [{"pos", "section", "name", "unit", "quantity", "unit_price", "amount",
/// "note"}], "supplements": [{"pos", "name", "percent", "base", "base_amount", "amount"}], "extra_work": [{"text",
/// "hours", "rate", "amount"}], "deductions": [{"text", "amount"}] (amounts negative), "lines_total",
/// "supplements_total", "extra_work_total", "deductions_total", "total", "advances", "advance_payments": [{"date",
/// "amount", "note"}], "guaranteed", "surplus", "hours", "hourly", "split", "shares": [{"roofer", "hours",
/// "amount", "hourly", "guaranteed", "advance", "balance"}], "unshared"}`.
public struct Account: Sendable, Hashable, Encodable {
    public struct Line: Sendable, Hashable, Encodable {
        public var pos: String
        public var section: String
        public var name: String
        public var unit: String
        public var quantity: Quantity
        public var unitPrice: Money
        public var amount: Money
        public var note: String

        enum CodingKeys: String, CodingKey {
            case pos, section, name, unit, quantity, amount, note
            case unitPrice = "unit_price"
        }
    }

    public struct Supplement: Sendable, Hashable, Encodable {
        public var pos: String
        public var name: String
        public var percent: Quantity
        public var base: String
        public var baseAmount: Money
        public var amount: Money

        enum CodingKeys: String, CodingKey {
            case pos, name, percent, base, amount
            case baseAmount = "base_amount"
        }
    }

    public struct Extra: Sendable, Hashable, Encodable {
        public var text: String
        public var hours: Quantity?
        public var rate: Money?
        public var amount: Money
    }

    public struct Deduction: Sendable, Hashable, Encodable {
        public var text: String
        /// Negative: a deduction is a negative line.
        public var amount: Money
    }

    public struct AdvancePayment: Sendable, Hashable, Encodable {
        public var date: CalendarDay
        public var amount: Money
        public var note: String
    }

    public struct Share: Sendable, Hashable, Encodable {
        public var roofer: String
        public var hours: Quantity
        /// The roofer's part of the total.
        public var amount: Money
        /// `amount` per hour worked; nil without hours.
        public var hourly: Money?
        /// Hours × the guaranteed rate, already paid as wages.
        public var guaranteed: Money
        /// The roofer's part of the advances.
        public var advance: Money
        /// Still due: amount − guaranteed − advance (the roofer's part of the surplus).
        public var balance: Money

        enum CodingKeys: String, CodingKey { case roofer, hours, amount, hourly, guaranteed, advance, balance }

        /// Every key always present (`hourly` null without hours).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(roofer, forKey: .roofer)
            try container.encode(hours, forKey: .hours)
            try container.encode(amount, forKey: .amount)
            try container.encode(hourly, forKey: .hourly)
            try container.encode(guaranteed, forKey: .guaranteed)
            try container.encode(advance, forKey: .advance)
            try container.encode(balance, forKey: .balance)
        }
    }

    public enum Split: String, Sendable, Hashable, Encodable {
        case hours
        case percentages
        case amounts
    }

    public var project: String
    public var currency: String
    public var lines: [Line]
    public var supplements: [Supplement]
    public var extraWork: [Extra]
    public var deductions: [Deduction]
    public var linesTotal: Money
    public var supplementsTotal: Money
    public var extraWorkTotal: Money
    /// Positive: the sum subtracted.
    public var deductionsTotal: Money
    public var total: Money
    public var advances: Money
    public var advancePayments: [AdvancePayment]
    public var guaranteed: Money
    public var surplus: Money
    public var hours: Quantity
    /// The total per hour worked; nil without hours.
    public var hourly: Money?
    public var split: Split
    public var shares: [Share]
    /// What could not be shared because no hours are entered (the total then; zero otherwise). An account with
    /// something unshared is not submitted.
    public var unshared: Money

    enum CodingKeys: String, CodingKey {
        case project, currency, lines, supplements, deductions, total, advances, guaranteed, surplus, hours, hourly
        case split, shares, unshared
        case extraWork = "extra_work"
        case linesTotal = "lines_total"
        case supplementsTotal = "supplements_total"
        case extraWorkTotal = "extra_work_total"
        case deductionsTotal = "deductions_total"
        case advancePayments = "advance_payments"
    }

    /// The account of `project`. Without hours (and no agreed split) nothing is shared: the shares are zero and
    /// `unshared` holds the total. Refused when an agreed split does not name every roofer, names others, or does
    /// not add up.
    public init(_ project: Project) throws(RoofingError) {
        self.project = project.name
        currency = project.currency
        lines = project.lines.map {
            Line(
                pos: $0.position, section: $0.section, name: $0.name, unit: $0.unit.description,
                quantity: $0.quantity, unitPrice: $0.unitPrice, amount: $0.amount, note: $0.note)
        }
        supplements = try project.supplements.map { (supplement) throws(RoofingError) in
            let base = try Money.sum(supplement.baseLines(project.lines).map(\.amount), field: "supplements")
            return Supplement(
                pos: supplement.position, name: supplement.name, percent: supplement.percent,
                base: supplement.base.description, baseAmount: base, amount: base.percent(supplement.percent))
        }
        extraWork = project.extraWork.map { work in
            switch work.pricing {
            case .hours(let hours, let rate): Extra(text: work.text, hours: hours, rate: rate, amount: work.amount)
            case .fixed(let amount): Extra(text: work.text, hours: nil, rate: nil, amount: amount)
            }
        }
        deductions = project.deductions.map { Deduction(text: $0.text, amount: -$0.amount) }
        linesTotal = try Money.sum(lines.map(\.amount), field: "lines")
        supplementsTotal = try Money.sum(supplements.map(\.amount), field: "supplements")
        extraWorkTotal = try Money.sum(extraWork.map(\.amount), field: "extra_work")
        deductionsTotal = try Money.sum(project.deductions.map(\.amount), field: "deductions")
        total = try Money.sum([linesTotal, supplementsTotal, extraWorkTotal, -deductionsTotal], field: "total")
        advancePayments = project.advances.map { AdvancePayment(date: $0.date, amount: $0.amount, note: $0.note) }
        advances = try Money.sum(project.advances.map(\.amount), field: "advances")
        let guaranteedPay = project.roofers.map { project.guaranteedHourlyRate.times($0.hours) }
        guaranteed = try Money.sum(guaranteedPay, field: "guaranteed")
        surplus = try Money.sum([total, -guaranteed, -advances], field: "surplus")
        hours = Quantity(thousandths: project.roofers.reduce(0) { $0 + $1.hours.thousandths })
        hourly = total.divided(by: hours)

        let roofers = project.roofers
        let weights: [Int128]
        var amounts: [Money]
        unshared = .zero
        switch project.agreedSplit {
        case nil:
            split = .hours
            weights = roofers.map { Int128($0.hours.thousandths) }
            if hours == .zero {
                unshared = total
                amounts = roofers.map { _ in .zero }
            } else {
                amounts = try Self.allocate(total, weights: weights, field: "roofers")
            }
        case .percentages(let percentages):
            split = .percentages
            let parts = try Self.agreed(percentages, roofers: roofers)
            let sum = parts.reduce(0) { $0 + $1.thousandths }
            guard sum == 100_000 else {
                throw RoofingError(
                    .invalid, path: "split",
                    "the agreed percentages sum to \(Quantity(thousandths: sum)) %, not 100 %")
            }
            weights = parts.map { Int128($0.thousandths) }
            amounts = try Self.allocate(total, weights: weights, field: "split")
        case .amounts(let fixed):
            split = .amounts
            amounts = try Self.agreed(fixed, roofers: roofers)
            let sum = try Money.sum(amounts, field: "split")
            guard sum == total else {
                throw RoofingError(
                    .invalid, path: "split", "the agreed amounts sum to \(sum), the total to share is \(total)")
            }
            weights = amounts.map { Int128($0.minorUnits) }
        }
        let advanceParts =
            weights.contains(where: { $0 < 0 }) || advances == .zero || unshared != .zero
            ? roofers.map { _ in Money.zero } : try Self.allocate(advances, weights: weights, field: "advances")
        shares = roofers.indices.map { i in
            Share(
                roofer: roofers[i].name, hours: roofers[i].hours, amount: amounts[i],
                hourly: amounts[i].divided(by: roofers[i].hours), guaranteed: guaranteedPay[i],
                advance: advanceParts[i], balance: amounts[i] - guaranteedPay[i] - advanceParts[i])
        }
    }

    private static func agreed<Value>(_ parts: [String: Value], roofers: [Roofer]) throws(RoofingError) -> [Value] {
        for name in parts.keys.sorted() where !roofers.contains(where: { $0.name == name }) {
            throw RoofingError(.notFound, path: "split", "the agreed split names \(name), who is not on the project")
        }
        var values: [Value] = []
        for roofer in roofers {
            guard let value = parts[roofer.name] else {
                throw RoofingError(.invalid, path: "split", "the agreed split leaves out \(roofer.name)")
            }
            values.append(value)
        }
        return values
    }

    /// `amount` divided in proportion to `weights` (non-negative, not all zero unless the amount is zero): each
    /// part floored to øre (towards zero), then the øre left over given one each to the largest remainders, the
    /// first listed first among equal ones. The parts sum to exactly `amount`.
    public static func allocate(_ amount: Money, weights: [Int128], field: String = "roofers") throws(RoofingError)
        -> [Money]
    {
        if amount == .zero { return weights.map { _ in .zero } }
        let sum = weights.reduce(0, +)
        guard sum > 0, !weights.contains(where: { $0 < 0 }) else {
            throw RoofingError(
                .invalid, path: field, "no hours are entered, so \(amount) cannot be shared: enter each roofer's hours")
        }
        let magnitude = Int128(amount.minorUnits.magnitude)
        var parts = weights.map { magnitude * $0 / sum }
        let remainders = weights.map { magnitude * $0 % sum }
        let leftover = Int(magnitude - parts.reduce(0, +))
        let order = weights.indices.sorted { (remainders[$0], -$0) > (remainders[$1], -$1) }
        for index in order.prefix(leftover) { parts[index] += 1 }
        return parts.map { Money(exact: amount.isNegative ? -$0 : $0) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(project, forKey: .project)
        try container.encode(currency, forKey: .currency)
        try container.encode(lines, forKey: .lines)
        try container.encode(supplements, forKey: .supplements)
        try container.encode(extraWork, forKey: .extraWork)
        try container.encode(deductions, forKey: .deductions)
        try container.encode(linesTotal, forKey: .linesTotal)
        try container.encode(supplementsTotal, forKey: .supplementsTotal)
        try container.encode(extraWorkTotal, forKey: .extraWorkTotal)
        try container.encode(deductionsTotal, forKey: .deductionsTotal)
        try container.encode(total, forKey: .total)
        try container.encode(advances, forKey: .advances)
        try container.encode(advancePayments, forKey: .advancePayments)
        try container.encode(guaranteed, forKey: .guaranteed)
        try container.encode(surplus, forKey: .surplus)
        try container.encode(hours, forKey: .hours)
        try container.encode(hourly, forKey: .hourly)
        try container.encode(split, forKey: .split)
        try container.encode(shares, forKey: .shares)
        try container.encode(unshared, forKey: .unshared)
    }

    /// The contract's JSON (keys sorted, so the same account gives the same bytes).
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }
}
