extension QRCode {
    /// The symbol as one SVG element to put inline in an HTML page: a white background and one black path, with
    /// `shape-rendering="crispEdges"` so that browsers do not blur the module edges.
    ///
    /// The view box counts modules (the symbol with its quiet zone), and `width` and `height` are that times
    /// `moduleSize` pixels; CSS may scale it further without loss. There is no XML prolog.
    ///
    /// - Parameters:
    ///   - moduleSize: Pixels per module, at least 1.
    ///   - quietZone: Light modules around the symbol, at least 0; the standard asks for 4, and readers need it
    ///     unless the page around is light.
    public func svg(moduleSize: Int = 4, quietZone: Int = 4) -> String {
        let scale = max(1, moduleSize)
        let margin = max(0, quietZone)
        let side = size + 2 * margin
        var path = ""
        // One rectangle for each horizontal run of dark modules.
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else {
                    x += 1
                    continue
                }
                let start = x
                while x < size && self[x, y] { x += 1 }
                path += "M\(start + margin) \(y + margin)h\(x - start)v1h-\(x - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" width="\(side * scale)" \
            height="\(side * scale)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>
            """
    }
}
