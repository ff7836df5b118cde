import CalendarDays
import Foundation

/// A project with the versions of its account: while open it is edited in place; `submit` locks it and records
/// version 1; `revise` changes a submitted project only as a new version (who, when, why, what); `settle` ends
/// all changes. The caller supplies the time (the pure core reads no clock); the store persists the versions.
public struct ProjectHistory: Sendable, Hashable, Codable {
    public private(set) var project: Project
    public private(set) var versions: [ProjectVersion]

    public init(project: Project, versions: [ProjectVersion] = []) {
        self.project = project
        self.versions = versions
    }

    /// Edits an open project in place (no version: nothing was submitted yet).
    public mutating func edit(_ change: (inout Project) throws(RoofingError) -> Void) throws(RoofingError) {
        try project.requireOpen()
        try change(&project)
    }

    /// Locks the account and records it as version 1. The account must be computable and fully shared.
    @discardableResult
    public mutating func submit(by author: String, at date: Date, reason: String = "submitted") throws(RoofingError)
        -> ProjectVersion
    {
        try project.requireOpen()
        let account = try Account(project)
        guard account.unshared == .zero else {
            throw RoofingError(
                .refused, path: "roofers",
                "\(account.unshared) cannot be shared: enter the hours each roofer worked before submitting")
        }
        project.status = .submitted
        let version = ProjectVersion(
            number: versions.count + 1, author: author, date: date, reason: reason, changes: [], project: project)
        versions.append(version)
        return version
    }

    /// A change to a submitted account, kept as a new version with what changed. A change that changes nothing
    /// is refused, and so is any change once the project is settled.
    @discardableResult
    public mutating func revise(
        by author: String, at date: Date, reason: String, _ change: (inout Project) throws(RoofingError) -> Void
    ) throws(RoofingError) -> ProjectVersion {
        guard project.status == .submitted else {
            throw RoofingError(
                project.status == .open ? .refused : .locked, path: "status",
                project.status == .open
                    ? "\(project.name) is open: edit it directly (versions begin when it is submitted)"
                    : "\(project.name) is settled: its account can no longer change")
        }
        guard !author.trimmingWhitespace().isEmpty else {
            throw RoofingError(.invalid, path: "author", "a new version needs the name of who made it")
        }
        var changed = project
        changed.status = .open
        try change(&changed)
        changed.status = .submitted
        let changes = try ProjectHistory.changes(from: project, to: changed)
        guard !changes.isEmpty else { throw RoofingError(.refused, path: "", "the change changes nothing") }
        project = changed
        let version = ProjectVersion(
            number: versions.count + 1, author: author, date: date, reason: reason, changes: changes, project: project)
        versions.append(version)
        return version
    }

    /// Marks the account paid out; no change after that.
    public mutating func settle(by author: String, at date: Date) throws(RoofingError) {
        guard project.status == .submitted else {
            throw RoofingError(
                .refused, path: "status",
                "\(project.name) is \(project.status.rawValue): only a submitted account is settled")
        }
        project.status = .settled
        versions.append(
            ProjectVersion(
                number: versions.count + 1, author: author, date: date, reason: "settled",
                changes: ["status submitted → settled"],
                project: project))
    }

    /// What differs between two states of a project, one sentence each, in a fixed order.
    public static func changes(from old: Project, to new: Project) throws(RoofingError) -> [String] {
        var changes: [String] = []
        func field(_ label: String, _ a: String, _ b: String) { if a != b { changes.append("\(label) \(a) → \(b)") } }
        field("name", old.name, new.name)
        field("address", old.address, new.address)
        field("customer", old.customer, new.customer)
        field("start", old.start?.description ?? "-", new.start?.description ?? "-")
        field("end", old.end?.description ?? "-", new.end?.description ?? "-")
        field("guaranteed rate", old.guaranteedHourlyRate.description, new.guaranteedHourlyRate.description)
        func list<T>(_ label: String, _ a: [T], _ b: [T], _ text: (T) -> String) {
            let before = a.map(text)
            let after = b.map(text)
            for item in before where !after.contains(item) { changes.append("removed \(label) \(item)") }
            for item in after where !before.contains(item) { changes.append("added \(label) \(item)") }
        }
        list("roofer", old.roofers, new.roofers) { "\($0.name) \($0.hours) h" }
        list("line", old.lines, new.lines) {
            "\($0.position) \($0.quantity) \($0.unit) × \($0.unitPrice)" + ($0.note.isEmpty ? "" : " (\($0.note))")
        }
        list("supplement", old.supplements, new.supplements) { "\($0.position) \($0.percent) % of \($0.base)" }
        list("extra work", old.extraWork, new.extraWork) { "\($0.text) \($0.amount)" }
        list("deduction", old.deductions, new.deductions) { "\($0.text) \($0.amount)" }
        list("advance", old.advances, new.advances) { "\($0.date) \($0.amount)" }
        if old.agreedSplit != new.agreedSplit { changes.append("agreed split changed") }
        if !changes.isEmpty {
            let before = try? Account(old).total
            let after = try Account(new).total
            if let before, before != after { changes.append("total \(before) → \(after)") }
        }
        return changes
    }
}
