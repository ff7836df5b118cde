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
    /// Works on the roofing projects whose team names a roofer of the user's name (their lines, quantities, photos
    /// and own hours) and reads the activity catalogue; nothing else.
    case roofer

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

    // MARK: What each role may do
    //
    // Allow-lists, one per domain: a role is granted what its `switch` names and nothing else. Every switch is
    // exhaustive, so a new role does not compile until each domain has decided what it may do. The routes and
    // pages of a domain ask these first (`TripAccess`, `HoursAccess`, `ChecklistAccess`, `VSMAccess`,
    // `RoofingAccess`); the README's role table says the same in words.

    /// The mileage log — trips, vehicles, odometer readings, regular trips, places, rules, reports, the live
    /// status: admins and accountants read all of it, a driver the trips of their own vehicles.
    public var mayReadMileageLog: Bool {
        switch role {
        case .admin, .accountant, .driver: true
        case .crew, .shiftManager, .restaurantManager, .roofer: false
        }
    }

    /// Every vehicle's trips, not only the user's own vehicles'.
    public var readsEveryVehicle: Bool {
        switch role {
        case .admin, .accountant: true
        case .driver, .crew, .shiftManager, .restaurantManager, .roofer: false
        }
    }

    /// Whether this user may see (and, unless an accountant, change) trips of the vehicle with `plate`.
    public func canSee(plate: String) -> Bool {
        guard mayReadMileageLog else { return false }
        return readsEveryVehicle || vehicles.contains { $0.caseInsensitiveCompare(plate) == .orderedSame }
    }

    /// Whether this user may change trips (of the vehicles they can see).
    public var canEditTrips: Bool {
        switch role {
        case .admin, .driver: true
        case .accountant, .crew, .shiftManager, .restaurantManager, .roofer: false
        }
    }

    /// The mail outbox: every queued message's recipients and subject, and the mail server's last error.
    public var mayReadOutbox: Bool {
        switch role {
        case .admin, .accountant: true
        case .driver, .crew, .shiftManager, .restaurantManager, .roofer: false
        }
    }

    /// Work hours: a driver keeps their own, an accountant reads everyone's, an admin keeps everyone's.
    public var mayReadHours: Bool {
        switch role {
        case .admin, .accountant, .driver: true
        case .crew, .shiftManager, .restaurantManager, .roofer: false
        }
    }

    /// Everyone's work hours, not only the user's own.
    public var readsEveryonesHours: Bool {
        switch role {
        case .admin, .accountant: true
        case .driver, .crew, .shiftManager, .restaurantManager, .roofer: false
        }
    }

    /// Changing work hours (a driver their own, an admin everyone's).
    public var mayChangeHours: Bool {
        switch role {
        case .admin, .driver: true
        case .accountant, .crew, .shiftManager, .restaurantManager, .roofer: false
        }
    }

    /// The restaurant checklists (of the user's restaurants; an admin's are all).
    public var mayUseChecklists: Bool {
        switch role {
        case .admin, .crew, .shiftManager, .restaurantManager: true
        case .accountant, .driver, .roofer: false
        }
    }

    /// Running shifts: starting them, marking tasks, to-dos, reminders, ending.
    public var mayRunChecklistShifts: Bool {
        switch role {
        case .admin, .shiftManager, .restaurantManager: true
        case .accountant, .driver, .crew, .roofer: false
        }
    }

    /// Marking the kitchen's and the service's to-dos of their restaurants' open shifts done (or not done, with a
    /// note): the crew who do them, besides those who run shifts.
    public var maySettleCrewTodos: Bool {
        switch role {
        case .admin, .crew, .shiftManager, .restaurantManager: true
        case .accountant, .driver, .roofer: false
        }
    }

    /// Adding restaurants, their staff (crew, shift and restaurant managers) and new checklists from the pages.
    public var managesPeople: Bool {
        switch role {
        case .admin, .restaurantManager: true
        case .accountant, .driver, .crew, .shiftManager, .roofer: false
        }
    }

    /// Working on any shift of the user's restaurants, not only their own; escalated reminders; templates.
    public var managesRestaurants: Bool {
        switch role {
        case .admin, .restaurantManager: true
        case .accountant, .driver, .crew, .shiftManager, .roofer: false
        }
    }

    /// Whether this user may see the checklists of a restaurant (an admin sees every restaurant's).
    public func worksAt(_ restaurant: String) -> Bool {
        guard mayUseChecklists else { return false }
        return role == .admin || restaurants.contains { $0.caseInsensitiveCompare(restaurant) == .orderedSame }
    }

    /// Value-stream maps (they describe how the business works, not one person's data).
    public var mayReadValueStreams: Bool {
        switch role {
        case .admin, .accountant, .shiftManager, .restaurantManager: true
        case .driver, .crew, .roofer: false
        }
    }

    public var mayChangeValueStreams: Bool {
        switch role {
        case .admin, .restaurantManager: true
        case .accountant, .driver, .crew, .shiftManager, .roofer: false
        }
    }

    /// Roofing piecework accounts (the firm's bookkeeping): admins and accountants read every project, a roofer the
    /// projects they work on (`worksOn(roofers:)`), and the catalogue.
    public var mayReadRoofing: Bool {
        switch role {
        case .admin, .accountant, .roofer: true
        case .driver, .crew, .shiftManager, .restaurantManager: false
        }
    }

    /// Every roofing project, not only those whose team names the user.
    public var readsEveryRoofingProject: Bool {
        switch role {
        case .admin, .accountant: true
        case .driver, .crew, .shiftManager, .restaurantManager, .roofer: false
        }
    }

    /// The accounts themselves: projects, catalogues, supplements, extra work, deductions, advances, the split,
    /// submitting, revising, settling, deleting.
    public var mayChangeRoofing: Bool {
        switch role {
        case .admin: true
        case .accountant, .driver, .crew, .shiftManager, .restaurantManager, .roofer: false
        }
    }

    /// The work on the roof: lines and their quantities, photos, hours (a roofer their own, on their projects).
    public var mayRecordRoofingWork: Bool {
        switch role {
        case .admin, .roofer: true
        case .accountant, .driver, .crew, .shiftManager, .restaurantManager: false
        }
    }

    /// The firm's side of an account: the payroll file and the final account e-mailed to the employer.
    public var handlesRoofingPay: Bool {
        switch role {
        case .admin, .accountant: true
        case .driver, .crew, .shiftManager, .restaurantManager, .roofer: false
        }
    }

    /// Whether a project with this team is one the user may see: every project for those who read all, else one
    /// whose team names a roofer of the user's name (any case).
    public func worksOn(roofers: [String]) -> Bool {
        guard mayReadRoofing else { return false }
        return readsEveryRoofingProject || roofers.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Vehicles, places, classification rules and odometer readings from the pages.
    public var managesFleet: Bool {
        switch role {
        case .admin: true
        case .accountant, .driver, .crew, .shiftManager, .restaurantManager, .roofer: false
        }
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
