import ArgumentParser
import LogbookDaemon
import LogbookStore
import Hours

/// Output of commands that show one shift.
enum HoursOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum HoursOutput {
    /// The shift on standard output: its summary line, or its JSON object.
    static func printShift(_ entry: HoursEntry, format: HoursOutputFormat, zone: WorkZone) {
        var output = StandardOutput()
        switch format {
        case .text:
            output.write(HoursArguments.summary(entry, zone: zone) + "\n")
        case .json:
            var j = JSONText()
            TimesheetJSON.shift(entry, row: nil, zone: zone, into: &j)
            output.write(j.text + "\n")
        }
        output.flush()
    }
}
