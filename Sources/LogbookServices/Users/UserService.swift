import Foundation
public import LogbookStore

/// The people who use `logbook serve`, added from the pages (issue 29 §1–2): an admin adds anyone with any role, a
/// restaurant manager the staff of their own restaurants (crew, shift and restaurant managers). The command line
/// keeps `logbook users` (whoever may open the log's file may do everything in it).
public struct UserService: Sendable {
    public let context: ServiceContext

    /// The service for `context`'s caller, refused (403) unless they may add people.
    public init(_ context: ServiceContext) throws {
        self.context = context
        guard context.caller.user?.managesPeople ?? true else {
            throw ServiceError(.forbidden, "only an admin or a restaurant manager adds people")
        }
    }

    /// The roles the caller may give.
    public var roles: [UserRole] {
        guard let user = context.caller.user, user.role != .admin else { return UserRole.allCases }
        return UserRole.allCases.filter(\.isChecklistRole)
    }

    /// Whether the caller may give any role (and so sees everyone).
    var seesEveryone: Bool { roles.count == UserRole.allCases.count }

    /// The people the caller may see: everyone for an admin, the staff of their restaurants for a restaurant manager.
    public func people() throws -> [AppUser] {
        let users = try context.database.users()
        guard !seesEveryone, let user = context.caller.user else { return users }
        return users.filter { other in other.restaurants.contains { user.worksAt($0) } }
    }

    /// The restaurants whose staff the caller may add.
    public func restaurants() throws -> [String] {
        try context.database.restaurants().map(\.name).filter { context.caller.user?.worksAt($0) ?? true }
    }

    /// The vehicles a driver may be given (an admin's choice; none for a restaurant manager).
    public func vehicles() throws -> [String] {
        seesEveryone ? try context.database.vehicles().map(\.plate) : []
    }

    /// The projects whose team names `user` (a roofer sees those), for an admin's list.
    public func projects(of user: AppUser) throws -> [String] {
        guard seesEveryone, user.role == .roofer else { return [] }
        return try context.database.roofingProjectTeams().filter { user.worksOn(roofers: $0.value) }.keys.sorted()
    }

    /// The input checked against the rules and the caller's rights, before the edge hashes the password.
    public func check(_ input: UserInput) throws {
        let (name, role, _, restaurants) = try input.validated()
        guard roles.contains(role) else {
            throw ServiceError(.forbidden, field: "role", "a restaurant manager adds restaurant staff only")
        }
        for restaurant in restaurants where !(context.caller.user?.worksAt(restaurant) ?? true) {
            throw ServiceError(.invalid, field: "restaurant", "\(restaurant) is not one of your restaurants")
        }
        if (try? context.database.user(named: name)) != nil {
            throw ServiceError(.refused, field: "name", "there is already a user '\(name)'")
        }
    }

    /// Adds a user with `passwordHash` (made by the edge from the form's password; nil: API tokens only). A restaurant
    /// manager gives only restaurant roles, at their own restaurants; a name taken is refused.
    @discardableResult
    public func add(_ input: UserInput, passwordHash: String?) throws -> AppUser {
        try check(input)
        let (name, role, vehicles, restaurants) = try input.validated()
        do {
            return try context.database.addUser(
                name: name, role: role, vehicles: vehicles, passwordHash: passwordHash, restaurants: restaurants)
        } catch let error as StoreError where error.code == .notFound {
            // A vehicle or a restaurant that does not exist: said about its field.
            throw ServiceError(
                .invalid, field: error.detail.contains("restaurant") ? "restaurant" : "vehicle", error.detail)
        } catch let error as StoreError where error.code == .refused {
            throw ServiceError(.refused, field: "name", error.detail)
        }
    }
}
