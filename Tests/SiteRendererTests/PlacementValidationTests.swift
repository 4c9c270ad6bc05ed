import Foundation
import Testing

@testable import SiteRenderer

/// Markup a browser reads otherwise than as the elements it looks like (a theme author's
/// `<textarea>`), and elements HTML allows in one place only: each is a finding, where the
/// checks once read what a browser never builds.
@Suite struct PlacementValidationTests {
    func findings(_ body: String, head: String = "") -> [String] {
        var page = SiteValidatorTests.page(body)
        page = page.replacingOccurrences(of: "</head>", with: head + "</head>")
        return SiteValidator().validate([OutputFile(path: "index.html", contents: Data(page.utf8))])
            .map { "\($0.rule): \($0.message)" }
    }

    @Test(arguments: ["textarea", "style", "xmp", "iframe"])
    func anElementInsideRawTextIsText(_ holder: String) {
        let found = findings("<\(holder)><span id=\"zz\">x</span></\(holder)><a href=\"#zz\">z</a>")
        #expect(
            found.contains {
                $0.hasPrefix("xml-only: <span> inside <\(holder)>, whose content a browser reads as text")
            }, "\(found)")
    }

    @Test func aNoscriptInTheBodyMayHoldElements() {
        #expect(findings("<noscript><p>Scripts are off.</p></noscript>") == [])
    }

    @Test func theHeadsOwnElementsOutsideItAreFindings() {
        let found = findings("<p><title>in body</title></p><p><meta charset=\"utf-8\" /></p>")
        #expect(found.contains("content-model: <title> outside <head>: it belongs in the head only"), "\(found)")
        #expect(found.contains("content-model: <meta charset> outside <head>: it belongs in the head only"))
    }

    @Test func theCharsetPastTheFirst1024BytesIsAFinding() {
        let long =
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<title>\(String(repeating: "t", count: 1_100))</title>\n"
            + "<meta charset=\"utf-8\" />\n</head>\n<body><main id=\"content\"><p>x</p></main></body>\n</html>\n"
        let found = SiteValidator().validate([OutputFile(path: "index.html", contents: Data(long.utf8))]).map(\.rule)
        #expect(found.contains("charset"), "\(found)")
    }

    /// A value a theme places in a `style` is escaped as HTML, not as CSS: it could add a
    /// `url()` that tells a server who reads the page.
    @Test(arguments: [
        "color: red; background: URL ( https://evil.example/t )", "background-image: image-set('x.png' 1x)",
        "x: \\75 rl(https://evil.example/t)", "width: expression(alert(1))",
    ])
    func inlineCSSThatFetchesIsAFinding(_ css: String) {
        let found = findings("<p style=\"\(css)\">x</p>")
        #expect(found.contains { $0.hasPrefix("unsafe-url: <p style> holds") }, "\(found)")
    }

    @Test func inlineCSSThatFetchesNothingPasses() {
        #expect(findings("<p style=\"color: #0550ae; --w: 50%\">x</p>") == [])
    }

    @Test func anOptionOutsideASelectIsAFinding() {
        let found = findings("<p>x</p><option>z</option>")
        #expect(found.contains { $0.hasPrefix("content-model: <option> outside a <select>") }, "\(found)")
        #expect(findings("<p><select><optgroup label=\"g\"><option>a</option></optgroup></select></p>") == [])
    }

    @Test func aNoscriptInTheHeadHoldsOnlyLinksStylesAndMetas() {
        let found = findings("<p>x</p>", head: "<noscript><p>hi</p></noscript>")
        #expect(found.contains { $0.hasPrefix("content-model: <p> in a <noscript> in <head>") }, "\(found)")
        #expect(findings("<p>x</p>", head: "<noscript><style>p { color: red; }</style></noscript>") == [])
    }
}
