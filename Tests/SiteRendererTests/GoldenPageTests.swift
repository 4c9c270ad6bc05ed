import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// Every file a build writes from `SiteFixture`, in each built-in theme, compared byte for byte
/// with `Golden/<theme>/`. After a deliberate change, regenerate and review the diff:
///
///     UPDATE_GOLDEN=1 swift test --filter GoldenPageTests
@Suite struct GoldenPageTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")
    static let updating = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"

    /// The theme's assets are copies of its own files; everything else is compared.
    static func files(theme name: String, baseURL: String? = nil) throws -> [OutputFile] {
        try SiteGenerator(theme: try Theme.builtIn(name), baseURL: baseURL).render(SiteFixture.site)
            .filter { !$0.path.hasPrefix(Router.assetsFolder) }
    }

    @Test(arguments: ["default", "minimal"])
    func everyPageKindMatchesItsGoldenFile(_ theme: String) throws {
        let files = try Self.files(theme: theme, baseURL: "https://example.org/digest/")
        let folder = Self.golden.appending(path: theme)
        if Self.updating {
            try? FileManager.default.removeItem(at: folder)
            for file in files {
                let url = folder.appending(path: file.path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url)
            }
            // On to the comparison: what was written must read back as what was rendered.
        }
        let expected = try Self.read(folder)
        #expect(Set(files.map(\.path)) == Set(expected.keys), "the files written changed; UPDATE_GOLDEN=1 to accept")
        for file in files {
            guard let golden = expected[file.path] else { continue }
            #expect(
                file.contents == golden,
                "\(theme)/\(file.path) differs from its golden file; UPDATE_GOLDEN=1 swift test --filter GoldenPageTests, then review the diff"
            )
        }
    }

    @Test(arguments: ["default", "minimal"])
    func theFixtureSitePassesTheValidator(_ theme: String) throws {
        for baseURL in [nil, "https://example.org/digest/"] {
            let files = try SiteGenerator(theme: try Theme.builtIn(theme), baseURL: baseURL).render(SiteFixture.site)
            let findings = SiteValidator().validate(files)
            #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test func eachPageKindIsInTheGoldenSet() throws {
        let paths = Set(try Self.files(theme: "default").map(\.path))
        for path in [
            "index.html", "404.html", "starred/index.html", "starred/2.html", "favourites/index.html",
            "owners/kit-harbor/index.html", "searches/swift-site-generators-2a5aa307/index.html",
            "languages/c-plus-plus/index.html", "languages/index.html", "topics/ssg/index.html",
            "repos/lumen-labs/lantern.html",
            "feed.xml", "feed.json", "digest.json", "digest.md",
        ] {
            #expect(paths.contains(path), "\(path)")
        }
    }

    private static func read(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.standardizedFileURL.path
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            ?? .init()
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.standardizedFileURL.path.dropFirst(root.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }
}

/// A page's bytes change only when what it shows changes: the time of the run is said by
/// the digest, its Markdown and JSON, and the Atom feed, and by no other file.
@Suite struct ChurnTests {
    @Test(arguments: ["default", "minimal"])
    func onlyTheDigestAndFeedsCarryTheTime(_ theme: String) throws {
        let generator = SiteGenerator(theme: try Theme.builtIn(theme), baseURL: "https://example.org/digest/")
        var later = SiteFixture.site
        later.generatedText = "1 Jan 2030, 00:00 UTC"
        later.generatedISO = "2030-01-01T00:00:00Z"
        let before = Dictionary(
            uniqueKeysWithValues: try generator.render(SiteFixture.site).map { ($0.path, $0.contents) })
        let after = Dictionary(uniqueKeysWithValues: try generator.render(later).map { ($0.path, $0.contents) })
        let changed = Set(before.keys.filter { before[$0] != after[$0] })
        #expect(
            changed.isSubset(of: ["index.html", "feed.xml", "feed.json", "digest.json", "digest.md"]),
            "\(changed.sorted())")
    }
}
