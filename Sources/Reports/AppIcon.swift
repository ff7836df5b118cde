import Foundation
import ReportDocuments

/// The installable web app's icon (issue 29 §3): a route ending at a target on the pages' blue, filling the square
/// so that launchers may crop it to a circle or a rounded square (a "maskable" icon keeps its drawing inside the
/// middle 80 %). One drawing, as PNG at any size and as SVG.
public enum AppIcon {
    static let blue = (red: 11.0 / 255, green: 92.0 / 255, blue: 173.0 / 255)
    /// The drawing on a 100 × 100 square.
    static let ring = (x: 60.0, y: 40.0, radius: 16.0, width: 7.0)
    static let route: [(Double, Double)] = [(24, 78), (30, 66), (42, 62), (48, 54)]

    /// The icon as a PNG of `size` × `size` pixels (16 to 1024).
    public static func png(size: Int) throws -> [UInt8] {
        guard (16...1024).contains(size) else {
            throw ReportError(code: .rendering, operation: "icon", reason: "an icon is 16 to 1024 pixels wide")
        }
        let canvas = try CairoCanvas(target: .png(scale: Double(size) / 100), width: 100, height: 100)
        canvas.color(red: blue.red, green: blue.green, blue: blue.blue)
        canvas.roundedRectangle(x: 0, y: 0, width: 100, height: 100, radius: 0)
        canvas.fillPath()
        canvas.color(1)
        canvas.path(circle(radius: ring.radius), closed: true)
        canvas.strokePath(width: ring.width)
        canvas.path(circle(radius: 5), closed: true)
        canvas.fillPath()
        canvas.path(route, closed: false)
        canvas.strokePath(width: 6)
        return try canvas.finish()
    }

    /// The same drawing as SVG.
    public static let svg: String = {
        let points = route.map { "\(Int($0.0)),\(Int($0.1))" }.joined(separator: " ")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\
            <rect width="100" height="100" fill="#0b5cad"/>\
            <circle cx="\(Int(ring.x))" cy="\(Int(ring.y))" r="\(Int(ring.radius))" fill="none" stroke="#fff" \
            stroke-width="\(Int(ring.width))"/>\
            <circle cx="\(Int(ring.x))" cy="\(Int(ring.y))" r="5" fill="#fff"/>\
            <polyline points="\(points)" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>\
            </svg>
            """
    }()

    static func circle(radius: Double) -> [(Double, Double)] {
        (0..<72).map { step in
            let angle = Double(step) / 72 * 2 * Double.pi
            return (ring.x + radius * cos(angle), ring.y + radius * sin(angle))
        }
    }
}
