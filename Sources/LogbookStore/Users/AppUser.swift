import Foundation
public import TrackModel

/// What a user of `logbook serve` may do.
public enum UserRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// Manages users, vehicles and settings, and everything an accountant may.
    case admin
    /// Reads every trip and produces reports; cannot edit trips.
    case accountant
    /// Sees and changes only the trips of their own vehicles.
    case driver
    /// A restaurant's crew: reads the checklists of their restaurants.
    case crew
    /// Runs shifts and their checklists in their restaurants.
    case shiftManager = "shift-manager"
    /// Edits their restaurants' checklist templates and gets escalated reminders; reads statistics.
    case restaurantManager = "restaurant-manager"

    /// The roles of the restaurant checklists.
    public var isChecklistRole: Bool { [.crew, .shiftManager, .restaurantManager].contains(self) }
}

/// A user of the web server and the API, as stored (never with the password).
public struct AppUser: Sendable, Hashable, Codable {
    public var id: Int64
    public var name: String
    public var role: UserRole
    /// The plates of the vehicles a driver may see, by plate.
    public var vehicles: [String]
    public var hasPassword: Bool
    public var createdAt: Timestamp
    /// Tokens not revoked and not expired.
    public var activeTokens: Int
    /// The restaurants a checklist role works at, by name.
    public var restaurants: [String]

    public init(
        id: Int64, name: String, role: UserRole, vehicles: [String], hasPassword: Bool, createdAt: Timestamp,
        activeTokens: Int = 0, restaurants: [String] = []
    ) {
        self.id = id
        self.name = name
        self.role = role
        self.vehicles = vehicles
        self.hasPassword = hasPassword
        self.createdAt = createdAt
        self.activeTokens = activeTokens
        self.restaurants = restaurants
    }

    /// Whether this user may see (and, unless an accountant, change) trips of the vehicle with `plate`.
    public func canSee(plate: String) -> Bool {
        switch role {
        case .admin, .accountant: true
        case .driver: vehicles.contains { $0.caseInsensitiveCompare(plate) == .orderedSame }
        case .crew, .shiftManager, .restaurantManager: false
        }
    }

    /// Whether this user may change trips (of the vehicles they can see).
    public var canEditTrips: Bool { role == .admin || role == .driver }

    /// Whether this user may see the checklists of a restaurant (an admin sees every restaurant's).
    public func worksAt(_ restaurant: String) -> Bool {
        role == .admin || restaurants.contains { $0.caseInsensitiveCompare(restaurant) == .orderedSame }
    }
}

/// A web session: who, and the token every form of the session must carry.
public struct WebSession: Sendable, Hashable {
    public var user: AppUser
    public var csrfToken: String
    public var expiresAt: Timestamp

    public init(user: AppUser, csrfToken: String, expiresAt: Timestamp) {
        self.user = user
        self.csrfToken = csrfToken
        self.expiresAt = expiresAt
    }
}
