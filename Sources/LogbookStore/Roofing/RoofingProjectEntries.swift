import Roofing

/// A project's entries as its rows hold them: read together when the project is loaded, replaced together when it
/// is saved.
struct RoofingProjectEntries {
    var roofers: [Roofer] = []
    var lines: [AccountLine] = []
    var supplements: [SupplementLine] = []
    var extraWork: [ExtraWork] = []
    var deductions: [Deduction] = []
    var advances: [Advance] = []
    var agreedSplit: AgreedSplit?

    init(_ project: Project) {
        roofers = project.roofers
        lines = project.lines
        supplements = project.supplements
        extraWork = project.extraWork
        deductions = project.deductions
        advances = project.advances
        agreedSplit = project.agreedSplit
    }

    /// The entries of project `id`; a stored value the model refuses is a `RoofingError`.
    static func load(project id: Int64, _ db: any SQLSession) throws -> RoofingProjectEntries {
        let lineRows = try RoofingLineRecord.of(project: id, db)
        let supplementRows = try RoofingSupplementRecord.of(project: id, db)
        var entries = RoofingProjectEntries()
        entries.roofers = try RoofingRooferRecord.of(project: id, db).map(\.roofer)
        entries.extraWork = try RoofingExtraWorkRecord.of(project: id, db).map(\.work)
        entries.deductions = try RoofingDeductionRecord.of(project: id, db).map(\.deduction)
        entries.advances = try RoofingAdvanceRecord.of(project: id, db).map(\.advance)
        entries.agreedSplit = RoofingSplitRecord.split(try RoofingSplitRecord.split(project: id, db))
        for row in lineRows { entries.lines.append(try row.line()) }
        for row in supplementRows { entries.supplements.append(try row.supplement()) }
        return entries
    }

    private init() {}

    /// Replaces the rows of project `id` by these entries.
    func write(project id: Int64, _ db: any SQLSession) throws {
        try RoofingRooferRecord.deleteAll(project: id, db)
        try RoofingLineRecord.deleteAll(project: id, db)
        try RoofingSupplementRecord.deleteAll(project: id, db)
        try RoofingExtraWorkRecord.deleteAll(project: id, db)
        try RoofingDeductionRecord.deleteAll(project: id, db)
        try RoofingAdvanceRecord.deleteAll(project: id, db)
        try RoofingSplitRecord.deleteAll(project: id, db)
        for (k, roofer) in roofers.enumerated() {
            try RoofingRooferRecord(projectID: id, ordinal: k, roofer: roofer).insert(db)
        }
        for (k, line) in lines.enumerated() { try RoofingLineRecord(projectID: id, ordinal: k, line: line).insert(db) }
        for (k, supplement) in supplements.enumerated() {
            try RoofingSupplementRecord(projectID: id, ordinal: k, supplement: supplement).insert(db)
        }
        for (k, work) in extraWork.enumerated() {
            try RoofingExtraWorkRecord(projectID: id, ordinal: k, work: work).insert(db)
        }
        for (k, deduction) in deductions.enumerated() {
            try RoofingDeductionRecord(projectID: id, ordinal: k, deduction: deduction).insert(db)
        }
        for (k, advance) in advances.enumerated() {
            try RoofingAdvanceRecord(projectID: id, ordinal: k, advance: advance).insert(db)
        }
        for row in RoofingSplitRecord.rows(agreedSplit, projectID: id) { try row.insert(db) }
    }
}
