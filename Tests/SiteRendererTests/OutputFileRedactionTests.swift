import Foundation
import Testing

@testable import SiteRenderer

/// The last pass over each file made: a token rendering spelled anew (`&#103;hp_…` in a
/// README, decoded) is taken out, and where it stood in an address the address stays one.
@Suite struct OutputFileRedactionTests {
    static let token = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"

    func redacted(_ text: String) -> String {
        let file = OutputFile(path: "a.html", contents: Data(text.utf8)).redacting([Self.token])
        return String(decoding: file.contents, as: UTF8.self)
    }

    @Test("in text it is [redacted]; in an address, %5Bredacted%5D, which a URL may hold")
    func textAndAddresses() {
        let t = Self.token
        #expect(redacted("<p>The key: \(t).</p>") == "<p>The key: [redacted].</p>")
        #expect(
            redacted("<a href=\"https://x.example/\(t)\">\(t)</a>")
                == "<a href=\"https://x.example/%5Bredacted%5D\">[redacted]</a>")
        #expect(
            redacted("<img src=\"/images/\(t).png\" alt=\"\" />")
                == "<img src=\"/images/%5Bredacted%5D.png\" alt=\"\" />")
        #expect(redacted("see https://y.example/a?k=\(t) now") == "see https://y.example/a?k=%5Bredacted%5D now")
        #expect(
            redacted(#"{"url": "https://z.example/\#(t)", "title": "\#(t)"}"#)
                == #"{"url": "https://z.example/%5Bredacted%5D", "title": "[redacted]"}"#)
        #expect(redacted(t + t) == "[redacted][redacted]")
        #expect(redacted("no secret here") == "no secret here")
    }

    @Test("a page whose link held the token spelled in references publishes, its link still a link")
    func aReferencedTokenInALinkPublishes() throws {
        let referenced = Self.token.unicodeScalars.map { "&#\($0.value);" }.joined()
        let markdown = "[key](https://x.example/\(referenced))\n"
        let files = try SiteGenerator(theme: Theme.builtIn("default")).render(DeepNestingTests.site(markdown))
            .map { $0.redacting([Self.token]) }
        #expect(SiteValidator().validate(files).isEmpty)
        let page = try #require(files.first { $0.path == "repos/o/r.html" })
        #expect(String(decoding: page.contents, as: UTF8.self).contains("https://x.example/%5Bredacted%5D"))
    }
}
