import CalendarDays

/// A roof and its piecework account: where and for whom, the team and their hours, the catalogue it is priced
/// from, and the account's entries. Entries change only while the project is open; after submission a change is a
/// new version (`ProjectHistory.revise`).
public struct Project: Sendable, Hashable, Codable {
    public var name: String
    public var address: String
    /// The customer or employer.
    public var customer: String
    public var start: CalendarDay?
    public var end: CalendarDay?
    public internal(set) var status: ProjectStatus
    /// The catalogue the lines were priced from (its name: trade and year).
    public var catalogue: String
    public var currency: String
    /// The hourly pay each roofer is guaranteed (and paid during the job) whatever the piecework yields.
    public var guaranteedHourlyRate: Money
    public private(set) var roofers: [Roofer]
    public private(set) var lines: [AccountLine]
    public private(set) var supplements: [SupplementLine]
    public private(set) var extraWork: [ExtraWork]
    public private(set) var deductions: [Deduction]
    public private(set) var advances: [Advance]
    public private(set) var agreedSplit: AgreedSplit?

    public init(
        name: String, address: String = "", customer: String = "", start: CalendarDay? = nil,
        end: CalendarDay? = nil, status: ProjectStatus = .open, catalogue: String = "", currency: String = "DKK",
        guaranteedHourlyRate: Money = .zero, roofers: [Roofer] = [], lines: [AccountLine] = [],
        supplements: [SupplementLine] = [], extraWork: [ExtraWork] = [], deductions: [Deduction] = [],
        advances: [Advance] = [], agreedSplit: AgreedSplit? = nil
    ) throws(RoofingError) {
        guard !name.trimmingWhitespace().isEmpty else {
            throw RoofingError(.invalid, path: "name", "a project needs a name")
        }
        if let start, let end, end < start {
            throw RoofingError(.invalid, path: "end", "the project ends (\(end)) before it starts (\(start))")
        }
        var names = Set<String>()
        for roofer in roofers where !names.insert(roofer.name).inserted {
            throw RoofingError(.refused, path: "roofers", "\(roofer.name) is on the project twice")
        }
        self.name = name
        self.address = address
        self.customer = customer
        self.start = start
        self.end = end
        self.status = status
        self.catalogue = catalogue
        self.currency = currency
        self.guaranteedHourlyRate = guaranteedHourlyRate
        self.roofers = roofers
        self.lines = lines
        self.supplements = supplements
        self.extraWork = extraWork
        self.deductions = deductions
        self.advances = advances
        self.agreedSplit = agreedSplit
    }

    func requireOpen() throws(RoofingError) {
        guard status == .open else {
            throw RoofingError(
                .locked, path: "status",
                "\(name) is \(status.rawValue): its account is locked (a change after submission is a new version)")
        }
    }

    // MARK: Team

    /// Adds a roofer, or sets the hours of one already on the project.
    public mutating func setHours(_ hours: Quantity, for roofer: String) throws(RoofingError) {
        try requireOpen()
        guard hours.thousandths >= 0 else { throw RoofingError(.invalid, path: "hours", "hours cannot be negative") }
        if let index = roofers.firstIndex(where: { $0.name == roofer }) {
            roofers[index].hours = hours
        } else {
            let added = try Roofer(parsing: roofer, field: "roofer")
            roofers.append(Roofer(name: added.name, hours: hours))
        }
    }

    public mutating func removeRoofer(_ name: String) throws(RoofingError) {
        try requireOpen()
        guard let index = roofers.firstIndex(where: { $0.name == name }) else {
            throw RoofingError(.notFound, path: "roofer", "\(name) is not on \(self.name)")
        }
        roofers.remove(at: index)
    }

    /// An agreed split instead of the equal hourly rate; nil returns to the equal rate. Checked when the account
    /// is made (the total may still change).
    public mutating func setAgreedSplit(_ split: AgreedSplit?) throws(RoofingError) {
        try requireOpen()
        agreedSplit = split
    }

    // MARK: Lines

    /// Adds a line for `activity` at the price it carries (take it from `Catalogue.activity(_:on:)` for the
    /// indexed price). A supplement is refused here: add it with `addSupplement`.
    @discardableResult
    public mutating func add(_ activity: Activity, quantity: Quantity, note: String = "") throws(RoofingError)
        -> AccountLine
    {
        try requireOpen()
        guard let price = activity.price else {
            throw RoofingError(
                .refused, path: "pos",
                "\(activity.position) is a supplement (% of a base): add it as a supplement, without a quantity")
        }
        let line = AccountLine(
            position: activity.position, section: activity.section, name: activity.name, unit: activity.unit,
            quantity: quantity, unitPrice: price, note: note)
        try Self.checkAmount(line)
        lines.append(line)
        return line
    }

    /// Changes the quantity or note of line `index` (0-based); the price stays the one it was accounted at.
    public mutating func editLine(at index: Int, quantity: Quantity? = nil, note: String? = nil) throws(RoofingError) {
        try requireOpen()
        guard lines.indices.contains(index) else {
            throw RoofingError(.notFound, path: "line", "\(name) has no line \(index + 1)")
        }
        var line = lines[index]
        if let quantity { line.quantity = quantity }
        if let note { line.note = note }
        try Self.checkAmount(line)
        lines[index] = line
    }

    public mutating func removeLine(at index: Int) throws(RoofingError) {
        try requireOpen()
        guard lines.indices.contains(index) else {
            throw RoofingError(.notFound, path: "line", "\(name) has no line \(index + 1)")
        }
        lines.remove(at: index)
    }

    static func checkAmount(_ line: AccountLine) throws(RoofingError) {
        let exact = Int128(line.unitPrice.minorUnits) * Int128(line.quantity.thousandths) / 1_000
        guard exact.magnitude <= UInt128(Money.limit) else {
            throw RoofingError(.invalid, path: "quantity", "the line's amount would be too large")
        }
    }

    // MARK: Supplements

    /// Adds a supplement (a `%` activity). A base naming a position that is a supplement — in the catalogue or
    /// on this project — is refused: a supplement on a supplement is not allowed.
    public mutating func addSupplement(_ activity: Activity, catalogue: Catalogue? = nil) throws(RoofingError) {
        try requireOpen()
        guard let (percent, base) = activity.supplement else {
            throw RoofingError(
                .refused, path: "pos", "\(activity.position) is not a supplement: add it with a quantity")
        }
        try addSupplement(
            SupplementLine(
                position: activity.position, section: activity.section, name: activity.name, percent: percent,
                base: base), catalogue: catalogue)
    }

    public mutating func addSupplement(_ supplement: SupplementLine, catalogue: Catalogue? = nil)
        throws(RoofingError)
    {
        try requireOpen()
        if case .positions(let positions) = supplement.base {
            for position in positions
            where position == supplement.position || supplements.contains(where: { $0.position == position })
                || catalogue?.activity(position)?.isSupplement == true
            {
                throw RoofingError(
                    .refused, path: "base",
                    "supplement \(supplement.position) is based on \(position), a supplement: a supplement on a "
                        + "supplement is not allowed")
            }
        }
        for other in supplements {
            if case .positions(let positions) = other.base, positions.contains(supplement.position) {
                throw RoofingError(
                    .refused, path: "base",
                    "supplement \(other.position) is based on \(supplement.position): a supplement on a supplement "
                        + "is not allowed")
            }
        }
        guard supplement.percent.thousandths >= 0 else {
            throw RoofingError(.invalid, path: "percent", "a supplement's percentage cannot be negative")
        }
        supplements.append(supplement)
    }

    public mutating func removeSupplement(at index: Int) throws(RoofingError) {
        try requireOpen()
        guard supplements.indices.contains(index) else {
            throw RoofingError(.notFound, path: "supplement", "\(name) has no supplement \(index + 1)")
        }
        supplements.remove(at: index)
    }

    // MARK: Extra work, deductions, advances

    public mutating func addExtraWork(_ work: ExtraWork) throws(RoofingError) {
        try requireOpen()
        guard !work.text.trimmingWhitespace().isEmpty else {
            throw RoofingError(.invalid, path: "text", "extra work needs a description")
        }
        if case .hours(let hours, _) = work.pricing, hours.thousandths < 0 {
            throw RoofingError(.invalid, path: "hours", "hours cannot be negative")
        }
        extraWork.append(work)
    }

    public mutating func removeExtraWork(at index: Int) throws(RoofingError) {
        try requireOpen()
        guard extraWork.indices.contains(index) else {
            throw RoofingError(.notFound, path: "extra", "\(name) has no extra work \(index + 1)")
        }
        extraWork.remove(at: index)
    }

    /// A deduction of a positive amount (subtracted from the total).
    public mutating func addDeduction(_ deduction: Deduction) throws(RoofingError) {
        try requireOpen()
        guard deduction.amount > .zero else {
            throw RoofingError(.invalid, path: "amount", "a deduction is a positive amount (it is subtracted)")
        }
        deductions.append(deduction)
    }

    public mutating func removeDeduction(at index: Int) throws(RoofingError) {
        try requireOpen()
        guard deductions.indices.contains(index) else {
            throw RoofingError(.notFound, path: "deduction", "\(name) has no deduction \(index + 1)")
        }
        deductions.remove(at: index)
    }

    /// An advance paid on account (a positive amount), kept in date order.
    public mutating func addAdvance(_ advance: Advance) throws(RoofingError) {
        try requireOpen()
        guard advance.amount > .zero else {
            throw RoofingError(.invalid, path: "amount", "an advance is a positive amount")
        }
        let index = advances.firstIndex { advance.date < $0.date } ?? advances.count
        advances.insert(advance, at: index)
    }

    public mutating func removeAdvance(at index: Int) throws(RoofingError) {
        try requireOpen()
        guard advances.indices.contains(index) else {
            throw RoofingError(.notFound, path: "advance", "\(name) has no advance \(index + 1)")
        }
        advances.remove(at: index)
    }
}
