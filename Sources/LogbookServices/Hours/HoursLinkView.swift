public import LogbookStore
import Foundation
import Hours

/// A link in the menu: `{"id", "name", "url", "driver": name | null}` (null: everyone's).
public struct HoursLinkView: Encodable, Sendable, Hashable {
    public var id: Int64
    public var name: String
    public var url: String
    public var driver: String?

    public init(_ stored: StoredLink) {
        id = stored.id
        name = stored.link.name
        url = stored.link.url.absoluteString
        driver = stored.driver
    }

    enum CodingKeys: String, CodingKey { case id, name, url, driver }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(url, forKey: .url)
        try c.encode(driver, forKey: .driver)
    }
}

/// `{"links": [link…]}` (`GET /api/v1/hours/links`).
public struct HoursLinksView: Encodable, Sendable, Hashable {
    public var links: [HoursLinkView]

    public init(links: [HoursLinkView]) { self.links = links }
}
