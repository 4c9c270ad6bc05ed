import Foundation
import PageModels
import SiteRenderer

/// What a stranger's README can make a build spend: each shape of raw HTML that once cost the
/// square of its length (a heading's id read from every heading nested in it, each `<span>`
/// made a `<div>` moving every position written before it), and a few more that could, each
/// rendered at two lengths, the second four times the first, through the renderer a build
/// uses. About 4× between them is a cost that follows the README's length; 16× is its
/// square, which a README of a few hundred kilobytes turns into minutes.
struct HostileReadmeBenchmark {
    /// The shape's name, and the HTML repeated: opened `count` times, then closed as often
    /// (nested), or opened and closed `count` times one after another, inside `around`.
    struct Shape {
        var name: String
        var open: String
        var close: String
        var nested = true
        var around = ("", "")

        func html(_ count: Int) -> String {
            let body =
                nested
                ? String(repeating: open, count: count) + String(repeating: close, count: count)
                : String(repeating: open + close, count: count)
            return around.0 + body + around.1
        }
    }

    static let shapes = [
        Shape(name: "`<div>` in `<div>`", open: "<div>", close: "</div>"),
        Shape(name: "`<span>` in a term, in a term", open: "<dl><dt><span>", close: "</span></dt></dl>"),
        Shape(name: "`<h2>` in `<h2>`", open: "<h2>a", close: "</h2>"),
        Shape(name: "`<h2><div>` in `<h2><div>`", open: "<h2>a<div>", close: "</div></h2>"),
        Shape(name: "a table in a cell", open: "<table><tr><td>", close: "</td></tr></table>"),
        Shape(name: "a table in a row with no cell", open: "<table><tr><div>", close: "</div></tr></table>"),
        Shape(name: "a permalink in a permalink", open: "<a class=\"anchor\" href=\"#a\">", close: "</a>"),
        Shape(name: "a list in `<b>`, in a list", open: "<ul><li><b>", close: "</b></li></ul>"),
        Shape(name: "a `<details>` in a summary", open: "<details><summary>s", close: "</summary></details>"),
        Shape(
            name: "text between a table's rows", open: "x<tr><td>y</td></tr>", close: "", nested: false,
            around: ("<table>", "</table>")),
        Shape(name: "a paragraph holding a `<div>`", open: "<p>a<div>b</div>c</p>", close: "", nested: false),
        Shape(
            name: "groups in one `<div>` of a `<dl>`", open: "<dt>a</dt><dd>b</dd>", close: "", nested: false,
            around: ("<dl><div>", "</div></dl>")),
        Shape(
            name: "a cell spanning rows with no cell", open: "<tr><td rowspan=\"99999\">a</td></tr><tr></tr>",
            close: "", nested: false, around: ("<table>", "</table>")),
        Shape(
            name: "terms a browser closes descriptions at (the output read back)",
            open: "<dd>a<span><dt>b</dt></span></dd>", close: "", nested: false, around: ("<dl>", "</dl>")),
        Shape(
            name: "a heading in a header cell, in a table in it", open: "<table><tr><th><h3>a</h3>",
            close: "</th></tr></table>"),
        Shape(
            name: "a header after each row", open: "<tr><td>a</td></tr><thead><tr><th>h</th></tr></thead>", close: "",
            nested: false, around: ("<table>", "</table>")),
        Shape(
            name: "cells spanning down to the end, each beside those above", open: "<tr><td rowspan=\"0\">a</td></tr>",
            close: "", nested: false, around: ("<table>", "</table>")),
        Shape(
            name: "a row in a `<div>` in a table, in it", open: "<div>x<tr><td>a</td></tr>", close: "</div>",
            around: ("<table>", "</table>")),
        // libxml2 compares each attribute with those before it: bounded before it parses (2026-11-29).
        Shape(
            name: "attributes on one element", open: "data-a=\"x\" ", close: "", nested: false,
            around: ("<p ", ">x</p>")),
        Shape(
            name: "attributes on one element, behind a malformed one", open: "data-a=\"x\" ", close: "", nested: false,
            around: ("<div>\n<p \"=\" ", ">x</p>")),
    ]

    static let lengths = (short: 5_000, long: 20_000)

    struct Timing {
        var shape: Shape
        var short: Double
        var long: Double
        var growth: Double { long / max(short, 0.000_1) }
    }

    func run(progress: (String) -> Void) -> [Timing] {
        let renderer = MarkdownRenderer()
        let clock = ContinuousClock()
        func seconds(_ shape: Shape, _ count: Int) -> Double {
            let text = MarkdownText(
                source: shape.html(count), markup: .markdown, linkBase: "https://github.com/o/r/blob/main/",
                imageBase: "https://raw.githubusercontent.com/o/r/main/")
            return clock.measure { _ = renderer.html(text, idPrefix: "readme-", headingOffset: 2) }.seconds
        }
        return Self.shapes.map { shape in
            let timing = Timing(
                shape: shape, short: seconds(shape, Self.lengths.short), long: seconds(shape, Self.lengths.long))
            progress(
                "  hostile README: \(shape.name): \(timing.short.formatted(3)) s, \(timing.long.formatted(3)) s")
            return timing
        }
    }
}
