import TrackFormats

/// A small ordered JSON writer for the CLI's fixed output shapes (key order as written, numbers
/// without exponent noise, strings escaped).
package struct JSONText {
    package private(set) var text = ""

    package init() {}
    /// Per open container: how many members written, and whether a key awaits its value.
    private var levels: [(count: Int, afterKey: Bool)] = []

    private mutating func separator() {
        guard !levels.isEmpty else { return }
        if levels[levels.count - 1].afterKey {
            levels[levels.count - 1].afterKey = false
            return
        }
        if levels[levels.count - 1].count > 0 { text += "," }
        levels[levels.count - 1].count += 1
    }

    package mutating func beginObject() {
        separator()
        text += "{"
        levels.append((0, false))
    }

    package mutating func endObject() {
        text += "}"
        levels.removeLast()
    }

    package mutating func beginArray() {
        separator()
        text += "["
        levels.append((0, false))
    }

    package mutating func endArray() {
        text += "]"
        levels.removeLast()
    }

    package mutating func key(_ name: String) {
        separator()
        text += Self.quote(name) + ":"
        levels[levels.count - 1].afterKey = true
    }

    package mutating func value(_ string: String) {
        separator()
        text += Self.quote(string)
    }

    package mutating func value(_ number: Double, decimals: Int = 3) {
        separator()
        text += number.isFinite ? Self.fixed(number, decimals: decimals) : "null"
    }

    package mutating func value(_ integer: Int) {
        separator()
        text += String(integer)
    }

    package mutating func value(_ flag: Bool) {
        separator()
        text += flag ? "true" : "false"
    }

    package mutating func null() {
        separator()
        text += "null"
    }

    package mutating func field(_ name: String, _ string: String) {
        key(name)
        value(string)
    }

    package mutating func field(_ name: String, _ number: Double, decimals: Int = 3) {
        key(name)
        value(number, decimals: decimals)
    }

    package mutating func field(_ name: String, _ integer: Int) {
        key(name)
        value(integer)
    }

    package static func quote(_ s: String) -> String { TextEscaping.json(s) }

    /// Fixed-point text with trailing zeros trimmed (`12.5`, `3`, `0.001`).
    package static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(rounded)
        if text.contains("e") {
            // Tiny or huge: spell it out.
            text = String(Int64((abs(value) * scale).rounded()))
            while text.count <= decimals { text = "0" + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            if value < 0 { text = "-" + text }
        }
        return text
    }
}
