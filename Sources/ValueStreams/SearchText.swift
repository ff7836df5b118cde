import Foundation

/// Text compared as people expect when they search: any case, any accents (`Café` finds `cafe`, `Straße`
/// finds `strasse`).
public enum SearchText {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "ß", with: "ss")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `text` holds `query` (folded).
    public static func contains(_ text: String, _ query: String) -> Bool {
        let needle = fold(query)
        return needle.isEmpty || fold(text).contains(needle)
    }
}
