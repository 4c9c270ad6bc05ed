import Foundation
import Testing

/// Issue 17, item 12: SIGTERM and SIGINT in the middle of staging remove this run's staging
/// folder, print one line, and exit 128 + the signal; the previous site is as it was.
@Suite struct SignalTests {
    @Test(
        "A signal while staging removes the staging folder, says so in one line, and exits 128 + the signal",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSignalWhileStagingCleansUp(_ signal: Int32, _ status: Int32) throws {
        let folder = try TemporaryFolder()
        let site = folder.url.appending(path: "site")
        let arguments = [
            "build", "--sample", "--output", site.path, "--state-dir", folder.url.appending(path: "state").path,
        ]
        #expect(try RepodigestProcess.run(arguments + ["--quiet"]).status == 0)
        let before = SiteFolder.files(in: site)

        // Slowed between staged files, so the signal lands while the staging folder fills.
        let run = try RunningProcess(arguments + ["--force"], environment: ["REPODIGEST_TEST_WRITE_DELAY_MS": "20"])
        let staging = folder.url.appending(path: ".site.staging-\(run.pid)")
        let staged = run.waitFor { FileManager.default.fileExists(atPath: staging.appending(path: "index.html").path) }
        #expect(staged, "\(run.standardError)")
        run.signal(signal)
        #expect(run.wait() == status, "\(run.standardError)")

        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        let lines = run.standardError.split(separator: "\n").filter { $0.contains(name) }
        #expect(
            lines == [
                "error: stopped by \(name): the staging folder \(staging.path) is removed; "
                    + "nothing was published, any site published before is as it was"
            ], "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: staging.path))
        #expect(SiteFolder.files(in: site) == before, "the previous site is as it was")
        let next = try RepodigestProcess.run(arguments + ["--force", "--quiet"])
        #expect(next.status == 0, "the locks went with the process: \(next.standardError)")
        #expect(next.standardError.isEmpty, "no leftover to warn about: \(next.standardError)")
    }

    /// While every core renders, a signal is heard at once, not once the pages are done: a
    /// dispatch source's handler waited for a thread of the pool rendering kept busy, and the
    /// stop came when the last page was rendered. A theme whose cards each render 65,536
    /// times over (a page of 30 cards some six million steps, within the render budget)
    /// keeps this build rendering for some fifteen seconds built for debugging.
    @Test func aSignalIsHeardWhileEveryCoreRenders() throws {
        let folder = try TemporaryFolder()
        let theme = folder.url.appending(path: "slow")
        try FileManager.default.copyItem(at: BrokenThemeTests.defaultTheme, to: theme)
        let templates = theme.appending(path: "templates")
        try Data(#"<li class="card">{{>s0}}</li>"#.utf8).write(to: templates.appending(path: "card.mustache"))
        for level in 0..<16 {
            try Data("{{>s\(level + 1)}}{{>s\(level + 1)}}".utf8).write(
                to: templates.appending(path: "s\(level).mustache"))
        }
        try Data("x ".utf8).write(to: templates.appending(path: "s16.mustache"))
        let site = folder.url.appending(path: "site")
        let run = try RunningProcess(["build", "--sample", "--theme", theme.path, "--output", site.path])
        let staging = folder.url.appending(path: ".site.staging-\(run.pid)")
        #expect(run.waitFor { FileManager.default.fileExists(atPath: staging.path) }, "\(run.standardError)")
        usleep(500_000)
        run.signal(SIGTERM)
        let heard = Date()
        #expect(run.wait() == 143, "\(run.standardError)")
        #expect(Date().timeIntervalSince(heard) < 10, "stopped only once the pages were rendered")
        #expect(!FileManager.default.fileExists(atPath: staging.path))
        #expect(!FileManager.default.fileExists(atPath: site.path), "nothing was published")
    }

    @Test("A staging-named folder that is not repodigest's is left alone by the next run, with a warning")
    func aForeignStagingFolderIsKept() throws {
        let folder = try TemporaryFolder()
        let arguments = [
            "build", "--sample", "--output", folder.url.appending(path: "site").path,
            "--state-dir", folder.url.appending(path: "state").path, "--quiet",
        ]
        let foreign = folder.url.appending(path: ".site.staging-12345")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: foreign.appending(path: "thesis.tex"))
        let outcome = try RepodigestProcess.run(arguments)
        #expect(outcome.status == 0)
        #expect(
            outcome.standardError.contains(
                "warning: \(foreign.resolvingSymlinksInPath().path) is named like a leftover"),
            "\(outcome.standardError)")
        #expect(try String(contentsOf: foreign.appending(path: "thesis.tex"), encoding: .utf8) == "mine")
    }
}
