import FakeGitHubServer
import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// READMEs written the way popular projects write them (this project's own text): for each,
/// what a reader sees survives, and nothing that could run script does.
@Suite("READMEs as popular projects write them: what survives, and that nothing can run script")
struct PopularReadmeTests {
    static func render(_ source: String, markup: MarkdownText.Markup = .markdown) -> String {
        MarkdownRenderer().html(
            MarkdownText(
                source: source, markup: markup, linkBase: "https://github.com/o/r/blob/main/",
                imageBase: "https://raw.githubusercontent.com/o/r/main/"),
            idPrefix: "readme-", headingOffset: 1)
    }

    /// Nothing in `html` that a browser would run: the same rules as the page gate's.
    static func expectNoScript(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lower = html.lowercased()
        for active in [
            "<script", "<iframe", "<object", "<embed", "<svg", "<math", "<style", "<form", "<base", "<meta", "<input",
        ] {
            #expect(!lower.contains(active), "\(active) in \(html)", sourceLocation: sourceLocation)
        }
        for attribute in [" on[a-z]+=", " style=", "(href|src|srcset)=\"\\s*(javascript|data|vbscript|file):"] {
            #expect(
                lower.range(of: attribute, options: .regularExpression) == nil, "\(attribute) in \(html)",
                sourceLocation: sourceLocation)
        }
        #expect(!html.contains("raw HTML omitted"), sourceLocation: sourceLocation)
    }

    @Test("a centred logo and a row of badges keep their images, links and centring")
    func centredLogoAndBadges() {
        let html = Self.render(
            """
            <p align="center">
              <img src="docs/logo.svg" alt="Wisp" width="200" height="auto" style="border:0">
            </p>
            <p align="center">
              <a href="https://ci.example.org/wisp"><img src="https://img.shields.io/badge/ci-passing-green" alt="CI"></a>
              <a href="LICENSE"><img src="https://img.shields.io/badge/licence-MIT-blue" alt="Licence: MIT"></a>
            </p>
            """)
        #expect(html.contains("<p class=\"align-center\">"))
        #expect(
            html.contains(
                "<img src=\"https://raw.githubusercontent.com/o/r/main/docs/logo.svg\" alt=\"Wisp\" width=\"200\" />"),
            "a relative image points at the repository; a width that is not a number and style go")
        #expect(
            html.contains(
                "<a href=\"https://ci.example.org/wisp\"><img src=\"https://img.shields.io/badge/ci-passing-green\" alt=\"CI\" /></a>"
            ))
        #expect(
            html.contains("<a href=\"https://github.com/o/r/blob/main/LICENSE\">"),
            "a relative link points at the repository")
        Self.expectNoScript(html)
    }

    @Test("<picture> keeps its dark source, resolved like an image")
    func pictureWithDarkSource() {
        let html = Self.render(
            """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="assets/dark.png 1x, assets/dark@2x.png 2x">
              <img alt="Diagram" src="assets/light.png">
            </picture>
            """)
        #expect(
            html.contains(
                "<source srcset=\"https://raw.githubusercontent.com/o/r/main/assets/dark.png 1x, https://raw.githubusercontent.com/o/r/main/assets/dark@2x.png 2x\" media=\"(prefers-color-scheme: dark)\" />"
            ))
        #expect(
            html.contains("<img src=\"https://raw.githubusercontent.com/o/r/main/assets/light.png\" alt=\"Diagram\" />")
        )
        #expect(html.contains("<picture>") && html.contains("</picture>"))
        Self.expectNoScript(html)
    }

    @Test("every kind of alert is a titled box with a class of its own; a quote without a marker stays a quote")
    func alerts() {
        for kind in ["NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"] {
            let html = Self.render("> [!\(kind)]\n> Read this *first*.")
            let lower = kind.lowercased()
            #expect(
                html.contains(
                    "<div class=\"markdown-alert markdown-alert-\(lower)\"><p class=\"markdown-alert-title\">\(kind.prefix(1) + lower.dropFirst())</p>"
                ),
                "\(html)")
            #expect(html.contains("<p>Read this <em>first</em>.</p>"))
            #expect(!html.contains("[!"), "the marker is not shown")
        }
        #expect(Self.render("> [!NOTE] inline text").contains("<blockquote>"), "the marker must be alone on its line")
        #expect(Self.render("> Just a quote.").contains("<blockquote>"))
    }

    @Test("code in two languages is coloured at build time; an unknown language is plain code")
    func codeInTwoLanguages() {
        let html = Self.render(
            """
            ```rust
            fn main() { let n = 42; println!("{}", n); } // done
            ```

            ```python
            def greet(name):
                return f"hi {name}"  # greeting
            ```

            ```brainfuck
            ++[>+<-]
            ```
            """)
        #expect(
            html.contains(
                "<pre><code class=\"language-rust\"><span class=\"hl-k\">fn</span> <span class=\"hl-f\">main</span>()"))
        #expect(html.contains("<span class=\"hl-n\">42</span>"))
        #expect(html.contains("<span class=\"hl-c\">// done</span>"))
        #expect(html.contains("<span class=\"hl-k\">def</span> <span class=\"hl-f\">greet</span>(name):"))
        #expect(html.contains("<span class=\"hl-s\">&quot;hi {name}&quot;</span>"))
        #expect(html.contains("<span class=\"hl-c\"># greeting</span>"))
        #expect(html.contains("<pre><code>++[&gt;+&lt;-]\n</code></pre>"))
    }

    @Test(
        "every listed language colours its keywords, strings and comments",
        arguments: [
            ("swift", "let s = \"x\" // c", "hl-k", "hl-s", "hl-c"),
            ("go", "func f() string { return `x` } // c", "hl-k", "hl-s", "hl-c"),
            ("javascript", "const s = 'x'; /* c */", "hl-k", "hl-s", "hl-c"),
            ("ts", "interface A { b: string } // c \"x\"", "hl-k", "hl-t", "hl-c"),
            ("bash", "export X=\"$HOME\" # c", "hl-k", "hl-s", "hl-c"),
            // A literal in the numbers' colour, as GitHub colours constants.
            ("json", "{\"k\": \"v\", \"n\": true}", "hl-a", "hl-s", "hl-n"),
            ("yaml", "name: ci # c\non: [push]", "hl-a", "hl-c", "hl-a"),
            ("toml", "[package]\nname = \"x\" # c", "hl-a", "hl-s", "hl-c"),
            ("c", "#include <stdio.h>\nint main(void) { return 0; } /* c */", "hl-k", "hl-n", "hl-c"),
            ("ruby", "def greet(name) # c\n  @name = \"x\"\nend", "hl-k", "hl-v", "hl-c"),
            ("java", "public class A { String s = \"x\"; } // c", "hl-k", "hl-s", "hl-c"),
            ("kotlin", "fun main() { val s = \"x\" } // c", "hl-k", "hl-s", "hl-c"),
            ("cs", "using System; var s = \"x\"; // c", "hl-k", "hl-s", "hl-c"),
            ("php", "function f($a) { return 'x'; } # c", "hl-k", "hl-v", "hl-c"),
            ("sql", "SELECT name FROM users WHERE id = 'x'; -- c", "hl-k", "hl-s", "hl-c"),
            ("css", "/* c */\ncolor: \"x\";", "hl-c", "hl-a", "hl-s"),
            ("diff", "@@ -1 +1 @@\n-old\n+new\n same", "hl-f", "hl-k", "hl-a"),
            ("html", "<!-- c -->\n<a href=\"x\">link</a>", "hl-c", "hl-a", "hl-f"),
            ("dockerfile", "FROM swift:6.3 AS build # c\nRUN echo $HOME", "hl-k", "hl-v", "hl-c"),
            ("makefile", "ifeq ($(CC),gcc) # c\n\techo \"x\"\nendif", "hl-k", "hl-v", "hl-s"),
            ("lua", "local s = \"x\" -- c", "hl-k", "hl-s", "hl-c"),
            ("scala", "object A { val s = \"x\" } // c", "hl-k", "hl-s", "hl-c"),
            ("dart", "final s = 'x'; /* c */ String t;", "hl-k", "hl-s", "hl-t"),
            ("terraform", "resource \"aws\" \"x\" {\n  count = 2 # c\n}", "hl-k", "hl-a", "hl-c"),
            ("ps1", "foreach ($f in $files) { 'x' } # c", "hl-k", "hl-v", "hl-c"),
            ("graphql", "query Q($id: ID) { user(id: $id) { name } } # c", "hl-k", "hl-v", "hl-t"),
            ("nix", "let x = \"y\"; in x # c", "hl-k", "hl-s", "hl-c"),
            ("zig", "pub fn main() void { const s = \"x\"; } // c", "hl-k", "hl-s", "hl-c"),
        ])
    func languages(_ language: String, _ code: String, _ first: String, _ second: String, _ third: String) {
        let html = Self.render("```\(language)\n\(code)\n```")
        for kind in [first, second, third] { #expect(html.contains("<span class=\"\(kind)\">"), "\(kind) in \(html)") }
        #expect(html.contains("<pre><code class=\"language-"))
    }

    @Test("HTML's tags, attributes and values are coloured, the text between them never")
    func markupIsColouredTagByTag() {
        let html = Self.render("```html\n<p class=\"note\">if <b>while</b></p>\n```")
        #expect(
            html.contains(
                "&lt;<span class=\"hl-a\">p</span> <span class=\"hl-f\">class</span>=<span class=\"hl-s\">&quot;note&quot;</span>&gt;if &lt;"
            ), "\(html)")
        #expect(html.contains("&gt;while&lt;/"), "no keywords in text")
    }

    @Test("CSS: a property is a key, a selector's pseudo-class is not, a function is; HTML has no backslash escapes")
    func cssAndHTMLDetails() {
        let css = Self.render("```css\na:hover {\n  color: rgba(0, 0, 0, 0.5);\n}\n```")
        #expect(css.contains("a:hover {"), "\(css)")
        #expect(css.contains("<span class=\"hl-a\">color</span>: <span class=\"hl-f\">rgba</span>("), "\(css)")
        let html = Self.render("```html\n<a title=\"C:\\\" href=\"x\">y</a>\n```")
        #expect(html.contains("<span class=\"hl-f\">href</span>"), "\(html)")
    }

    @Test("a diff colours added, removed and hunk lines whole, context never")
    func diffLines() {
        let html = Self.render("```diff\n@@ -1,2 +1,2 @@\n-let a = 1\n+let a = \"2\"\n let b = 3\n```")
        #expect(
            html.contains(
                "<span class=\"hl-k\">-let a = 1</span>\n<span class=\"hl-a\">+let a = &quot;2&quot;</span>\n let b = 3"
            ), "\(html)")
    }

    @Test("a shell session colours its commands after the prompt, and what they print not at all, as GitHub does")
    func shellSession() {
        let html = Self.render(
            """
            ```console
            $ make install
            done in 1s: for you
            user@host:~/src$ echo "hi"
              > if true
            ```
            """)
        #expect(html.contains(#"<code class="language-console">"#), "\(html)")
        #expect(html.contains("\ndone in 1s: for you\n"), "output is left as it is: \(html)")
        #expect(
            html.contains(#"user@host:~/src$ <span class="hl-k">echo</span> <span class="hl-s">&quot;hi&quot;</span>"#),
            "\(html)")
        #expect(html.contains(#"  &gt; <span class="hl-k">if</span> true"#), "\(html)")
        let github = Self.render(
            #"<div class="highlight highlight-text-shell-session"><pre>$ for x in y</pre></div>"#)
        #expect(github.contains(#"<code class="language-console">$ <span class="hl-k">for</span>"#), "\(github)")
        #expect(SyntaxHighlighter.promptLength(of: "ls -la") == nil)
        #expect(SyntaxHighlighter.promptLength(of: "100%") == nil)
        #expect(SyntaxHighlighter.promptLength(of: "$") == 1)
        #expect(SyntaxHighlighter.promptLength(of: "  % Total    % Received") == nil, "curl's header is output")
        #expect(SyntaxHighlighter.promptLength(of: "</div> if you see this, then done") == nil)
        #expect(SyntaxHighlighter.promptLength(of: "% make") == 2)
    }

    @Test("a diagram GitHub draws (mermaid, a map) shows its source, and says what it is")
    func diagrams() {
        let html = Self.render("```mermaid\ngraph TD; A-->B;\n```")
        #expect(
            html.contains(
                #"<p class="diagram-note">GitHub draws this Mermaid block as a picture; here is its source:</p><pre><code>graph TD; A--&gt;B;"#
            ),
            "\(html)")
        let github = Self.render(
            #"<section data-type="geojson"><div class="render-plaintext-hidden"><pre lang="geojson">{}</pre></div></section>"#
        )
        #expect(github.contains("this GeoJSON block"), "\(github)")
        #expect(!Self.render("```swift\nlet x = 1\n```").contains("diagram-note"))
    }

    @Test("a shell keyword inside a path or an option is not coloured as a command")
    func shellWordsInPaths() {
        let html = Self.render("```sh\ncp lantern /usr/local/bin/ --for-real\n```")
        #expect(html.contains("/usr/local/bin/ --for-real"), "\(html)")
    }

    @Test("a table written in HTML and one in Markdown both survive, alignment as classes")
    func tables() {
        let html = Self.render(
            """
            <table>
              <tr><th>Platform</th><th align="right">Support</th></tr>
              <tr><td>Linux</td><td align="right" colspan="1">:white_check_mark:</td></tr>
            </table>

            | Flag | Meaning |
            | :--- | ---: |
            | `-v` | verbose |
            """)
        #expect(
            html.contains("<table>\n  <tbody><tr><th>Platform"),
            "bare rows get their row group, as a browser would give them")
        #expect(html.contains("<th class=\"align-right\">Support</th>"))
        #expect(html.contains("<td class=\"align-right\">✅</td>"), "a span of 1 is written as none")
        #expect(html.contains("<td class=\"align-left\"><code>-v</code></td>"))
        #expect(!html.contains(" align="))
    }

    @Test("a task list shows boxes as glyphs with a name, and no bullets' class is missing")
    func taskList() {
        let html = Self.render("- [x] Parser\n- [ ] Docs\n- Plain item")
        #expect(
            html.contains(
                "<li class=\"task-list-item\"><span class=\"task-checkbox task-done\" role=\"img\" aria-label=\"Done\">☑</span> Parser</li>"
            ))
        #expect(
            html.contains(
                "<li class=\"task-list-item\"><span class=\"task-checkbox\" role=\"img\" aria-label=\"Not done\">☐</span> Docs</li>"
            ))
        #expect(html.contains("<li>Plain item</li>"))
        Self.expectNoScript(html)
    }

    @Test("<details>, <summary>, <kbd>, <sup> and <br> survive; Markdown inside details is rendered")
    func detailsAndInlineHTML() {
        let html = Self.render(
            """
            <details open>
            <summary>Benchmarks</summary>

            Faster by **3×** on <kbd>Ctrl</kbd>+<kbd>S</kbd>.<br>E = mc<sup>2</sup>

            </details>
            """)
        #expect(html.contains("<details open=\"open\">\n<summary>Benchmarks</summary>"))
        #expect(html.contains("<strong>3×</strong>"))
        #expect(html.contains("<kbd>Ctrl</kbd>+<kbd>S</kbd>.<br />E = mc<sup>2</sup>"))
        Self.expectNoScript(html)
    }

    @Test("emoji shortcodes become emoji in text, not in code; unknown ones stay")
    func emoji() {
        let html = Self.render("Ship it :rocket: :tada: :nope_not_one: `:rocket:`")
        #expect(html.contains("Ship it 🚀 🎉 :nope_not_one: <code>:rocket:</code>"))
    }

    @Test("headings from raw HTML and from Markdown share ids, levels and fragment links")
    func headingsAndFragments() {
        let html = Self.render("[Usage](#usage) [nowhere](#missing)\n\n<h1 align=\"center\">Wisp</h1>\n\n## Usage\n")
        #expect(html.contains("<h2 id=\"readme-wisp\" class=\"align-center\">Wisp</h2>"))
        #expect(html.contains("<h3 id=\"readme-usage\">Usage</h3>"))
        #expect(html.contains("<a href=\"#readme-usage\">Usage</a>"), "a link before its heading still finds it")
        #expect(html.contains(" <a>nowhere</a></p>"), "a fragment naming nothing is an <a> without href: text")
    }

    @Test("GitHub's rendering of a README.rst keeps its images and code, with relative URLs resolved")
    func restructuredTextRendering() {
        let html = Self.render(
            """
            <h1><a id="user-content-wisp" class="anchor" href="#wisp"></a>Wisp</h1>
            <p><a href="docs/index.rst"><img alt="logo" src="docs/logo.png" style="max-width: 100%;"></a></p>
            <div class="highlight highlight-source-python"><pre><span class="pl-k">import</span> wisp</pre></div>
            """, markup: .html)
        #expect(html.contains("<h2 id=\"readme-wisp\">Wisp</h2>"), "GitHub's permalink is no empty link")
        #expect(
            html.contains(
                "<a href=\"https://github.com/o/r/blob/main/docs/index.rst\"><img src=\"https://raw.githubusercontent.com/o/r/main/docs/logo.png\" alt=\"logo\" /></a>"
            ))
        #expect(
            html.contains(
                "<div><pre><code class=\"language-python\"><span class=\"hl-k\">import</span> wisp</code></pre></div>"))
        Self.expectNoScript(html)
    }

    @Test("GitHub's rendering of a README.adoc keeps sections, admonitions, listings, a table and a description list")
    func asciiDocRendering() {
        let html = Self.render(
            """
            <div class="markdown-heading"><h1 class="heading-element">lumen</h1><a id="user-content-lumen" class="anchor" aria-label="Permalink: lumen" href="#lumen"><svg class="octicon octicon-link" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="m7.775 3.275"></path></svg></a></div>
            <div><div><a target="_blank" rel="noopener noreferrer" href="docs/demo.svg"><img src="docs/demo.svg" alt="Demo" width="560" style="max-width: 100%;"></a></div></div>
            <div><div>Table of Contents</div><ul><li><a href="#usage">Usage</a></li></ul></div>
            <div><div class="markdown-heading"><h2 class="heading-element">Usage</h2><a id="user-content-usage" class="anchor" href="#usage"><svg></svg></a></div>
            <div><div><div class="highlight highlight-source-shell notranslate position-relative overflow-auto" dir="auto"><pre>brew install lumen</pre></div></div></div>
            <div><table><tbody><tr><td><div>ℹ️</div></td><td><code>lumen</code> drives <kbd>Ctrl</kbd>+<kbd>R</kbd>.</td></tr></tbody></table></div>
            <table><colgroup><col style="width: 25%;"><col style="width: 75%;"></colgroup>
            <thead><tr><th>Command</th><th>What it does</th></tr></thead>
            <tbody><tr><td><p><code>lumen new</code></p></td><td><p>creates a site</p></td></tr></tbody></table>
            <div><dl><dt>--quiet</dt><dd><p>print only warnings</p></dd></dl></div>
            <div><ul><li><p>✓ Live reload</p></li><li><p>❏ Netlify target</p></li></ul></div>
            <p>See <a href="CONTRIBUTING.adoc">the guide</a>.</p></div>
            """, markup: .html)
        #expect(
            html.contains("<div><h2 id=\"readme-lumen\">lumen</h2></div>"), "the permalink icon's empty link is gone")
        #expect(html.contains("<h3 id=\"readme-usage\">Usage</h3>"))
        #expect(
            html.contains("<li><a href=\"#readme-usage\">Usage</a></li>"), "the table of contents links its sections")
        #expect(
            html.contains(
                "<a href=\"https://github.com/o/r/blob/main/docs/demo.svg\"><img src=\"https://raw.githubusercontent.com/o/r/main/docs/demo.svg\" alt=\"Demo\" width=\"560\" /></a>"
            ))
        #expect(
            html.contains("<div dir=\"auto\"><pre><code class=\"language-shell\">brew install lumen</code></pre></div>")
        )
        #expect(html.contains("<td><div>ℹ️</div></td><td><code>lumen</code> drives <kbd>Ctrl</kbd>+<kbd>R</kbd>.</td>"))
        #expect(html.contains("<thead><tr><th>Command</th><th>What it does</th></tr></thead>"))
        #expect(!html.contains("<col") && !html.contains("style="), "column widths are styles: gone")
        #expect(html.contains("<dl><dt>--quiet</dt><dd><p>print only warnings</p></dd></dl>"))
        #expect(html.contains("<li><p>✓ Live reload</p></li>"))
        #expect(html.contains("<a href=\"https://github.com/o/r/blob/main/CONTRIBUTING.adoc\">the guide</a>"))
        Self.expectNoScript(html)
    }

    @Test("GitHub's rendering of a README.org keeps headings with their TODO keywords, source blocks, a table, a quote")
    func orgRendering() {
        let html = Self.render(
            """
            <div class="markdown-heading"><h1 class="heading-element">Advent of Code 2025 🎄</h1><a id="user-content-advent-of-code-2025-" class="anchor" href="#advent-of-code-2025-"><svg></svg></a></div>
            <p>Solutions to <a href="https://adventofcode.com/2025" rel="nofollow">Advent of Code</a>. <b>Spoilers</b>, in <code>days/</code>.</p>
            <div class="highlight highlight-source-rust notranslate position-relative overflow-auto" dir="auto"><pre><span class="pl-k">fn</span> <span class="pl-en">main</span>() {}</pre></div>
            <table>
            <tr><th>Day</th><th>Stars</th></tr>
            <tr><td>7</td><td>⭐⭐</td></tr>
            </table>
            <div class="markdown-heading"><h3 class="heading-element">
            <span class="todo">TODO</span> Day 12, part two</h3><a id="user-content-todo-day-12-part-two" class="anchor" href="#todo-day-12-part-two"><svg></svg></a></div>
            <blockquote><p>It's never a packing problem.</p></blockquote>
            <p>See <a href="days/day12/NOTES.org">the notes</a> and the <i>helpers</i>.</p>
            """, markup: .html)
        #expect(html.contains("<div><h2 id=\"readme-advent-of-code-2025-\">Advent of Code 2025 🎄</h2></div>"))
        #expect(
            html.contains(
                "<a href=\"https://adventofcode.com/2025\">Advent of Code</a>. <b>Spoilers</b>, in <code>days/</code>.")
        )
        #expect(
            html.contains(
                "<pre><code class=\"language-rust\"><span class=\"hl-k\">fn</span> <span class=\"hl-f\">main</span>() {}</code></pre>"
            ))
        #expect(html.contains("<table>\n<tbody><tr><th>Day</th><th>Stars</th></tr>"), "bare rows get their row group")
        #expect(html.contains("<span>TODO</span> Day 12, part two</h4>"), "the keyword stays, its class does not")
        #expect(html.contains("id=\"readme-todo-day-12-part-two\""))
        #expect(html.contains("<blockquote><p>It&apos;s never a packing problem.</p></blockquote>"))
        #expect(html.contains("<a href=\"https://github.com/o/r/blob/main/days/day12/NOTES.org\">the notes</a>"))
        Self.expectNoScript(html)
    }

    @Test("an image the site publishes itself is shown from its copy, in <img> and in <source srcset>")
    func localImageCopies() {
        let html = MarkdownRenderer().html(
            MarkdownText(
                source: """
                    <picture><source media="(prefers-color-scheme: dark)" srcset="docs/dark.svg">
                    <img src="./docs/light.svg" alt="Logo"></picture>
                    ![badge](https://img.shields.io/badge/ci-green.svg) ![elsewhere](docs/other.png)
                    """,
                imageBase: "https://raw.githubusercontent.com/o/r/main/"),
            idPrefix: "readme-", headingOffset: 1,
            localImages: [
                "https://raw.githubusercontent.com/o/r/main/docs/dark.svg": "../../images/o-r-docs-dark.svg",
                "https://raw.githubusercontent.com/o/r/main/docs/light.svg": "../../images/o-r-docs-light.svg",
                "https://img.shields.io/badge/ci-green.svg": "../../images/img.shields.io-badge-ci-green.svg",
            ])
        #expect(html.contains("<source srcset=\"../../images/o-r-docs-dark.svg\""))
        #expect(html.contains("<img src=\"../../images/o-r-docs-light.svg\" alt=\"Logo\" />"), "./ resolved first")
        #expect(html.contains("<img src=\"../../images/img.shields.io-badge-ci-green.svg\" alt=\"badge\" />"))
        #expect(html.contains("<img src=\"https://raw.githubusercontent.com/o/r/main/docs/other.png\""))
    }

    @Test(
        "script-injection vectors through the raw-HTML path, as Markdown and as GitHub's HTML, run nothing",
        arguments: [MarkdownText.Markup.markdown, .html])
    func injectionVectors(_ markup: MarkdownText.Markup) {
        for vector in Self.vectors {
            Self.expectNoScript(Self.render(vector, markup: markup))
            Self.expectNoScript(
                Self.render(
                    "<p align=\"center\">\(vector)</p>\n\n<details><summary>\(vector)</summary>\n\n\(vector)\n</details>",
                    markup: markup))
        }
    }

    @Test("raw HTML nested thousands deep stays within the validator's depth, its text kept")
    func deepRawHTML() {
        let html = Self.render(
            String(repeating: "<div>", count: 50_000) + "bottom" + String(repeating: "</div>", count: 50_000))
        #expect(html.contains("bottom"))
        #expect(html.components(separatedBy: "<div>").count - 1 <= HTMLSanitiser.maxDepth)
    }

    @Test("raw HTML nested thousands deep in a table or a term is mended without running out of stack")
    func deepRawHTMLInTablesAndTerms() {
        let deep = String(repeating: "<div>", count: 50_000) + "bottom" + String(repeating: "</div>", count: 50_000)
        for (open, close) in [("<table><tr><td>", "</td></tr></table>"), ("<dl><dt>", "</dt></dl>")] {
            let html = Self.render(open + deep + close)
            #expect(html.contains("bottom"), "\(open)")
        }
    }

    /// Every one of these terms turns its `<span>` into a `<div>` (`Writer.inlineToDiv`), which
    /// once moved the position of every element entered so far: this took 25 s to render.
    /// The test asks for the output, not the time; a slow run of it is the regression.
    @Test("terms nested thousands deep, each a span holding a list, are all written, each span a div")
    func deepTermsOfSpans() {
        let count = 20_000
        let html = Self.render(
            String(repeating: "<dl><dt><span>", count: count) + "bottom"
                + String(repeating: "</span></dt></dl>", count: count))
        #expect(html.contains("bottom"))
        #expect(html.components(separatedBy: "<dt>").count - 1 == count)
        // All but the innermost, which holds only text.
        #expect(html.components(separatedBy: "<div class=\"inline inline-span\">").count - 1 == count - 1)
    }

    /// Each heading's id once came from all the text below it, nested headings' too, which a
    /// browser shows as headings of their own: 8,000 took 6.5 s. Each now has its own text's.
    @Test("headings nested thousands deep each take their id from their own text")
    func deepHeadings() {
        let count = 20_000
        let html = Self.render(String(repeating: "<h2>a", count: count) + String(repeating: "</h2>", count: count))
        #expect(html.contains("<h3 id=\"readme-a\">"), "\(html.prefix(300))")
        #expect(html.contains("<h3 id=\"readme-a-\(count - 1)\">"))
        #expect(!html.contains("readme-aa"))
    }

    /// The corpus HostileDataTests (EndToEndTests) runs through whole builds.
    static let vectors = HostileText.vectors
}
