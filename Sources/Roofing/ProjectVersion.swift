import Foundation

/// One version of a submitted project's account: who made it, when, why and what changed, and the project as
/// it then stood. Version 1 is the account as submitted; each change after that is a new version.
public struct ProjectVersion: Sendable, Hashable, Codable {
    public var number: Int
    public var author: String
    public var date: Date
    /// Why (`submitted`, `corrected the gutter length after measuring again`).
    public var reason: String
    /// What changed, one sentence each (`line 12.3.4: quantity 10 → 12.5`, `total 4714.95 → 5302.10`).
    public var changes: [String]
    public var project: Project

    public init(number: Int, author: String, date: Date, reason: String, changes: [String], project: Project) {
        self.number = number
        self.author = author
        self.date = date
        self.reason = reason
        self.changes = changes
        self.project = project
    }
}
