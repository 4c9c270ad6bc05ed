import Foundation
import Testing

@testable import SiteRenderer

/// A finding in a page names the template line its text came from (`Finding.origin`), so a
/// theme's author is sent to their template, not to one of the hundred pages it made.
@Suite struct TemplateTraceTests {
    static func sources(_ templates: [String: String]) -> [String: TemplateSource] {
        Dictionary(uniqueKeysWithValues: templates.map { ($0, TemplateSource(text: $1, file: "\($0).mustache")) })
    }

    static func library(_ templates: [String: String]) throws -> TemplateLibrary {
        var library = TemplateLibrary()
        for (name, text) in templates { library.templates[name] = try Template(parsing: text, name: name) }
        return library
    }

    @Test("text from an indented partial, inside a section, after a comment: each traced to its line and column")
    func textIsTracedToItsTemplate() throws {
        let templates = [
            "page": "<main>\n{{#items}}\n  {{>card}}\n{{/items}}\n</main>\n",
            "card": "<li>\n  {{! a note }} <p>{{name}}<div></div></p>\n</li>\n",
        ]
        let library = try Self.library(templates)
        let value: TemplateValue = .object([
            "items": .list([.object(["name": .text("é")]), .object(["name": .text("b")])])
        ])
        let (page, trace) = try #require(try library.render(value, template: "page", traced: true))
        #expect(page == (try library.render(value, template: "page")), "the same page as untraced")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        // The second card's `<div`, on the page's sixth line.
        let column = try #require(lines[5].firstRange(of: "<div")).lowerBound
        let origin = trace.origin(
            line: 6, column: lines[5].distance(from: lines[5].startIndex, to: column) + 1, in: page,
            sources: Self.sources(templates))
        #expect(origin == "card.mustache:2:28")
        #expect(trace.origin(line: 1, column: 2, in: page, sources: Self.sources(templates)) == "page.mustache:1:2")
    }

    @Test("a template's lines ended by a CR alone or CR LF count as an editor shows them; a page's as libxml2's do")
    func everyLineEndOfATemplateCounts() throws {
        #expect(TextLines.starts(of: Array("a\nb\r\nc\rd\r".utf8)) == [0, 2, 5, 7, 9])
        let templates = ["page": "<main>\r<p>x</p>\r\n<p><div></div></p>\r</main>\n"]
        let library = try Self.library(templates)
        let (page, trace) = try #require(try library.render(.object([:]), template: "page", traced: true))
        // libxml2 puts the page's <div> on line 2, column 4: its lines end at LF alone.
        #expect(trace.origin(line: 2, column: 4, in: page, sources: Self.sources(templates)) == "page.mustache:3:4")
    }

    @Test("text a value placed is told as the value and the tag that placed it")
    func aValueIsToldByItsTag() throws {
        let templates = ["page": "<main>\n  <p>{{{bodyHTML}}}</p>\n</main>\n"]
        let library = try Self.library(templates)
        let value: TemplateValue = .object(["bodyHTML": .text("x <div>y</div>")])
        let (page, trace) = try #require(try library.render(value, template: "page", traced: true))
        #expect(
            trace.origin(line: 2, column: 10, in: page, sources: Self.sources(templates))
                == "the value {{bodyHTML}} placed at page.mustache:2:6")
        #expect(trace.origin(line: 9, column: 1, in: page, sources: Self.sources(templates)) == nil, "past the end")
    }

    @Test("a page that had a form feed or another character XML forbids taken out is traced as published")
    func charactersXMLForbidsAreTakenOutOfTheTrace() throws {
        let templates = ["page": "<main>\n<p>a\u{0C}b\u{7F}c</p><p><div>\u{0C}</div></p>\n</main>\n"]
        let library = try Self.library(templates)
        let (html, trace) = try #require(try library.render(.object([:]), template: "page", traced: true))
        let page = html.xmlSafe
        let safe = trace.droppingXMLForbidden(from: html)
        #expect(page == "<main>\n<p>abc</p><p><div></div></p>\n</main>\n")
        #expect(safe.spans.map(\.length).reduce(0, +) == page.utf8.count, "every byte left in one span")
        // The page's `c` and `<div>` are where they are once the two characters are out.
        #expect(safe.origin(line: 2, column: 6, in: page, sources: Self.sources(templates)) == "page.mustache:2:8")
        #expect(safe.origin(line: 2, column: 14, in: page, sources: Self.sources(templates)) == "page.mustache:2:16")
        #expect(safe.origin(line: 2, column: 19, in: page, sources: Self.sources(templates)) == "page.mustache:2:22")
    }
}
