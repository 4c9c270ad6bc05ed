import Foundation
import Testing

@testable import SiteRenderer

/// The old build is set aside beside the output as the spare, and the next build is staged in
/// it: only what changed is written or linked, nothing published is ever written into, and
/// nothing that is not repodigest's is lost or published unchecked.
@Suite struct SiteWriterSpareTests: SiteFolderSuite {
    let root = FileManager.default.temporaryDirectory.appending(path: "spare-\(UUID().uuidString)")
    func inode(_ path: String, in folder: URL) -> UInt64? {
        var status = stat()
        return lstat(folder.appending(path: path).path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    /// A writer whose output has a spare: the site published twice, the first build set aside.
    func writerWithSpare() throws -> SiteWriter {
        let writer = SiteWriter(output: output)
        try publishSettled(writer, site)
        try publishSettled(writer, site)
        return writer
    }

    @Test("A build staged in the spare writes only what changed, and never into a published file")
    func stagedInTheSpare() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = try writerWithSpare()
        #expect(FileManager.default.fileExists(atPath: spare.path), "the first build, set aside")
        #expect(inode("repos/a/x.html", in: spare) == inode("repos/a/x.html", in: output), "one file, linked")
        // The third build is staged in the spare, which shares every file with the published build.
        let report = try publishSettled(
            writer, [file("index.html", "2"), file("repos/a/x.html", "x"), file("repos/b/z.html", "z")])
        #expect(report.written == 2 && report.unchanged == 1 && report.removed == 1)
        #expect(try text("index.html") == "2" && text("repos/a/x.html") == "x" && text("repos/b/z.html") == "z")
        #expect(!exists("repos/a/y.html"))
        // The spare is now the second build: its files were not written through the links.
        #expect(try text("index.html", in: spare) == "1" && text("repos/a/y.html", in: spare) == "y")
        #expect(try text(SiteWriter.marker, in: spare).contains("file repos/a/y.html "), "with its own marker")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: root.path)) == ["site", ".site.spare"])
    }

    @Test("A file put into the spare goes into the published folder; one the published folder has stops its use")
    func usersFilesInTheSpare() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = try writerWithSpare()
        try Data("mine".utf8).write(to: spare.appending(path: "repos/a/mine.txt"))
        var report = try publishSettled(writer, site)
        #expect(try text("repos/a/mine.txt") == "mine" && report.notes.isEmpty)
        // That build found its published folder changed at the swap, and removed the old one.
        try publishSettled(writer, site)

        try Data("spare's".utf8).write(to: spare.appending(path: "notes.txt"))
        try Data("published".utf8).write(to: output.appending(path: "notes.txt"))
        report = try writer.publish(site)
        #expect(report.notes.count == 1 && report.notes[0].contains(".site.spare is left in place"))
        #expect(try text("notes.txt") == "published" && text("notes.txt", in: spare) == "spare's")
        #expect(try text("index.html") == "1", "published all the same, staged afresh")
    }

    @Test("A spare that holds a staging marker is left alone, and the note says so")
    func aSpareBeingStagedIsLeftAlone() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = try writerWithSpare()
        try Data().write(to: spare.appending(path: ".repodigest-staging"))
        let report = try publishSettled(writer, [file("index.html", "2")])
        #expect(report.notes.count == 1 && report.notes[0].contains("holds a staging marker"))
        #expect(exists(".repodigest-staging", in: spare), "left as it was")
        #expect(try text("index.html") == "2")
    }

    @Test("A spare's name taken by something else is left alone, and the old build removed as before")
    func aNameTakenIsLeftAlone() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: spare, withIntermediateDirectories: true)
        try Data("not a build".utf8).write(to: spare.appending(path: "index.html"))
        let writer = SiteWriter(output: output)
        try publishSettled(writer, site)
        let report = try publishSettled(writer, [file("index.html", "2")])
        #expect(report.notes.count == 1 && report.notes[0].contains("lacks its marker"))
        #expect(try text("index.html", in: spare) == "not a build")
        #expect(try FileManager.default.contentsOfDirectory(atPath: spare.path) == ["index.html"])
        #expect(try text("index.html") == "2")
    }

    @Test("A spare whose marker cannot be read is left alone, and the note says what to do")
    func aSpareWithAnUnreadableMarker() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = try writerWithSpare()
        try Data("not a marker\u{0}".utf8).write(to: spare.appending(path: ".repodigest-site"))
        let report = try publishSettled(writer, [file("index.html", "2")])
        #expect(report.notes.count == 1)
        #expect(report.notes.first?.contains("its marker .repodigest-site cannot be read") == true, "\(report.notes)")
        #expect(report.notes.first?.contains("delete it if nothing in it is yours") == true)
        #expect(try text("index.html") == "2")
    }

    @Test("A build staged in the spare and then refused leaves the published site as it was")
    func aDiscardedSpare() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = try writerWithSpare()
        let staging = try writer.stage(writing: ["index.html", "repos/a/x.html"])
        try staging.put(file("index.html", "changed"))
        staging.discard()
        #expect(try text("index.html") == "1" && text("repos/a/y.html") == "y")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
        try publishSettled(writer, [file("index.html", "3")])
        #expect(try text("index.html") == "3")
    }
}
