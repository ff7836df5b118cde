public import LogbookServices
import LogbookConfiguration

extension HoursSettings {
    /// The configured endpoint with its token; a missing or unreadable setting is refused naming the configuration
    /// file at `path` (the command line ends with 78, EX_CONFIG).
    public func payrollEndpoint(configurationPath path: String?) throws -> PayrollEndpoint {
        let file = path ?? "the configuration"
        guard let url = endpoint else {
            throw ServiceError(
                .unavailable, "\(file): [hours] endpoint is not set, so there is nowhere to send shifts to",
                exitCode: 78)
        }
        guard let tokenFile else {
            throw ServiceError(
                .unavailable,
                "\(file): [hours] endpoint is set but token_file is not (the payroll system's token)", exitCode: 78)
        }
        do {
            return try PayrollEndpoint(url: url, tokenFile: tokenFile, timeoutSeconds: timeoutSeconds)
        } catch {
            throw ServiceError(.unavailable, "\(file): [hours] token_file \(error.description)", exitCode: 78)
        }
    }
}
