import Foundation
import Testing

@testable import SiteRenderer

/// The published marker keeps, for each file, the digests and links a later build needs.
@Suite struct MarkerTests {
    @Test("digests and links survive a round trip, paths with spaces included")
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
        #expect(marker.text.contains("manifest 2\nfile index.html aaaa"))
    }

    @Test("a marker from before digests is read as a manifest of paths, spaces and all")
    func oldForm() {
        let marker = SiteWriter.Marker(text: "repodigest\ninputs x\nmanifest\nfile index.html\nfile a b c\n")
        #expect(marker.manifest == ["index.html", "a b c"])
        #expect(marker.entries?["a b c"] == SiteWriter.Marker.Entry())
    }
}
