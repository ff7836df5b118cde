import Foundation
public import Roofing
import LogbookStore

extension RoofingService {
    /// Creates an open project priced from a catalogue: the one named (any case), else the only one there is (with
    /// none, the project has no catalogue until one is imported; with several, one must be named).
    public func createProject(_ input: RoofingProjectInput) throws -> RoofingProjectView {
        try access.requireEditor()
        let roofers = try input.team()
        let rate = try input.rate()
        var catalogues = try database.roofingCatalogues()
        if let named = input.catalogue, SampleCatalogue.isSample(named),
            !catalogues.contains(where: { SampleCatalogue.isSample($0.name) })
        {
            // The sample shipped with the program, chosen on a log without a catalogue of its own: into the log.
            try writer.importRoofingCatalogue(try Self.sample())
            catalogues = try database.roofingCatalogues()
        }
        let chosen: RoofingCatalogueView?
        if let named = input.catalogue {
            guard let found = catalogues.first(where: { $0.name.caseInsensitiveCompare(named) == .orderedSame })
            else { throw ServiceError(.invalid, field: "catalogue", "there is no catalogue named \"\(named)\"") }
            chosen = RoofingCatalogueView(found)
        } else {
            guard catalogues.count <= 1 else {
                throw ServiceError(
                    .invalid, field: "catalogue", "there are \(catalogues.count) catalogues; name the one to use")
            }
            chosen = catalogues.first.map(RoofingCatalogueView.init)
        }
        let project: Project
        do throws(RoofingError) {
            project = try Project(
                name: (input.name ?? "").trimmingCharacters(in: .whitespaces), address: input.address ?? "",
                customer: input.customer ?? "", start: input.start, end: input.end, catalogue: chosen?.name ?? "",
                currency: chosen?.currency ?? "DKK", guaranteedHourlyRate: rate, roofers: roofers)
        } catch {
            // What was given does not make a project: a usage mistake on the command line.
            var failure = error.serviceError
            failure.exitCode = 64
            throw failure
        }
        try writer.createRoofingProject(project)
        return try self.project(named: project.name)
    }

    /// Every project, the last changed first.
    public func projects() throws -> [RoofingProjectSummaryView] {
        let projects = try database.roofingProjects()
        guard let user = context.caller.user, !user.readsEveryRoofingProject else {
            return projects.map(RoofingProjectSummaryView.init)
        }
        let teams = try database.roofingProjectTeams()
        return projects.filter { user.worksOn(roofers: teams[$0.name] ?? []) }.map(RoofingProjectSummaryView.init)
    }

    /// The project named (any case) with its lines and its account.
    public func project(named name: String) throws -> RoofingProjectView {
        RoofingProjectView(try visibleProject(name))
    }

    /// The project named, or the one selected with `roofing project select` when none is.
    public func projectName(_ given: String?) throws -> String {
        if let given { return given }
        if let selected = try database.selectedRoofingProject() { return selected }
        throw ServiceError(
            .invalid, field: "project", "name a project, or select one with `logbook roofing project select NAME`")
    }

    /// Remembers the project the command line uses when none is named.
    public func selectProject(_ name: String) throws {
        try access.requireEditor()
        try writer.selectRoofingProject(named: name)
    }

    /// Deletes an open project (a submitted account is kept).
    public func deleteProject(_ name: String) throws {
        try access.requireEditor()
        try writer.deleteRoofingProject(named: name)
    }

    /// Sets the hours a roofer worked, adding the roofer when new.
    @discardableResult
    public func setHours(project name: String, _ input: RoofingHoursInput) throws -> RoofingProjectView {
        try access.require(.work)
        var (roofer, hours) = try input.validated()
        try access.requireHoursOf(roofer)
        if let user = context.caller.user, !user.mayChangeRoofing {
            // A roofer's own hours, under the team's spelling of their name (the user may be `jens`, the team `Jens`).
            roofer =
                try visibleProject(name).project.roofers.first { $0.name.lowercased() == roofer.lowercased() }?.name
                ?? roofer
        }
        let saved = try change(name, level: .work) { project throws(RoofingError) in
            try project.setHours(hours, for: roofer)
        }
        return try project(named: saved.name)
    }

    /// An agreed split instead of the equal hourly rate (nil returns to it), checked against the account at once.
    public func split(project name: String, _ input: RoofingSplitInput) throws -> AgreedSplit? {
        try access.requireEditor()
        let split = try input.validated()
        try change(name) { project throws(RoofingError) in
            try project.setAgreedSplit(split)
            _ = try Account(project)
        }
        return split
    }

    /// Locks the account as its next version (1 at the first submission); the view carries its `version`.
    public func submit(project name: String) throws -> RoofingProjectView {
        try access.requireEditor()
        let version = try writer.submitRoofingProject(named: name)
        var view = try project(named: name)
        view.version = version.number
        return view
    }

    /// Reopens a submitted account for its next version; the next `submit` records the changes with `reason`.
    public func revise(project name: String, _ input: RoofingReviseInput) throws {
        try access.requireEditor()
        try writer.reviseRoofingProject(named: name, reason: try input.validated())
    }

    /// Marks a submitted account settled (paid out): its last version; nothing changes after it.
    public func settle(project name: String) throws -> Int {
        try access.requireEditor()
        return try writer.settleRoofingProject(named: name).number
    }

    /// The versions of the account: who, when, why, what changed and the total.
    public func history(project name: String) throws -> [RoofingVersionView] {
        try visibleProject(name).versions.map(RoofingVersionView.init)
    }
}
