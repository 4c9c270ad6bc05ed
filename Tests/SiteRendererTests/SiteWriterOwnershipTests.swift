import Foundation
import Testing

@testable import SiteRenderer

/// Issue 17, item 1: repodigest never deletes a file it did not write. The marker's manifest
/// says which files are its own; every other one is the user's and is carried over.
@Suite struct SiteWriterOwnershipTests {
    let root = FileManager.default.temporaryDirectory.appending(path: "writer-owned-\(UUID().uuidString)")
    var output: URL { root.appending(path: "site") }

    func file(_ path: String, _ text: String) -> OutputFile { OutputFile(path: path, contents: Data(text.utf8)) }

    func put(_ path: String, _ text: String) throws {
        let url = output.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? { try? String(contentsOf: output.appending(path: path), encoding: .utf8) }

    @Test(
        "The user's files in a published folder are carried into the next build and counted, its own stale files removed"
    )
    func theUsersFilesAreKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "1"), file("repos/a.html", "a"), file("repos/gone.html", "g")])
        try put("notes.txt", "mine")
        try put("mine/important.txt", "keep me")
        try put("repos/notes.txt", "in a folder of repodigest's")
        try put("repos/.DS_Store", "hidden, below the top")

        let report = try writer.publish([file("index.html", "2"), file("repos/a.html", "a")])
        #expect(report.removed == 1, "only repos/gone.html, which repodigest wrote")
        #expect(report.kept == 4)
        #expect(read("notes.txt") == "mine")
        #expect(read("mine/important.txt") == "keep me")
        #expect(read("repos/notes.txt") == "in a folder of repodigest's")
        #expect(read("repos/.DS_Store") == "hidden, below the top")
        #expect(read("repos/gone.html") == nil)
        #expect(read("index.html") == "2")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
        // A third build: the user's files are still the user's (the new manifest does not list them).
        #expect(try writer.publish([file("index.html", "3")]).kept == 4)
        #expect(read("mine/important.txt") == "keep me")
    }

    @Test(
        "A build that would write over a user's file, or into a user's folder, is refused naming it, and nothing changes"
    )
    func aBuildOverAUsersFileIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "1")])
        try put("about.html", "the user's page")
        try put("topics/list.txt", "the user's folder")
        let folder = output.path
        #expect(throws: PublishError.usersFile("about.html", output: folder)) {
            try writer.publish([file("index.html", "2"), file("about.html", "generated")])
        }
        #expect(throws: PublishError.usersFile("topics", output: folder)) {
            try writer.publish([file("index.html", "2"), file("topics/swift.html", "generated")])
        }
        #expect(throws: PublishError.usersFile("about.html", output: folder)) {
            try writer.publish([file("index.html", "2"), file("about.html/index.html", "generated")])
        }
        #expect(read("about.html") == "the user's page")
        #expect(read("index.html") == "1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"], "no staging folder is left")
        #expect(PublishError.usersFile("about.html", output: folder).description.contains("about.html"))
    }

    @Test("Entries whose names are not UTF-8 are named in one message, a screenful at most")
    func unnamableEntriesAreNamedTogether() {
        #expect(
            PublishError.unnamable(["caf\\xE9.txt"], output: "site").description.hasPrefix(
                "refusing to publish into site: the name of caf\\xE9.txt is not UTF-8, so repodigest can neither keep it"
            ))
        let many = (1...12).map { "\\xE9\($0)" }
        let said = PublishError.unnamable(many, output: "site").description
        #expect(said.contains("the names of \(many.prefix(10).joined(separator: ", ")) and 2 more are not UTF-8"))
        #expect(!said.contains("\\xE911"))
    }

    @Test(
        "A marker from before manifests: only what the new build writes is replaced, every other file kept with a warning"
    )
    func aMarkerWithoutAManifestKeepsEverythingElse() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try put(".repodigest-site", "repodigest\ninputs old\n")
        try put("index.html", "old")
        try put("repos/stale.html", "an old page, or the user's: no way to tell")
        let report = try SiteWriter(output: output).publish([file("index.html", "new")])
        #expect(read("index.html") == "new")
        #expect(read("repos/stale.html") != nil)
        #expect(report.kept == 1 && report.removed == 0)
        #expect(report.notes.contains { $0.contains("no whole list") })
        let marker = try #require(read(".repodigest-site"))
        #expect(marker.contains("manifest 3\nfile index.html - \(StableHasher.fingerprint(of: Data("new".utf8)))\n"))
    }

    @Test("The marker keeps its stamp line beside the manifest, and a path cannot pose as either")
    func theMarkerRoundTrips() throws {
        let marker = SiteWriter.Marker(stamp: "abc 123", manifest: ["index.html", "inputs x"])
        #expect(SiteWriter.Marker(text: marker.text) == marker)
        #expect(SiteWriter.Marker(text: "repodigest\ninputs abc\n").manifest == nil)
        for path in ["a\nfile b", "a\rb", "a\u{1b}b"] {
            #expect(!SiteWriter.isSafe(path), "\(path.debugDescription) would break the manifest")
        }
    }
}
