import CalendarDays
import Roofing

/// A roofing account as CSV (RFC 4180 through `ReportCSV`'s fields: CRLF, quoted only when needed, text cells
/// neutralised against formula injection; UTF-8 without a byte order mark). Amounts, quantities and hours are exact
/// decimals with a point (`1234.50`, `33.333`), signed as in the account's JSON: deductions negative, advances and
/// guaranteed pay as the positive sums paid. Column names are English in both languages (a contract for other
/// programs); the labels in the `text` column of the total rows follow the document's language.
public enum RoofingAccountCSV {
    /// The account's columns.
    public static let accountColumns = [
        "kind", "section", "pos", "text", "quantity", "unit", "price", "amount", "date", "note",
    ]

    /// The payroll file's columns.
    public static let payrollColumns = [
        "project", "roofer", "hours", "amount", "hourly", "guaranteed", "advance", "balance", "currency",
    ]

    /// One row per entry, its `kind` first:
    /// - `line`: section, pos, name, quantity, unit, unit price, amount, note;
    /// - `supplement`: pos, name, percent (unit `%`), the base amount as price, amount, the base as note
    ///   (`section:Tagdækning`);
    /// - `extra`: text, hours and hourly rate (empty for a fixed amount), amount;
    /// - `deduction`: text, amount (negative);
    /// - `total`: the account's total;
    /// - `guaranteed`: the guaranteed pay already paid (hours, guaranteed hourly rate, amount);
    /// - `advance`: date, amount, note;
    /// - `surplus`: total − guaranteed − advances;
    /// - `share`: roofer (in `text`), hours, hourly rate (in `price`), their part of the total.
    public static func account(_ document: RoofingAccountDocument) -> String {
        let account = document.account
        let labels = document.labels
        var out = ""
        ReportCSV.appendRecord(accountColumns.map(ReportCSV.Cell.text), to: &out)
        func record(
            _ kind: String, section: String = "", pos: String = "", text: String = "", quantity: Quantity? = nil,
            unit: String = "", price: Money? = nil, amount: Money? = nil, date: String = "", note: String = ""
        ) {
            ReportCSV.appendRecord(
                [
                    .text(kind), .text(section), .text(pos), .text(text), .number(quantity?.description ?? ""),
                    .text(unit), .number(price?.description ?? ""), .number(amount?.description ?? ""), .text(date),
                    .text(note),
                ], to: &out)
        }
        for line in account.lines {
            record(
                "line", section: line.section, pos: line.pos, text: line.name, quantity: line.quantity, unit: line.unit,
                price: line.unitPrice, amount: line.amount, note: line.note)
        }
        for supplement in account.supplements {
            record(
                "supplement", pos: supplement.pos, text: supplement.name, quantity: supplement.percent, unit: "%",
                price: supplement.baseAmount, amount: supplement.amount, note: supplement.base)
        }
        for work in account.extraWork {
            record(
                "extra", text: work.text, quantity: work.hours, unit: work.hours == nil ? "" : labels.hoursUnit,
                price: work.rate, amount: work.amount)
        }
        for deduction in account.deductions {
            record("deduction", text: deduction.text, amount: deduction.amount)
        }
        record("total", text: labels.total, amount: account.total)
        if account.guaranteed != .zero {
            record(
                "guaranteed", text: labels.guaranteedPay, quantity: account.hours, unit: labels.hoursUnit,
                price: document.project.guaranteedHourlyRate, amount: account.guaranteed)
        }
        for payment in account.advancePayments {
            record(
                "advance", text: labels.advances, amount: payment.amount, date: payment.date.description,
                note: payment.note)
        }
        record("surplus", text: labels.surplus, amount: account.surplus)
        for share in account.shares {
            record(
                "share", text: share.roofer, quantity: share.hours, unit: labels.hoursUnit, price: share.hourly,
                amount: share.amount)
        }
        return out
    }

    /// One row per roofer for the payroll: hours, their part of the total (`amount`), the hourly rate it gives,
    /// the guaranteed pay and advances already paid, and the `balance` still due (amount − guaranteed − advance).
    /// The amounts sum to the account's total, the balances to its surplus.
    public static func payroll(_ document: RoofingAccountDocument) -> String {
        let account = document.account
        var out = ""
        ReportCSV.appendRecord(payrollColumns.map(ReportCSV.Cell.text), to: &out)
        for share in account.shares {
            ReportCSV.appendRecord(
                [
                    .text(account.project), .text(share.roofer), .number(share.hours.description),
                    .number(share.amount.description), .number(share.hourly?.description ?? ""),
                    .number(share.guaranteed.description), .number(share.advance.description),
                    .number(share.balance.description), .text(account.currency),
                ], to: &out)
        }
        return out
    }

    /// Writes `account(document)` as UTF-8, atomically.
    public static func writeAccount(_ document: RoofingAccountDocument, to path: String) throws(ReportError) {
        try FileOutput.write(Array(account(document).utf8), to: path)
    }

    /// Writes `payroll(document)` as UTF-8, atomically.
    public static func writePayroll(_ document: RoofingAccountDocument, to path: String) throws(ReportError) {
        try FileOutput.write(Array(payroll(document).utf8), to: path)
    }
}
