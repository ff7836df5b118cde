public import Roofing
import LogbookStore

extension RoofingService {
    /// Adds a line: the activity at `pos` in the project's catalogue, at the price in force on the project's first
    /// day (today without one), with a quantity. A supplement is refused here: it has no quantity (`addSupplement`).
    public func addLine(project name: String, _ input: RoofingLineInput) throws -> RoofingLineView {
        try access.require(.work)
        let (pos, quantity, note) = try input.validated()
        let (activity, _) = try activity(pos, of: try visibleProject(name).project)
        guard !activity.isSupplement else {
            throw ServiceError(
                .invalid, field: "pos",
                "pos \(pos) is a supplement (a % of a base), not a line with a quantity: add it as a supplement",
                exitCode: 65)
        }
        let saved = try change(name, level: .work) { project throws(RoofingError) in
            try project.add(activity, quantity: quantity, note: note)
        }
        return RoofingLineView(saved.lines[saved.lines.count - 1], number: saved.lines.count, project: saved.name)
    }

    /// Changes line `line` (from 1): its quantity, its note or both; the price stays as accounted.
    @discardableResult
    public func editLine(project name: String, line: Int, _ input: RoofingLineChange) throws -> RoofingLineView {
        try access.require(.work)
        let change = try input.validated()
        let saved = try self.change(name, level: .work) { project throws(RoofingError) in
            try project.editLine(at: line - 1, quantity: change.quantity, note: change.note)
        }
        return RoofingLineView(saved.lines[line - 1], number: line)
    }

    /// Removes line `line` (from 1).
    public func removeLine(project name: String, line: Int) throws {
        try change(name, level: .work) { project throws(RoofingError) in try project.removeLine(at: line - 1) }
    }

    /// Adds a supplement: the `%` activity at `pos` of the project's catalogue, on its base. A supplement on a
    /// supplement is refused.
    @discardableResult
    public func addSupplement(project name: String, _ input: RoofingSupplementInput) throws -> SupplementLine {
        try access.requireEditor()
        let pos = try RoofingSupplementInput.text(input.pos, "pos", "pos is required: the supplement's position")
        let (activity, catalogue) = try activity(pos, of: try database.roofingProject(named: name).project)
        let saved = try change(name) { project throws(RoofingError) in
            try project.addSupplement(activity, catalogue: catalogue)
        }
        return saved.supplements[saved.supplements.count - 1]
    }

    /// Adds extra work: hours at an hourly rate, or a fixed amount.
    @discardableResult
    public func addExtraWork(project name: String, _ input: RoofingExtraWorkInput) throws -> RoofingProjectView {
        try access.requireEditor()
        let work = try input.validated()
        let saved = try change(name) { project throws(RoofingError) in try project.addExtraWork(work) }
        return try project(named: saved.name)
    }

    /// Adds a deduction: a positive amount taken off the account.
    @discardableResult
    public func addDeduction(project name: String, _ input: RoofingDeductionInput) throws -> RoofingProjectView {
        try access.requireEditor()
        let deduction = try input.validated()
        let saved = try change(name) { project throws(RoofingError) in try project.addDeduction(deduction) }
        return try project(named: saved.name)
    }

    /// Records an advance paid to the team on account.
    @discardableResult
    public func addAdvance(project name: String, _ input: RoofingAdvanceInput) throws -> RoofingProjectView {
        try access.requireEditor()
        let advance = try input.validated()
        let saved = try change(name) { project throws(RoofingError) in try project.addAdvance(advance) }
        return try project(named: saved.name)
    }
}
