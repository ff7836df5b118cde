import Foundation
import LogbookStore
import MileageLog
import Testing

/// Issue 11 §4 and §5 in the store: looking a vehicle up never creates it, and a reader opens the log read-only.
@Suite struct ReadOnlyAndKnownVehicleTests {
    @Test(arguments: DatabaseKind.allCases)
    func existingVehicleNeverCreatesOne(_ kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let db = test.database
        try db.addVehicle(VehicleDetails(plate: "123ABC"))
        #expect(try db.existingVehicle(plate: " 123ABC ").plate == "123ABC")
        #expect {
            try db.existingVehicle(plate: "default")
        } throws: { error in
            let error = try #require(error as? StoreError)
            return error.code == .notFound && error.detail.contains("logbook vehicles add")
        }
        #expect(try db.vehicles().map(\.plate) == ["123ABC"])
    }

    @Test func aReaderCreatesNoFilesAndRefusesWrites() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logbook-ro-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("logbook.sqlite").path
        do {
            let writer = try AppDatabase.open(path: path)
            try writer.addVehicle(VehicleDetails(plate: "123ABC"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["logbook.sqlite"])
        let reader = try AppDatabase.openForReading(path: path)
        #expect(try reader.vehicles().map(\.plate) == ["123ABC"])
        #expect(throws: StoreError.self) { try reader.addVehicle(VehicleDetails(plate: "X1")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["logbook.sqlite"])
    }

    @Test func aReaderRefusesAnEmptyFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logbook-ro-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(throws: StoreError.self) { try AppDatabase.openForReading(path: path) }
    }
}
