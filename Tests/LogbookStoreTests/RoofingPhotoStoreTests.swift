import Foundation
import GRDB
import LogbookStore
import Roofing
import Testing

@Suite("Roofing photos in the store: stored once by hash, removed with their last reference, locked on submission")
struct RoofingPhotoStoreTests {
    static func photo(_ byte: UInt8, caption: String = "", name: String = "a.jpg") -> NewRoofingPhoto {
        let bytes = Data([0xFF, 0xD8, byte, 0xFF, 0xD9])
        let hash = String(repeating: String(format: "%02x", byte), count: 32)
        return NewRoofingPhoto(
            hash: hash, kind: "jpeg", bytes: bytes, caption: caption, originalName: name, orientation: 6)
    }

    static func project(_ db: AppDatabase, _ name: String) throws {
        try db.createRoofingProject(
            try Project(
                name: name, guaranteedHourlyRate: Money(minorUnits: 0), roofers: [Roofer(name: "Jens", hours: 10)]))
    }

    @Test("the same photo twice, also on two projects, is stored once", arguments: DatabaseKind.allCases)
    func storedOnce(kind: DatabaseKind) throws {
        let test = try kind.make()
        defer { test.remove() }
        let db = test.database
        try Self.project(db, "Skolegade 4")
        try Self.project(db, "Havnevej 1")
        let first = try db.addRoofingPhotos([Self.photo(1, caption: "Nordside")], project: "Skolegade 4")
        #expect(first.map(\.storedBytes) == [true] && first.map(\.alreadyAttached) == [false])
        let again = try db.addRoofingPhotos([Self.photo(1)], project: "skolegade 4")
        #expect(again.map(\.alreadyAttached) == [true] && again.map(\.storedBytes) == [false])
        let other = try db.addRoofingPhotos([Self.photo(1, name: "b.jpg"), Self.photo(2)], project: "Havnevej 1")
        #expect(other.map(\.storedBytes) == [false, true])
        #expect(try db.roofingPhotoBlobCount() == 2)
        let photos = try db.roofingPhotos(project: "Skolegade 4")
        #expect(photos.count == 1)
        #expect(photos.first?.caption == "Nordside" && photos.first?.orientation == 6 && photos.first?.size == 5)
        #expect(try db.roofingPhotoBytes(hash: Self.photo(1).hash) == Self.photo(1).bytes)
        // Removing one project's photo keeps the bytes the other still shows; the last reference takes them.
        try db.removeRoofingPhoto(id: try #require(photos.first?.id), project: "Skolegade 4")
        #expect(try db.roofingPhotoBlobCount() == 2)
        for p in try db.roofingPhotos(project: "Havnevej 1") {
            try db.removeRoofingPhoto(id: p.id, project: "Havnevej 1")
        }
        #expect(try db.roofingPhotoBlobCount() == 0)
        #expect(throws: StoreError.self) { try db.removeRoofingPhoto(id: 999, project: "Havnevej 1") }
    }

    @Test("a submitted project refuses new photos and removals; the schema refuses them too")
    func locked() throws {
        let test = try DatabaseKind.memory.make()
        defer { test.remove() }
        let db = test.database
        try Self.project(db, "Skolegade 4")
        let added = try db.addRoofingPhotos([Self.photo(3)], project: "Skolegade 4")
        try db.submitRoofingProject(named: "Skolegade 4")
        #expect(throws: StoreError.self) { try db.addRoofingPhotos([Self.photo(4)], project: "Skolegade 4") }
        #expect(throws: StoreError.self) {
            try db.removeRoofingPhoto(id: try #require(added.first?.photo.id), project: "Skolegade 4")
        }
        #expect(throws: DatabaseError.self) {
            try test.writer.write { try $0.execute(sql: "DELETE FROM roofing_project_photo") }
        }
        #expect(try db.roofingPhotos(project: "Skolegade 4").count == 1)
        try db.reviseRoofingProject(named: "Skolegade 4", reason: "more photos")
        #expect(try db.addRoofingPhotos([Self.photo(4)], project: "Skolegade 4").count == 1)
    }

    @Test("v13 comes after v12")
    func migration() {
        let ids = AppDatabase.migrationIdentifiers
        // Later migrations may follow (v14 is the trips' estimated ends); v13 stays right after v12.
        let v13 = ids.firstIndex(of: "v13 roofing photos")
        #expect(v13 != nil)
        if let v13 { #expect(v13 > 0 && ids[v13 - 1].hasPrefix("v12 roofing")) }
    }
}
