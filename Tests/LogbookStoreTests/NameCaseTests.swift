import LogbookStore
import MileageLog
import Testing

/// Names are told apart as SQLite's `NOCASE` does, on every database: without regard to the case of ASCII letters,
/// and with it for every other letter (PostgreSQL's `lower` folded those too, until its migration v10).
@Suite struct NameCaseTests {
    @Test(arguments: DatabaseKind.allCases)
    func onlyASCIICaseIsIgnoredInNames(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let database = test.database
        try database.addDriver("Émile")
        try database.addDriver("émile")
        #expect(throws: StoreError.self) { try database.addDriver("ÉMILE") }
        #expect(try database.drivers().count == 2)
        try database.addVehicle(VehicleDetails(plate: "ÄB-15"))
        try database.addVehicle(VehicleDetails(plate: "äb-15"))
        #expect(throws: StoreError.self) { try database.addVehicle(VehicleDetails(plate: "Äb-15")) }
        #expect(try database.existingVehicle(plate: "äB-15").plate == "äb-15")
        #expect(try database.existingVehicle(plate: "Äb-15").plate == "ÄB-15")
    }
}
