import FakeGitHubServer
import Foundation

/// One benchmark site of N repositories: the synthetic data, a fake GitHub serving it, a
/// configuration pointing at that server, and a state folder a first (live) build filled,
/// so that later builds can run `--offline` from it, as the issue asks.
final class BenchSite {
    static let now = 1_795_000_000
    static let title = "Benchmark"
    static let baseURL = "https://example.org/digest/"
    static let pageSize = 50

    let count: Int
    let folder: URL
    let data: SyntheticData
    let github = FakeGitHub(tokenOwner: "bench")
    let repodigest: String

    /// Where earlier benches' site folders wait for the end of this one.
    static func stale(in work: URL) -> URL { work.appending(path: "stale-sites") }

    var config: URL { folder.appending(path: "repodigest.toml") }
    var state: URL { folder.appending(path: "state") }
    var hugoProject: URL { folder.appending(path: "hugo") }

    init(count: Int, work: URL, repodigest: String) throws {
        self.count = count
        self.repodigest = repodigest
        folder = work.appending(path: "site-\(count)")
        // An earlier bench's folder (`--keep`) is moved aside, and removed with the others at
        // the end (`Bench`): removed now, it would slow this site's builds.
        if FileManager.default.fileExists(atPath: folder.path) {
            let stale = Self.stale(in: work)
            try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: folder, to: stale.appending(path: UUID().uuidString))
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        data = SyntheticData(count: count)
        // The real budget (5,000 an hour) would stop the first build of 10,000 repositories.
        github.setRateLimit(remaining: 1_000_000)
        github.add(.init(login: "bench", id: 1))
        data.add(to: github, starredBy: "bench")
        try github.start()
        try Data(
            """
            title = "\(Self.title)"
            base_url = "\(Self.baseURL)"

            [github]
            api_url = "\(github.baseURL)"

            [digest]
            starred_by = ["bench"]
            page_size = \(Self.pageSize)

            """.utf8
        ).write(to: config)
    }

    deinit { github.stop() }

    /// `repodigest build` with this site's configuration and state; a fixed time, so two
    /// builds of the same data are byte-identical.
    func build(output: URL, offline: Bool, quiet: Bool = true, force: Bool = false) -> ChildProcess {
        ChildProcess(
            executable: repodigest,
            arguments: ["build", "--config", config.path, "--state-dir", state.path, "--output", output.path]
                + (offline ? ["--offline"] : []) + (quiet ? ["--quiet"] : ["--log-format", "json"])
                + (force ? ["--force"] : []),
            environment: ["GITHUB_TOKEN": "bench-token", "SOURCE_DATE_EPOCH": String(Self.now), "NO_COLOR": "1"])
    }

    /// The first build: every answer from the fake GitHub (no added latency) into the cache.
    /// Its site is kept until the bench's folder goes: removed here, its 10,900 files would
    /// make the render's first cold build search ext4 for inodes not "recently deleted" (a
    /// fifth of that build's time in one profile), measuring the bench's clean-up.
    func prefill() throws -> ChildProcess.Outcome {
        try build(output: folder.appending(path: "prefill-site"), offline: false).runChecked()
    }

    func writeHugoProject() throws {
        try HugoProject(folder: hugoProject, pageSize: Self.pageSize).write(
            data, title: Self.title, baseURL: Self.baseURL)
    }

    func hugo(output: URL) -> ChildProcess {
        ChildProcess(
            executable: "hugo", arguments: ["--quiet", "--source", hugoProject.path, "--destination", output.path],
            environment: ["HUGO_CACHEDIR": folder.appending(path: "hugo-cache").path])
    }
}
