import CalendarDays
import Foundation
import LogbookStore
import MileageLog
import Roofing

/// The roofing piecework accounts' use cases, written once for the command line (`logbook roofing …`), the API
/// (`/api/v1/roofing/…`) and the pages (`/roofing`): catalogues, projects and their entries, the account, its
/// versions, and the photos. Inputs name their fields as the API does (`quantity`, `guaranteed_rate`); the views
/// are what `--format json` prints and the API answers.
///
/// Made for a caller (`ServiceContext.caller`): reading needs `RoofingAccess.mayRead`, every change
/// `mayChange`. Changes are written under the caller's name (`web:NAME` through the server).
public struct RoofingService: Sendable {
    public let context: ServiceContext
    public let access: RoofingAccess

    /// The service for `context`'s caller, refused (403) unless they may read the accounts; `editing`: unless they
    /// may change them, before anything of a request is read.
    public init(_ context: ServiceContext, editing: Bool = false) throws {
        try self.init(context, level: editing ? .account : .read)
    }

    /// The service for `context`'s caller, refused (403) unless they may do what `level` names.
    public init(_ context: ServiceContext, level: RoofingAccess.Level) throws {
        self.context = context
        access = RoofingAccess(context.caller)
        try access.require(level)
    }

    var database: AppDatabase { context.database }
    var writer: AppDatabase { context.writer }

    /// Whether the caller may change the accounts (the pages show their forms then).
    public var canEdit: Bool { access.mayChange }

    /// Whether the caller may record the work on the projects they see (lines, quantities, photos, hours).
    public var canRecordWork: Bool { access.allows(.work) }

    /// The project named, if the caller may see it: a project whose team does not name a roofer caller is one that
    /// does not exist for them (not found, in the store's words, so names cannot be probed).
    func visibleProject(_ name: String) throws -> StoredRoofingProject {
        let stored = try database.roofingProject(named: name)
        guard access.maySee(roofers: stored.project.roofers) else {
            throw ServiceError(.notFound, "there is no project named \"\(name)\"")
        }
        return stored
    }

    /// The local date today: the day a project without a first day is priced on, and the default of a search.
    public var today: CalendarDay { CalendarDay(dayNumber: context.clock.today.dayNumber) }

    /// A 1-based line number as people count the lines (`roofing account`, `/lines/3`); nil for anything else.
    public static func lineNumber(_ text: String) -> Int? {
        guard let number = Int(text), number >= 1 else { return nil }
        return number
    }

    // MARK: Changes

    /// Runs `body` on the project named and saves it in one transaction. What the model's rules refuse keeps its
    /// meaning — a value out of its rules is `invalid` naming the field, a refused operation or a locked account
    /// `refused`, what does not exist `notFound` — and, on the command line, the status of data the rules refuse
    /// (65).
    @discardableResult
    func change(
        _ name: String, level: RoofingAccess.Level = .account, _ body: (inout Project) throws(RoofingError) -> Void
    ) throws -> Project {
        try access.require(level)
        _ = try visibleProject(name)
        var failure: RoofingError?
        do {
            return try writer.updateRoofingProject(named: name) { project throws(RoofingError) in
                do throws(RoofingError) {
                    try body(&project)
                } catch {
                    failure = error
                    throw error
                }
            }
        } catch let error as StoreError {
            if let failure { throw Self.refusal(failure) }
            throw error
        }
    }

    /// A rule of the model refusing data: its kind and field, and exit 65 on the command line.
    static func refusal(_ error: RoofingError) -> ServiceError {
        var failure = error.serviceError
        failure.exitCode = 65
        return failure
    }

    /// The project's catalogue's activity at `position`, at the price in force on the project's first day (today
    /// without one). A project without a catalogue, or a position its catalogue does not have, is an invalid `pos`.
    func activity(_ position: String, of project: Project) throws -> (Activity, Catalogue) {
        guard !project.catalogue.isEmpty else {
            throw ServiceError(
                .invalid, field: "pos",
                "\(project.name) has no catalogue to price lines from (import one, then add the project with it)")
        }
        let catalogue = try database.roofingCatalogue(named: project.catalogue)
        guard let activity = catalogue.activity(position, on: project.start ?? today) else {
            throw ServiceError(
                .invalid, field: "pos", "pos \(position) is not in \(catalogue.name) (search the catalogue for it)")
        }
        return (activity, catalogue)
    }
}
