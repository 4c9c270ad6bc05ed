import Foundation
import Testing

@testable import SiteRenderer

/// Issue 17, item 4: symbolic links. An output folder given as a link is published into the
/// folder it leads to; a link planted inside the published site never enters the next one.
@Suite struct SiteWriterLinkTests {
    let root = FileManager.default.temporaryDirectory.appending(path: "writer-links-\(UUID().uuidString)")

    func file(_ path: String, _ text: String) -> OutputFile { OutputFile(path: path, contents: Data(text.utf8)) }

    func kind(_ url: URL) -> SiteWriter.Inventory.Kind { SiteWriter.Inventory.kind(url) }

    @Test("An output that is a symbolic link stays a link, and the folder it names gets the new site")
    func anOutputLinkIsPublishedThrough() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let real = root.appending(path: "real")
        let link = root.appending(path: "site")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real")
        let writer = SiteWriter(output: link)
        try writer.publish([file("index.html", "1")])
        try writer.publish([file("index.html", "2")])
        #expect(kind(link) == .link)
        #expect(try String(contentsOf: real.appending(path: "index.html"), encoding: .utf8) == "2")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: root.path)) == ["site", "real"])
        #expect(
            writer.lockFile.path == root.appending(path: ".real.lock").path, "one lock for every name of the folder")
    }

    @Test(
        "A link planted in place of a published file or folder is replaced by real files, and what it names is untouched"
    )
    func plantedLinksAreNeverCarriedOver() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appending(path: "site")
        let elsewhere = root.appending(path: "elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let writer = SiteWriter(output: output)
        try writer.publish([file("style.css", "body{}"), file("assets/app.js", "x"), file("index.html", "1")])
        // Same bytes as the build's, so an "unchanged" hard link would carry them in.
        try Data("body{}".utf8).write(to: elsewhere.appending(path: "style.css"))
        try Data("x".utf8).write(to: elsewhere.appending(path: "app.js"))
        try FileManager.default.removeItem(at: output.appending(path: "style.css"))
        try FileManager.default.createSymbolicLink(
            at: output.appending(path: "style.css"), withDestinationURL: elsewhere.appending(path: "style.css"))
        try FileManager.default.removeItem(at: output.appending(path: "assets"))
        try FileManager.default.createSymbolicLink(at: output.appending(path: "assets"), withDestinationURL: elsewhere)

        try writer.publish([file("style.css", "body{}"), file("assets/app.js", "x"), file("index.html", "2")])
        #expect(kind(output.appending(path: "style.css")) == .regular)
        #expect(kind(output.appending(path: "assets")) == .folder)
        #expect(kind(output.appending(path: "assets/app.js")) == .regular)
        var status = stat()
        #expect(
            lstat(elsewhere.appending(path: "app.js").path, &status) == 0 && status.st_nlink == 1,
            "not hard-linked into the site")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path)) == ["style.css", "app.js"])
    }

    @Test("A hidden entry that is a link is carried over as the link, never followed")
    func aHiddenLinkStaysALink() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appending(path: "site")
        let target = root.appending(path: "git-elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("ref".utf8).write(to: target.appending(path: "HEAD"))
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "1")])
        try FileManager.default.createSymbolicLink(at: output.appending(path: ".git"), withDestinationURL: target)
        // Read-only, as a link's target may be: only the link moves, so it does not matter.
        chmod(target.path, 0o555)
        defer { chmod(target.path, 0o755) }
        try writer.publish([file("index.html", "2")])
        #expect(kind(output.appending(path: ".git")) == .link)
        #expect(try String(contentsOf: target.appending(path: "HEAD"), encoding: .utf8) == "ref")
    }
}
