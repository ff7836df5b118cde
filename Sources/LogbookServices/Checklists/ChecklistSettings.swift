public import Checklists
import Foundation
import LogbookConfiguration

/// The `[checklists]` table: the recurring reminders of a shift and how they get noticed.
///
/// ```toml
/// [checklists]
/// reminders = [
///   { name = "Travel path", every_minutes = 30, day_from = "10:15", evening_from = "17:15" },
///   { name = "Hand-washing", every_minutes = 60 },
/// ]
/// repeat_seconds = 120          # a reminder not acknowledged is repeated this often
/// escalate_after_seconds = 600  # then the restaurant manager is told
/// on_time_seconds = 300         # acknowledged within this of its time counts as on time
/// notify_command = "…"          # default: [daemon] notify_command
/// ```
public struct ChecklistSettings: Decodable, Sendable {
    public var reminders: [ReminderRule] = [.travelPath]
    public var policy = ReminderPolicy()
    public var notifyCommand: String?

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case reminders
        case repeatSeconds = "repeat_seconds"
        case escalateAfterSeconds = "escalate_after_seconds"
        case onTimeSeconds = "on_time_seconds"
        case notifyCommand = "notify_command"
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func seconds(_ key: CodingKeys, _ fallback: Double) throws -> Double {
            guard let value = try c.decodeIfPresent(Double.self, forKey: key) else { return fallback }
            guard value > 0, value <= 86_400 else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "expected seconds between 1 and 86400, got \(value)")
            }
            return value
        }
        policy = ReminderPolicy(
            repeatSeconds: try seconds(.repeatSeconds, 120),
            escalateAfterSeconds: try seconds(.escalateAfterSeconds, 600),
            onTimeSeconds: try seconds(.onTimeSeconds, 300))
        notifyCommand = try c.decodeIfPresent(String.self, forKey: .notifyCommand)
        if c.contains(.reminders) {
            let rules = try c.decode([ReminderSetting].self, forKey: .reminders).map(\.rule)
            var seen = Set<String>()
            for rule in rules where !seen.insert(rule.name.lowercased()).inserted {
                throw DecodingError.dataCorruptedError(
                    forKey: .reminders, in: c, debugDescription: "the reminder \"\(rule.name)\" is listed twice")
            }
            reminders = rules
        }
    }

    /// The reminder counted as the travel path in statistics: the one named "Travel path" (any case), else the
    /// first configured (a restaurant that renamed it), else the default's name.
    public var travelPathName: String {
        reminder(named: ReminderRule.travelPath.name)?.name ?? reminders.first?.name ?? ReminderRule.travelPath.name
    }

    /// The reminder named (any case), if configured.
    public func reminder(named name: String) -> ReminderRule? {
        reminders.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }
}

/// One `{ name = …, every_minutes = …, day_from = "HH:MM", evening_from = "HH:MM" }` of `reminders`.
struct ReminderSetting: Decodable {
    var rule: ReminderRule

    enum Keys: String, CodingKey, CaseIterable {
        case name
        case everyMinutes = "every_minutes"
        case dayFrom = "day_from"
        case eveningFrom = "evening_from"
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let names = Keys.allCases.map(\.stringValue)
        let any = try decoder.container(keyedBy: AnyKey.self)
        for key in any.allKeys.map(\.stringValue).sorted() where !names.contains(key) {
            var message = "unknown key '\(key)' in a reminder"
            if let guess = ConfigurationSchema.closest(to: key, among: names) {
                message += "; did you mean '\(guess)'?"
            }
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: message))
        }
        let c = try decoder.container(keyedBy: Keys.self)
        let name = try c.decode(String.self, forKey: .name).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 60, !name.contains(where: { $0.isNewline }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .name, in: c, debugDescription: "a reminder's name needs 1 to 60 characters on one line")
        }
        let every = try c.decode(Int.self, forKey: .everyMinutes)
        guard (5...720).contains(every) else {
            throw DecodingError.dataCorruptedError(
                forKey: .everyMinutes, in: c, debugDescription: "expected 5 to 720 minutes, got \(every)")
        }
        var from: [DayPart: Int] = [:]
        for (key, part) in [(Keys.dayFrom, DayPart.day), (.eveningFrom, .evening)] {
            guard let text = try c.decodeIfPresent(String.self, forKey: key) else { continue }
            guard let minute = ChecklistTemplate.minute(of: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "expected a time HH:MM, got \"\(text)\"")
            }
            from[part] = minute
        }
        rule = ReminderRule(name: name, everyMinutes: every, from: from)
    }
}
