import Foundation
import LogbookTestSupport
import Mailer
import Testing

@Suite("MailConfiguration") struct MailConfigurationTests {
    static let password = "correct horse battery staple"

    /// Where this test's password files go; removed with it.
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    /// A password file with `contents` and `mode` in the test's temporary folder.
    func passwordFile(_ contents: String = password + "\n", mode: Int) throws -> String {
        let path = try folder.write("smtp-password-\(UUID().uuidString)", Array(contents.utf8))
        #expect(chmod(path, mode_t(mode)) == 0)
        return path
    }

    static func configuration(passwordFile: String?) -> MailConfiguration {
        MailConfiguration(
            host: "smtp.example.com", tls: .starttls, user: passwordFile == nil ? nil : "logbook",
            passwordFile: passwordFile, from: "Logbook <logbook@example.com>")
    }

    @Test(arguments: [0o600, 0o400])
    func readsAnOwnerOnlyFile(mode: Int) throws {
        let path = try passwordFile(mode: mode)
        #expect(try Self.configuration(passwordFile: path).loadPassword() == Self.password)
    }

    @Test func keepsSpacesAndDropsOnlyTheLineBreak() throws {
        let path = try passwordFile(" pa ss \r\n", mode: 0o600)
        #expect(try Self.configuration(passwordFile: path).loadPassword() == " pa ss ")
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660, 0o602])
    func refusesAFileOthersCanRead(mode: Int) throws {
        let path = try passwordFile(mode: mode)
        let error = #expect(throws: MailError.self) { try Self.configuration(passwordFile: path).loadPassword() }
        #expect(error?.code == .passwordFile)
        #expect(error?.exitCode == 78)
        let text = error?.description ?? ""
        #expect(text.contains(path))
        #expect(text.contains(String(mode, radix: 8)))
        #expect(text.contains("chmod 600"))
        #expect(!text.contains(Self.password))
        #expect(!text.contains("horse"))
    }

    @Test func refusesMissingEmptyAndOddFiles() throws {
        let missing = "/nonexistent/smtp-password"
        let error = #expect(throws: MailError.self) { try Self.configuration(passwordFile: missing).loadPassword() }
        #expect(error?.description.contains(missing) == true)
        let empty = try passwordFile("\n", mode: 0o600)
        #expect(throws: MailError.self) { try Self.configuration(passwordFile: empty).loadPassword() }
        let twoLines = try passwordFile("one\ntwo\n", mode: 0o600)
        #expect(throws: MailError.self) { try Self.configuration(passwordFile: twoLines).loadPassword() }
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: MailError.self) { try Self.configuration(passwordFile: directory).loadPassword() }
    }

    @Test func noPasswordFileNoPassword() throws {
        #expect(try Self.configuration(passwordFile: nil).loadPassword() == nil)
    }

    @Test func decodesTheTOMLTable() throws {
        // What LogbookConfiguration hands over for a [mail] table (TOML → JSON → JSONDecoder).
        let json = """
            {"host": "smtp.example.com", "tls": "implicit", "user": "logbook", "password_file": "/etc/logbook/pw",
             "from": "Logbook <logbook@example.com>"}
            """
        let configuration = try JSONDecoder().decode(MailConfiguration.self, from: Data(json.utf8))
        #expect(configuration.port == 465)
        #expect(configuration.tls == .implicit)
        #expect(configuration.passwordFile == "/etc/logbook/pw")
        #expect(configuration.timeoutSeconds == 60)
        let minimal = try JSONDecoder().decode(
            MailConfiguration.self, from: Data(#"{"host": "mx", "from": "a@b", "port": 2525, "timeout": 5}"#.utf8))
        #expect(minimal.tls == .starttls)
        #expect(minimal.port == 2525)
        #expect(minimal.timeoutSeconds == 5)
    }

    @Test func validation() throws {
        try Self.configuration(passwordFile: "/x").validate()
        var noPassword = Self.configuration(passwordFile: nil)
        noPassword.user = "logbook"
        #expect(throws: MailError.self) { try noPassword.validate() }
        var clearText = Self.configuration(passwordFile: "/x")
        clearText.tls = .none
        let error = #expect(throws: MailError.self) { try clearText.validate() }
        #expect(error?.code == .configuration)
        clearText.host = "127.0.0.1"
        try clearText.validate()  // plain SMTP with a login only on this machine
        var badPort = Self.configuration(passwordFile: nil)
        badPort.port = 0
        #expect(throws: MailError.self) { try badPort.validate() }
        var badFrom = Self.configuration(passwordFile: nil)
        badFrom.from = "not an address"
        #expect(throws: MailError.self) { try badFrom.validate() }
    }
}
