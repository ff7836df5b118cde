import CalendarDays
import Roofing

/// A project's final piecework account ("akkordopgørelse") ready to print or export: the project, its computed
/// account, the language of the labels and the date of the account. `RoofingAccountPDF` lays it out,
/// `RoofingAccountCSV` writes it as rows.
///
/// Amounts are shown in Danish form (`1.234,50`) in both languages: the account is a Danish one; only the labels
/// change. The CSV files always use the exact decimals with a point (`1234.50`).
public struct RoofingAccountDocument: Sendable, Hashable {
    public enum Language: String, Sendable, Hashable, Codable, CaseIterable {
        case danish
        case english
    }

    /// The measured lines of one catalogue section, in the order they were entered, and their sum.
    public struct Section: Sendable, Hashable {
        /// The section's name as the catalogue gives it (empty for lines without one).
        public var name: String
        public var lines: [Account.Line]
        public var total: Money
    }

    /// A photo for the appendix: the file's bytes, its caption, the file's original name, its EXIF orientation
    /// (1–8; nil or 1 upright) and its format.
    public struct Photo: Sendable, Hashable {
        public var bytes: [UInt8]
        public var caption: String
        public var originalName: String
        public var orientation: Int?
        public var format: PhotoFile.Kind

        public init(
            bytes: [UInt8], caption: String, originalName: String, orientation: Int? = nil, format: PhotoFile.Kind
        ) {
            self.bytes = bytes
            self.caption = caption
            self.originalName = originalName
            self.orientation = orientation
            self.format = format
        }
    }

    public var project: Project
    public var account: Account
    public var language: Language
    /// The day the account is made up; printed in the header and written as the PDF's creation date. When nil, the
    /// project's end (or start) stands in for the creation date, so the same document always gives the same bytes.
    public var date: CalendarDay?
    /// The project's photos, printed after the signatures as an appendix (none: no appendix).
    public var photos: [Photo]

    /// `account` must be `Account(project)` (the project supplies the header: address, customer, period, team).
    public init(
        project: Project, account: Account, language: Language = .danish, date: CalendarDay? = nil,
        photos: [Photo] = []
    ) {
        self.project = project
        self.account = account
        self.language = language
        self.date = date
        self.photos = photos
    }

    /// The document of `project` with its account computed here; refused as `Account(project)` is.
    public init(
        project: Project, language: Language = .danish, date: CalendarDay? = nil, photos: [Photo] = []
    ) throws(RoofingError) {
        self.init(project: project, account: try Account(project), language: language, date: date, photos: photos)
    }

    public var labels: RoofingAccountLabels { RoofingAccountLabels(language) }

    /// The measured lines grouped by section, sections in the order they first appear.
    public var sections: [Section] {
        var order: [String] = []
        var lines: [String: [Account.Line]] = [:]
        for line in account.lines {
            if lines[line.section] == nil { order.append(line.section) }
            lines[line.section, default: []].append(line)
        }
        return order.map { name in
            let group = lines[name] ?? []
            let total = (try? Money.sum(group.map(\.amount), field: "section")) ?? .zero
            return Section(name: name, lines: group, total: total)
        }
    }

    /// `YYYY-MM-DDT00:00:00Z` from the account's date (else the project's end or start, else 1970-01-01).
    public var createdAt: String {
        let day = date ?? project.end ?? project.start ?? CalendarDay(dayNumber: 0)
        return "\(day)T00:00:00Z"
    }

    // MARK: Display forms

    /// The currency's short form: `kr.` for DKK, else the code.
    public var currencySymbol: String { account.currency == "DKK" ? "kr." : account.currency }

    /// `1.234,50` (no currency).
    public func amount(_ money: Money) -> String {
        let text = money.danish(currency: account.currency)
        let suffix = " " + currencySymbol
        return text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text
    }

    /// `1.234,50 kr.`
    public func amountWithCurrency(_ money: Money) -> String { money.danish(currency: account.currency) }

    /// `33,333`, `12,5`, `7`.
    public func quantity(_ quantity: Quantity) -> String { quantity.danish }

    /// `02.03.2026` in Danish, `2026-03-02` in English.
    public func day(_ day: CalendarDay) -> String {
        switch language {
        case .english: return day.description
        case .danish:
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            return "\(two(day.day)).\(two(day.month)).\(day.year)"
        }
    }

    /// `02.03.2026 – 27.03.2026`, `fra 02.03.2026`, or empty without dates.
    public var period: String {
        switch (project.start, project.end) {
        case (let start?, let end?): day(start) + " – " + day(end)
        case (let start?, nil): labels.from + " " + day(start)
        case (nil, let end?): labels.until + " " + day(end)
        case (nil, nil): ""
        }
    }

    /// The section's heading: its name, or "Øvrige arbejder" for lines without a section.
    public func sectionTitle(_ section: Section) -> String { section.name.isEmpty ? labels.otherWork : section.name }

    /// What a supplement is a percentage of, in words: `12,5 % af 21.394,78 (Tagdækning)`.
    public func supplementBasis(_ supplement: Account.Supplement) -> String {
        let base: String
        if supplement.base.hasPrefix("section:") {
            base = String(supplement.base.dropFirst("section:".count))
        } else if supplement.base.hasPrefix("positions:") {
            let positions = supplement.base.dropFirst("positions:".count).split(separator: " ")
            base = labels.positionsShort + " " + positions.joined(separator: ", ")
        } else {
            base = labels.allMeasuredWork
        }
        return "\(quantity(supplement.percent)) % \(labels.of) \(amount(supplement.baseAmount)) (\(base))"
    }

    /// The header's label and value pairs (rows without a value left out).
    public var header: [(label: String, value: String)] {
        let roofers = account.shares.map(\.roofer).joined(separator: ", ")
        var rows: [(label: String, value: String)] = [
            (labels.project, project.name), (labels.address, project.address), (labels.customer, project.customer),
            (labels.roofers, roofers), (labels.period, period), (labels.catalogue, project.catalogue),
        ]
        if project.guaranteedHourlyRate != .zero {
            rows.append((labels.guaranteedRate, amountWithCurrency(project.guaranteedHourlyRate)))
        }
        if let date { rows.append((labels.date, day(date))) }
        return rows.filter { !$0.value.isEmpty }
    }
}

/// The printed and exported words of a roofing account in one language.
public struct RoofingAccountLabels: Sendable, Hashable {
    public var title, project, address, customer, roofers, period, catalogue, guaranteedRate, date: String
    public var from, until, continued: String
    public var position, description, quantity, unit, unitPrice, amount: String
    public var otherWork, sectionTotalSuffix: String
    public var supplements, of, allMeasuredWork, positionsShort: String
    public var extraWork, hoursUnit, fixedAmount: String
    public var deductions: String
    public var linesTotal, supplementsTotal, extraWorkTotal, deductionsTotal, total: String
    public var guaranteedPay, at, advances, surplus: String
    public var amountsIn, distribution, roofer, hours, share, hourly, guaranteed, advance, balance, sum: String
    public var splitHours, splitPercentages, splitAmounts, unshared: String
    public var signatures, dateAndSignature, rooferSignature, employerSignature: String
    public var photosAppendix, heicNotShown, photoNotShown: String
    public var language: RoofingAccountDocument.Language

    public init(_ language: RoofingAccountDocument.Language) {
        self.language = language
        switch language {
        case .danish:
            title = "Akkordopgørelse"
            project = "Projekt"
            address = "Adresse"
            customer = "Kunde / arbejdsgiver"
            roofers = "Tagdækkere"
            period = "Periode"
            catalogue = "Prisliste"
            guaranteedRate = "Garanteret timeløn"
            date = "Opgjort den"
            from = "fra"
            until = "til"
            continued = "fortsat"
            position = "Pos."
            description = "Arbejde"
            quantity = "Mængde"
            unit = "Enhed"
            unitPrice = "Enhedspris"
            amount = "Beløb"
            otherWork = "Øvrige arbejder"
            sectionTotalSuffix = "i alt"
            supplements = "Tillæg"
            of = "af"
            allMeasuredWork = "alle målte arbejder"
            positionsShort = "pos."
            extraWork = "Ekstraarbejde"
            hoursUnit = "timer"
            fixedAmount = "fast beløb"
            deductions = "Fradrag"
            linesTotal = "Målte arbejder"
            supplementsTotal = "Tillæg"
            extraWorkTotal = "Ekstraarbejde"
            deductionsTotal = "Fradrag"
            total = "I alt"
            guaranteedPay = "Garantiløn udbetalt"
            at = "à"
            advances = "Acontobetalinger"
            surplus = "Overskud"
            amountsIn = "beløb i"
            distribution = "Fordeling"
            roofer = "Tagdækker"
            hours = "Timer"
            share = "Andel"
            hourly = "Timeløn"
            guaranteed = "Garantiløn"
            advance = "Aconto"
            balance = "Til udbetaling"
            sum = "I alt"
            splitHours = "fordelt efter timer – samme timeløn for alle"
            splitPercentages = "fordelt efter aftalte procenter"
            splitAmounts = "fordelt efter aftalte beløb"
            unshared = "Ikke fordelt – der er ikke indtastet timer"
            signatures = "Underskrifter"
            dateAndSignature = "dato og underskrift"
            rooferSignature = "Tagdækker"
            employerSignature = "Arbejdsgiver"
            photosAppendix = "Bilag: fotos"
            heicNotShown = "HEIC-foto, kan ikke vises"
            photoNotShown = "Fotoet kan ikke vises"
        case .english:
            title = "Piecework account"
            project = "Project"
            address = "Address"
            customer = "Customer / employer"
            roofers = "Roofers"
            period = "Period"
            catalogue = "Price list"
            guaranteedRate = "Guaranteed rate"
            date = "Date of account"
            from = "from"
            until = "until"
            continued = "continued"
            position = "Pos."
            description = "Work"
            quantity = "Quantity"
            unit = "Unit"
            unitPrice = "Unit price"
            amount = "Amount"
            otherWork = "Other work"
            sectionTotalSuffix = "total"
            supplements = "Supplements"
            of = "of"
            allMeasuredWork = "all measured work"
            positionsShort = "pos."
            extraWork = "Extra work"
            hoursUnit = "hours"
            fixedAmount = "fixed amount"
            deductions = "Deductions"
            linesTotal = "Measured work"
            supplementsTotal = "Supplements"
            extraWorkTotal = "Extra work"
            deductionsTotal = "Deductions"
            total = "Total"
            guaranteedPay = "Guaranteed pay paid"
            at = "at"
            advances = "Advances paid"
            surplus = "Surplus"
            amountsIn = "amounts in"
            distribution = "Distribution"
            roofer = "Roofer"
            hours = "Hours"
            share = "Share"
            hourly = "Hourly rate"
            guaranteed = "Guaranteed"
            advance = "Advances"
            balance = "Balance due"
            sum = "Total"
            splitHours = "shared by hours worked – the same hourly rate for all"
            splitPercentages = "shared by agreed percentages"
            splitAmounts = "shared by agreed amounts"
            unshared = "Not shared – no hours have been entered"
            signatures = "Signatures"
            dateAndSignature = "date and signature"
            rooferSignature = "Roofer"
            employerSignature = "Employer"
            photosAppendix = "Appendix: photos"
            heicNotShown = "HEIC photo, cannot be shown"
            photoNotShown = "The photo cannot be shown"
        }
    }

    /// "Side 2 af 3" / "Page 2 of 3".
    public func page(_ number: Int, of count: Int) -> String {
        switch language {
        case .danish: "Side \(number) af \(count)"
        case .english: "Page \(number) of \(count)"
        }
    }
}
