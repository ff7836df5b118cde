/// A quick check that a text is an e-mail address as people type one (`name@domain.tld`, no spaces, no angle brackets,
/// no list): what the forms and settings of every domain ask before the mailer's own, stricter reading.
public enum MailAddressText {
    public static func isPlausible(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "," })
    }
}
