import Foundation
import Testing

@testable import SiteRenderer

/// The published marker keeps, for each file, the fingerprints and links a later build needs.
@Suite struct MarkerTests {
    @Test("fingerprints and links survive a round trip, paths with spaces included")
    func roundTrip() {
        let marker = SiteWriter.Marker(
            stamp: "abc 123",
            entries: [
                "index.html": .init(
                    inputs: String(repeating: "a", count: 32), bytes: String(repeating: "b", count: 32),
                    links: ["my file.css", "#repos/a/b.html"]),
                "my file.css": .init(inputs: nil, bytes: String(repeating: "c", count: 32), links: []),
                "repos/a/b.html": .init(),
            ])
        #expect(SiteWriter.Marker(text: marker.text) == marker)
        #expect(marker.text.contains("manifest 3\nfile index.html aaaa"))
        #expect(marker.text.hasSuffix("\nend\n"))
    }

    @Test("a marker cut short is read as one with no list of files, never as a list that ends early")
    func aMarkerCutShortHasNoManifest() {
        var entries: [String: SiteWriter.Marker.Entry] = [:]
        for index in 0..<20 { entries["topics/t\(index)/index.html"] = .init(inputs: "i", bytes: "b", links: []) }
        let whole = SiteWriter.Marker(stamp: "s", entries: entries).text
        #expect(SiteWriter.Marker(text: whole).entries == entries)
        for length in [
            whole.utf8.count / 2, whole.utf8.count - "end\n".utf8.count, whole.utf8.count - "nd\n".utf8.count,
        ] {
            let cut = SiteWriter.Marker(text: String(whole.utf8.prefix(length))!)
            #expect(cut.entries == nil, "cut at \(length)")
            #expect(cut.stamp == "s")
        }
        // One written before the `end` line (`manifest 2`) is whole as it is.
        #expect(SiteWriter.Marker(text: "repodigest\nmanifest 2\nfile a - b\n").manifest == ["a"])
    }

    @Test("files are numbered in path order, and links written as those numbers")
    func linksAsNumbers() {
        var entries: [String: SiteWriter.Marker.Entry] = [:]
        for index in 0..<12 { entries["p\(index < 10 ? "0" : "")\(index).html"] = .init(bytes: "b") }
        entries["p00.html"]?.links = []
        entries["p11.html"]?.links = ["p00.html", "#p10.html", "elsewhere.html"]
        let text = SiteWriter.Marker(stamp: nil, entries: entries).text
        #expect(text.hasPrefix("repodigest\nmanifest 3\nfile p00.html - b\nfile p01.html - b\n"))
        #expect(text.hasSuffix("file p11.html - b\nlinks 0\nlinks 11 0 #10\nend\n"))
        #expect(
            SiteWriter.Marker(text: text).entries
                == entries.mapValues { entry in
                    var entry = entry
                    entry.links = entry.links?.filter { $0 != "elsewhere.html" }
                    return entry
                })
        // What no repodigest writes is left out: a part that is not a number, one past the
        // manifest, a links line of a file that is not there.
        let odd = SiteWriter.Marker(
            text: "repodigest\nmanifest 2\nfile a - b\nfile c - d\nlinks 0 x #1 +1 7 1#\nlinks #1 0\nlinks 9 0\n")
        #expect(odd.entries?["a"]?.links == ["#c"])
        #expect(odd.entries?["c"]?.links == nil)
    }

    @Test("links read from a marker are numbered anew when files come and go")
    func linksRenumbered() {
        let read = SiteWriter.Marker(
            text:
                "repodigest\nmanifest 2\nfile b.html - x\nfile c.html - y\nfile d.html - z\nlinks 0 1 #2\nlinks 1 0 2\n"
        )
        var entries = read.entries!
        #expect(entries["b.html"]?.links == ["c.html", "#d.html"])
        // A file before them moves every number up; one of their targets is gone.
        entries["a.html"] = .init(bytes: "w", links: ["#b.html"])
        entries["d.html"] = nil
        let text = SiteWriter.Marker(stamp: nil, entries: entries).text
        #expect(text.hasSuffix("file c.html - y\nlinks 0 #1\nlinks 1 2\nlinks 2 1\nend\n"))
        #expect(SiteWriter.Marker(text: text).entries?["b.html"]?.links == ["c.html"])
        #expect(SiteWriter.Marker(text: text).entries?["c.html"]?.links == ["b.html"])
    }

    @Test("a marker from before fingerprints is read as a manifest of paths, spaces and all")
    func oldForm() {
        let marker = SiteWriter.Marker(text: "repodigest\ninputs x\nmanifest\nfile index.html\nfile a b c\n")
        #expect(marker.manifest == ["index.html", "a b c"])
        #expect(marker.entries?["a b c"] == SiteWriter.Marker.Entry())
    }
}
