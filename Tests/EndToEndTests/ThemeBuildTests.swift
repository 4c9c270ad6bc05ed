import Foundation
import SiteRenderer
import Testing

/// The built `repodigest` binary, run as a user would: the sample built with each theme must
/// pass the validator, with and without a base URL.
@Suite struct ThemeBuildTests {
    @Test(arguments: Theme.builtInNames)
    func theSampleBuildsAndValidatesInEachTheme(_ theme: String) throws {
        let folder = try TemporaryFolder()
        for baseURL in ["", "https://example.org/docs/digest/"] {
            let output = folder.url.appending(path: baseURL.isEmpty ? "relative" : "absolute").path
            let build = try RepodigestProcess.run(
                ["build", "--sample", "--quiet", "--theme", theme, "--base-url", baseURL, "--output", output])
            #expect(build.status == 0, "\(build.standardError)")
            let check = try RepodigestProcess.run(["validate", output])
            #expect(check.status == 0, "\(check.standardError)")
            let files = SiteFolder.files(in: URL(fileURLWithPath: output))
            #expect(files["feed.xml"] != nil && files["feed.json"] != nil && files["digest.md"] != nil)
            #expect(files["releases.opml"] != nil, "the sample has favourites and stars to follow")
            #expect(files["lists/mona-sample/static-sites/index.html"] != nil, "the sample's Star Lists have pages")
            #expect((files["sitemap.xml"] != nil) == !baseURL.isEmpty)
        }
    }

    @Test func aBadBaseURLIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let build = try RepodigestProcess.run([
            "build", "--sample", "--base-url", "example.org", "--output", folder.url.path,
        ])
        #expect(build.status == 1)
        #expect(build.standardError.contains("--base-url"))
    }
}
