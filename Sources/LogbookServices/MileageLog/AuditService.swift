public import LogbookStore
import MileageLog

/// The log's tamper-evident history (`logbook audit`): the hash chain and every trip and reading against it.
public struct AuditService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
        try access.requireAdmin()
    }

    /// Checks the chain, then every trip and reading against its history.
    public func verify() throws -> AuditVerificationView { AuditVerificationView(try context.database.verifyAudit()) }

    /// The entries, oldest first: of one trip, or all.
    public func entries(trip: Int64? = nil) throws -> [AuditEntryView] {
        try context.database.auditEntries(trip: trip).map(AuditEntryView.init)
    }
}

/// What `audit verify --format json` says: intact or not, how much was checked, the head to keep elsewhere, and
/// what is wrong.
public struct AuditVerificationView: Encodable, Sendable {
    public var report: AuditReport

    public init(_ report: AuditReport) { self.report = report }

    public var problems: [AuditProblemView] { report.problems.map(AuditProblemView.init) }

    enum CodingKeys: String, CodingKey {
        case intact, entries, trips, problems
        case headSequence = "head_sequence"
        case headHash = "head_hash"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(report.isIntact, forKey: .intact)
        try c.encode(report.entries, forKey: .entries)
        try c.encode(report.trips, forKey: .trips)
        try c.encode(report.head.sequence, forKey: .headSequence)
        try c.encode(report.head.hash, forKey: .headHash)
        try c.encode(problems, forKey: .problems)
    }
}

/// One thing `audit verify` found wrong.
public struct AuditProblemView: Encodable, Sendable {
    public var problem: AuditProblem

    public init(_ problem: AuditProblem) { self.problem = problem }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, sequence, trip, field, message
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(problem.kind.rawValue, forKey: .kind)
        try c.encode(problem.sequence, forKey: .sequence)
        try c.encode(problem.tripID, forKey: .trip)
        try c.encode(problem.field, forKey: .field)
        try c.encode(problem.message, forKey: .message)
    }
}
