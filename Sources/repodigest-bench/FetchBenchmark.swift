import FakeGitHubServer
import Foundation

/// A live build against the fake GitHub with `latency` added to every answer: 1,000 starred
/// repositories and 100 favourites, each with releases and a README; then the same with
/// nothing changed, then with one starred repository pushed to (stars and README). A run's
/// floor is what its requests cost at best: requests × latency ÷ the requests in flight at once.
struct FetchBenchmark {
    struct Run {
        var requests: Int
        /// Answers other than 304 Not Modified (`/rate_limit` is never conditional, and not counted).
        var not304: Int
        /// From start to the line reporting what GitHub was asked: fetching, decoding, translating.
        var fetch: Double
        var build: Double
    }

    struct Result {
        var starred: Int
        var favourites: Int
        var latency: Double
        var concurrency: Int
        var first: Run
        var second: Run
        /// After one starred repository's stars and README changed with a push.
        var changed: Run

        func floor(_ run: Run) -> Double { Double(run.requests) * latency / Double(concurrency) }
        func multiple(_ run: Run) -> Double { run.fetch / floor(run) }
    }

    var work: URL
    var starred = 1_000
    var favourites = 100
    var latency = 0.05
    var concurrency = 4
    var repodigest: String

    func run(progress: (String) -> Void) throws -> Result {
        let folder = work.appending(path: "fetch")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let github = FakeGitHub(tokenOwner: "bench")
        github.setRateLimit(remaining: 1_000_000)
        github.add(.init(login: "bench", id: 1))
        SyntheticData(count: starred, seed: 7).add(to: github, starredBy: "bench")
        let pinned = SyntheticData(count: favourites, seed: 8, prefix: "favourite", idOffset: 900_000)
        pinned.add(to: github, starredBy: nil)
        try github.start()
        defer { github.stop() }
        github.latency = latency
        let config = folder.appending(path: "repodigest.toml")
        try Data(
            """
            title = "Fetch benchmark"

            [github]
            api_url = "\(github.baseURL)"
            concurrency = \(concurrency)

            [digest]
            starred_by = ["bench"]
            favourites = [\(pinned.repositories.map { "\"\($0.fullName)\"" }.joined(separator: ", "))]

            """.utf8
        ).write(to: config)
        let build = ChildProcess(
            executable: repodigest,
            arguments: [
                "build", "--config", config.path, "--state-dir", folder.appending(path: "state").path,
                "--output", folder.appending(path: "site").path, "--log-format", "json",
            ],
            environment: ["GITHUB_TOKEN": "bench-token", "SOURCE_DATE_EPOCH": String(BenchSite.now)])

        var runs = 0
        func measure() throws -> Run {
            github.clearLog()
            let outcome = try build.runChecked()
            // Each run's log beside its state, for a look with `--keep`.
            runs += 1
            try? Data(outcome.standardError.utf8).write(to: folder.appending(path: "run-\(runs).log"))
            let log = github.log
            return Run(
                requests: log.count,
                not304: log.filter { $0.request.path != "/rate_limit" && $0.status != 304 }.count,
                fetch: try Self.fetchTime(outcome), build: outcome.wall)
        }
        let first = try measure()
        progress("  fetch: first run \(first.requests) requests, \(first.fetch.formatted(2)) s")
        let second = try measure()
        progress(
            "  fetch: second run \(second.requests) requests, \(second.not304) not 304, \(second.fetch.formatted(2)) s")
        let pushed = SyntheticData(count: starred, seed: 7).repositories[starred / 2]
        github.update(pushed.fullName) { repo in
            repo.stars += 25
            repo.readme = (repo.readme ?? "") + "\n\nA line added by a push.\n"
            repo.pushedAt = "2026-11-22T12:00:00Z"
        }
        let changed = try measure()
        progress(
            "  fetch: one repository changed, \(changed.requests) requests, \(changed.not304) not 304, \(changed.fetch.formatted(2)) s"
        )
        return Result(
            starred: starred, favourites: favourites, latency: latency, concurrency: concurrency,
            first: first, second: second, changed: changed)
    }

    /// Seconds from the process's start to its "GitHub: … requests" log line.
    static func fetchTime(_ outcome: ChildProcess.Outcome) throws -> Double {
        for line in outcome.standardError.split(separator: "\n") where line.contains("GitHub: ") {
            if let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let time = object["time"] as? String,
                let date = try? Date(time, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            {
                return date.timeIntervalSince(outcome.started)
            }
        }
        throw ChildProcess.Failure(
            description: "no 'GitHub:' line in the build's log:\n\(outcome.standardError.suffix(1_000))")
    }
}
