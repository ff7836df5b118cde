import Foundation

/// `catalogue search TEXT`: activities found by position number and by name, accent- and case-insensitive
/// (`tagrende` finds `Tagrende`; æ, ø, å fold to ae, oe, aa, so `oe` finds `ø`), best first.
///
/// Ranking, best first: the position itself; a position starting with the query (`12.3` finds `12.3.4`, whole
/// parts before other prefixes); a name starting with the query; a word of the name starting with it; the query
/// inside the name; then typos — every word of the query within Damerau-Levenshtein distance 1 (words of 4 to 7
/// letters) or 2 (8 letters or more) of a word of the name or of its beginning. Ties keep position order.
public enum CatalogueSearch {
    public enum Match: Int, Sendable, Hashable, Comparable {
        case position = 0
        case positionPart
        case positionPrefix
        case namePrefix
        case wordPrefix
        case substring
        case typo

        public static func < (a: Match, b: Match) -> Bool { a.rawValue < b.rawValue }
    }

    public struct Hit: Sendable, Hashable {
        public var activity: Activity
        public var match: Match
    }

    public static func search(_ query: String, in catalogue: Catalogue, limit: Int? = nil) -> [Hit] {
        search(query, in: catalogue.activities, limit: limit)
    }

    public static func search(_ query: String, in activities: [Activity], limit: Int? = nil) -> [Hit] {
        let needle = fold(query)
        guard !needle.isEmpty else { return [] }
        var hits: [(offset: Int, hit: Hit)] = []
        for (offset, activity) in activities.enumerated() {
            if let match = match(needle, activity) { hits.append((offset, Hit(activity: activity, match: match))) }
        }
        hits.sort { ($0.hit.match, $0.offset) < ($1.hit.match, $1.offset) }
        let sorted = hits.map(\.hit)
        return limit.map { Array(sorted.prefix($0)) } ?? sorted
    }

    static func match(_ needle: String, _ activity: Activity) -> Match? {
        let position = activity.position.lowercased()
        if position == needle { return .position }
        if position.hasPrefix(needle + ".") || (needle.hasSuffix(".") && position.hasPrefix(needle)) {
            return .positionPart
        }
        if position.hasPrefix(needle) { return .positionPrefix }
        let name = fold(activity.name)
        if name.hasPrefix(needle) { return .namePrefix }
        let words = Self.words(name)
        let queryWords = Self.words(needle)
        guard !queryWords.isEmpty else { return nil }
        if queryWords.allSatisfy({ q in words.contains { $0.hasPrefix(q) } }) { return .wordPrefix }
        if name.contains(needle) || queryWords.allSatisfy({ q in name.contains(q) }) { return .substring }
        let typoTolerant = queryWords.allSatisfy { q in
            let limit = allowedTypos(q)
            guard limit > 0 else { return words.contains { $0.hasPrefix(q) } || name.contains(q) }
            let query = Array(q)
            return words.contains { word in
                let w = Array(word)
                if distance(query, w, limit: limit) <= limit { return true }
                // A typo in the beginning of a longer word (`tagrnd` for `tagrende`).
                return w.count > query.count && distance(query, Array(w.prefix(query.count)), limit: limit) <= limit
            }
        }
        return typoTolerant ? .typo : nil
    }

    /// 1 typo for words of 4 to 7 letters, 2 from 8, none for shorter ones.
    static func allowedTypos(_ word: String) -> Int { word.count >= 8 ? 2 : word.count >= 4 ? 1 : 0 }

    /// Lowercase without accents; æ, ø, å as ae, oe, aa (also their old spellings match then).
    public static func fold(_ text: String) -> String {
        var danish = ""
        for c in text.lowercased() {
            switch c {
            case "æ", "ä": danish += "ae"
            case "ø", "ö": danish += "oe"
            case "å": danish += "aa"
            case "ß": danish += "ss"
            default: danish.append(c)
            }
        }
        return danish.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .trimmingWhitespace()
    }

    static func words(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Damerau-Levenshtein distance (optimal string alignment: insertions, deletions, substitutions and swaps of
    /// neighbours); anything above `limit` is reported as `limit + 1`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return min(max(a.count, b.count), limit + 1) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return min(previous[b.count], limit + 1)
    }
}
