import FakeGitHubServer
import Foundation
import RepodigestConfiguration
import SiteRenderer
import Testing
import UseCases

@testable import GitHubData

/// `repodigest build --sample`, run as a process: the promise of `make run`.
@Suite struct SampleBuildTests {
    @Test func buildsAValidatedSiteOfEveryKind() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        let outcome = try RepodigestProcess.run(["build", "--sample", "--output", output.path, "--quiet"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(
            outcome.standardOutput.isEmpty && outcome.standardError.isEmpty,
            "--quiet prints nothing when all is well, not even the path: cron mails any output")

        let paths = Set(SiteFolder.files(in: output).keys)
        for expected in [
            "index.html", "404.html", "digest.json", "assets/style.css", "starred/index.html", "favourites/index.html",
            "owners/lumen-labs/index.html", "owners/kit-harbor/index.html", "repos/vesper-org/vesper.html",
            "languages/swift/index.html", "topics/cli/index.html",
        ] {
            #expect(paths.contains(expected), "\(expected) is written")
        }
        #expect(paths.contains { $0.hasPrefix("searches/") })
        #expect(try SiteValidator().validate(directory: output) == [], "every page passes the gate")
    }

    @Test func digestJSONListsEveryRepositoryPage() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        _ = try RepodigestProcess.run(["build", "--sample", "--output", output.path, "--quiet"])
        let data = try Data(contentsOf: output.appending(path: "digest.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let repositories = try #require(json["repositories"] as? [[String: Any]])
        let repoPages = SiteFolder.files(in: output).keys.filter { $0.hasPrefix("repos/") }
        #expect(repositories.count == repoPages.count)
        #expect(repositories.count >= 45)
        for repository in repositories {
            let page = try #require(repository["page"] as? String)
            #expect(FileManager.default.fileExists(atPath: output.appending(path: page).path), "\(page)")
        }
    }

    /// The hostile fixture's descriptions, topics, homepages, READMEs and release notes, laid
    /// over the sample (which a newcomer sees, so it holds none itself), must reach no page as
    /// markup in any theme. The validator already refuses event handlers, script URLs and
    /// inline scripts; this checks the text itself, so a validator bug cannot hide a leak.
    @Test(arguments: Theme.builtInNames)
    func hostileSampleContentIsInertEverywhere(_ theme: String) async throws {
        struct Fixed: Clock { var now: Date { Date(timeIntervalSince1970: 1_795_000_000) } }
        let store = SampleDataStore(files: try HostileSample.files(over: SampleFiles.files))
        let request = try Configuration(toml: SampleDataStore.configuration, source: "sample").digestRequest
        let site = try await BuildDigest(source: store, clock: Fixed()).build(request).site
        let files = try SiteGenerator(theme: Theme.builtIn(theme)).render(site)
        #expect(SiteValidator().validate(files) == [])
        var sawEscapedScript = false
        for file in files where file.path.hasSuffix(".html") {
            let (path, data) = (file.path, file.contents)
            let html = String(decoding: data, as: UTF8.self).lowercased()
            // Attribute values hold escaped text (the filter box keeps each card's words in
            // one); only what is outside them is markup.
            let markup = html.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
            let scripts = html.matches(of: /<script[^>]*>/).map { String($0.output) }
            #expect(
                scripts.allSatisfy {
                    $0.range(of: #"src="(\.\./)*assets/[a-z-]+\.js""#, options: .regularExpression) != nil
                },
                "\(path): only the theme's own script files: \(scripts)")
            #expect(!markup.contains("<iframe") && !markup.contains("<svg") && !markup.contains("<style"), "\(path)")
            #expect(
                markup.range(of: #"<[^>]*\son[a-z]+\s*="#, options: .regularExpression) == nil,
                "\(path) has an event handler")
            #expect(
                html.range(of: #"(href|src)\s*=\s*"\s*(javascript|vbscript|data):"#, options: .regularExpression)
                    == nil, "\(path)")
            sawEscapedScript = sawEscapedScript || html.contains("&lt;script&gt;")
        }
        #expect(sawEscapedScript, "the hostile text is shown, escaped, not silently lost")
    }

    @Test func sourceDateEpochMakesBuildsByteIdentical() throws {
        let folder = try TemporaryFolder()
        let first = folder.url.appending(path: "one")
        let second = folder.url.appending(path: "two")
        let environment = ["SOURCE_DATE_EPOCH": "1795000000"]
        // With a base URL, so the sitemap and the feeds' absolute links are compared too.
        for output in [first, second] {
            let build = try RepodigestProcess.run(
                ["build", "--sample", "--output", output.path, "--quiet", "--base-url", "https://example.org/"],
                environment: environment)
            #expect(build.status == 0, "\(build.standardError)")
        }
        let one = SiteFolder.files(in: first)
        #expect(!one.isEmpty)
        #expect(one["sitemap.xml"] != nil)
        #expect(
            one == SiteFolder.files(in: second),
            "differing: \(one.keys.filter { one[$0] != SiteFolder.files(in: second)[$0] }.sorted())")
        #expect(String(decoding: one["index.html"] ?? Data(), as: UTF8.self).contains("2026-11-18T11:06:40Z"))
    }

    @Test("a favourite is found in the sample whatever its case; one it lacks is said to be the sample's lack")
    func favouritesInTheSample() throws {
        let folder = try TemporaryFolder()
        let config = folder.url.appending(path: "repodigest.toml")
        try Data("[digest]\nfavourites = [\"Lumen-Labs/LANTERN\", \"nope/nope\"]\n".utf8).write(to: config)
        let build = try RepodigestProcess.run([
            "build", "--sample", "--config", config.path, "--output", folder.url.appending(path: "site").path,
        ])
        #expect(build.status == 0, "\(build.standardError)")
        #expect(!build.standardError.contains("Lumen-Labs/LANTERN"), "\(build.standardError)")
        #expect(
            build.standardError.contains(
                "favourite nope/nope: the sample holds no such repository. Left out; remove it from `favourites` in the configuration"
            ), "\(build.standardError)")
        #expect(
            FileManager.default.fileExists(
                atPath: folder.url.appending(path: "site/repos/lumen-labs/lantern.html").path))
    }
}
