import Foundation
import Testing

@testable import SiteRenderer

/// Issue 17, item 12: only folders that carry repodigest's marker are cleared as leftovers,
/// and a stopped publish removes its own staging folder.
@Suite struct SiteWriterLeftoverTests {
    let root = FileManager.default.temporaryDirectory.appending(path: "writer-leftovers-\(UUID().uuidString)")
    var output: URL { root.appending(path: "site") }

    func file(_ path: String, _ text: String) -> OutputFile { OutputFile(path: path, contents: Data(text.utf8)) }

    func names() throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: root.path)) }

    @Test("A folder named like a staging folder but without repodigest's marker is left alone, with a warning")
    func anUnmarkedLeftoverIsLeftAlone() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "1")])
        let usersFolder = root.appending(path: ".site.staging-42")
        try FileManager.default.createDirectory(at: usersFolder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: usersFolder.appending(path: "thesis.tex"))
        let linked = root.appending(path: ".site.previous-7")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: usersFolder)
        let empty = root.appending(path: ".site.staging-43")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)

        let report = try writer.publish([file("index.html", "2")])
        #expect(try String(contentsOf: usersFolder.appending(path: "thesis.tex"), encoding: .utf8) == "mine")
        #expect(SiteWriter.Inventory.kind(linked) == .link)
        #expect(SiteWriter.Inventory.kind(empty) == .missing, "an empty one holds nothing to lose")
        #expect(report.notes.count == 2)
        #expect(report.notes.contains { $0.contains(usersFolder.path) && $0.contains("left alone") })
        #expect(
            !FileManager.default.fileExists(atPath: output.appending(path: "thesis.tex").path),
            "nothing moved out of it")
    }

    @Test("A leftover marked as a staging folder is removed; one marked as a site gives back the user's files first")
    func markedLeftoversAreCleared() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "1")])
        let staged = root.appending(path: ".site.staging-41")
        try FileManager.default.createDirectory(at: staged.appending(path: "repos"), withIntermediateDirectories: true)
        try Data().write(to: staged.appending(path: ".repodigest-staging"))
        try Data("half".utf8).write(to: staged.appending(path: "repos/a.html"))
        // The old build of a run stopped just after the swap: the user's notes are still in it.
        let old = root.appending(path: ".site.staging-40")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        try Data("repodigest\nmanifest\nfile index.html\n".utf8).write(to: old.appending(path: ".repodigest-site"))
        try Data("0".utf8).write(to: old.appending(path: "index.html"))
        try Data("notes".utf8).write(to: old.appending(path: "notes.txt"))

        try writer.publish([file("index.html", "2")])
        #expect(try names() == ["site"])
        #expect(try String(contentsOf: output.appending(path: "notes.txt"), encoding: .utf8) == "notes")
    }

    @Test("A site moved aside by a run stopped before the new one took its place is put back, not deleted")
    func aSiteMovedAsideIsRestored() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "1"), file("repos/old.html", "gone next build")])
        try FileManager.default.moveItem(at: output, to: root.appending(path: ".site.previous-77"))
        #expect(
            try writer.publish([file("index.html", "2")]).removed == 1, "the restored site's own page, not the user's")
        #expect(try names() == ["site"])
        #expect(try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8) == "2")
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "repos/old.html").path))
    }

    @Test("A site put back in place is checked before staging: a user's file it holds where a new page goes is refused")
    func aRestoredSiteIsCheckedAgain() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "1")])
        try Data("mine".utf8).write(to: output.appending(path: "about.html"))
        try FileManager.default.moveItem(at: output, to: root.appending(path: ".site.previous-78"))
        // Staging, before anything is rendered: with no output it saw nothing to refuse.
        #expect(throws: PublishError.usersFile("about.html", output: output.path)) {
            try writer.stage(writing: ["index.html", "about.html"])
        }
        #expect(try names() == ["site"], "put back, and no staging folder made")
        #expect(try String(contentsOf: output.appending(path: "about.html"), encoding: .utf8) == "mine")
    }

    @Test("A stop before the swap removes the staging folder and refuses every later file; the site is as it was")
    func aStopRemovesTheStagingFolder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "1")])
        let staging = try writer.stage(writing: ["index.html", "repos/a.html"])
        try staging.put(file("repos/a.html", "a"))
        #expect(writer.interruption.stop() == .stagingRemoved(staging.folder.path))
        #expect(try names() == ["site"])
        #expect(throws: PublishError.interrupted) { try staging.put(file("repos/b/c.html", "c")) }
        #expect(throws: PublishError.interrupted) {
            try writer.commit(staging, entries: ["index.html": .init()], stamp: nil)
        }
        #expect(try names() == ["site"], "nothing brought the staging folder back")
        #expect(try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8) == "1")
    }

    @Test("A stop with no publish under way has nothing to remove")
    func aStopBeforeStaging() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        #expect(writer.interruption.stop() == .nothingStaged)
        #expect(throws: PublishError.interrupted) { try writer.publish([file("index.html", "1")]) }
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: ".site.staging-\(getpid())").path))
    }
}
