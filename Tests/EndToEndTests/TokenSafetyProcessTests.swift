import FakeGitHubServer
import Foundation
import Testing

@testable import repodigest

/// The token as a hostile server or a careless operator would test it: reflected back in a
/// 403 message, a description or a README; set with a CR/LF or another control character.
@Suite struct TokenSafetyProcessTests {
    static let token = LiveBuildProcessTests.token

    /// Every file under `folder` whose bytes hold the token.
    static func holdingToken(_ folder: URL) -> [String] {
        SiteFolder.files(in: folder).filter { path, data in
            !path.hasSuffix("repodigest.toml") && data.range(of: Data(token.utf8)) != nil
        }.map(\.key)
    }

    @Test func aTokenReflectedIntoDataIsNeitherPublishedNorCachedNorLogged() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        github.update("lumen-labs/lantern") {
            $0.description = "Deploy key: \(Self.token)"
            $0.readme = "# Lantern\n\nexport GITHUB_TOKEN=\(Self.token)\n"
            $0.releases[0].body = "Built with \(Self.token)"
        }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let outcome = try run.build(extra: ["--log-format", "json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(Self.holdingToken(folder.url).isEmpty, "\(Self.holdingToken(folder.url))")
        #expect(!outcome.standardError.contains(Self.token) && !outcome.standardOutput.contains(Self.token))
        let page = try String(contentsOf: run.output.appending(path: "repos/lumen-labs/lantern.html"), encoding: .utf8)
        #expect(page.contains("Deploy key: [redacted]"))
    }

    @Test("a token spelt with character references in a README is not published once rendering spells it out")
    func aTokenSpeltAnewByRenderingIsNotPublished() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        let referenced = Self.token.unicodeScalars.map { "&#\($0.value);" }.joined()
        github.update("lumen-labs/lantern") {
            $0.readme = "# Lantern\n\nThe key: \(referenced)\n"
            $0.releases[0].body =
                "Built with &#x\(String(Self.token.unicodeScalars.first!.value, radix: 16));"
                + Self.token.dropFirst()
        }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let outcome = try run.build()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(Self.holdingToken(run.output).isEmpty, "\(Self.holdingToken(run.output))")
        let page = try String(contentsOf: run.output.appending(path: "repos/lumen-labs/lantern.html"), encoding: .utf8)
        #expect(page.contains("The key: [redacted]"), "\(page)")
    }

    @Test(arguments: ["text", "json"])
    func aForbiddenMessageQuotingTheTokenIsPrintedRedacted(format: String) throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        github.inject(.echoAuthorization(status: 403), at: "/orgs/lumen-labs/repos", times: 10)
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let outcome = try run.build(extra: ["--log-format", format])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("Bearer [redacted] lacks the scope"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains(Self.token))
        #expect(Self.holdingToken(folder.url).isEmpty)
    }

    static let refused = [
        "CRLF in GITHUB_TOKEN": ("GITHUB_TOKEN", "ghp_abc\r\nX-Injected: yes"),
        "LF in GH_TOKEN": ("GH_TOKEN", "ghp_abc\nX-Injected: yes"),
        "ESC in GITHUB_TOKEN": ("GITHUB_TOKEN", "ghp_abc\u{1B}[2Jdef"),
        "a space in GH_TOKEN": ("GH_TOKEN", "ghp_abc def"),
        "non-ASCII in GITHUB_TOKEN": ("GITHUB_TOKEN", "ghp_abcé"),
        "seven characters in GITHUB_TOKEN": ("GITHUB_TOKEN", "ghp_abc"),
    ]

    @Test(arguments: refused.keys.sorted())
    func aTokenThatCannotBeOneIsRefusedBeforeAnythingIsTouched(_ label: String) throws {
        let (variable, value) = try #require(Self.refused[label])
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let outcome = try run.build(token: nil, environment: [variable: value])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(variable))
        #expect(!outcome.standardError.contains("ghp_abc") && !outcome.standardError.contains("Injected"))
        #expect(github.requests.isEmpty, "no request sent")
        for touched in [run.output, run.state, folder.url.appending(path: "xdg")] {
            #expect(!FileManager.default.fileExists(atPath: touched.path), "\(touched.path) was created")
        }
    }

    @Test("a token goes over plain http only to this machine: to another, the run stops before any request")
    func aTokenIsNeverSentInTheClearToAnotherMachine() throws {
        let folder = try TemporaryFolder()
        try Data("title = \"t\"\n".utf8).write(to: folder.url.appending(path: "repodigest.toml"))
        // TEST-NET-1 (RFC 5737): nothing answers there, so a regression fails, not leaks.
        for command in [["build", "--output", "site"], ["favourites", "add", "o/n"]] {
            let outcome = try RepodigestProcess.run(
                command + ["--api-url", "http://192.0.2.1:9", "--state-dir", "state"],
                environment: ["GITHUB_TOKEN": Self.token], in: folder.url)
            #expect(outcome.status == 1, "\(outcome.standardError)")
            #expect(
                outcome.standardError.contains(
                    "--api-url: the API URL http://192.0.2.1:9 is plain http to another machine, so the token (GITHUB_TOKEN)"
                ), "\(outcome.standardError)")
        }
        // Named in the configuration: said at its line there.
        try Data("title = \"t\"\n[github]\napi_url = \"http://192.0.2.1:9\"\n".utf8).write(
            to: folder.url.appending(path: "repodigest.toml"))
        let configured = try RepodigestProcess.run(
            ["build", "--output", "site", "--state-dir", "state"], environment: ["GITHUB_TOKEN": Self.token],
            in: folder.url)
        #expect(configured.status == 1)
        #expect(
            configured.standardError.contains("repodigest.toml:3:1: the API URL http://192.0.2.1:9 is plain http"),
            "\(configured.standardError)")
        #expect(
            Loopback.isHost("127.0.0.1") && Loopback.isHost("[::1]")
                && Loopback.isHost("LOCALHOST"))
        #expect(!Loopback.isHost("127.0.0.1.example.org") && !Loopback.isHost("192.0.2.1"))
    }

    @Test("a blank or one-letter token is not hidden in every line: the refusal and the log read as written")
    func aValueTooShortToBeATokenGarblesNothing() throws {
        let folder = try TemporaryFolder()
        let short = try RepodigestProcess.run(
            ["build", "--output", "site", "--state-dir", "state", "--api-url", "http://127.0.0.1:9"],
            environment: ["GITHUB_TOKEN": "e"], in: folder.url)
        #expect(short.standardError.contains("the token is 1 character long, and GitHub's are 40 or more"))
        let blank = try RepodigestProcess.run(
            ["build", "--sample", "--output", "site"], environment: ["GITHUB_TOKEN": " "], in: folder.url)
        #expect(blank.status == 0 && !blank.standardError.contains("[redacted]"), "\(blank.standardError)")
        // Read from GitHub, white space alone is a secret not filled in, not "no token".
        let spaces = try RepodigestProcess.run(
            ["build", "--output", "site", "--state-dir", "state", "--api-url", "http://127.0.0.1:9"],
            environment: ["GITHUB_TOKEN": "   ", "GH_TOKEN": ""], in: folder.url)
        #expect(spaces.status == 1, "\(spaces.standardError)")
        #expect(spaces.standardError.contains("GITHUB_TOKEN: holds only white space"), "\(spaces.standardError)")
    }

    @Test func favouritesAddRefusesSuchATokenBeforeTheStateFolderIsTouched() throws {
        let folder = try TemporaryFolder()
        let state = folder.url.appending(path: "state")
        let outcome = try RepodigestProcess.run(
            ["favourites", "add", "o/n", "--state-dir", state.path, "--api-url", "http://127.0.0.1:9"],
            environment: ["GITHUB_TOKEN": "ghp_abc\r\nX-Injected: yes"], in: folder.url)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("GITHUB_TOKEN") && !outcome.standardError.contains("ghp_abc"))
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }
}
