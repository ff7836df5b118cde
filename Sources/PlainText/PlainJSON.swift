import Foundation

/// A JSON document held to `PlainText`'s rule before it is decoded: the API's bodies and the files the commands
/// import (value-stream maps, checklist templates) alike.
package enum PlainJSON {
    /// Refuses the first string or key with a control character, naming its path; a document that is not JSON is
    /// left to the decoder that reads it.
    package static func check(_ data: Data) throws(PlainTextError) {
        // Control characters reach a JSON string only escaped (`\n`, `\u001b`) or as C1 characters in UTF-8
        // (C2 80 – C2 9F): a document with neither needs no walk.
        let suspicious = data.contains(0x5C) || zip(data, data.dropFirst()).contains { $0 == 0xC2 && $1 < 0xA0 }
        guard suspicious, let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return }
        try PlainText.check(jsonValue: value)
    }
}
