import ArgumentParser
import LogbookDaemon
import LogbookServices

/// Output of commands that show one entry.
enum HoursOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum HoursOutput {
    /// The entry on standard output: its summary line (and which of two repeated times it has, the night the clocks
    /// go back), or its JSON object.
    static func printEntry(_ entry: HoursEntryView, format: HoursOutputFormat) throws {
        var output = StandardOutput()
        switch format {
        case .text:
            output.write(HoursArguments.summary(entry) + "\n")
            for repeated in entry.repeatedTimes { output.write("  " + repeated.note + "\n") }
        case .json: output.write(try ServiceJSON.text(entry) + "\n")
        }
        output.flush()
    }
}
