import Foundation
import Hours
import LogbookServices
import LogbookStore
import Roofing
import Testing

/// What the store's, the domains' and the decoders' errors mean at the edges: one kind, a neutral field, a status.
@Suite struct ServiceErrorTests {
    @Test("a schema rule with a known field is a usage error naming it; other store failures keep their status")
    func storeErrors() {
        let rule = StoreError(
            .constraint, operation: "addVehicle", detail: "initial_odometer must be between 0 and 1000000000",
            sqliteCode: 275, field: "initial_odometer", rule: "vehicle_initial_odometer")
        #expect(rule.serviceError.kind == .invalid)
        #expect(rule.serviceError.field == "initial_odometer")
        #expect(rule.serviceError.exitStatus == 64)
        // The message already starts with the field: it is not said twice.
        #expect(rule.serviceError.description == "initial_odometer must be between 0 and 1000000000")

        let missing = StoreError(.notFound, operation: "trip", detail: "there is no trip 9")
        #expect(missing.serviceError.kind == .notFound)
        #expect(missing.serviceError.exitStatus == 65)

        let disk = StoreError(.io, operation: "open", detail: "disk I/O error")
        #expect(disk.serviceError.kind == .failed)
        #expect(disk.serviceError.exitStatus == 74)

        let busy = StoreError(.busy, operation: "write", detail: "database is locked")
        #expect(busy.serviceError.kind == .unavailable)
    }

    @Test("a domain error's flag becomes the neutral field; a JSON path and CSV place stay")
    func domainErrors() {
        let flag = RoofingError(.invalid, path: "--guaranteed-rate", "cannot be negative").serviceError
        #expect(flag.field == "guaranteed_rate")
        #expect(flag.description == "guaranteed_rate: cannot be negative")

        let csv = RoofingError(.invalid, path: "price", line: 4, column: 5, "not an amount").serviceError
        #expect(csv.field == "price")
        #expect(csv.message == "line 4, column 5: not an amount")

        let locked = RoofingError(.locked, path: "", "the account is submitted").serviceError
        #expect(locked.kind == .refused)
        #expect(locked.field == nil)

        let hours = HoursError(.implausible, field: "break_minutes", "longer than the shift").serviceError
        #expect(hours.kind == .invalid && hours.field == "break_minutes" && hours.exitStatus == 64)
    }

    struct Body: Decodable {
        struct Roofer: Decodable {
            var name: String
            var hours: Double
        }
        var name: String
        var roofers: [Roofer]
    }

    @Test("a body that does not decode names the field by its path, never the value")
    func decodingErrors() throws {
        func error(_ json: String) -> ServiceError? {
            do {
                _ = try ServiceJSON.decode(Body.self, from: Data(json.utf8))
                return nil
            } catch {
                return ServiceError.from(error)
            }
        }
        let missing = try #require(error(#"{"roofers": []}"#))
        #expect(missing.field == "name" && missing.kind == .invalid)
        let wrong = try #require(error(#"{"name": "A", "roofers": [{"name": "B", "hours": "secret-7"}]}"#))
        #expect(wrong.field == "roofers[0].hours")
        #expect(!wrong.description.contains("secret-7"))
        let broken = try #require(error(#"{"name": "#))
        #expect(broken.field == nil && broken.kind == .invalid)
        #expect(ServiceError.from(CocoaError(.fileNoSuchFile)) == nil)
    }

    @Test("a nested input's error names its parent")
    func within() {
        let inner = ServiceError(.invalid, field: "hours", "cannot be negative")
        #expect(inner.within("roofers[2]").field == "roofers[2].hours")
        #expect(ServiceError(.invalid, field: "[1]", "x").within("lines").field == "lines[1]")
    }
}
