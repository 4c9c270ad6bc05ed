import Foundation
import GitHubData
import PageModels
import SiteRenderer
import UseCases

/// Where a cold build's time goes, phase by phase, through the same layers `repodigest build
/// --offline` uses and from the same state folder: fetch/decode (the cache read and GitHub's
/// JSON decoded), translate, render (templates) and Markdown, validate, write. Each phase is
/// timed on its own, median of `runs`, with the parallelism it has in a build, except that
/// `SiteWriter.publish` writes one file at a time where `repodigest build` writes on every
/// core, overlapping the other phases.
struct PhaseBreakdown {
    static let phases = ["fetch/decode", "translate", "render (templates)", "Markdown", "validate", "write"]

    struct Result {
        var repositories: Int
        var medians: [Double]
        var total: Double { medians.reduce(0, +) }
    }

    var site: BenchSite
    var runs: Int

    struct Clock: UseCases.Clock {
        var now = Date(timeIntervalSince1970: TimeInterval(BenchSite.now))
    }

    func run(progress: (String) -> Void) async throws -> Result {
        var store = GitHubDataStore.Options(apiURL: site.github.baseURL, stateDirectory: site.state)
        store.offline = true
        var request = BuildDigest.Request(title: BenchSite.title, starredBy: ["bench"], pageSize: BenchSite.pageSize)
        request.phrasebook = .english
        let theme = try Theme.builtIn("default")
        let output = site.folder.appending(path: "out-phases")
        var samples = [[Double]](repeating: [], count: Self.phases.count)
        let clock = ContinuousClock()
        for run in 1...runs {
            let source = MemoizingSource(GitHubDataStore(options: store, warnings: WarningLog()))
            var site: Site?
            let gathered = try await clock.measure {
                site = try await BuildDigest(source: source, clock: Clock())(request)
            }
            let translate = try await clock.measure {
                site = try await BuildDigest(source: source, clock: Clock())(request)
            }
            var files: [OutputFile] = []
            let render = try clock.measure {
                files = try SiteGenerator(theme: theme, baseURL: BenchSite.baseURL).render(site!)
            }
            let markdown = clock.measure { Self.renderMarkdown(of: site!) }
            let validate = clock.measure {
                let findings = SiteValidator().validate(files)
                precondition(findings.isEmpty, "the benchmark site must validate: \(findings.prefix(3))")
            }
            try? FileManager.default.removeItem(at: output)
            let write = try clock.measure { try SiteWriter(output: output).publish(files) }
            let timings = [gathered - translate, translate, render - markdown, markdown, validate, write]
            for (index, timing) in timings.enumerated() { samples[index].append(max(0, timing.seconds)) }
            progress("  phases \(self.site.count): run \(run)/\(runs)")
        }
        try? FileManager.default.removeItem(at: output)
        return Result(repositories: site.count, medians: samples.map(\.median))
    }

    /// Every Markdown document of the site, rendered as the generator renders it: on every
    /// core, a page at a time, so that its time compares with the render's.
    static func renderMarkdown(of site: Site) {
        let markdown = MarkdownRenderer()
        DispatchQueue.concurrentPerform(iterations: site.repositories.count) { index in
            let page = site.repositories[index]
            if let readme = page.readme { _ = markdown.html(readme, idPrefix: "readme-", headingOffset: 2) }
            for (index, release) in page.releases.enumerated() {
                if let notes = release.notes {
                    _ = markdown.html(notes, idPrefix: "release-\(index + 1)-", headingOffset: 3)
                }
            }
        }
    }
}
