import ArgumentParser
#if canImport(Glibc)
    import Glibc
#endif
import LogbookServices
import Foundation

/// A command whose options are named otherwise than the fields of the use case's input: `vehicles add --odometer`
/// gives `initial_odometer`. What a field is called on the command line, by field.
package protocol CommandFieldNames {
    static var fieldNames: [String: String] { get }
}

/// The one place where a command's errors become what the person at the terminal sees (DESIGN.md §3): an error a
/// use case expects (`ServiceError` and everything that converts to it) is one line, `logbook: error: --field:
/// message`, and its sysexits status; usage mistakes (`ValidationError`) and ArgumentParser's own exits go their
/// usual way. Commands throw; none prints and returns its own status for these.
package enum CommandRoot {
    /// Parses the command line as `root`'s and runs the command chosen, mapping its errors once.
    package static func run<Root: ParsableCommand>(_ root: Root.Type, arguments: [String]? = nil) async -> Never {
        var chosen: (any ParsableCommand)?
        do {
            var command = try root.parseAsRoot(arguments)
            chosen = command
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if let failure = ServiceError.from(error) {
                Diagnostics.error(line(failure, command: chosen))
                root.exit(withError: ExitCode(failure.exitStatus))
            }
            root.exit(withError: error)
        }
        root.exit(withError: nil)
    }

    /// `--field: message` with the field as `command` spells it.
    package static func line(_ failure: ServiceError, command: (any ParsableCommand)?) -> String {
        guard let field = failure.field, !field.isEmpty else { return failure.message }
        let name = command.map { spelling(of: field, in: $0) } ?? field
        if failure.message.hasPrefix(field + " ") {
            return name + failure.message.dropFirst(field.count)
        }
        return name + ": " + failure.message
    }

    /// The command line's name of `field`: the command's own table first, then an option or argument whose property
    /// has that name (`guaranteed_rate` → `--guaranteed-rate`, `name` → `<name>`), else the field as it is (a path
    /// into a file, `activities[3].price`).
    package static func spelling(of field: String, in command: any ParsableCommand) -> String {
        if let named = type(of: command) as? any CommandFieldNames.Type, let name = named.fieldNames[field] {
            return name
        }
        let kebab = field.replacingOccurrences(of: "_", with: "-")
        switch Self.parameter(kebab, in: command) {
        case .option: return "--" + kebab
        case .argument: return "<" + kebab + ">"
        case nil: return field
        }
    }

    private enum Parameter { case option, argument }

    /// Whether `value` (a command or an option group) declares an option or argument whose property, in kebab case,
    /// is `kebab`. ArgumentParser keeps properties as `_name` behind its property wrappers.
    private static func parameter(_ kebab: String, in value: Any) -> Parameter? {
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, label.hasPrefix("_") else { continue }
            let wrapper = String(describing: type(of: child.value))
            if wrapper.hasPrefix("OptionGroup<") {
                let inner = Mirror(reflecting: child.value).children.first { $0.label == "_parsedValue" }
                if let inner, let found = parameter(kebab, in: unwrapped(inner.value)) { return found }
                continue
            }
            guard Self.kebab(String(label.dropFirst())) == kebab else { continue }
            if wrapper.hasPrefix("Option<") || wrapper.hasPrefix("Flag<") { return .option }
            if wrapper.hasPrefix("Argument<") { return .argument }
        }
        return nil
    }

    /// An option group's value, out of the wrapper's parsing state.
    private static func unwrapped(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .enum, let payload = mirror.children.first?.value { return payload }
        return value
    }

    /// `guaranteedRate` → `guaranteed-rate`.
    private static func kebab(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase {
                if !out.isEmpty { out += "-" }
                out += character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }
}
