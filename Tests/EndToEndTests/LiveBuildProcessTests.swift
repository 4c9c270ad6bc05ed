import FakeGitHubServer
import Foundation
import Testing

/// `repodigest build` against a fake GitHub on 127.0.0.1, run as a process the way cron runs
/// it: exit codes, what a repeat run costs, what a failing source leaves, and that the token
/// reaches no output, state file, log line or message.
@Suite struct LiveBuildProcessTests {
    static let token = "ghp_E2E_SENTINEL_must_never_appear_4242"

    static func world() throws -> FakeGitHub {
        let github = FakeGitHub(token: token, tokenOwner: "mona")
        github.add(.init(login: "mona", id: 1, name: "Mona"))
        github.add(.init(login: "lumen-labs", id: 3, isOrganization: true, name: "Lumen Labs"))
        github.add(
            .init(
                id: 101, owner: "lumen-labs", name: "lantern", description: "A static site lantern", topics: ["ssg"],
                stars: 1200,
                releases: [.init(id: 1001, tag: "v1.0", name: "Lantern 1.0", body: "First")],
                readme: "# Lantern\n\nLights the way."))
        github.add(
            .init(id: 102, owner: "lumen-labs", name: "prism", description: "Highlighting", language: "Rust", stars: 40)
        )
        github.star("lumen-labs/prism", by: "mona", at: "2026-11-20T08:00:00Z")
        try github.start()
        return github
    }

    struct Run {
        var folder: URL
        var github: FakeGitHub

        var output: URL { folder.appending(path: "site") }
        var state: URL { folder.appending(path: "state") }

        /// - Parameter digest: more lines for the `[digest]` table.
        /// - Parameter environment: more variables, over the token's.
        func build(
            token: String? = LiveBuildProcessTests.token, extra: [String] = [], digest: String = "",
            environment more: [String: String] = [:]
        ) throws -> RepodigestProcess.Outcome {
            let config = folder.appending(path: "repodigest.toml")
            try Data(
                """
                title = "Live"

                [github]
                api_url = "\(github.baseURL)"
                max_wait_seconds = 1

                [digest]
                starred_by = ["mona"]
                owners = ["lumen-labs"]
                \(digest)
                """.utf8
            ).write(to: config)
            var environment = ["GH_TOKEN": "", "GITHUB_TOKEN": token ?? ""]
            environment["XDG_STATE_HOME"] = folder.appending(path: "xdg").path
            environment.merge(more) { $1 }
            return try RepodigestProcess.run(
                ["build", "--config", config.path, "--output", output.path, "--state-dir", state.path] + extra,
                environment: environment)
        }
    }

    @Test func aCronRunThatFindsNothingNewCostsOnly304s() throws {
        let folder = try TemporaryFolder()
        let run = Run(folder: folder.url, github: try Self.world())
        defer { run.github.stop() }

        let first = try run.build()
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)
        let firstRequests = run.github.log.filter { !$0.request.path.hasPrefix("/rate_limit") }
        #expect(!firstRequests.isEmpty)

        run.github.clearLog()
        let second = try run.build()
        #expect(second.status == 0, "\(second.standardError)")
        let repeated = run.github.log.filter { !$0.request.path.hasPrefix("/rate_limit") }
        let answered200 = repeated.filter { $0.status == 200 }.map(\.request.path)
        #expect(answered200.isEmpty, "a repeat run against an unchanged server gets only 304s: \(answered200)")
        #expect(
            repeated.allSatisfy {
                $0.request.headers.keys.contains {
                    $0.lowercased() == "if-none-match" || $0.lowercased() == "if-modified-since"
                } || $0.status == 404
            })
    }

    @Test("release notes show as GitHub rendered them (body_html), with nothing of it able to run script")
    func releaseNotesAsGitHubRendersThem() throws {
        let folder = try TemporaryFolder()
        let run = Run(folder: folder.url, github: try Self.world())
        defer { run.github.stop() }
        run.github.update("lumen-labs/lantern") {
            $0.releases[0].bodyHTML =
                "<p>Thanks <a class=\"user-mention\" href=\"https://github.com/mona\">@mona</a> in "
                + "<a href=\"https://github.com/lumen-labs/lantern/pull/3\" onclick=\"alert(1)\">#3</a></p>"
                + "<script>alert(2)</script><img src=\"x\" onerror=\"alert(3)\"><a href=\"javascript:alert(4)\">more</a>"
        }

        let outcome = try run.build()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)
        let page = try String(contentsOf: run.output.appending(path: "repos/lumen-labs/lantern.html"), encoding: .utf8)
        #expect(page.contains("<a href=\"https://github.com/lumen-labs/lantern/pull/3\">#3</a>"))
        #expect(!page.contains("alert(") && !page.contains("javascript:"))
        #expect(
            run.github.log.filter { $0.request.path.hasSuffix("/releases") }.allSatisfy {
                $0.request.header("accept") == "application/vnd.github.full+json"
            })
    }

    @Test("a proxy in the environment never carries the token to plain http: this machine is asked directly")
    func noProxyForPlainHTTP() throws {
        let folder = try TemporaryFolder()
        let run = Run(folder: folder.url, github: try Self.world())
        defer { run.github.stop() }
        let proxy = FakeGitHub(token: "proxy", tokenOwner: "proxy")
        try proxy.start()
        defer { proxy.stop() }
        let outcome = try run.build(environment: [
            "http_proxy": proxy.baseURL, "https_proxy": proxy.baseURL, "HTTPS_PROXY": proxy.baseURL,
            "ALL_PROXY": proxy.baseURL, "all_proxy": proxy.baseURL, "NO_PROXY": "", "no_proxy": "",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(proxy.log.isEmpty, "the proxy was sent \(proxy.log.map(\.request.path))")
    }

    @Test("a README that was missing, asked again and failing, is still missing: the run publishes and exits 2")
    func aRememberedMissingReadmeOutlivesAFailure() throws {
        let folder = try TemporaryFolder()
        let run = Run(folder: folder.url, github: try Self.world())
        defer { run.github.stop() }
        #expect(try run.build().status == 0)
        run.github.inject(.status(502), at: "/repos/lumen-labs/prism/readme", times: 50)
        let outcome = try run.build(extra: ["--full"])
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("/repos/lumen-labs/prism/readme"), "\(outcome.standardError)")
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)
    }

    @Test(
        "a newly starred repository GitHub blocks (451 for its releases and README): published without them, exit 2; shown once they answer"
    )
    func aNewRepositoryWhoseDetailsAreRefused() throws {
        let folder = try TemporaryFolder()
        let run = Run(folder: folder.url, github: try Self.world())
        defer { run.github.stop() }
        #expect(try run.build().status == 0)
        run.github.add(.init(id: 9_001, owner: "kit-harbor", name: "blocked", readme: "# Blocked no more\n"))
        run.github.star("kit-harbor/blocked", by: "mona", at: "2026-11-22T09:00:00Z")
        for endpoint in ["releases", "readme"] {
            run.github.inject(.status(451), at: "/repos/kit-harbor/blocked/\(endpoint)", times: 50)
        }
        let outcome = try run.build()
        #expect(outcome.status == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("/repos/kit-harbor/blocked/readme"), "\(outcome.standardError)")
        let page = run.output.appending(path: "repos/kit-harbor/blocked.html")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("could not be fetched from GitHub"))
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)
        // Made again offline (a new theme, say): the same, not a stop for what no run fetched.
        let offline = try run.build(extra: ["--offline", "--force"])
        #expect(offline.status == 2, "\(offline.standardError)")
        #expect(offline.standardError.contains("--offline, and no earlier run fetched it"), "\(offline.standardError)")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("could not be fetched from GitHub"))

        run.github.clearFaults()
        #expect(try run.build().status == 0)
        #expect(try String(contentsOf: page, encoding: .utf8).contains("Blocked no more"))
    }

    @Test func aSourceThatKeepsFailingKeepsItsPreviousDataAndExits2() throws {
        let folder = try TemporaryFolder()
        let run = Run(folder: folder.url, github: try Self.world())
        defer { run.github.stop() }
        #expect(try run.build().status == 0)

        run.github.inject(.status(502), at: "/orgs/lumen-labs/repos", times: 50)
        let outcome = try run.build()
        #expect(outcome.status == 2, "\(outcome.standardError)")
        let index = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains("lumen-labs/lantern"), "the owner's repositories are still shown, from the cache")
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)
    }

    @Test func aRefusedTokenPublishesNothingExits3AndNeverShowsTheToken() throws {
        let folder = try TemporaryFolder()
        let run = Run(folder: folder.url, github: try Self.world())
        defer { run.github.stop() }
        #expect(try run.build().status == 0)
        let before = SiteFolder.files(in: run.output)

        let wrong = "ghp_WRONG_SENTINEL_also_secret_9999"
        let outcome = try run.build(token: wrong)
        #expect(outcome.status == 3, "\(outcome.standardError)")
        #expect(
            outcome.standardError.contains("GITHUB_TOKEN"), "the message names the variable: \(outcome.standardError)")
        #expect(SiteFolder.files(in: run.output) == before, "nothing published")

        for secret in [Self.token, wrong] {
            #expect(!outcome.standardError.contains(secret) && !outcome.standardOutput.contains(secret))
            for (path, data) in SiteFolder.files(in: run.output).merging(
                SiteFolder.files(in: run.state), uniquingKeysWith: { a, _ in a })
            {
                #expect(data.range(of: Data(secret.utf8)) == nil, "\(path) holds the token")
            }
        }
    }

    @Test func aSpentRateLimitPublishesNothingAndSaysWhenToRetry() throws {
        let folder = try TemporaryFolder()
        let run = Run(folder: folder.url, github: try Self.world())
        defer { run.github.stop() }
        run.github.setRateLimit(remaining: 0, resetIn: 1800)
        let outcome = try run.build()
        #expect(outcome.status == 3, "\(outcome.standardError)")
        #expect(outcome.standardError.lowercased().contains("rate limit"))
        #expect(!FileManager.default.fileExists(atPath: run.output.path))
    }
}

/// The validator, over a folder on disk.
enum SiteRendererValidation {
    static func findings(in folder: URL) throws -> [String] {
        let outcome = try RepodigestProcess.run(["validate", folder.path])
        return outcome.status == 0 ? [] : outcome.standardError.split(separator: "\n").map(String.init)
    }
}
