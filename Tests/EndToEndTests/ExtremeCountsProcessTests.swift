import FakeGitHubServer
import Foundation
import Testing

/// A star count of Int64.min or Int64.max once crashed the build (SIGILL), and since the
/// answer is cached, every later run, `--offline` too. Now each run publishes, shows no
/// negative count, and warns about the clamped one.
@Suite struct ExtremeCountsProcessTests {
    @Test("counts of Int64.min and Int64.max build, rebuild from the cache and build offline")
    func extremesThroughEveryRun() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        github.update("lumen-labs/prism") { $0.stars = Int.min }
        github.update("lumen-labs/lantern") { $0.stars = Int.max }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        for extra in [[], ["--force"], ["--offline", "--force"]] {
            let outcome = try run.build(extra: extra)
            #expect(outcome.status == 0, "\(extra): \(outcome.standardError)")
            #expect(
                outcome.standardError.contains("lumen-labs/prism: stargazers_count is negative"),
                "\(outcome.standardError)")
            let page = try String(
                contentsOf: run.output.appending(path: "repos/lumen-labs/prism.html"), encoding: .utf8)
            #expect(!page.contains("-9,223") && !page.contains("-922"), "no negative count is shown")
            let lantern = try String(
                contentsOf: run.output.appending(path: "repos/lumen-labs/lantern.html"), encoding: .utf8)
            #expect(lantern.contains("9,223,372,036,854,775,807"))
        }
        #expect(try SiteRendererValidation.findings(in: run.output).isEmpty)
    }

    @Test("a gain from 0 to Int64.max between two runs is reported, not a crash")
    func gainToTheMaximum() throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        github.update("lumen-labs/prism") { $0.stars = -1 }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        #expect(try run.build().status == 0)
        github.update("lumen-labs/prism") { $0.stars = Int.max }
        let second = try run.build()
        #expect(second.status == 0, "\(second.standardError)")
        let index = try String(contentsOf: run.output.appending(path: "index.html"), encoding: .utf8)
        #expect(
            index.contains(">lumen-labs/prism</a>: 0 → 9,223,372,036,854,775,807 stars (+9,223,372,036,854,775,807)"))
    }
}
