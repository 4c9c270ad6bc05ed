import Dispatch
import Entities
import Foundation
import GitHubData
import PageModels
import RepodigestConfiguration
import SiteRenderer
import UseCases

/// The bodies `make fuzz` hands to libFuzzer, and that the test suite replays over the seed
/// corpus and every crash ever found (`Tests/Fuzz/`). Each takes any bytes and checks an
/// invariant; breaking it stops the process, which is what libFuzzer reports as a finding.
public enum FuzzTargets {
    public static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "decoding": decoding, "link-header": linkHeader, "markdown": markdown, "configuration": configuration,
        "url": url,
        "redactor": redactor, "retry-after": retryAfter, "json-repair": jsonRepair,
    ]

    /// Any bytes as any GitHub answer: decoding returns entities or a `GitHubDataError`,
    /// never crashes, never another error. What it returns holds only names GitHub allows,
    /// counts that are not negative, and at most GitHub's 20 topics per repository.
    @Sendable public static func decoding(_ bytes: [UInt8]) {
        let body = Data(bytes).base64EncodedString()
        let paths = [
            "users/f.json", "users/f/starred.json", "users/f/repos.json", "search/repositories.json",
            "repos/o/n.json", "repos/o/n/releases.json", "repos/o/n/readme.json",
        ]
        let store = SampleDataStore(files: Dictionary(uniqueKeysWithValues: paths.map { ($0, body) }))
        runBlocking {
            await expectOnlyDataErrors { try await store.starred(by: "f").map(\.repo).forEach(checkRepository) }
            await expectOnlyDataErrors {
                try await store.search(SavedSearch(name: "s", query: "q")).forEach(checkRepository)
            }
            await expectOnlyDataErrors {
                let owner = try await store.owner("f")
                try await store.repositories(of: owner).forEach(checkRepository)
            }
            await expectOnlyDataErrors {
                let repo = try await store.repository(.init(owner: "o", name: "n"))
                checkRepository(repo)
                _ = try await store.releases(of: repo, limit: 3)
                _ = try await store.readme(of: repo)
            }
        }
    }

    /// Any bytes as JSON to mend: valid JSON (what `JSONSerialization` accepts) comes out
    /// unchanged, since only what it refuses is mended; and mending twice changes nothing.
    @Sendable public static func jsonRepair(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let repaired = JSONRepair.repaired(data)
        precondition(JSONRepair.repaired(repaired) == repaired, "mending is idempotent")
        if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil {
            precondition(repaired == data, "valid JSON is left as it is")
        }
    }

    private static func checkRepository(_ repo: GitHubRepo) {
        precondition((try? RepoName(parsing: repo.name.description)) == repo.name, "a name GitHub allows: \(repo.name)")
        precondition(GitHubName.isLogin(repo.owner.login), "a login GitHub allows")
        precondition(repo.stars >= 0 && repo.forks >= 0 && repo.openIssues >= 0 && (repo.watchers ?? 0) >= 0)
        precondition(repo.topics.count <= 20, "at most GitHub's 20 topics")
    }

    /// Any text as a `Link` header: parses without crashing, `next` is the `rel="next"` target,
    /// and a target with an angle bracket in it (`<a>b>`, kept so that the list is not taken as
    /// read to its end) is never an address to fetch, however it resolves.
    @Sendable public static func linkHeader(_ bytes: [UInt8]) {
        let header = LinkHeader(String(decoding: bytes, as: UTF8.self))
        precondition(header.next == header.links["next"])
        precondition(
            header.links.values.allSatisfy { target in
                !(target.contains(">") || target.contains("<"))
                    || !LinkHeader.isFetchable(LinkHeader.resolve(target, against: "https://api.github.com/x?page=1"))
            }, "junk is no address")
    }

    /// Any text as a README, through the real renderer: the site that comes out passes the
    /// validator (well-formed, nothing that could run script, every link and id resolving).
    @Sendable public static func markdown(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let route = Route(.repository(owner: "o", name: "r"))
        let card = RepoCard(
            route: route, fullName: "o/r", description: nil, language: nil, topics: [], stars: 0, starsText: "0",
            forksText: "0", pushedText: nil, starredText: nil, badges: [], gitHubURL: "https://github.com/o/r")
        var site = Site(
            title: "Fuzz", generatedText: "now", generatedISO: "2026-11-22T00:00:00Z", navigation: [],
            digest: DigestPage(title: "Fuzz", summary: "", sections: [], languages: [], topics: []), listPages: [],
            repositories: [
                RepoPage(
                    card: card, owner: nil, ownerLogin: "o", ownerGitHubURL: "https://github.com/o", facts: [],
                    homepageURL: nil,
                    releases: [
                        ReleaseItem(
                            title: "v1", tag: "v1", dateText: nil, dateISO: nil, isPrerelease: false,
                            url: "https://github.com/o/r", notes: MarkdownText(source: text))
                    ],
                    readme: MarkdownText(
                        source: text, linkBase: "https://github.com/o/r/blob/main/",
                        imageBase: "https://raw.githubusercontent.com/o/r/main/"))
            ])
        site.phrasebook = .english
        guard let theme = defaultTheme, let files = try? SiteGenerator(theme: theme).render(site) else {
            preconditionFailure("the default theme must render any README")
        }
        let findings = SiteValidator().validate(files)
        precondition(findings.isEmpty, "a README produced an invalid page: \(findings.prefix(3))")
    }

    /// Any text as a URL from the data: its written form passes the validator's URL check,
    /// unless its host or port is none, which no encoding mends (then `link` gives no link:
    /// the translators drop such URLs before a page sees them); and writing it again changes
    /// nothing.
    @Sendable public static func url(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let written = URLSyntax.valid(text)
        if let link = URLSyntax.link(text) {
            precondition(link == written && URLSyntax.problem(in: written) == nil, "written invalid: \(written)")
        } else {
            precondition(URLHost.problem(in: written) != nil, "no link, yet a valid host: \(written)")
        }
        precondition(URLSyntax.valid(written) == written, "not stable: \(written)")
    }

    /// Any text as `repodigest.toml`: the parser returns a configuration inside every
    /// documented range, or a `ConfigurationError` that names the file and a line the text
    /// has; it never crashes, whatever TOMLKit (C++) makes of the bytes.
    @Sendable public static func configuration(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let configuration: Configuration
        do {
            configuration = try Configuration(toml: text, source: "fuzz.toml")
        } catch {
            precondition(error.source == "fuzz.toml", "the error names the file: \(error)")
            precondition(!error.message.isEmpty, "the error says what is wrong")
            let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
            precondition(
                error.line.map { (1...lines + 1).contains($0) } ?? true, "line \(error.line!) of \(lines): \(error)")
            return
        }
        // toml++ reads a C string: a NUL would end the file there, silently.
        precondition(!text.unicodeScalars.contains("\u{0}"), "a text with a NUL parsed")
        precondition(
            Configuration.textProblem(
                configuration.title, name: "title", maxCharacters: Configuration.maxTitleCharacters) == nil)
        precondition(
            Configuration.textProblem(
                configuration.theme, name: "theme", maxCharacters: Configuration.maxThemeCharacters) == nil)
        precondition(
            (configuration.starredBy + configuration.owners).allSatisfy {
                Configuration.loginProblem($0, name: "login", allowsMe: true) == nil
            })
        precondition((1...8).contains(configuration.concurrency))
        precondition((0...3600).contains(configuration.maxWaitSeconds))
        precondition((1...1000).contains(configuration.pageSize))
        precondition((1...3650).contains(configuration.historyDays))
        precondition(configuration.baseURL.isEmpty || Configuration.isValidBaseURL(configuration.baseURL))
        precondition(Configuration.isAPIURL(configuration.apiURL))
        precondition(Set(configuration.searches.map(\.name)).count == configuration.searches.count)
        precondition(
            configuration.searches.allSatisfy {
                Configuration.textProblem($0.name, name: "name", maxCharacters: Configuration.maxSearchNameCharacters)
                    == nil
                    && Configuration.textProblem(
                        $0.query, name: "query", maxCharacters: Configuration.maxSearchQueryCharacters) == nil
                    && (1...1000).contains($0.limit)
            })
        precondition(configuration.favourites.allSatisfy { (try? RepoName(parsing: $0.name.description)) == $0.name })
        precondition(
            (configuration.starredBy + configuration.owners).allSatisfy { $0 == "@me" || GitHubName.isLogin($0) })
        _ = configuration.digestRequest
    }

    /// Loaded once: the input is the README, not the theme; loading it for every input
    /// only slowed the fuzzer and leaked TOMLKit's bytes (Tests/Fuzz/lsan-suppressions.txt).
    private static let defaultTheme = try? Theme.builtIn("default")

    private static func expectOnlyDataErrors(_ body: () async throws -> Void) async {
        do {
            try await body()
        } catch is GitHubDataError {
        } catch {
            preconditionFailure("decoding failed with \(type(of: error)), not a GitHubDataError: \(error)")
        }
    }

    /// The store's methods are async but never suspend on I/O; libFuzzer calls synchronously.
    private static func runBlocking(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }
}
