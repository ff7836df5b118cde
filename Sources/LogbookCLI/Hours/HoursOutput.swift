import ArgumentParser
import LogbookDaemon
import LogbookServices

/// Output of commands that show one entry.
enum HoursOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum HoursOutput {
    /// The entry on standard output: its summary line, or its JSON object.
    static func printEntry(_ entry: HoursEntryView, format: HoursOutputFormat) throws {
        var output = StandardOutput()
        switch format {
        case .text: output.write(HoursArguments.summary(entry) + "\n")
        case .json: output.write(try ServiceJSON.text(entry) + "\n")
        }
        output.flush()
    }
}
