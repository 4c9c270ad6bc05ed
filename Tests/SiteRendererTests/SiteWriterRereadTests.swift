import Foundation
import Testing

@testable import SiteRenderer

/// A publish reads the published folder once, when the build is staged, and trusts that
/// reading at the swap and when it removes the old build only while no folder has changed
/// since: a file the user adds in between is kept, whichever way it is found.
@Suite struct SiteWriterRereadTests: SiteFolderSuite {
    let root = FileManager.default.temporaryDirectory.appending(path: "reread-\(UUID().uuidString)")

    /// Moves the published folder aside as `old`, as the swap does, leaves an empty one in its
    /// place, and clears `old` by `inventory`; what could not be moved across.
    func clearAsOldBuild(_ writer: SiteWriter, _ inventory: SiteWriter.Inventory, _ paths: Set<String>) throws
        -> [String]
    {
        let old = root.appending(path: "old")
        try FileManager.default.moveItem(at: output, to: old)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        return try writer.clearOldBuild(
            old, inventory: inventory, manifest: paths, published: SiteWriter.Marker(in: old))
    }

    @Test("A folder changed within two seconds of the reading is never trusted, nor one changed since")
    func currentOnlyWhenSettledAndUnchanged() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish(site)
        let paths = Set(site.map(\.path))
        #expect(!writer.inventory(writing: paths, marker: nil).isCurrent(at: output), "just written")
        settle()
        let settled = writer.inventory(writing: paths, marker: nil)
        #expect(settled.isCurrent(at: output))
        try Data("mine".utf8).write(to: output.appending(path: "repos/a/mine.txt"))
        #expect(!settled.isCurrent(at: output), "a file added to one of its folders")
        #expect(!SiteWriter.Inventory().isCurrent(at: output), "no folder was read")
    }

    @Test("With nothing changed, the old build is set aside by its inventory, and the user's files move across")
    func settledSiteIsClearedWithoutRereading() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish(site)
        try Data("notes".utf8).write(to: output.appending(path: "notes.txt"))
        settle()
        let report = try writer.publish([file("index.html", "2"), file("repos/a/x.html", "x")])
        #expect(report.removed == 1 && report.problem == nil && report.notes.isEmpty)
        #expect(exists("notes.txt") && exists("repos/a/x.html") && !exists("repos/a/y.html"))
        let spare = spare
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: root.path)) == ["site", ".site.spare"])
        #expect(exists("repos/a/y.html", in: spare) && !exists("notes.txt", in: spare), "the old build, as the spare")
    }

    @Test("A file the user adds while the build is staged is found at the swap and kept")
    func aFileAddedWhileStagedIsKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try publishSettled(writer, site)
        let staging = try writer.stage(writing: Set(site.map(\.path)))
        var entries: [String: SiteWriter.Marker.Entry] = [:]
        for file in site { entries[file.path] = SiteWriter.Marker.Entry(bytes: try staging.put(file)) }
        try Data("mine".utf8).write(to: output.appending(path: "repos/a/mine.txt"))
        let report = try writer.commit(staging, entries: entries, stamp: nil)
        #expect(report.kept == 1 && report.problem == nil)
        #expect(try text("repos/a/mine.txt") == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }

    @Test(
        "A file the folders' times do not show stops the unread removal; the old build is read again and the file kept",
        arguments: ["repos/a/mine.txt", "mine.txt"])
    func aFileHiddenFromTheTimesIsStillKept(_ mine: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try publishSettled(writer, site)
        let paths = Set(site.map(\.path))
        var inventory = writer.inventory(writing: paths, marker: SiteWriter.Marker(in: output))
        try Data("mine".utf8).write(to: output.appending(path: mine))
        settle([(mine as NSString).deletingLastPathComponent])
        // As a file system whose times miss the change would: the folders as they are now,
        // the entries as they were.
        let now = writer.inventory(writing: paths, marker: SiteWriter.Marker(in: output))
        #expect(now.userEntries == [mine])
        inventory.folderStamps = now.folderStamps
        #expect(inventory.isCurrent(at: output))
        #expect(try clearAsOldBuild(writer, inventory, paths).isEmpty)
        #expect(!exists("old", in: root) && exists(mine, in: spare), "set aside")
        // The next build takes the spare, and finds the file there: it goes to the published folder.
        try writer.publish(site)
        #expect(exists(mine), "moved into the published folder")
        #expect(!exists(mine, in: spare))
    }

    @Test("A folder swapped for a link after the check leads the unlinking nowhere: the files it names are kept")
    func aFolderSwappedForALink() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try publishSettled(writer, site)
        let paths = Set(site.map(\.path))
        var inventory = writer.inventory(writing: paths, marker: SiteWriter.Marker(in: output))
        let elsewhere = root.appending(path: "elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        for name in ["x.html", "y.html"] { try Data("not yours".utf8).write(to: elsewhere.appending(path: name)) }
        try FileManager.default.removeItem(at: output.appending(path: "repos/a"))
        try FileManager.default.createSymbolicLink(
            at: output.appending(path: "repos/a"), withDestinationURL: elsewhere)
        settle(["repos"])
        inventory.folderStamps = writer.inventory(writing: paths, marker: SiteWriter.Marker(in: output)).folderStamps
        #expect(inventory.isCurrent(at: output), "as if the swap came just after the check")
        _ = try clearAsOldBuild(writer, inventory, paths)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted() == ["x.html", "y.html"])
        #expect(!exists("old", in: root))
    }

    @Test("A folder put back with its old modification time is still seen as changed")
    func aTimeSetBackIsSeen() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try publishSettled(writer, site)
        let inventory = writer.inventory(writing: Set(site.map(\.path)), marker: nil)
        try Data("mine".utf8).write(to: output.appending(path: "repos/a/mine.txt"))
        settle(["repos/a"])
        #expect(!inventory.isCurrent(at: output), "its change time moved")
    }

    @Test("Moving the published folder, as the swap does, leaves what was read of it current")
    func theSwapsRenameIsNoChange() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try publishSettled(writer, site)
        let inventory = writer.inventory(writing: Set(site.map(\.path)), marker: nil)
        // The rename sets the folder's change time; a few clock ticks apart, so it shows.
        Thread.sleep(forTimeInterval: 0.05)
        let old = root.appending(path: "old")
        try FileManager.default.moveItem(at: output, to: old)
        #expect(inventory.isCurrent(at: old))
        try Data("mine".utf8).write(to: old.appending(path: "mine.txt"))
        #expect(!inventory.isCurrent(at: old), "an entry added to it")
    }
}
