import Entities
import Foundation
import PageModels
import SiteRenderer
import Testing
import UseCases

@testable import GitHubData

/// The bundled sample looks as a live build does without a network: its READMEs' images are
/// its own drawings, published with the site; and it has a README in each markup GitHub
/// renders for the site (Markdown, reStructuredText, AsciiDoc, Org).
@Suite("The sample's READMEs show their images offline, in every markup")
struct SampleReadmeImagesTests {
    struct FixedClock: UseCases.Clock {
        var now = Date(timeIntervalSince1970: 1_795_000_000)
    }

    static func sampleSite() async throws -> [OutputFile] {
        var request = BuildDigest.Request(
            title: "Sample", starredBy: ["mona-sample"],
            favourites: try [
                "lumen-labs/lantern", "tidepool-io/tidepool", "otter-cli/otter", "vesper-org/vesper",
                "ines-moreau/carnet",
            ].map {
                Favourite(name: try RepoName(parsing: $0))
            },
            owners: ["lumen-labs", "kit-harbor"])
        request.avatars = .copy  // as the sample's configuration says
        let site = try await BuildDigest(source: SampleDataStore(), clock: FixedClock())(request)
        return try SiteGenerator(theme: try Theme.builtIn("default")).render(site)
    }

    @Test("every image bundled under web/ is an SVG with nothing that runs, and a README shows it")
    func bundledImages() async throws {
        let images = await SampleDataStore().readmeImages()
        #expect(images.count >= 20)
        let readmes = try await Self.readmeTexts()
        for image in images {
            let text = String(decoding: image.data, as: UTF8.self)
            #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), "\(image.url)")
            #expect(!text.lowercased().contains("<script"), "\(image.url)")
            #expect(text.range(of: " on[a-z]+=", options: [.regularExpression, .caseInsensitive]) == nil)
            #expect(image.url.hasPrefix("https://"))
            let file = String(image.url.split(separator: "/").last!)
            #expect(readmes.contains { $0.contains(file) }, "\(image.url) is shown by no README")
        }
    }

    @Test("a sample build refers to no image on the network: each README image is published with the site")
    func noNetworkNeeded() async throws {
        let files = try await Self.sampleSite()
        let paths = Set(files.map(\.path))
        var shown = 0
        for file in files where file.path.hasSuffix(".html") {
            let html = String(decoding: file.contents, as: UTF8.self)
            #expect(html.range(of: "(src|srcset)=\"https?:", options: .regularExpression) == nil, "\(file.path)")
            for match in html.matches(of: /(?:src|srcset)="(?:\.\.\/)*(images\/[^"]+)"/) {
                #expect(paths.contains(String(match.1)), "\(file.path): \(match.1)")
                shown += 1
            }
        }
        #expect(shown >= 15)
        let lantern = String(
            decoding: try #require(files.first { $0.path == "repos/lumen-labs/lantern.html" }).contents, as: UTF8.self)
        #expect(lantern.contains("<source srcset=\"../../images/lumen-labs-lantern-docs-logo-dark.svg\""))
        #expect(lantern.contains("src=\"../../images/img.shields.io-badge-licence-mit-blue.svg\" alt=\"Licence: MIT\""))
        #expect(SiteValidator().validate(files).isEmpty)
    }

    @Test("the sample has a README in reStructuredText, AsciiDoc and Org, each with GitHub's rendering")
    func everyMarkup() async throws {
        let store = SampleDataStore()
        for (name, path) in [
            ("ines-moreau/carnet", "README.rst"), ("lumen-labs/lumen-cli", "README.adoc"),
            ("kit-harbor/advent-2025", "README.org"),
        ] {
            let repo = try await Self.repository(name)
            let readme = try #require(try await store.readme(of: repo), "\(name)")
            #expect(readme.path == path)
            #expect(!readme.isMarkdown)
            #expect(readme.html?.contains("markdown-heading") == true, "\(name) carries GitHub's HTML")
        }
    }

    /// A repository of the sample by name, from wherever the sample lists it.
    static func repository(_ name: String) async throws -> GitHubRepo {
        let store = SampleDataStore()
        let parsed = try RepoName(parsing: name)
        if let repo = try? await store.repository(parsed) { return repo }
        let owner = try await store.owner(parsed.owner)
        return try #require(try await store.repositories(of: owner).first { $0.name == parsed })
    }

    /// Every README of the sample as it is written, and GitHub's rendering where there is one.
    static func readmeTexts() async throws -> [String] {
        let store = SampleDataStore()
        var repos = try await store.starred(by: "mona-sample").map(\.repo)
        for login in ["lumen-labs", "kit-harbor"] {
            repos += try await store.repositories(of: try await store.owner(login))
        }
        for name in ["ines-moreau/carnet", "tidepool-io/tidepool", "otter-cli/otter", "vesper-org/vesper"] {
            repos.append(try await repository(name))
        }
        var texts: [String] = []
        for repo in repos {
            if let readme = try await store.readme(of: repo) { texts += [readme.markdown, readme.html ?? ""] }
        }
        return texts
    }
}
