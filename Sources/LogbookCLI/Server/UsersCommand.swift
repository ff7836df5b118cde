import ArgumentParser
import Foundation
import LogbookServer
import LogbookDaemon
import LogbookStore
import TrackModel

/// `logbook users`: the people who may use `logbook serve`, their roles, passwords and API tokens.
package struct UsersCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Manage the users of the web pages and the API.",
        subcommands: [Add.self, List.self, Passwd.self, Token.self, Revoke.self])

    package init() {}

    /// Reads a password from a file (first line), or twice from the terminal without echo.
    static func password(file: String?) throws -> String {
        let password: String
        if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                Diagnostics.error("cannot read the password file \(file)")
                throw ExitCode(66)
            }
            password = String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        } else {
            guard isatty(STDIN_FILENO) == 1 else {
                throw refusal("give --password-file FILE (standard input is not a terminal)")
            }
            let first = String(cString: getpass("New password: "))
            let second = String(cString: getpass("Again: "))
            guard first == second else { throw refusal("the two passwords differ") }
            password = first
        }
        if let problem = PasswordHasher.problem(with: password) { throw refusal("password not accepted: \(problem)") }
        return password
    }

    /// A user mistake found while running (not while parsing): one line and exit 64, without the usage text.
    static func refusal(_ message: String) -> ExitCode {
        Diagnostics.error(message)
        return ExitCode(64)
    }

    static func hasher(_ log: LogOptions) throws -> PasswordHasher {
        let settings = try log.configurationOptions.load().table(ServerSettings.self, "server")
        return PasswordHasher(cost: settings.passwordCost)
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract:
                "Add a user with a role (a driver sees only the vehicles given, restaurant staff their restaurants, a roofer the projects whose team names them)."
        )

        @Argument(help: "The user's name (what they log in with).")
        var name: String

        @Option(name: .long, help: "admin, accountant, driver, crew, shift-manager, restaurant-manager or roofer.")
        var role: String

        @Option(name: .long, help: "A vehicle a driver may see (plate); repeat for several.")
        var vehicle: [String] = []

        @Option(name: .long, help: "A restaurant crew or a manager works at (name); repeat for several.")
        var restaurant: [String] = []

        @Option(name: .long, help: "Read the password from the first line of this file (else: asked twice).")
        var passwordFile: String?

        @Flag(name: .long, help: "No password: the user can only use API tokens.")
        var noPassword = false

        @OptionGroup var log: LogOptions

        func validate() throws {
            guard let role = UserRole(rawValue: role.lowercased()) else {
                throw ValidationError(
                    "--role must be admin, accountant, driver, crew, shift-manager, restaurant-manager or roofer.")
            }
            if role.isChecklistRole, restaurant.isEmpty {
                throw ValidationError("--role \(role.rawValue) needs --restaurant NAME (where they work).")
            }
            if !role.isChecklistRole, role != .admin, !restaurant.isEmpty {
                throw ValidationError("--restaurant is for crew, shift-manager and restaurant-manager users.")
            }
            if role.isChecklistRole || role == .roofer, !vehicle.isEmpty {
                throw ValidationError("--vehicle is for drivers.")
            }
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.count <= 64, trimmed == name else {
                throw ValidationError("A user name needs 1 to 64 characters, without spaces around it.")
            }
            if noPassword && passwordFile != nil {
                throw ValidationError("Give --password-file or --no-password, not both.")
            }
        }

        func run() throws {
            let hasher = try UsersCommand.hasher(log)
            let (database, _) = try log.open()
            let hash = noPassword ? nil : hasher.hash(try UsersCommand.password(file: passwordFile))
            let user = try storeCall {
                try database.addUser(
                    name: name, role: UserRole(rawValue: role.lowercased())!, vehicles: vehicle, passwordHash: hash,
                    restaurants: restaurant)
            }
            var projects = ""
            if user.role == .roofer {
                // What a roofer will see: the projects whose team names them (none yet is said too).
                let names = try storeCall { try database.roofingProjectTeams() }.filter {
                    user.worksOn(roofers: $0.value)
                }.keys.sorted()
                projects =
                    names.isEmpty
                    ? " (no project's team names \(user.name) yet: `logbook roofing project add … --roofer \(user.name)`)"
                    : " (projects: \(names.joined(separator: ", ")))"
            }
            Diagnostics.print(
                "Added \(user.role.rawValue) \(user.name)"
                    + (user.vehicles.isEmpty ? "" : " (vehicles: \(user.vehicles.joined(separator: ", ")))")
                    + (user.restaurants.isEmpty ? "" : " (restaurants: \(user.restaurants.joined(separator: ", ")))")
                    + projects)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the users.")

        @Option(name: .long, help: "Output format: table, json or csv.")
        var format: OutputFormat = .table

        @OptionGroup var log: LogOptions

        func run() throws {
            let (database, clock) = try log.openForReading()
            let users = try storeCall { try database.users() }
            var listing = Listing([
                ("name", "Name"), ("role", "Role"), ("vehicles", "Vehicles"), ("restaurants", "Restaurants"),
                ("password", "Password"), ("tokens", "Tokens"), ("created", "Created"),
            ])
            for user in users {
                listing.append([
                    .text(user.name), .text(user.role.rawValue), .text(user.vehicles.joined(separator: " ")),
                    .text(user.restaurants.joined(separator: ", ")), .flag(user.hasPassword),
                    .integer(user.activeTokens), .time(user.createdAt),
                ])
            }
            listing.print(format, clock: clock)
        }
    }

    struct Passwd: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "passwd", abstract: "Set a user's password (their web sessions end).")

        @Argument(help: "The user's name.")
        var name: String

        @Option(name: .long, help: "Read the password from the first line of this file (else: asked twice).")
        var passwordFile: String?

        @OptionGroup var log: LogOptions

        func run() throws {
            let hasher = try UsersCommand.hasher(log)
            let (database, _) = try log.open()
            _ = try storeCall { try database.user(named: name) }
            let hash = hasher.hash(try UsersCommand.password(file: passwordFile))
            try storeCall { try database.setPasswordHash(user: name, hash) }
            Diagnostics.print("Password of \(name) changed")
        }
    }

    struct Token: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "token",
            abstract: "Make an API token for a user and print it once (only its hash is kept).",
            discussion: "Standard output holds the token alone (with --format json: {\"token\": \"...\"}).")

        enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

        @Argument(help: "The user's name.")
        var name: String

        @Option(name: .long, help: "Valid for this long: 90d, 12h, 30m, or never (default 90d).")
        var expires: String = "90d"

        @Option(name: .long, help: "Output format: text (the token alone) or json.")
        var format: Format = .text

        @OptionGroup var log: LogOptions

        func validate() throws {
            if Self.lifetime(expires) == nil {
                throw ValidationError("--expires takes a number with d, h or m (90d, 12h, 30m), or never.")
            }
        }

        static func lifetime(_ text: String) -> Double?? {
            if text == "never" { return .some(nil) }
            guard let unit = text.last, let number = Double(text.dropLast()), number > 0, number <= 3_650 * 24 * 60
            else { return nil }
            switch unit {
            case "d": return .some(number * 86_400)
            case "h": return .some(number * 3_600)
            case "m": return .some(number * 60)
            default: return nil
            }
        }

        func run() throws {
            let (database, _) = try log.open()
            let token = Secrets.randomToken(prefix: "lbk_")
            let lifetime = Self.lifetime(expires)!
            let expiry = lifetime.map { Timestamp(secondsSince1970: Date().timeIntervalSince1970 + $0) }
            let id = try storeCall {
                try database.addToken(user: name, tokenHash: Secrets.hash(token), expiresAt: expiry)
            }
            // The token alone on standard output; its number (for `users revoke --token`) on standard error.
            Diagnostics.print(
                "Token \(id) of \(name)" + (expiry.map { ", valid until \($0.iso8601)" } ?? ", valid until revoked"))
            var output = StandardOutput()
            switch format {
            case .text: output.write(token + "\n")
            case .json:
                var j = JSONText()
                j.beginObject()
                j.field("token", token)
                j.field("id", Int(id))
                if let expiry { j.field("expires", expiry.iso8601) }
                j.endObject()
                output.write(j.text + "\n")
            }
            output.flush()
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "Revoke a user's API tokens (all, or one) and end their web sessions.")

        @Argument(help: "The user's name.")
        var name: String

        @Option(name: .long, help: "Only this token (its number in the log).")
        var token: Int64?

        @OptionGroup var log: LogOptions

        func run() throws {
            let (database, _) = try log.open()
            let count = try storeCall { try database.revokeTokens(user: name, token: token) }
            Diagnostics.print("Revoked \(count) token\(count == 1 ? "" : "s") of \(name)")
        }
    }
}
