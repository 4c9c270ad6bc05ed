import Foundation
import Testing

@testable import SiteRenderer

@Suite struct SiteWriterTests {
    let root = FileManager.default.temporaryDirectory.appending(path: "writer-\(UUID().uuidString)")
    var output: URL { root.appending(path: "site") }

    func file(_ path: String, _ text: String) -> OutputFile {
        OutputFile(path: path, contents: Data(text.utf8))
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: output.appending(path: path), encoding: .utf8)
    }

    func modified(_ path: String) throws -> Date {
        try FileManager.default.attributesOfItem(atPath: output.appending(path: path).path)[.modificationDate] as! Date
    }

    @Test("a failed move is told by its cause and its two paths, not as Foundation's error 512")
    func aFailedMoveSaysWhy() {
        let failure = NSError(
            domain: NSCocoaErrorDomain, code: 512,
            userInfo: [
                NSUnderlyingErrorKey: POSIXError(.EBUSY), "NSSourceFilePathErrorKey": "/a/.site.staging-1/media",
                "NSDestinationFilePath": "/a/site/media",
            ])
        #expect(
            SiteWriter.reason(failure)
                == "Device or resource busy (moving /a/.site.staging-1/media to /a/site/media)")
    }

    @Test func publishesReplacesAndRemovesStaleFiles() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        let first = try writer.publish([file("index.html", "one"), file("old/gone.html", "x")])
        #expect(first == SiteWriter.Report(written: 2, unchanged: 0, removed: 0))
        let second = try writer.publish([file("index.html", "two"), file("new.html", "n")])
        #expect(second == SiteWriter.Report(written: 2, unchanged: 0, removed: 1))
        #expect(try read("index.html") == "two")
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "old/gone.html").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path)
        #expect(leftovers == ["site"], "no staging folder is left behind")
    }

    @Test func unchangedFilesKeepTheirModificationTime() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish([file("same.html", "s"), file("changes.html", "1")])
        let past = Date(timeIntervalSince1970: 1_600_000_000)
        for path in ["same.html", "changes.html"] {
            try FileManager.default.setAttributes(
                [.modificationDate: past], ofItemAtPath: output.appending(path: path).path)
        }
        let report = try writer.publish([file("same.html", "s"), file("changes.html", "2")])
        #expect(report.unchanged == 1)
        #expect(try modified("same.html") == past)
        #expect(try modified("changes.html") != past)
    }

    @Test func theUsersHiddenEntriesAreKept() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: output.appending(path: ".git"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: output.appending(path: ".git/HEAD"))
        try Data("*".utf8).write(to: output.appending(path: ".gitignore"))
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "1")])
        try writer.publish([file("index.html", "2")])
        #expect(try read(".git/HEAD") == "keep")
        #expect(try read(".gitignore") == "*")
    }

    @Test func refusesAFolderItDidNotWrite() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: output.appending(path: "thesis.tex"))
        #expect(throws: PublishError.self) { try SiteWriter(output: output).publish([file("index.html", "x")]) }
        #expect(try read("thesis.tex") == "mine")
    }

    @Test func pathsThatWouldEscapeAreRefusedAndNothingChanges() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "old")])
        for path in ["../escape.html", "../escape/x.html", "/etc/x", "a/../../b", "a/../../b/c.html", "", ".hidden/x"] {
            #expect(throws: PublishError.unsafePath(path)) {
                try writer.publish([file("index.html", "new"), file(path, "x")])
            }
        }
        #expect(try read("index.html") == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["site"])
    }

    @Test func leftoversOfAKilledRunAreClearedAndTheirHiddenEntriesReturned() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(output: output)
        try writer.publish([file("index.html", "1")])
        // A run killed after the swap, before it moved `.git` across: the previous build,
        // holding the user's `.git`, is still in its staging folder.
        let leftover = root.appending(path: ".site.staging-99999")
        try FileManager.default.createDirectory(at: leftover.appending(path: ".git"), withIntermediateDirectories: true)
        try Data("ref".utf8).write(to: leftover.appending(path: ".git/HEAD"))
        try Data("repodigest\nmanifest\nfile index.html\n".utf8).write(to: leftover.appending(path: ".repodigest-site"))
        try writer.publish([file("index.html", "2")])
        #expect(try read(".git/HEAD") == "ref")
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }
}
