public import LogbookStore

/// The person keeping the log, as reports print it (`logbook profile`).
public struct ProfileService: Sendable {
    public let context: ServiceContext
    public let access: MileageLogAccess

    public init(_ context: ServiceContext) throws {
        self.context = context
        access = try MileageLogAccess(context)
    }

    public func show() throws -> ProfileView { ProfileView(try context.database.profile()) }

    /// Sets the fields given; the others stay.
    public func set(_ input: ProfileInput) throws -> ProfileView {
        guard input.name != nil || input.company != nil || input.employeeID != nil else {
            throw ServiceError(.invalid, "give a name, a company or an employee id")
        }
        try access.requireAdmin()
        for (field, value) in [("name", input.name), ("company", input.company), ("employee_id", input.employeeID)] {
            if let value, value.count > ProfileInput.longest {
                throw ServiceError(.invalid, field: field, "may have at most \(ProfileInput.longest) characters")
            }
        }
        return ProfileView(
            try access.writer.setProfile(name: input.name, company: input.company, employeeID: input.employeeID))
    }
}

public struct ProfileInput: Decodable, Sendable, Hashable {
    /// The most characters a field of the profile may have (a report's header line).
    public static let longest = 200

    public var name: String?
    public var company: String?
    public var employeeID: String?

    public init(name: String? = nil, company: String? = nil, employeeID: String? = nil) {
        self.name = name
        self.company = company
        self.employeeID = employeeID
    }

    enum CodingKeys: String, CodingKey {
        case name, company
        case employeeID = "employee_id"
    }
}

public struct ProfileView: Encodable, Sendable, Hashable {
    public var profile: Profile

    public init(_ profile: Profile) { self.profile = profile }

    enum CodingKeys: String, CodingKey {
        case name, company
        case employeeID = "employee_id"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(profile.name, forKey: .name)
        try c.encode(profile.company, forKey: .company)
        try c.encode(profile.employeeID, forKey: .employeeID)
    }
}
