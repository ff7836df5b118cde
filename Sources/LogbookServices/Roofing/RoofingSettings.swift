/// The `[roofing]` table of the configuration:
///
/// ```toml
/// [roofing]
/// employer_email = "akkord@firma.dk"     # where the final account is e-mailed; the project page fills it in
/// ```
public struct RoofingSettings: Decodable, Sendable, Hashable {
    public var employerEmail: String?

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case employerEmail = "employer_email"
    }

    public init(employerEmail: String? = nil) { self.employerEmail = employerEmail }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        employerEmail = try c.decodeIfPresent(String.self, forKey: .employerEmail)
        if let employerEmail, !MailAddressText.isPlausible(employerEmail) {
            throw DecodingError.dataCorruptedError(
                forKey: .employerEmail, in: c, debugDescription: "expected an e-mail address")
        }
    }
}
