/// `[upload]`: a vehicle box that also reports to a central `logbook serve`. The daemon keeps every fix with a
/// position in the log's upload queue (durable: a day without network loses nothing) and runs `logbook upload` when
/// positions wait; the server takes each position once (same device, same fix time), so a batch sent again after a
/// lost answer is stored once.
///
/// ```toml
/// [upload]
/// url = "https://logbook.example.org"     # the central server (or its /ingest/overland address)
/// token_file = "/etc/logbook/device-token" # the device's token from `logbook devices add` there (mode 0600)
/// batch = 500                              # positions per request, 1…1000
/// ```
package struct UploadSettings: Decodable, Sendable, Hashable {
    package var url: String?
    package var tokenFile: String?
    package var batch: Int = 500

    package init() {}

    /// Whether the box reports to a server.
    package var isConfigured: Bool { url != nil }

    /// The address positions are posted to: `url`, with `/ingest/overland` added unless it ends so already.
    package var endpoint: String? {
        guard var url else { return nil }
        while url.hasSuffix("/") { url.removeLast() }
        return url.hasSuffix("/ingest/overland") ? url : url + "/ingest/overland"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        url = try c.decodeIfPresent(String.self, forKey: .url)
        tokenFile = try c.decodeIfPresent(String.self, forKey: .tokenFile)
        batch = try c.decodeIfPresent(Int.self, forKey: .batch) ?? batch
        if let url, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
            throw DecodingError.dataCorruptedError(
                forKey: .url, in: c, debugDescription: "must be an http:// or https:// address")
        }
        if url != nil, tokenFile == nil {
            throw DecodingError.keyNotFound(
                CodingKeys.tokenFile,
                .init(codingPath: c.codingPath, debugDescription: "token_file is needed with url"))
        }
        guard (1...1_000).contains(batch) else {
            throw DecodingError.dataCorruptedError(forKey: .batch, in: c, debugDescription: "must be from 1 to 1000")
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case url
        case tokenFile = "token_file"
        case batch
    }
}
