import LogbookCLI
import LogbookConfiguration
import LogbookDaemon
import LogbookServices
import Testing

/// `ConfigurationSchema.logbook` lives with the daemon, which does not link the checklists' commands: it names
/// `[checklists]`'s keys itself, and they must stay those `ChecklistSettings` reads.
struct ConfigurationSchemaKeysTests {
    @Test func checklistKeysAreThoseChecklistSettingsReads() {
        let read = Set(ChecklistSettings.CodingKeys.allCases.map(\.stringValue))
        #expect(ConfigurationSchema.logbook.tables["checklists"] == read)
    }
}
