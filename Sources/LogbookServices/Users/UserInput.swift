import Foundation
import LogbookStore
import PlainText

/// A user to add from the pages (`POST /users`): the name they log in with, the role, the first password (hashed by
/// the edge, which knows the cost), and for a driver the vehicles they see, for restaurant staff where they work.
/// Fields are named as the form names them (`vehicle` and `restaurant` repeat).
public struct UserInput: Decodable, Sendable, Hashable {
    public var name: String?
    public var role: String?
    public var password: String?
    public var vehicle: [String]?
    public var restaurant: [String]?

    public init(
        name: String?, role: String?, password: String? = nil, vehicle: [String]? = nil, restaurant: [String]? = nil
    ) {
        self.name = name
        self.role = role
        self.password = password
        self.vehicle = vehicle
        self.restaurant = restaurant
    }

    /// The name, the role, the vehicles and the restaurants as the rules take them (the password is the edge's).
    func validated() throws(ServiceError) -> (name: String, role: UserRole, vehicles: [String], restaurants: [String]) {
        let name = (self.name ?? "").trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 64 else {
            throw ServiceError(.invalid, field: "name", "a user's name needs 1 to 64 characters")
        }
        do {
            try PlainText.check(name, field: "name", lines: .single)
        } catch {
            throw ServiceError(.invalid, field: "name", error.message)
        }
        guard let text = role, let role = UserRole(rawValue: text) else {
            let roles = UserRole.allCases.map(\.rawValue).joined(separator: ", ")
            throw ServiceError(.invalid, field: "role", "choose one of \(roles)")
        }
        let vehicles = (vehicle ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let restaurants = (restaurant ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if role.isChecklistRole, restaurants.isEmpty {
            throw ServiceError(.invalid, field: "restaurant", "a \(role.rawValue) works at a restaurant: choose it")
        }
        if !role.isChecklistRole, !restaurants.isEmpty {
            throw ServiceError(.invalid, field: "restaurant", "only restaurant staff work at restaurants")
        }
        if role != .driver, !vehicles.isEmpty {
            throw ServiceError(.invalid, field: "vehicle", "only a driver is given vehicles")
        }
        return (name, role, vehicles, restaurants)
    }
}
