import ArgumentParser
import HoursSubmission
import LogbookCLI
import LogbookConfiguration
import LogbookDaemon

extension HoursSettings {
    /// The configured endpoint with its token; a missing or unreadable setting ends the command with 78.
    package func payrollEndpoint(configuration: ConfigurationFile) throws -> PayrollEndpoint {
        let file = configuration.path ?? "the configuration"
        guard let url = endpoint else {
            Diagnostics.error("\(file): [hours] endpoint is not set, so there is nowhere to send shifts to")
            throw ExitCode(78)
        }
        guard let tokenFile = tokenFile else {
            Diagnostics.error("\(file): [hours] endpoint is set but token_file is not (the payroll system's token)")
            throw ExitCode(78)
        }
        do {
            return try PayrollEndpoint(url: url, tokenFile: tokenFile, timeoutSeconds: timeoutSeconds)
        } catch {
            Diagnostics.error("\(file): [hours] token_file \(error.description)")
            throw ExitCode(78)
        }
    }
}
