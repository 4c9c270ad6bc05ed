import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// `SiteBuild` renders, checks and stages one file at a time: it must publish exactly what
/// rendering, validating and writing in turn publish, READMEs read apart or not, and nothing
/// at all when a file fails.
@Suite struct SiteBuildTests {
    let root = FileManager.default.temporaryDirectory.appending(path: "site-build-\(UUID().uuidString)")
    var output: URL { root.appending(path: "site") }

    /// The READMEs taken out of the fixture, streamed back one page a batch in reverse
    /// order, as a build's loader would (in its own order) hand them over; `asked` hears
    /// which pages the build asked for.
    struct Supply: ReadmeSupply {
        var readmes: [Int: MarkdownText]
        var asked: @Sendable ([Int]) -> Void = { _ in }

        func batches(for site: Site, pages: [Int]) -> any AsyncSequence<ReadmeBatch, any Error> {
            asked(pages)
            let readmes = self.readmes.filter { pages.contains($0.key) }
            return AsyncThrowingStream { continuation in
                for (page, readme) in readmes.sorted(by: { $0.key > $1.key }) {
                    continuation.yield(ReadmeBatch(pages: [page], readmes: [readme]))
                }
                continuation.finish()
            }
        }
    }

    func published() throws -> [String: Data] {
        let paths = FileManager.default.subpaths(atPath: output.path) ?? []
        return Dictionary(
            uniqueKeysWithValues: try paths.filter { !$0.hasPrefix(".") }.compactMap { path in
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(
                    atPath: output.appending(path: path).path, isDirectory: &isFolder)
                return !exists || isFolder.boolValue ? nil : (path, try Data(contentsOf: output.appending(path: path)))
            })
    }

    @Test(arguments: [false, true])
    func publishesWhatRenderingGivesFileForFile(readmesApart: Bool) async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let generator = SiteGenerator(theme: try Theme.builtIn("default"), baseURL: "https://example.org/")
        let expected = Dictionary(
            uniqueKeysWithValues: try generator.render(SiteFixture.site).map { ($0.path, $0.contents) })
        var site = SiteFixture.site
        var readmes: Supply?
        if readmesApart {
            let apart = Dictionary(
                uniqueKeysWithValues: site.repositories.indices.compactMap { index in
                    site.repositories[index].readme.map { (index, $0) }
                })
            #expect(!apart.isEmpty)
            readmes = Supply(readmes: apart)
            for index in site.repositories.indices { site.repositories[index].readme = nil }
        }
        let outcome = try await SiteBuild(generator: generator, writer: SiteWriter(output: output)).run(
            site, readmes: readmes)
        #expect(
            outcome
                == .published(
                    SiteWriter.Report(written: expected.count, unchanged: 0, removed: 0), files: expected.count))
        #expect(try published() == expected)
    }

    @Test(
        "a README the supply could not fetch: its page says so, and the site is not stamped, so the next run tries again"
    )
    func aReadmeNotFetched() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        struct NotFetched: ReadmeSupply {
            let page: Int
            func batches(for site: Site, pages: [Int]) -> any AsyncSequence<ReadmeBatch, any Error> {
                AsyncThrowingStream { continuation in
                    continuation.yield(
                        ReadmeBatch(pages: pages, readmes: pages.map { _ in nil }, notFetched: [page]))
                    continuation.finish()
                }
            }
        }
        var site = SiteFixture.site
        let index = site.repositories.firstIndex { $0.card.fullName == "lumen-labs/lantern" }!
        for page in site.repositories.indices { site.repositories[page].readme = nil }
        let build = SiteBuild(
            generator: SiteGenerator(theme: try Theme.builtIn("default")), writer: SiteWriter(output: output))
        _ = try await build.run(site, readmes: NotFetched(page: index), stamp: "inputs")
        #expect(build.writer.publishedStamp() == nil)
        let page = try published()["repos/lumen-labs/lantern.html"].map { String(decoding: $0, as: UTF8.self) }
        #expect(page?.contains("The README could not be fetched from GitHub for this build.") == true)

        _ = try await build.run(site, readmes: Supply(readmes: [:]), stamp: "inputs")
        #expect(build.writer.publishedStamp() == "inputs")
    }

    @Test("a page the data names twice is an error naming its path, before anything is staged")
    func aPageNamedTwiceIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var site = SiteFixture.site
        site.listPages.append(SiteFixture.list(.owner(login: "lumen-labs"), "lumen-labs", groups: []))
        site.listPages.append(SiteFixture.list(.owner(login: "lumen-labs"), "lumen-labs", groups: []))
        let build = SiteBuild(
            generator: SiteGenerator(theme: try Theme.builtIn("default")), writer: SiteWriter(output: output))
        await #expect(throws: PublishError.twoFiles("owners/lumen-labs/index.html")) { try await build.run(site) }
        #expect(!FileManager.default.fileExists(atPath: root.path), "nothing made, not even the output's parent")
    }

    /// The findings of a build of `SiteFixture.site` with a theme of `templates` over the
    /// default one, and where those templates are; nil (recorded) if the build published.
    func findings(ofTheme templates: [String: String]) async throws -> (findings: [Finding], folder: String)? {
        let folder = try ThemeTests.ThemeFolderFixture(
            Dictionary(uniqueKeysWithValues: templates.map { ("templates/\($0.key).mustache", $0.value) }))
        let build = SiteBuild(
            generator: SiteGenerator(theme: try Theme(directory: folder.url)), writer: SiteWriter(output: output))
        guard case .invalid(let findings) = try await build.run(SiteFixture.site) else {
            Issue.record("the theme's mistake must not be published")
            return nil
        }
        return (findings, folder.url.appending(path: "templates").path)
    }

    @Test func aFileThatFailsPublishesNothingAndLeavesNoStaging() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let notFound = "{{<layout}}\n{{$main}}\n<h1>Lost</h1><script>alert(1)</script>\n{{/main}}\n{{/layout}}\n"
        guard let (findings, templates) = try await findings(ofTheme: ["not-found": notFound]) else { return }
        let script = try #require(findings.first { $0.rule == "inline-script" })
        #expect(
            script.origin == templates + "/not-found.mustache:3:14",
            "the block's own template and line, though its parent rendered it: \(script)")
        #expect(script.description.hasSuffix("(from \(script.origin ?? "?"))"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).isEmpty)
    }

    @Test("a link the theme breaks is traced to its template line too, though found after every page was checked")
    func aBrokenLinkNamesItsTemplateLine() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let notFound =
            "{{<layout}}\n{{$main}}\n<h1>Lost</h1>\n<p><a href=\"nowhere.html\">Home</a></p>\n{{/main}}\n{{/layout}}\n"
        guard let (findings, templates) = try await findings(ofTheme: ["not-found": notFound]) else { return }
        let link = try #require(findings.first { $0.rule == "broken-link" })
        #expect(link.origin == templates + "/not-found.mustache:4:4", "\(link)")
    }

    @Test("a block misnested in another names where that other one came from too: often the mistake")
    func aMisnestedBlockNamesItsHoldersTemplate() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let notFound = "{{<layout}}\n{{$main}}\n<h1>Lost</h1><p>{{>inner}}</p>\n{{/main}}\n{{/layout}}\n"
        guard let (findings, templates) = try await findings(ofTheme: ["not-found": notFound, "inner": "<div>x</div>"])
        else { return }
        let div = try #require(findings.first { $0.rule == "misnested" })
        #expect(div.origin == templates + "/inner.mustache:1:1", "\(div)")
        #expect(div.holder?.element == "p")
        #expect(div.holderOrigin == templates + "/not-found.mustache:3:14", "\(div)")
        #expect(div.description.hasSuffix("; its <p> from \(templates)/not-found.mustache:3:14)"))
    }

    @Test("a tag left open names where its end tag stands and where the open tag came from, not a page line")
    func aTagLeftOpenNamesBothTemplateLines() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let notFound = "{{<layout}}\n{{$main}}\n<h1>Lost</h1>\n<p>A {{>inner}}</p>\n{{/main}}\n{{/layout}}\n"
        guard let (findings, templates) = try await findings(ofTheme: ["not-found": notFound, "inner": "<b>bold"])
        else { return }
        let mismatch = try #require(findings.first { $0.rule == "well-formed" })
        #expect(mismatch.message.contains("Opening and ending tag mismatch: b line"), "\(mismatch)")
        #expect(mismatch.origin == templates + "/not-found.mustache:4:16", "at </p>, not past it: \(mismatch)")
        #expect(mismatch.holder?.element == "b")
        #expect(mismatch.holderOrigin == templates + "/inner.mustache:1:1", "\(mismatch)")
        #expect(mismatch.description.hasSuffix("; its <b> from \(templates)/inner.mustache:1:1)"))
    }

    @Test("a tag libxml2 finds left open at the file's end names where it came from")
    func aTagOpenAtTheEndNamesItsTemplateLine() throws {
        let page = "<!DOCTYPE html>\n<html lang=\"en\">\n<body><main>\n<p>A <b>bold</p>"
        var finding = Finding(
            file: "x.html", line: 4, column: 12, rule: "well-formed",
            message: "not well-formed: Premature end of data in tag main line 3")
        finding.placeTagLeftOpen(in: Data(page.utf8))
        #expect(finding.holder == Finding.Holder(element: "main", line: 3, column: 7))
        #expect(finding.line == 4 && finding.column == 12, "where libxml2 stopped: no end tag to place it at")
        var other = Finding(
            file: "x.html", line: 4, column: 17, rule: "well-formed",
            message: "not well-formed: Opening and ending tag mismatch: i line 4 and p")
        other.placeTagLeftOpen(in: Data(page.utf8))
        #expect(other.holder == nil && other.column == 13, "no <i> on its line: the end tag placed, no holder named")
    }

    @Test func digestJSONIsWhatOneEncodingOfTheWholeDocumentGives() throws {
        let router = Router(routes: SiteFixture.site.repositories.map(\.card.route), baseURL: "https://example.org/")
        let json = DigestJSON(site: SiteFixture.site, router: router)
        #expect(json.document().repositories.contains { $0.topics.isEmpty }, "an empty list is indented apart")
        #expect(try json.file().contents == DigestJSON.encoder.encode(json.document()) + Data("\n".utf8))
    }

    @Test(
        "A repository is written as JSONEncoder prints it, whatever its strings hold",
        arguments: [
            "plain", "a \"quote\", a \\ and a / slash", "line\nbreak\ttab\r\u{8}\u{C}",
            "control \u{1}\u{1F} and \u{7F}",
            "é, 日本語, 🚀 and \u{2028}\u{2029}", "",
        ])
    func digestJSONWritesAsTheEncoder(_ text: String) throws {
        for lists: [String]? in [nil, [], [text, "b"]] {
            let repository = DigestJSON.Repository(
                fullName: text, url: "https://github.com/a/b", page: "repos/a/b.html",
                pageUrl: text.isEmpty ? nil : text,
                description: text.isEmpty ? nil : text, language: text.isEmpty ? nil : text,
                topics: text.isEmpty ? [] : [text, text], stars: -3, favourite: true, archived: false, fork: true,
                lists: lists)
            var written: [UInt8] = []
            repository.write(into: &written)
            let encoded = String(decoding: try DigestJSON.encoder.encode(repository), as: UTF8.self)
            let indented = encoded.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "" : "    " + $0
            }
            #expect(String(decoding: written, as: UTF8.self) == indented.joined(separator: "\n"))
        }
    }
}
