import Foundation
import Testing

@testable import SiteRenderer

/// A run reads the published folder and the spare while it gathers (`SiteWriter.readAhead`);
/// staging uses that reading only while no folder has changed since, so a file the user
/// adds in between is kept all the same.
@Suite struct SiteWriterReadAheadTests: SiteFolderSuite {
    let root = FileManager.default.temporaryDirectory.appending(path: "read-ahead-\(UUID().uuidString)")
    /// Two builds published (so there is a spare), every folder of both last changed long
    /// ago, as an hourly run finds them; the writer, and its reading ahead of both.
    func settledAndReadAhead() throws -> (SiteWriter, SiteWriter.ReadAhead) {
        let writer = SiteWriter(output: output)
        try writer.publish(site)
        // Settled, the old build is set aside as the spare rather than removed.
        settle()
        try writer.publish([file("index.html", "2")] + site.dropFirst())
        settle()
        settle(in: spare)
        return (writer, writer.readAhead())
    }

    func publish(_ writer: SiteWriter, _ files: [OutputFile], ahead: SiteWriter.ReadAhead) throws
        -> (SiteWriter.Report, SiteWriter.Staging)
    {
        let staging = try writer.stage(writing: Set(files.map(\.path)), ahead: ahead)
        var entries: [String: SiteWriter.Marker.Entry] = [:]
        for file in files { entries[file.path] = SiteWriter.Marker.Entry(bytes: try staging.put(file)) }
        return (try writer.commit(staging, entries: entries, stamp: nil), staging)
    }

    /// Replaces the file with another of one byte, as long as the page, so only its fingerprint
    /// tells them apart: written beside it and renamed over it, which changes its folder.
    func saveAsAnEditorDoes(_ path: String, in folder: URL) throws {
        let edited = folder.appending(path: path + ".swp")
        try Data("z".utf8).write(to: edited)
        #expect(rename(edited.path, folder.appending(path: path).path) == 0)
    }

    @Test("Nothing changed since the reading: both folders are taken as read, and the build is published")
    func unchangedFoldersAreTakenAsRead() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (writer, ahead) = try settledAndReadAhead()
        #expect(ahead.published.inventory != nil && ahead.spare != nil)
        let files = [file("index.html", "3"), file("repos/a/x.html", "x2"), file("repos/a/y.html", "y")]
        let (report, staging) = try publish(writer, files, ahead: ahead)
        #expect(staging.inventory.walked.tv_nsec == ahead.published.inventory!.walked.tv_nsec, "not walked again")
        #expect(staging.spare != nil, "staged in the spare")
        #expect(report.written == 2 && report.unchanged == 1 && report.problem == nil)
        #expect(try text("index.html") == "3" && text("repos/a/x.html") == "x2" && text("repos/a/y.html") == "y")
        #expect(try text("index.html", in: spare) == "2", "the build before, as the next spare")
    }

    @Test("A file the user adds to the published folder after the reading is kept")
    func aFileAddedToThePublishedFolderIsKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (writer, ahead) = try settledAndReadAhead()
        try Data("mine".utf8).write(to: output.appending(path: "repos/a/mine.txt"))
        let (report, _) = try publish(writer, site, ahead: ahead)
        #expect(report.kept == 1 && report.problem == nil)
        #expect(try text("repos/a/mine.txt") == "mine")
    }

    @Test("A page replaced after the reading (saved by an editor: a new file renamed over it) is written again")
    func aPageReplacedAfterTheReadingIsWrittenAgain() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        // No spare, whose copy of the page would be taken whatever the published folder holds.
        try writer.publish(site)
        settle()
        let ahead = writer.readAhead()
        try saveAsAnEditorDoes("repos/a/y.html", in: output)
        _ = try publish(writer, site, ahead: ahead)
        #expect(try text("repos/a/y.html") == "y", "the reading's fingerprint of the page no longer holds")
    }

    @Test("A file the user puts in the spare after the reading goes to the published folder, as ever")
    func aFileAddedToTheSpareIsKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (writer, ahead) = try settledAndReadAhead()
        try Data("mine".utf8).write(to: spare.appending(path: "repos/mine.txt"))
        let (report, _) = try publish(writer, site, ahead: ahead)
        #expect(report.problem == nil)
        #expect(try text("repos/mine.txt") == "mine")
        #expect(!exists("repos/mine.txt", in: spare))
    }

    @Test("A page of the spare replaced after the reading is not taken for the published one")
    func aSparePageReplacedAfterTheReading() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let (writer, ahead) = try settledAndReadAhead()
        try saveAsAnEditorDoes("repos/a/y.html", in: spare)
        _ = try publish(writer, site, ahead: ahead)
        #expect(try text("repos/a/y.html") == "y")
    }
}
