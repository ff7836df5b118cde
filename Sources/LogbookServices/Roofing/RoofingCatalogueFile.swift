public import Foundation

/// A catalogue file to import (`roofing catalogue import`): CSV or JSON, told by its content; its name is `name`,
/// else the JSON's own, else the file's name without its extension. `fileName` names the file in messages.
public struct RoofingCatalogueFile: Sendable, Hashable {
    public var data: Data
    public var fileName: String
    public var name: String?

    public init(data: Data, fileName: String, name: String? = nil) {
        self.data = data
        self.fileName = fileName
        self.name = name
    }

    /// Whether the content is JSON: its first character that is not white space (or a byte order mark) is `{`.
    var isJSON: Bool {
        data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "{")
    }

    /// The file's name without its directory and extension.
    var stem: String { URL(fileURLWithPath: fileName).deletingPathExtension().lastPathComponent }
}
