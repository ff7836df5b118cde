import Foundation
import Hours
import LogbookStore

extension HoursService {
    /// The links everyone sees and a driver's own: a web user's own, at the terminal those of `driver` if named.
    public func links(driver requested: String? = nil) throws -> [HoursLinkView] {
        try access.requireReader()
        let driver =
            context.caller.user != nil ? try access.ownDriver() : try requested.map { try access.driver($0) }
        return try database.links(driver: driver).map(HoursLinkView.init)
    }

    /// Adds a link: a driver's own, or (an admin's, and at the terminal) everyone's or a named driver's.
    public func addLink(_ input: HoursLinkInput) throws -> HoursLinkView {
        try access.requireReader()
        try access.requireEditor()
        let owner: String?
        if access.isAdmin {
            owner = try input.driver.flatMap {
                $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try access.driver($0)
            }
        } else {
            owner = try access.driver(input.driver)
        }
        let link = try WebLink(name: input.name, url: input.url)
        let id = try writer.addLink(link, driver: owner)
        guard let stored = try database.links(driver: owner).first(where: { $0.id == id }) else {
            throw ServiceError(.notFound, "the link \(id) is gone")
        }
        return HoursLinkView(stored)
    }

    /// Removes a link by its id: a driver their own, an admin any.
    @discardableResult
    public func removeLink(id text: String) throws -> HoursLinkView {
        try access.requireReader()
        try access.requireEditor()
        let missing = ServiceError(.notFound, "there is no link \(text.prefix(40))")
        guard let id = Int64(text) else { throw missing }
        let visible: [StoredLink]
        if access.isAdmin {
            visible = try ([nil] + database.drivers()).flatMap { try database.links(driver: $0) }
        } else {
            visible = try database.links(driver: try access.ownDriver())
        }
        guard let stored = visible.first(where: { $0.id == id }) else { throw missing }
        if !access.isAdmin && stored.driver == nil {
            throw ServiceError(.forbidden, "only an admin removes a link for everyone")
        }
        try writer.removeLink(named: stored.link.name, driver: stored.driver)
        return HoursLinkView(stored)
    }

    /// Removes a link by its name: everyone's, or a driver's own (`driver`).
    public func removeLink(named name: String, driver requested: String?) throws {
        try access.requireReader()
        try access.requireEditor()
        let driver = try requested.map { try access.driver($0) }
        if !access.isAdmin && driver == nil {
            throw ServiceError(.forbidden, "only an admin removes a link for everyone")
        }
        try writer.removeLink(named: name, driver: driver)
    }
}
