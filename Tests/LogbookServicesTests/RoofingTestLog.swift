import CalendarDays
import Foundation
import LogbookServices
import LogbookStore
import Roofing
import TrackModel

/// A log on disk (WAL, in a directory of its own) with the roofing use cases over it, for the terminal or a user of
/// the server.
struct RoofingTestLog {
    let directory: URL
    let database: AppDatabase

    /// Three activities and a supplement, prices in Danish notation as the union's lists are written.
    static let catalogueCSV = """
        pos;section;name;unit;price;base
        12.1.1;Tagdækning;Tagpap, underlag;m²;47,15;
        12.3.4;Tagrender;Tagrende, zink;lbm;123,40;
        20.1;Inddækning;Skotrende, ståltag;stk;250,00;
        90.1;Tillæg;Højdetillæg;%;12,5;section:Tagrender
        """

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "roofing-services-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try AppDatabase.open(
            path: directory.appendingPathComponent("logbook.sqlite").path, policy: LogPolicy(actor: "units"))
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    static func user(_ name: String, _ role: UserRole) -> Caller {
        .user(
            AppUser(
                id: 1, name: name, role: role, vehicles: [], hasPassword: true,
                createdAt: Timestamp(secondsSince1970: 0)))
    }

    func service(_ caller: Caller = .terminal, editing: Bool = false) throws -> RoofingService {
        try RoofingService(
            ServiceContext(database: database, caller: caller, clock: LocalClock(identifier: "UTC")),
            editing: editing)
    }

    /// Imports the catalogue above as `name`.
    @discardableResult
    func importCatalogue(_ name: String = "Tagdækning 2026") throws -> RoofingCatalogueView {
        try service().importCatalogue(
            RoofingCatalogueFile(data: Data(Self.catalogueCSV.utf8), fileName: "/tmp/tag.csv", name: name))
    }

    /// The service error `body` ends with, nil when it ends well (or with an error no use case expects).
    static func failure(_ body: () throws -> Void) -> ServiceError? {
        do {
            try body()
            return nil
        } catch {
            return ServiceError.from(error)
        }
    }

    /// Whole kroner.
    static func kr(_ kroner: Int64) -> Money { Money(minorUnits: kroner * 100) }

    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text) ?? CalendarDay(dayNumber: 0) }
}
