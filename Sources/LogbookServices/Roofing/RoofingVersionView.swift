import Foundation
public import Roofing
public import TrackModel

/// A version of a submitted account, as `roofing history --format json` lists it: its number, who made it, when
/// (ISO 8601 UTC), why, what changed (one text, `; ` between the changes) and the account's total then (null when
/// it cannot be made).
public struct RoofingVersionView: Encodable, Sendable, Hashable {
    public var version: Int
    public var author: String
    public var date: Timestamp
    public var reason: String
    public var changes: String
    public var total: Money?
    /// The currency of the project then (for the table's amounts).
    public var currency: String

    enum CodingKeys: String, CodingKey { case version, author, date, reason, changes, total }

    public init(_ version: ProjectVersion) {
        self.version = version.number
        author = version.author
        date = Timestamp(secondsSince1970: version.date.timeIntervalSince1970)
        reason = version.reason
        changes = version.changes.joined(separator: "; ")
        total = try? Account(version.project).total
        currency = version.project.currency
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(author, forKey: .author)
        try c.encode(date.iso8601, forKey: .date)
        try c.encode(reason, forKey: .reason)
        try c.encode(changes, forKey: .changes)
        try c.encode(total, forKey: .total)
    }
}
