import Entities
import FakeGitHubServer
import Foundation
import Testing
import UseCases

@testable import GitHubData

/// Valid JSON with one bad item in it: a count no Int holds, a lone surrogate, a field
/// missing or of the wrong type, a name GitHub cannot have, thousands of topics. The item
/// costs itself (clamped, mended or left out, each with a warning naming it), never the
/// page; and an answer that parses as JSON is never taken for a garbled one and asked again.
@Suite("One bad item in a list answer")
struct HostileItemsTests {
    static let org = Owner(login: "lumen-labs", id: 3, kind: .organization, htmlURL: "https://github.com/lumen-labs")
    static let orgRepos = "/orgs/lumen-labs/repos"

    /// The organisation's repositories by name, and what the store warned.
    func orgRepositories(_ harness: LiveHarness) async throws -> (
        repos: [String: GitHubRepo], warnings: [String], report: FetchReport
    ) {
        let store = harness.store()
        let repos = try await store.repositories(of: Self.org)
        return (
            Dictionary(uniqueKeysWithValues: repos.map { ($0.name.name, $0) }), store.report.dataWarnings, store.report
        )
    }

    @Test("warnings about the data are each told once, the first thousand of them; the rest are counted")
    func dataWarningsAreBounded() {
        let log = FetchLog()
        for index in 0..<1_500 {
            log.warn("item \(index) left out")
            log.warn("item \(index) left out")
        }
        #expect(log.snapshot.dataWarnings.count == FetchLog.maxDataWarnings)
        #expect(log.snapshot.dataWarnings.first == "item 0 left out")
        #expect(log.snapshot.moreDataWarnings == 500)
    }

    @Test("a description of megabytes is cut, a homepage or language far too long left out, each said")
    func textFarTooLongIsBounded() async throws {
        let harness = try LiveHarness()
        harness.github.update("lumen-labs/prism") {
            $0.description = String(repeating: "é", count: 3_000_000)
            $0.language = String(repeating: "x", count: 101)
        }
        let (repos, warnings, _) = try await orgRepositories(harness)
        #expect(repos["prism"]?.description == String(repeating: "é", count: 1_000) + "…")
        #expect(repos["prism"]?.language == nil)
        #expect(
            warnings.contains("repository lumen-labs/prism: its description is 3000000 characters long; cut to 1000"))
        #expect(warnings.contains("repository lumen-labs/prism: its language is 101 characters long; left out"))
        #expect(repos["lantern"]?.description == "A static site lantern")
    }

    @Test("a negative count is clamped to 0, with one warning naming the repository and the field")
    func negativeCount() async throws {
        let harness = try LiveHarness()
        harness.github.update("lumen-labs/prism") { $0.stars = -5 }
        let (repos, warnings, _) = try await orgRepositories(harness)
        #expect(repos["prism"]?.stars == 0)
        #expect(repos["lantern"]?.stars == 1200)
        #expect(
            warnings.filter { $0.contains("lumen-labs/prism") && $0.contains("stargazers_count") }.count == 1,
            "\(warnings)")
    }

    @Test("counts of Int64.min and Int64.max decode as 0 and Int.max")
    func int64Extremes() async throws {
        let harness = try LiveHarness()
        harness.github.update("lumen-labs/prism") { $0.stars = Int.min }
        harness.github.update("lumen-labs/lantern") { $0.stars = Int.max }
        let (repos, _, _) = try await orgRepositories(harness)
        #expect(repos["prism"]?.stars == 0)
        #expect(repos["lantern"]?.stars == Int.max)
    }

    @Test(
        "a count of 2^63, 1e400 or -1e400 is clamped; the page decodes and nothing is asked again",
        arguments: [("9223372036854775808", Int.max), ("1e400", Int.max), ("-1e400", 0), ("1.5e3", 1500)])
    func countsBeyondInt(_ sent: String, _ kept: Int) async throws {
        let harness = try LiveHarness()
        harness.github.inject(
            .rewrite(#""stargazers_count":1200"#, with: #""stargazers_count":\#(sent)"#), at: Self.orgRepos)
        let (repos, _, report) = try await orgRepositories(harness)
        #expect(repos["lantern"]?.stars == kept)
        #expect(repos["prism"]?.stars == 40)
        #expect(report.retries == 0 && report.stale.isEmpty)
    }

    @Test("a lone surrogate escape in a string becomes U+FFFD; the page decodes and nothing is asked again")
    func loneSurrogate() async throws {
        let harness = try LiveHarness()
        harness.github.inject(
            .rewrite(
                #""description":"A static site lantern""#, with: #""description":"A \ud800 lantern \udc00\ud83d\ude00""#
            ),
            at: Self.orgRepos)
        let (repos, _, report) = try await orgRepositories(harness)
        #expect(repos["lantern"]?.description == "A \u{FFFD} lantern \u{FFFD}😀")
        #expect(repos["prism"] != nil)
        #expect(report.retries == 0)
    }

    @Test(
        "a repository with a field missing or of the wrong type is left out and named; the rest decodes",
        arguments: [(#""name":"prism""#, #""name":42"#), (#""id":102,"#, ""), (#""id":102,"#, #""id":"102","#)])
    func wrongShapeLeftOut(_ text: String, _ replacement: String) async throws {
        let harness = try LiveHarness()
        harness.github.inject(.rewrite(text, with: replacement), at: Self.orgRepos)
        let (repos, warnings, report) = try await orgRepositories(harness)
        #expect(Set(repos.keys) == ["lantern"])
        #expect(warnings.contains { $0.contains("lumen-labs/prism") && $0.contains("left out") }, "\(warnings)")
        #expect(report.retries == 0)
    }

    @Test("a single answer of the wrong shape is not asked again: the failure is named at once")
    func wrongShapeNotRetried() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.rewrite(#""id":101"#, with: #""id":"101""#), at: "/repos/lumen-labs/lantern", times: 4)
        let store = harness.store()
        await #expect(throws: GitHubDataError.self) {
            try await store.repository(RepoName(owner: "lumen-labs", name: "lantern"))
        }
        #expect(harness.statuses("/repos/lumen-labs/lantern").count == 1)
        #expect(store.report.retries == 0)
    }

    @Test(
        "repositories and owners named as GitHub never names them are left out of lists, with a warning",
        arguments: ["..", ".", "a b", String(repeating: "x", count: 101)])
    func badRepositoryNames(_ name: String) async throws {
        let harness = try LiveHarness()
        harness.github.add(.init(id: 150, owner: "lumen-labs", name: name))
        harness.github.add(.init(id: 151, owner: "..", name: "fine"))
        harness.github.star("lumen-labs/\(name)", by: "mona", at: "2026-11-21T08:00:00Z")
        harness.github.star("../fine", by: "mona", at: "2026-11-21T09:00:00Z")
        let (repos, warnings, _) = try await orgRepositories(harness)
        #expect(Set(repos.keys) == ["lantern", "prism"])
        #expect(warnings.contains { $0.contains("left out") && $0.contains("not one GitHub allows") }, "\(warnings)")
        let store = harness.store()
        let stars = try await store.starred(by: "mona")
        #expect(!stars.contains { $0.repo.id.rawValue == 150 || $0.repo.id.rawValue == 151 })
        #expect(stars.count == 5)
        #expect(store.report.dataWarnings.count == 2, "\(store.report.dataWarnings)")
    }

    @Test(
        "a request for a name with dot segments is sent percent-encoded, never collapsed",
        arguments: [("..", "x"), ("o", ".."), (".", "."), ("..", ".."), ("o", "a/b")])
    func dotSegmentsNeverCollapse(_ owner: String, _ name: String) async throws {
        let harness = try LiveHarness()
        let store = harness.store()
        let repoName = RepoName(owner: owner, name: name)
        let repo = GitHubRepo(id: .init(rawValue: 9), name: repoName, owner: Self.org, htmlURL: "https://github.com/x")
        _ = try? await store.repository(repoName)
        _ = try? await store.readme(of: repo)
        _ = try? await store.releases(of: repo, limit: 3)
        _ = try? await store.starred(by: owner)
        let paths = harness.github.requests.map(\.path).filter { $0 != "/rate_limit" }
        #expect(paths.count == 4, "\(paths)")
        for path in paths {
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            #expect(!segments.contains { $0 == "." || $0 == ".." || $0.isEmpty }, "\(path)")
            #expect(path.hasPrefix("/repos/") ? segments.count >= 3 : path.hasPrefix("/users/"), "\(path)")
        }
        #expect(!paths.contains("/repos/readme") && !paths.contains("/x/readme") && !paths.contains("/repos/o/readme"))
    }

    @Test("thousands of topics are cut to GitHub's 20 valid ones where they are read, with one warning")
    func topicsBounded() async throws {
        let harness = try LiveHarness()
        let topics =
            ["<script>", "UPPER", "-lead", String(repeating: "t", count: 51)] + (0..<2_000).map { "topic-\($0)" }
        harness.github.update("lumen-labs/lantern") { $0.topics = topics }
        let (repos, warnings, _) = try await orgRepositories(harness)
        #expect(repos["lantern"]?.topics == (0..<20).map { "topic-\($0)" })
        #expect(
            warnings.filter { $0.contains("lumen-labs/lantern") && $0.contains("topics") }.count == 1, "\(warnings)")
    }
}
