import FakeGitHubServer
import Foundation

@testable import GitHubData

/// A started fake GitHub, a temporary state folder, and stores wired to both the way the
/// composition root wires them (libcurl and SQLite), with short timeouts and retry delays
/// and a sleep that only records: no test waits on a clock.
final class LiveHarness: @unchecked Sendable {
    let github: FakeGitHub
    let stateDirectory: URL
    private let lock = NSLock()
    private var sleeps: [Duration] = []

    init(github: FakeGitHub = FixtureWorld.make()) throws {
        self.github = github
        try github.start()
        stateDirectory = FileManager.default.temporaryDirectory
            .appending(path: "repodigest-tests-\(UUID().uuidString)")
    }

    deinit {
        github.stop()
        try? FileManager.default.removeItem(at: stateDirectory)
    }

    /// The stores' clock: real time plus every wait they asked for, as if they had slept.
    var now: Date {
        Date().addingTimeInterval(lock.withLock { sleeps.reduce(0) { $0 + Double($1.components.seconds) } })
    }

    /// Waits a store asked for (rate limits, backoff), in order.
    var requestedSleeps: [Duration] { lock.withLock { sleeps } }

    func configuration(
        token: String? = FixtureWorld.token, _ adjust: (inout GitHubDataStore.Options) -> Void = { _ in }
    )
        -> GitHubDataStore.Options
    {
        var configuration = GitHubDataStore.Options(
            apiURL: github.baseURL, token: token, tokenVariable: token == nil ? nil : "GITHUB_TOKEN",
            stateDirectory: stateDirectory)
        configuration.retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))
        configuration.totalTimeout = .seconds(2)
        configuration.connectTimeout = .seconds(2)
        configuration.userAgent = "repodigest/test"
        adjust(&configuration)
        return configuration
    }

    /// A new store, as a new run would make: its own client and budget, the same cache.
    /// - Parameter later: how far ahead of the harness's clock this store's runs.
    func store(
        token: String? = FixtureWorld.token, warnings: WarningLog = WarningLog(), later: TimeInterval = 0,
        _ adjust: (inout GitHubDataStore.Options) -> Void = { _ in }
    ) -> GitHubDataStore {
        let configuration = configuration(token: token, adjust)
        let client = CurlHTTPClient(
            configuration: CurlHTTPClient.Configuration(
                apiURL: configuration.apiURL, token: configuration.token, userAgent: configuration.userAgent,
                concurrency: configuration.concurrency, connectTimeout: configuration.connectTimeout,
                totalTimeout: configuration.totalTimeout))
        let cache = configuration.stateDirectory.flatMap {
            SQLiteResponseCache.open(at: $0.appending(path: "cache.sqlite"), warnings: warnings)
        }
        return GitHubDataStore(
            client: client, cache: cache, options: configuration,
            sleep: { [self] duration in lock.withLock { sleeps.append(duration) } },
            now: { [self] in now.addingTimeInterval(later) })
    }

    /// Statuses the server answered for paths starting with `prefix` (0: no answer sent).
    func statuses(_ prefix: String = "/") -> [Int] {
        github.log.filter { $0.request.path.hasPrefix(prefix) }.map(\.status)
    }
}
