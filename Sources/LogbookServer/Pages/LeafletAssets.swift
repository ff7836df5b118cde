import Foundation
import Hummingbird
import NIOCore

/// Leaflet (Debian's libjs-leaflet) served by the program under `/static/leaflet/`: its script, its style sheet and
/// the style sheet's images, read from the folder `[server] leaflet` names when a browser asks for them. Only those
/// names are served; one the folder lacks (or a missing folder) is a 404, and the trip page then keeps the route the
/// server drew.
enum LeafletAssets {
    /// The files of the folder's top level that are served, with their content types.
    static let files: [String: String] = [
        "leaflet.js": "text/javascript; charset=utf-8", "leaflet.css": "text/css; charset=utf-8",
    ]

    static func register(_ router: Router<AppRequestContext>, directory: String) {
        router.get("/static/leaflet/{file}") { _, context in
            let name = context.parameters.get("file") ?? ""
            guard let type = files[name] else { throw APIError.notFound("Leaflet has no file \(name.prefix(80))") }
            return try answer(directory + "/" + name, type: type)
        }
        router.get("/static/leaflet/images/{file}") { _, context in
            let name = context.parameters.get("file") ?? ""
            guard isImageName(name) else { throw APIError.notFound("Leaflet has no image \(name.prefix(80))") }
            return try answer(directory + "/images/" + name, type: "image/png")
        }
    }

    /// The style sheet's images: `marker-icon-2x.png`, `layers.png`, … (letters, digits and hyphens, `.png`).
    static func isImageName(_ name: String) -> Bool {
        let stem = name.dropLast(4)
        return name.hasSuffix(".png") && !stem.isEmpty && stem.count <= 60
            && stem.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    /// Whether the folder holds Leaflet's script and style sheet: the trip page offers its map only then.
    static func available(_ directory: String) -> Bool {
        files.keys.allSatisfy { FileManager.default.isReadableFile(atPath: directory + "/" + $0) }
    }

    static func answer(_ path: String, type: String) throws -> Response {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else { throw APIError.notFound("Leaflet is not installed (Debian's libjs-leaflet)") }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
