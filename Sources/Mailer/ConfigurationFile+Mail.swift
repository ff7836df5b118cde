public import LogbookConfiguration

extension ConfigurationFile {
    /// The `[mail]` table; nil when the file has none. A bad value is a `LoadError` naming the file and the key.
    public func mailSettings() throws(LoadError) -> MailConfiguration? {
        guard root["mail"] != nil else { return nil }
        return try decode(MailConfiguration.self, table: "mail")
    }
}
