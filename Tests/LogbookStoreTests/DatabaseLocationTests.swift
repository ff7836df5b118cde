import LogbookStore
import Testing

/// `--database`, `$LOGBOOK_DATABASE` and `[database] url` (issue 30 §1): a path is an SQLite file, a `postgresql://`
/// address a PostgreSQL database, anything else is refused naming what is wrong.
@Suite struct DatabaseLocationTests {
    @Test(
        "paths are SQLite files",
        arguments: [
            ("/var/lib/logbook/logbook.sqlite", "/var/lib/logbook/logbook.sqlite"), ("log.sqlite", "log.sqlite"),
            ("file:///srv/log%20book.sqlite", "/srv/log book.sqlite"), ("sqlite:///tmp/x.sqlite", "/tmp/x.sqlite"),
            ("./postgresql:/x", "./postgresql:/x"),
        ])
    func paths(text: String, path: String) throws {
        #expect(try DatabaseLocation.parse(text) == .sqlite(path: path))
    }

    @Test("postgresql:// and postgres:// addresses, with their defaults")
    func postgresAddresses() throws {
        #expect(
            try DatabaseLocation.parse("postgresql://logbook@db.example.org/fleet")
                == .postgresql(
                    PostgresAddress(
                        user: "logbook", host: "db.example.org", port: 5432, database: "fleet", sslMode: .prefer)))
        #expect(
            try DatabaseLocation.parse("postgres://app%40ops@127.0.0.1:6543/log_2?sslmode=verify-full")
                == .postgresql(
                    PostgresAddress(
                        user: "app@ops", host: "127.0.0.1", port: 6543, database: "log_2", sslMode: .verifyFull)))
        #expect(
            try DatabaseLocation.parse("POSTGRESQL://u@[::1]:5433/d?sslmode=disable").description
                == "postgresql://u@[::1]:5433/d?sslmode=disable")
    }

    @Test(
        "everything else is refused, naming the part that is wrong and never showing a password",
        arguments: [
            ("mysql://root@localhost/log", "scheme 'mysql'"),
            ("https://example.org/log.sqlite", "scheme 'https'"),
            ("postgresql://logbook:s3cret-pw@db/fleet", "password in the address"),
            ("postgresql://db.example.org/fleet", "the user is missing"),
            ("postgresql://logbook@/fleet", "the host is missing"),
            ("postgresql://logbook@db/", "the database name is missing"),
            ("postgresql://logbook@db/a/b", "has a '/'"),
            ("postgresql://logbook@db:0/fleet", "the port 0 is not between 1 and 65535"),
            ("postgresql://logbook@db/fleet?sslmode=always", "sslmode must be one of"),
            ("postgresql://logbook@db/fleet?connect_timeout=3", "'connect_timeout' is not known"),
            ("file://relative/log.sqlite", "absolute path"),
            ("  ", "empty"),
        ])
    func refused(text: String, reason: String) {
        do {
            let location = try DatabaseLocation.parse(text)
            Issue.record("\(text) was taken as \(location)")
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
            #expect(!error.message.contains("s3cret-pw"))
        }
    }
}
