/// Where a project's account stands: open for entries, submitted (locked: changes become new versions), or
/// settled (paid out; no more changes).
public enum ProjectStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case open
    case submitted
    case settled
}
