import Foundation
import Testing

@testable import SiteRenderer

@Suite struct SiteValidatorTests {
    /// A page that passes every rule, with `body` placed inside `<main>`.
    static func page(_ body: String = "<p>Hi</p>", title: String = "T") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8" />
        <title>\(title)</title>
        </head>
        <body>
        <main id="content">
        \(body)
        </main>
        </body>
        </html>
        """
    }

    func findings(_ files: [String: String]) -> [Finding] {
        SiteValidator().validate(files.map { OutputFile(path: $0.key, contents: Data($0.value.utf8)) })
    }

    func rules(_ files: [String: String]) -> [String] {
        findings(files).map(\.rule)
    }

    @Test("a finding names its own element: not the first of that name on the line, nor one whose name starts so")
    func aFindingNamesItsOwnElement() throws {
        // The body is the page's 9th line.
        let body =
            "<p><abbr title=\"t\">T</abbr> <a href=\"#content\">ok</a> <a href=\"#content\" onclick=\"go()\">x</a></p>\n"
            + "<p><a class=\"more\"\n   title=\"x\"\n   href=\"gone.html\">x</a> <span id=\"content\">twice</span></p>"
        let found = findings(["index.html": Self.page(body)])
        let handler = try #require(found.first { $0.rule == "event-handler" })
        #expect((handler.line, handler.column) == (9, 55), "the second <a>, not <abbr> or the first <a>")
        let link = try #require(found.first { $0.rule == "broken-link" })
        #expect((link.line, link.column) == (10, 4), "where the tag opens, though it ends two lines below")
        let twice = try #require(found.first { $0.rule == "duplicate-id" })
        #expect((twice.line, twice.column) == (12, 27))
    }

    @Test func aGoodSitePasses() {
        let files = [
            "index.html": Self.page(
                "<a href=\"a/b.html#x\">b</a> <a href=\"#content\">top</a> <img src=\"i.png\" alt=\"\" />"),
            "a/b.html": Self.page(
                "<h2 id=\"x\">X</h2><a href=\"../index.html\">home</a><a href=\"https://example.org\">out</a>"),
            "i.png": "",
            "data.json": "{\"ok\": true}",
        ]
        #expect(findings(files) == [])
    }

    @Test func anUnclosedTagIsNotWellFormedAndSaysWhere() throws {
        let finding = try #require(findings(["index.html": Self.page("<p><b>bold</p>")]).first)
        #expect(finding.rule == "well-formed")
        #expect(finding.file == "index.html")
        #expect(finding.line == 9)
        #expect(finding.column > 1)
        #expect(finding.description.hasPrefix("index.html:9:"))
    }

    @Test("a page past one of libxml2's limits is said to be too large to check, in words, not in libxml2's")
    func aPagePastALimitOfLibxml2SaysWhich() {
        let pages = [
            "deep.html": Self.page(String(repeating: "<div>", count: 300) + String(repeating: "</div>", count: 300)),
            "text.html": Self.page("<p>" + String(repeating: "a", count: 10_000_001) + "</p>"),
            "value.html": Self.page("<p title=\"" + String(repeating: "a", count: 10_000_001) + "\">x</p>"),
            "name.html": Self.page("<p><" + String(repeating: "a", count: 50_001) + " /></p>"),
        ]
        let messages = Dictionary(
            findings(pages).map { ($0.file, $0.message) }, uniquingKeysWith: { first, _ in first })
        #expect(
            messages == [
                "deep.html": "too large to check: elements nest more than 256 deep (libxml2's limit)",
                "text.html": "too large to check: a text runs past 10,000,000 characters (libxml2's limit)",
                "value.html":
                    "too large to check: an attribute's value runs past 10,000,000 characters (libxml2's limit)",
                "name.html":
                    "too large to check: a tag's or an attribute's name runs past 50,000 characters (libxml2's limit)",
            ])
    }

    @Test func pageRulesEachHaveAName() {
        #expect(rules(["index.html": Self.page("<p id=\"a\"></p><p id=\"a\"></p>")]) == ["duplicate-id"])
        #expect(rules(["index.html": Self.page("<img src=\"x.png\" />")]).contains("img-alt"))
        #expect(rules(["index.html": Self.page("<a href=\"\">x</a>")]) == ["empty-url"])
        #expect(rules(["index.html": Self.page(title: " ")]) == ["title"])
        #expect(rules(["index.html": Self.page("<main></main>")]) == ["main"])
        #expect(rules(["index.html": Self.page().replacingOccurrences(of: " lang=\"en\"", with: "")]) == ["lang"])
        #expect(
            rules(["index.html": Self.page().replacingOccurrences(of: "<!DOCTYPE html>\n", with: "")]) == ["doctype"])
        #expect(
            rules(["index.html": Self.page().replacingOccurrences(of: "<meta charset=\"utf-8\" />", with: "")]) == [
                "charset"
            ])
    }

    /// The checker reads the page as the parser streams it: text and entities as a tree has them.
    @Test func entitiesTextAndCDATAReadAsATreeWouldHaveThem() {
        #expect(rules(["index.html": Self.page("<script src=\"x.js\"> </script>"), "x.js": ""]) == ["inline-script"])
        #expect(
            rules(["index.html": Self.page("<script src=\"x.js\"><![CDATA[ ]]></script>"), "x.js": ""]) == ["xml-only"])
        #expect(rules(["index.html": Self.page("<script src=\"x.js\"></script>"), "x.js": ""]).isEmpty)
        // Markup in a title is text to a browser: refused, whatever else is wrong.
        #expect(rules(["index.html": Self.page(title: " <b> </b> ")]) == ["title", "xml-only"])
        #expect(rules(["index.html": Self.page(title: "<b>Named</b>")]) == ["xml-only"])
        #expect(rules(["index.html": Self.page(title: "Named &amp; &lt;b&gt;")]).isEmpty)
        #expect(rules(["index.html": Self.page("<a href=\"java&#115;cript&#58;alert(1)\">x</a>")]) == ["unsafe-url"])
        // `&` reaches the link check as itself: this names a file of the site, which exists.
        let link = Self.page("<a href=\"a&amp;b.html\">x</a>")
        #expect(rules(["index.html": link, "a&b.html": Self.page()]).isEmpty)
        #expect(
            findings(["index.html": link]).map(\.message) == ["link 'a&b.html' names no file of the site (a&b.html)"])
    }

    @Test func nothingThatCouldRunScriptPasses() {
        #expect(rules(["index.html": Self.page("<p onclick=\"x()\">x</p>")]) == ["event-handler"])
        #expect(rules(["index.html": Self.page("<a href=\"JaVaScRiPt:alert(1)\">x</a>")]) == ["unsafe-url"])
        #expect(rules(["index.html": Self.page("<a href=\" java\tscript:alert(1)\">x</a>")]) == ["unsafe-url"])
        #expect(rules(["index.html": Self.page("<img alt=\"\" src=\"data:image/svg+xml,x\" />")]) == ["unsafe-url"])
        #expect(rules(["index.html": Self.page("<script>alert(1)</script>")]) == ["inline-script"])
        #expect(
            rules([
                "index.html": Self.page("<img alt=\"\" src=\"a.png\" srcset=\"a.png 1x, javascript:alert(1) 2x\" />")
            ]).contains("unsafe-url"))
        #expect(
            rules([
                "index.html": Self.page(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><a xlink:href=\"javascript:alert(1)\">x</a></svg>"
                )
            ]) == ["foreign-content", "unsafe-url"])
        for active in [
            "<iframe src=\"https://x.org\"></iframe>", "<object data=\"x.swf\"></object>", "<embed src=\"x.swf\" />",
            "<base href=\"https://evil.example/\" />", "<form><button>x</button></form>",
        ] {
            #expect(rules(["index.html": Self.page(active)]).contains("active-content"), "\(active)")
        }
        #expect(
            rules(["index.html": Self.page("<meta http-equiv=\"refresh\" content=\"0;url=https://x.org\" />")]) == [
                "active-content"
            ])
    }

    @Test(
        "markup a browser's HTML parser reads otherwise than XML's is refused: each of these ran a script in Chromium",
        arguments: [
            "<![CDATA[ x><script>alert(1)</script> ]]>", "<?x ><script>alert(2)</script>?>",
            "<style><!--</style><script>alert(3)</script>--></style>",
            "<title><!--</title><script>alert(4)</script>--></title>", "<p>a</p><!--><script>alert(5)</script>-->",
            "<p>a</p><!---><script>alert(6)</script>-->",
            // `<x/>` of an element that is not void: a browser reads on as its content.
            "<textarea/><!--</textarea><img src=\"x\" alt=\"\" onerror=\"alert(7)\"/>-->",
            "<style/><!--</style><script>alert(8)</script>-->",
            "<noscript/><!--</noscript><script>alert(9)</script>-->",
            "<xmp/>", "<div/>",
        ])
    func markupReadOtherwiseByBrowsersIsRefused(body: String) {
        #expect(rules(["index.html": Self.page(body)]).contains("xml-only"))
    }

    @Test(
        "a second red-team pass: each of these ran a script or left for another site in Chromium",
        arguments: [
            ("<svg><title><script>alert(1)</script></title></svg>", "xml-only"),
            (#"<script xmlns:a="urn:a" a:src="x.js" src="https://evil.example/e.js"></script>"#, "external-script"),
            (#"<svg><script src="x.js" href="https://evil.example/e.js"></script></svg>"#, "external-script"),
            (
                #"<meta xmlns:a="urn:a" a:http-equiv="x" http-equiv="refresh" content="0;url=https://evil.example/" />"#,
                "active-content"
            ),
            (#"<svg><a><set attributeName="href" to="javascript:alert(1)" /><text>x</text></a></svg>"#, "unsafe-url"),
        ])
    func decoysAndNestingAreSeenThrough(body: String, rule: String) {
        #expect(rules(["index.html": Self.page(body), "x.js": ""]).contains(rule), "\(body)")
    }

    @Test("inline SVG is refused: inside it a browser switches parsers, where every pass found a way")
    func inlineSVGIsRefused() {
        for body in ["<svg><rect></rect></svg>", #"<x:svg xmlns:x="http://www.w3.org/2000/svg"></x:svg>"#] {
            #expect(rules(["index.html": Self.page(body)]).first == "foreign-content", "\(body)")
        }
    }

    @Test("only HTML's own elements: one a browser may give a meaning to later is refused now")
    func onlyHTMLsElements() {
        for body in ["<fencedframe></fencedframe>", "<my-widget></my-widget>", "<center>x</center>"] {
            #expect(rules(["index.html": Self.page(body)]) == ["unknown-element"], "\(body)")
        }
        #expect(rules(["index.html": Self.page("<search><dialog></dialog><meter></meter></search>")]).isEmpty)
    }

    @Test(
        "only the attributes HTML gives an element: one a browser gives a meaning HTML does not is refused",
        arguments: [
            #"<img src="a.png" alt="" attributionsrc="https://evil.example/r" />"#,
            #"<img src="a.png" alt="" lowsrc="x.png" />"#,
            #"<a href="a.png" foo="1">x</a>"#, #"<table><tbody><tr><td background="a.png">x</td></tr></tbody></table>"#,
            #"<div xmlns:a="urn:a" a:title="x">x</div>"#, #"<p ONFOCUSIN="x()">x</p>"#,
            #"<a href="a.png" ping="https://evil.example/p">x</a>"#,
        ])
    func onlyHTMLsAttributes(body: String) {
        let found = rules(["index.html": Self.page(body), "a.png": ""])
        #expect(found == ["unknown-attribute"] || found == ["event-handler"], "\(body): \(found)")
    }

    @Test(
        "what a browser's parser closes or moves, where the XML reading nests it, is refused",
        arguments: [
            "<p><a href=\"#top\"><div>x</div></a></p>", "<p>a <span><ul><li>x</li></ul></span></p>",
            "<p>a <span><p>b</p></span></p>", "<p><table><tbody><tr><td>x</td></tr></tbody></table></p>",
            "<ul><li>a<div><li>b</li></div></li></ul>", "<dl><dd>a<span><dt>b</dt></span></dd></dl>",
            "<h2>a<h3>b</h3></h2>", "<a href=\"#top\">a<span><a href=\"#top\">b</a></span></a>",
            "<table><tbody><tr><td>x</td></tr></tbody><div>y</div></table>",
            "<table><tbody>x<tr><td>y</td></tr></tbody></table>",
            "<table><tbody><tr>&#160;<td>y</td></tr></tbody></table>",
            "<ruby>漢<rt>kan<rt>ji</rt></rt></ruby>", "<div><td>x</td></div>",
            "<table><tbody><tr><td><tr><td>x</td></tr></td></tr></tbody></table>",
            "<select><option>a</option><select></select></select>", "<select><input type=\"text\" /></select>",
            "<select><b>x</b></select>", "<div><body>x</body></div>", "<div><head></head></div>",
        ])
    func misnestedIsRefused(body: String) {
        // An item in a <div>, a term in a <span>: misnested, and not valid HTML either.
        let found = Set(rules(["index.html": Self.page(body)]))
        #expect(found.contains("misnested") && found.isSubset(of: ["misnested", "content-model"]), "\(body)")
    }

    @Test("what a page holds outside its body, in its head or after it, is refused: a browser moves it into the body")
    func outsideTheBody() {
        let page = Self.page()
        for changed in [
            page.replacingOccurrences(of: "</head>", with: "</head><p>x</p>"),
            page.replacingOccurrences(of: "</head>", with: "<div>x</div></head>"),
            page.replacingOccurrences(of: "</head>", with: "words</head>"),
            page.replacingOccurrences(of: "</body>", with: "</body><p>after</p>"),
            page.replacingOccurrences(of: "</body>", with: "</body>after"),
        ] {
            #expect(rules(["index.html": changed]) == ["misnested"], "\(changed)")
        }
        #expect(rules(["index.html": page]).isEmpty)
    }

    @Test(
        "a block inside an element of a line is refused: a browser shows it as written, but it is not valid HTML",
        arguments: [
            "<b><ul><li>x</li></ul></b>", "<span><div>x</div></span>", "<h2>a<span><h3>b</h3></span></h2>",
            "<h2><p>x</p></h2>", "<a href=\"#top\"><em><table><tbody><tr><td>x</td></tr></tbody></table></em></a>",
            "<details><summary><p>x</p></summary>y</details>", "<div><code><pre>x</pre></code></div>",
        ])
    func blockInPhrasingIsRefused(body: String) {
        #expect(rules(["index.html": Self.page(body)]) == ["content-model"], "\(body)")
    }

    @Test(
        "what HTML's content models refuse is refused: in a list, a <dl>, a term, a ruby, a caption, a summary, a link",
        arguments: [
            "<ul><p>x</p></ul>", "<ol>text</ol>", "<div><li>x</li></div>", "<dl><p>x</p></dl>", "<dl>text</dl>",
            "<dl><dd>x</dd></dl>", "<dl><dt>x</dt></dl>", "<dl><dt>a</dt><dd>b</dd><dt>c</dt></dl>",
            "<dl><div><dt>a</dt><dd>b</dd></div><dt>c</dt><dd>d</dd></dl>",
            "<dl><dt>a</dt><dd>b</dd><div><dt>c</dt><dd>d</dd></div></dl>", "<dl><div><dd>b</dd></div></dl>",
            "<dl><div><dt>a</dt></div></dl>", "<dl><div></div></dl>",
            "<dl><div><dt>a</dt><dd>b</dd><dt>c</dt><dd>d</dd></div></dl>", "<dl><div><p>x</p></div></dl>",
            "<div><dt>x</dt></div>", "<dl><dt><h3>x</h3></dt><dd>y</dd></dl>",
            "<dl><dt><div><section>x</section></div></dt><dd>y</dd></dl>",
            "<table><tbody><tr><th><h3>x</h3></th></tr></tbody></table>", "<div><figcaption>x</figcaption></div>",
            "<figure>a<figcaption>x</figcaption>b</figure>",
            "<figure><figcaption>x</figcaption><p>a</p><figcaption>y</figcaption></figure>",
            "<div><rt>x</rt></div>", "<p><rp>(</rp></p>", "<ruby>x<rp>(</rp></ruby>", "<ruby>漢<rt>kan</rt>字</ruby>",
            "<ruby>漢<rt>kan</rt><b>x</b></ruby>",
            "<table><caption>c<div><table><tbody><tr><td>x</td></tr></tbody></table></div></caption></table>",
            "<details><summary>a <h3>b</h3></summary>c</details>",
            "<details><summary><h3>a</h3><h4>b</h4></summary>c</details>",
            "<a href=\"#top\"><table><tbody><tr><td><a href=\"#top\">x</a></td></tr></tbody></table></a>",
            "<a id=\"x\"><table><tbody><tr><td><a>x</a></td></tr></tbody></table></a>",
            "<table><td>x</td></table>", "<table><tbody><th>x</th></tbody></table>",
            "<table><tbody><tr><td>x</td></tr></tbody><caption>c</caption></table>",
            "<table><caption>a</caption><caption>b</caption></table>", "<table><tbody><tr></tr></tbody></table>",
            "<div><summary>x</summary></div>", "<details>x<summary>y</summary></details>",
            "<details><summary>a</summary><summary>b</summary></details>",
            "<details><summary><a href=\"#top\"><h3>x</h3></a></summary>y</details>",
            "<p><picture><source srcset=\"https://example.com/a.png\" /></picture></p>",
            "<ruby>漢<rp><b>(</b></rp><rt>kan</rt></ruby>",
            "<table><tbody><tr><td>x</td></tr></tbody><thead><tr><th>h</th></tr></thead></table>",
            "<table><thead><tr><th>a</th></tr></thead><thead><tr><th>b</th></tr></thead></table>",
            "<table><tfoot><tr><td>f</td></tr></tfoot><tbody><tr><td>x</td></tr></tbody></table>",
            "<table><tfoot><tr><td>a</td></tr></tfoot><tfoot><tr><td>b</td></tr></tfoot></table>",
            "<table><tbody><tr><td>x</td></tr></tbody><colgroup><col /></colgroup></table>",
        ])
    func listContentIsRefused(body: String) {
        #expect(Set(rules(["index.html": Self.page(body)])) == ["content-model"], "\(body)")
    }

    @Test(
        "attribute values the W3C checker refuses are refused",
        arguments: [
            "<table><tbody><tr><td colspan=\"0\">x</td></tr></tbody></table>",
            "<table><tbody><tr><th colspan=\"1001\">x</th></tr></tbody></table>",
            "<table><tbody><tr><td rowspan=\"70000\">x</td></tr></tbody></table>",
            "<table><tbody><tr><td rowspan=\"-1\">x</td></tr></tbody></table>",
            "<table><colgroup span=\"1001\"></colgroup><tbody><tr><td>x</td></tr></tbody></table>",
            "<table><colgroup><col span=\"0\" /></colgroup><tbody><tr><td>x</td></tr></tbody></table>",
            "<p><time datetime=\"2023-02-29\">x</time></p>", "<p><bdo>x</bdo></p>", "<p><bdo dir=\"auto\">x</bdo></p>",
            "<picture><source srcset=\"https://e.example/a.png\" media=\"bogus((((\" /><img src=\"https://e.example/b.png\" alt=\"\" /></picture>",
            "<picture><source srcset=\"https://e.example/a.png\" type=\"not a type\" /><img src=\"https://e.example/b.png\" alt=\"\" /></picture>",
            "<img src=\"https://e.example/a.png\" srcset=\"https://e.example/a.png, https://e.example/b.png 1x\" alt=\"\" />",
            "<img src=\"https://e.example/a.png\" srcset=\"https://e.example/a.png 200w\" alt=\"\" />",
        ])
    func attributeValuesAreRefused(body: String) {
        // A span past HTML's bounds is also one past the table's grid (`table-model`).
        #expect(
            Set(rules(["index.html": Self.page(body)])).subtracting(["table-model"]) == ["attribute-value"], "\(body)")
    }

    @Test(
        "a table's cells off its grid are refused: a column no cell begins in, an overlap, a span past its group",
        arguments: [
            "<table><tbody><tr><td colspan=\"2\">x</td></tr></tbody></table>",
            "<table><tbody><tr><td>a</td><td rowspan=\"2\">b</td></tr><tr><td colspan=\"2\">c</td></tr></tbody></table>",
            "<table><tbody><tr><td rowspan=\"3\">a</td></tr><tr><td>b</td></tr></tbody><tbody><tr><td>c</td><td>d</td></tr></tbody></table>",
            "<table><tbody><tr><td colspan=\"5\" rowspan=\"2\">a</td></tr><tr><td>b</td></tr></tbody></table>",
            // Read on as a browser does past an overlap: the third column then has no cell.
            "<table><tbody><tr><td>a</td><td rowspan=\"2\">b</td></tr><tr><td colspan=\"3\">c</td></tr></tbody></table>",
            // Rows narrower or wider than the columns `<col>` and `<colgroup>` make, columns
            // they make that no cell begins in, and a `<col>` in a `<colgroup>` with a span.
            "<table><colgroup span=\"3\"></colgroup><tbody><tr><td>a</td></tr></tbody></table>",
            "<table><colgroup><col /></colgroup><tbody><tr><td>a</td><td>b</td></tr></tbody></table>",
            "<table><colgroup><col span=\"2\" /></colgroup><tbody><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table>",
            "<table><colgroup span=\"2\"></colgroup><tbody><tr><td colspan=\"2\">a</td></tr></tbody></table>",
            "<table><colgroup span=\"2\"><col /><col /></colgroup><tbody><tr><td>a</td><td>b</td></tr></tbody></table>",
            "<table><colgroup span=\"2\"><template></template></colgroup><tbody><tr><td>a</td><td>b</td></tr></tbody></table>",
            // Counted past a cell spanning down to its group's end; in a table in a cell of
            // a table whose own columns are right.
            "<table><colgroup><col span=\"2\" /></colgroup><tbody><tr><td rowspan=\"0\">a</td><td>b</td></tr>"
                + "<tr><td>c</td><td>d</td></tr></tbody></table>",
            "<table><colgroup span=\"1\"></colgroup><tbody><tr><td><table><colgroup span=\"2\"></colgroup>"
                + "<tbody><tr><td>a</td></tr></tbody></table></td></tr></tbody></table>",
            // Too intricate to place: each row's cell passes all those spanning down from above.
            "<table><tbody>" + String(repeating: "<tr><td rowspan=\"0\">x</td></tr>", count: 1_600)
                + "</tbody></table>",
        ])
    func tableModelIsRefused(body: String) {
        #expect(Set(rules(["index.html": Self.page(body)])) == ["table-model"], "\(body.prefix(200))")
    }

    @Test("tables on their grid pass: spans down and across, to a group's end, a table in a cell")
    func tablesOnTheirGrid() {
        for body in [
            "<table><thead><tr><th colspan=\"2\">h</th></tr></thead><tbody><tr><td rowspan=\"0\">a</td><td>b</td></tr>"
                + "<tr><td>c</td></tr></tbody><tfoot><tr><td>x</td><td>y</td></tr></tfoot></table>",
            "<table><tbody><tr><td colspan=\"2\"><table><tbody><tr><td>x</td><td>y</td><td>z</td></tr></tbody></table></td>"
                + "</tr><tr><td>a</td><td>b</td></tr></tbody></table>",
            "<table><tbody><tr><td rowspan=\"2\" colspan=\"2\">a</td><td>b</td></tr><tr><td>c</td></tr>"
                + "<tr><td>d</td><td>e</td><td>f</td></tr></tbody></table>",
            // Valid by HTML's table model (a cell begins in every column), though the W3C
            // checker's own bookkeeping loses the fourth column (`ColumnRange.removeColumn`).
            "<table><tbody><tr><td colspan=\"4\">a</td></tr><tr><td colspan=\"2\">b</td><td>c</td><td>d</td></tr>"
                + "<tr><td>e</td><td>f</td><td colspan=\"2\">g</td></tr></tbody></table>",
            // Columns made by `<col>` and `<colgroup>`: each row as wide, counted past the
            // cells spanning down from a row above that end it.
            "<table><caption>c</caption><colgroup span=\"2\"></colgroup><colgroup><col /><col span=\"2\" /></colgroup>"
                + "<thead><tr><th>a</th><th>b</th><th>c</th><th>d</th><th>e</th></tr></thead>"
                + "<tbody><tr><td>a</td><td>b</td><td>c</td><td colspan=\"2\" rowspan=\"2\">d</td></tr>"
                + "<tr><td>a</td><td>b</td><td>c</td></tr></tbody></table>",
            "<table><colgroup><template></template><col span=\"2\" /></colgroup><tbody><tr><td rowspan=\"0\">a</td>"
                + "<td>b</td></tr><tr><td>c</td></tr></tbody></table>",
            "<table><colgroup span=\"1\"></colgroup><tbody><tr><td><table><colgroup span=\"2\"></colgroup>"
                + "<tbody><tr><td>a</td><td>b</td></tr></tbody></table></td></tr></tbody></table>",
        ] {
            #expect(rules(["index.html": Self.page(body)]).isEmpty, "\(body)")
        }
    }

    @Test("a definition in a definition and a source's width are refused; valid values pass")
    func definitionsAndValidValues() {
        #expect(rules(["index.html": Self.page("<p><dfn>a<dfn>b</dfn></dfn></p>")]) == ["content-model"])
        let sized =
            "<picture><source srcset=\"https://e.example/a.png\" width=\"5\" /><img src=\"https://e.example/b.png\" alt=\"\" /></picture>"
        #expect(rules(["index.html": Self.page(sized)]) == ["unknown-attribute"])
        for body in [
            "<table><tbody><tr><td colspan=\"2\" rowspan=\"0\">x</td></tr></tbody><tfoot><tr><td>a</td><td>b</td></tr></tfoot></table>",
            "<p><time datetime=\"2024-02-29T23:59Z\">x</time> <bdo dir=\"rtl\">x</bdo> <dfn>a</dfn><dfn>b</dfn></p>",
            "<img src=\"https://e.example/a.png\" srcset=\"https://e.example/a.png, https://e.example/b.png 1.5x\" alt=\"\" />",
            "<img src=\"https://e.example/a.png\" srcset=\"https://e.example/a.png 200w\" sizes=\"50vw\" alt=\"\" />",
            "<picture><source srcset=\"https://e.example/a.png 2x\" media=\"(prefers-color-scheme: dark)\" type=\"image/webp\" /><img src=\"https://e.example/b.png\" alt=\"\" /></picture>",
        ] {
            #expect(rules(["index.html": Self.page(body)]).isEmpty, "\(body)")
        }
    }

    @Test("a link in a link that a browser closes is told once, as misnested")
    func nestedLinkIsToldOnce() {
        let findings = SiteValidator().validate([
            OutputFile(
                path: "index.html",
                contents: Data(Self.page("<p><a href=\"#top\">a<a href=\"#top\">b</a></a></p>").utf8))
        ])
        #expect(findings.map(\.rule) == ["misnested"])
    }

    @Test("a list's refusal names the element it is told at, and what HTML wants there")
    func listContentIsNamed() {
        let findings = SiteValidator().validate([
            OutputFile(path: "index.html", contents: Data(Self.page("<dl>\n<dt>term</dt>\n</dl>").utf8))
        ])
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix("a <dl> whose last term (<dt>) has no description (<dd>)") == true)
        // Told at the list's start tag, the page's ninth line, where the problem can be seen.
        #expect(findings.first.map { ($0.line, $0.column, $0.rule) } ?? (0, 0, "") == (9, 1, "content-model"))
    }

    @Test(
        "lists as HTML wants them pass: groups of several terms or descriptions, in <div>s or not; a caption in a figure"
    )
    func listContentPasses() {
        for body in [
            "<dl><div><dt>a</dt><dd>b</dd></div><div><dt>c</dt><dt>c2</dt><dd>d</dd><dd>e</dd></div></dl>", "<dl></dl>",
            "<ul></ul>", "<menu><li>x</li></menu>", "<dl><dt>a</dt><dt>b</dt><dd>c</dd><dt>d</dt><dd>e</dd></dl>",
            "<ol>\n<li>x</li>\n</ol>", "<dl><dt>a <b>b</b></dt><dd><h3>c</h3></dd></dl>",
            "<table><tbody><tr><th>a</th></tr><tr><td><h3>b</h3></td></tr></tbody></table>",
            "<figure><figcaption>x</figcaption>y</figure>", "<figure><p>y</p> <figcaption>x</figcaption> </figure>",
            "<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>",
            "<ruby>漢<rt>kan</rt>\n</ruby>", "<details><summary>\n<h3>a</h3>\n</summary>b</details>",
            "<details><summary>a <b>b</b></summary>c</details>",
            "<table><caption>c</caption><tbody><tr><td><table><tbody><tr><td>x</td></tr></tbody></table></td></tr></tbody></table>",
            "<details>\n<summary>x</summary>y</details>", "<details><summary>x</summary></details>",
            "<table>\n<caption>c</caption><tr><th>x</th></tr></table>",
            "<table><caption>c</caption><colgroup><col /></colgroup><col /><thead><tr><th>h</th><th>i</th></tr></thead>"
                + "<tbody><tr><td>x</td><td>x</td></tr></tbody><tbody><tr><td colspan=\"2\">y</td></tr></tbody>"
                + "<tfoot><tr><td>f</td><td>g</td></tr></tfoot></table>",
            "<p><picture><source srcset=\"https://example.com/a.png\" /><img src=\"https://example.com/a.png\" alt=\"\" /></picture></p>",
        ] {
            #expect(rules(["index.html": Self.page(body)]).isEmpty, "\(body)")
        }
    }

    @Test("a block where HTML allows one passes: in a link, an insertion, a summary's heading")
    func blockWhereAllowedPasses() {
        for body in [
            "<div><a href=\"#top\"><ul><li>x</li></ul></a></div>", "<del><p>x</p></del>",
            "<details><summary><h2>x</h2></summary>y</details>", "<ul><li><b>a</b><div>b</div></li></ul>",
        ] {
            #expect(rules(["index.html": Self.page(body)]).isEmpty, "\(body)")
        }
    }

    @Test("nesting a browser reads as written passes: behind a cell, a row straight in a table")
    func nestingAsWrittenPasses() {
        for body in [
            "<p><span>a</span> <a href=\"#top\">b</a></p>", "<div><p>a</p><div><p>b</p></div></div>",
            "<ul><li>a<ul><li>b</li></ul></li></ul>",
            "<a href=\"#top\"><div>block link</div></a>",
            "<table>\n<tr><td>x</td></tr>\n</table>", "<dl><dt>a</dt><dd>b<dl><dt>c</dt><dd>d</dd></dl></dd></dl>",
            "<ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>",
        ] {
            #expect(rules(["index.html": Self.page(body)]).isEmpty, "\(body)")
        }
    }

    @Test func globalAriaDataAndOpenGraphAttributesPass() {
        let body = #"<p data-x="1" aria-label="y" style="color: red" itemprop="name" hidden="" dir="rtl">x</p>"#
        #expect(rules(["index.html": Self.page(body)]).isEmpty)
        let head = Self.page().replacingOccurrences(
            of: "<title>",
            with: #"<meta property="og:title" content="x" /><meta name="description" content="d" /><title>"#)
        #expect(rules(["index.html": head]).isEmpty)
        // Inside a refused <svg>, its attributes add nothing to the one finding.
        #expect(!rules(["index.html": Self.page(#"<svg><rect foo="1"></rect></svg>"#)]).contains("unknown-attribute"))
    }

    @Test func voidElementsMayCloseThemselves() {
        #expect(rules(["index.html": Self.page("<br/><img src=\"a.png\" alt=\"\"/><hr />"), "a.png": ""]).isEmpty)
    }

    @Test(
        "a third red-team pass: each of these ran a script or left for another site in Chromium",
        arguments: [
            // Inside SVG or MathML, these put the parser back into HTML, where '/' is ignored.
            (
                #"<svg><foreignObject><textarea/><!--</textarea><img src="x" alt="" onerror="alert(1)"/>--></foreignObject></svg>"#,
                "xml-only"
            ),
            (
                #"<math><mi><textarea/><!--</textarea><img src="x" alt="" onerror="alert(1)"/>--></mi></math>"#,
                "xml-only"
            ),
            (#"<meta charset="utf-8" http-equiv="refresh" content="0;url=https://evil.example/" />"#, "active-content"),
            (#"<script src=" //evil.example/x.js"></script>"#, "external-script"),
            (#"<script src="notes.txt"></script>"#, "external-script"),
            (
                #"<svg><a href="https://x.org/"><animate attributeName="href" values="https://x.org/;javascript:alert(1)"></animate></a></svg>"#,
                "unsafe-url"
            ),
        ])
    func browsersHTMLIsTheOneThatCounts(body: String, rule: String) {
        #expect(rules(["index.html": Self.page(body), "notes.txt": ""]).contains(rule), "\(body)")
    }

    @Test("a fourth red-team pass: a NUL past </html>, a second href on an SVG script, a file named .html")
    func aNULASecondHrefAndADotfile() {
        let nul = Self.page() + "\n\u{0}<script>alert(1)</script>"
        #expect(rules(["index.html": nul]) == ["nul"])
        let twoSources =
            #"<svg><script xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="x.js" href="https://evil.example/e.js"></script></svg>"#
        #expect(rules(["index.html": Self.page(twoSources), "x.js": ""]) == ["foreign-content", "external-script"])
        #expect(
            rules([".svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"]) == [
                "active-content"
            ])
        #expect(rules([".htaccess": "AddType text/html .md", ".nojekyll": "", "CNAME": "x"]) == ["file-kind"])
    }

    @Test("a host's settings (redirects, headers) and names a server would shorten are refused")
    func hostSettingsAreRefused() {
        #expect(
            rules([
                "_redirects": "/* https://evil.example/ 302", "_headers": "", "assets/vercel.json": "{}", "x.html.": "",
            ])
                == Array(repeating: "file-kind", count: 4))
    }

    @Test("a feed, a sitemap or an SVG that a browser would render as a page is refused")
    func xmlThatWouldBeAPage() {
        let atom =
            #"<feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="xhtml">"#
            + #"<div xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></div></content></entry></feed>"#
        #expect(rules(["feed.xml": atom]).contains("active-content"))
        let sitemap =
            #"<?xml-stylesheet type="text/xsl" href="s.xsl"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>"#
        #expect(rules(["sitemap.xml": sitemap]) == ["active-content"])
        let entities =
            "<!DOCTYPE svg [<!ENTITY j 'javascript:alert(1)'>]>\n"
            + #"<svg xmlns="http://www.w3.org/2000/svg"><a href="&j;"><text>x</text></a></svg>"#
        #expect(rules(["a.svg": entities]).contains("active-content"))
    }

    @Test("a folder's hidden pages and links are read too; a link out of the folder and a link to a folder are named")
    func hiddenFilesAndLinksAreRead() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "validate-\(UUID().uuidString)")
        let outside = FileManager.default.temporaryDirectory.appending(path: "outside-\(UUID().uuidString)")
        defer { [folder, outside].forEach { try? FileManager.default.removeItem(at: $0) } }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appending(path: ".git"), withIntermediateDirectories: true)
        try Data(Self.page("<script>alert(1)</script>").utf8).write(to: outside.appending(path: "e.html"))
        try Data(Self.page("<p onclick=\"x()\">x</p>").utf8).write(to: folder.appending(path: ".hidden.html"))
        try Data("x".utf8).write(to: folder.appending(path: ".git/objects.pack"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending(path: "s.html").path, withDestinationPath: outside.appending(path: "e.html").path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending(path: "sub").path, withDestinationPath: outside.path)
        // A link inside the folder is the file it leads to.
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending(path: "h.html").path, withDestinationPath: ".hidden.html")
        let found = try SiteValidator().validate(directory: folder)
        #expect(
            Set(found.map { "\($0.file) \($0.rule)" }) == [
                ".hidden.html event-handler", "h.html event-handler", "s.html inline-script", "s.html outside",
                "sub unread",
            ])
    }

    @Test("a folder named through a link is checked, and what cannot be read is a finding, never a pass")
    func nothingUnreadPasses() throws {
        let base = FileManager.default.temporaryDirectory.appending(path: "validate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = base.appending(path: "site")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.page("<p onclick=\"x()\">x</p>").utf8).write(to: folder.appending(path: "index.html"))
        let link = base.appending(path: "link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.path)
        for named in [link, link.appending(path: "")] {
            #expect(try SiteValidator().validate(directory: named).map(\.rule) == ["event-handler"], "\(named.path)")
        }
        // A name that is not UTF-8, a file no one may read, one past the size read, a link to one that fails.
        let name = Array((folder.path + "/bad").utf8) + [0xFF, 0]
        let created = name.withUnsafeBufferPointer {
            creat(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o644)
        }
        #expect(created >= 0)
        close(created)
        let large = folder.appending(path: "large.json")
        #expect(FileManager.default.createFile(atPath: large.path, contents: nil))
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: UInt64(SiteValidator.FolderWalk.largestFile + 1))
        try handle.close()
        try FileManager.default.createSymbolicLink(
            atPath: folder.appending(path: "mem.txt").path, withDestinationPath: "/proc/self/mem")
        let found = try SiteValidator().validate(directory: folder)
        #expect(
            Set(found.map { "\($0.file) \($0.rule)" }) == [
                "index.html event-handler", "bad\\xFF unread", "large.json unread", "mem.txt outside", "mem.txt unread",
            ], "\(found)")
    }

    @Test func commentsElsewhereAndScriptsOfTheSitePass() {
        #expect(rules(["index.html": Self.page("<!-- a > b <!- c -->"), "x.js": ""]).isEmpty)
        for source in ["https://evil.example/x.js", "//evil.example/x.js"] {
            #expect(rules(["index.html": Self.page("<script src=\"\(source)\"></script>")]) == ["external-script"])
        }
        #expect(
            rules(["index.html": Self.page("<meta HTTP-EQUIV=\" Refresh\" content=\"0;url=https://x.org\" />")]) == [
                "active-content"
            ])
    }

    @Test("only kinds of file a browser neither renders nor runs are published; an SVG runs nothing")
    func fileKinds() {
        #expect(
            rules(["a.htm": "<script>alert(1)</script>", "b.xhtml": "", "c.php": ""])
                == Array(repeating: "file-kind", count: 3))
        #expect(rules(["a.css": "", "a.js": "", "a.png": "", "a.woff2": "", "CNAME": "x", "LICENSE": "a <b>"]).isEmpty)
        // A server that tells a file's type from its bytes serves these as pages.
        for markup in ["<!DOCTYPE html><script>alert(1)</script>", "\u{FEFF} \n<svg onload=alert(1)>", "<?xml?><x/>"] {
            #expect(rules(["assets/page": markup]) == ["file-kind"], "\(markup)")
        }
        let xhtml = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><script>alert(1)</script></html>"
        #expect(rules(["assets/w.xml": xhtml]) == ["active-content"])
        let svg = { (inner: String) in "<svg xmlns=\"http://www.w3.org/2000/svg\">\(inner)</svg>" }
        #expect(rules(["a.svg": svg("<script>alert(1)</script>")]) == ["active-content"])
        #expect(rules(["a.svg": svg("<foreignObject><div>x</div></foreignObject>")]) == ["active-content"])
        #expect(rules(["a.svg": svg("<rect onclick=\"x()\" />")]) == ["event-handler"])
        #expect(rules(["a.svg": svg("<a href=\"javascript:alert(1)\"><text>x</text></a>")]) == ["unsafe-url"])
        #expect(
            rules(["a.svg": svg("<a><set attributeName=\"href\" to=\"javascript:alert(1)\" /></a>")]) == ["unsafe-url"])
        let xslt = "<?xml-stylesheet type=\"text/xsl\" href=\"b.xsl\"?>\n" + svg("<text>x</text>")
        #expect(rules(["a.svg": xslt]) == ["active-content"])
        let svgXHTML =
            #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml">"#
            + #"<h:meta http-equiv="refresh" content="0;url=https://evil.example/" /></svg>"#
        #expect(rules(["a.svg": svgXHTML]) == ["active-content"])
        // An editor's metadata and the XML declaration are fine.
        let inkscape =
            "<?xml version=\"1.0\"?>\n"
            + #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + "<metadata><rdf:RDF /></metadata></svg>"
        #expect(rules(["a.svg": inkscape]).isEmpty)
        #expect(
            rules([
                "a.svg": svg(
                    "<style><![CDATA[ rect { fill: red } ]]></style><image href=\"data:image/png;base64,AA\" />")
            ])
            .isEmpty)
    }

    @Test func linksMustResolveToFilesAndIds() {
        let broken = findings([
            "index.html": Self.page(
                "<a href=\"missing.html\">m</a> <a href=\"b.html#nope\">n</a> <a href=\"../../up.html\">u</a>"),
            "b.html": Self.page(),
        ])
        #expect(broken.map(\.rule) == ["broken-link", "broken-link", "broken-link"])
        #expect(broken.map(\.message).joined().contains("names no id 'nope' in b.html"))
        #expect(broken.map(\.message).joined().contains("leads outside the site"))
    }

    @Test("#top is the top of any page, as browsers read it, with or without an id of that name")
    func topNeedsNoID() {
        let fine = findings([
            "index.html": Self.page(##"<a href="#top">up</a> <a href="#TOP">up</a> <a href="b.html#top">b</a>"##),
            "b.html": Self.page(),
        ])
        #expect(fine.isEmpty, "\(fine)")
        #expect(findings(["index.html": Self.page(##"<a href="#topmost">up</a>"##)]).map(\.rule) == ["broken-link"])
    }

    @Test func jsonMustParse() {
        #expect(rules(["digest.json": "{\"truncated\": "]) == ["json"])
    }

    @Test func aFolderOnDiskIsCheckedTheSameWay() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "validate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appending(path: "sub"), withIntermediateDirectories: true)
        try Data(Self.page("<a href=\"sub/gone.html\">x</a>").utf8).write(to: folder.appending(path: "index.html"))
        #expect(try SiteValidator().validate(directory: folder).map(\.rule) == ["broken-link"])
    }

    @Test("in a folder repodigest published, the kinds of the user's own files are not judged; their pages are")
    func theUsersFilesAreCountedNotJudged() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "validate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.page().utf8).write(to: folder.appending(path: "index.html"))
        try Data("<browserconfig />".utf8).write(to: folder.appending(path: "browserconfig.xml"))
        let validator = SiteValidator()
        #expect(try validator.validate(directory: folder).map(\.rule) == ["file-kind"])
        try Data("repodigest\nmanifest 2\nfile index.html - -\n".utf8).write(
            to: folder.appending(path: SiteWriter.marker))
        let checked = try validator.validate(directory: folder, usersKinds: true)
        #expect(checked.findings.isEmpty && checked.usersFiles == 1)
        try Data(Self.page("<a href=\"gone.html\">x</a>").utf8).write(to: folder.appending(path: "mine.html"))
        let edited = try validator.validate(directory: folder, usersKinds: true)
        #expect(edited.findings.map(\.rule) == ["broken-link"] && edited.usersFiles == 2)
    }
}
