import GPSDClient
import Testing

@Suite("GPSDEndpoint")
struct GPSDEndpointTests {
    @Test(
        "parses host and port",
        arguments: [
            ("gpsd.example:3000", "gpsd.example", 3000),
            ("localhost", "localhost", 2947),
            (":4000", "127.0.0.1", 4000),
            ("[::1]:2947", "::1", 2947),
            ("[fe80::1%eth0]:10", "fe80::1%eth0", 10),
            ("[::1]", "::1", 2947),
            ("::1", "::1", 2947),
            ("192.168.1.20:65535", "192.168.1.20", 65535),
            ("  10.0.0.1:1 \n", "10.0.0.1", 1),
        ] as [(String, String, Int)])
    func parses(text: String, host: String, port: Int) {
        let endpoint = GPSDEndpoint(parsing: text)
        #expect(endpoint == GPSDEndpoint(host: host, port: port))
    }

    @Test(
        "rejects malformed text",
        arguments: [
            "", "   ", ":", "host:", "host:0", "host:65536", "host:99999", "host:-1", "host:+80", "host:80x",
            "host:８０", "[::1", "[::1]x", "[::1]:", "[]:2947", "[host]:2947", "a b:2947", "host:2947:dev",
        ])
    func rejects(text: String) {
        #expect(GPSDEndpoint(parsing: text) == nil)
    }

    @Test("defaults to gpsd's loopback port")
    func defaults() {
        #expect(GPSDEndpoint() == GPSDEndpoint(host: "127.0.0.1", port: 2947))
    }

    @Test(
        "description round-trips",
        arguments: [
            (GPSDEndpoint(host: "127.0.0.1", port: 2947), "127.0.0.1:2947"),
            (GPSDEndpoint(host: "::1", port: 3000), "[::1]:3000"),
            (GPSDEndpoint(host: "gps.local", port: 1), "gps.local:1"),
        ] as [(GPSDEndpoint, String)])
    func description(endpoint: GPSDEndpoint, text: String) {
        #expect(endpoint.description == text)
        #expect(GPSDEndpoint(parsing: text) == endpoint)
    }
}
