import Foundation
internal import Mustache
import Testing

@testable import SiteRenderer

/// The template engine against swift-mustache, the reader the themes were written for: the
/// same text, byte for byte, for every page of both built-in themes and for each of the
/// Mustache features a user's theme may use. (Where the two part, on purpose, a test below
/// says so: a list placed as a `{{value}}`, a `<` before a combining mark.)
@Suite struct TemplateEngineTests {
    /// `value` as swift-mustache takes it.
    static func reference(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): text
        case .flag(let flag): flag
        case .number(let number): number
        case .list(let items): items.map(reference)
        case .object(let values): values.mapValues(reference)
        }
    }

    /// Both renderings of `name` from `templates`.
    static func render(_ templates: [String: String], _ value: TemplateValue, template name: String = "main") throws
        -> (ours: String?, reference: String?)
    {
        var ours = TemplateLibrary()
        var reference = MustacheLibrary()
        for (name, text) in templates {
            ours.templates[name] = try Template(parsing: text)
            reference.register(try MustacheTemplate(string: text), named: name)
        }
        return (try ours.render(value, template: name), reference.render(Self.reference(value), withTemplate: name))
    }

    static let card: TemplateValue = [
        "fullName": "lumen-labs/lantern", "description": "Tags <b> & \"quotes\" 'single'", "stars": 1234,
        "archived": false, "fork": true,
        "topics": [["title": "ssg"], ["title": "swift"], ["title": "web"]],
        "lists": [], "owner": ["login": "lumen-labs", "site": ["url": "https://lumen.example"]],
        "readmeHTML": "<p>Hello<br/>world</p>", "color": "#f05138",
    ]

    static let cases: [(String, [String: String])] = [
        (
            "values, escaped and not",
            ["main": "{{fullName}} {{description}} {{{readmeHTML}}} {{&readmeHTML}} {{stars}} {{fork}}\n"]
        ),
        (
            "dotted names and climbing",
            [
                "main":
                    "{{owner.site.url}} {{#owner}}{{login}} {{fullName}} {{site.url}}{{/owner}} {{owner.nothing.url}}|\n"
            ]
        ),
        (
            "the innermost value",
            ["main": "{{#topics}}[{{title}}{{.title}}{{.fullName}}]{{/topics}}{{#color}}{{.}}{{/color}}\n"]
        ),
        (
            "sections: lists, flags, values, absent",
            [
                "main":
                    "{{#topics}}<li>{{title}}</li>\n{{/topics}}{{#fork}}fork{{/fork}}{{#archived}}archived{{/archived}}{{#owner}}{{login}}{{/owner}}{{#missing}}x{{/missing}}\n"
            ]
        ),
        (
            "inverted sections",
            [
                "main":
                    "{{^lists}}no lists{{/lists}} {{^topics}}none{{/topics}} {{^archived}}live{{/archived}} {{^fork}}x{{/fork}} {{^missing}}absent{{/missing}} {{^fullName}}x{{/fullName}}\n"
            ]
        ),
        (
            "standalone lines",
            [
                "main":
                    "<ul>\n  {{#topics}}\n  <li>{{title}}</li>\n  {{/topics}}\n</ul>\n{{! a comment }}\n  {{^missing}}  \nshown\n{{/missing}}\nend"
            ]
        ),
        (
            "not standalone",
            [
                "main":
                    "a {{#fork}}b{{/fork}} c\n  {{#fork}} d {{/fork}}\n{{#fork}}{{/fork}}{{#fork}}\ne\n{{/fork}}{{#topics}}{{title}}{{/topics}}\n"
            ]
        ),
        (
            "transforms",
            [
                "main":
                    "{{count(topics)}} {{#empty(lists)}}empty{{/empty(lists)}}{{^empty(topics)}} some{{/empty(topics)}} {{uppercased(fullName)}} {{lowercased(color)}} {{capitalized(fullName)}} {{reversed(fullName)}} {{plusone(stars)}} {{minusone(stars)}} {{#even(stars)}}even{{/even(stars)}}{{#odd(stars)}}odd{{/odd(stars)}} {{#equalzero(stars)}}zero{{/equalzero(stars)}} {{#first(topics)}}{{title}}{{/first(topics)}} {{#last(topics)}}{{title}}{{/last(topics)}} {{#reversed(topics)}}{{title}}{{/reversed(topics)}} {{count(owner)}} {{plusone(count(topics))}}\n"
            ]
        ),
        (
            "a list's positions",
            [
                "main":
                    "{{#topics}}{{index()}}:{{title}}{{#first()}}(first){{/first()}}{{^last()}}, {{/last()}}{{#even()}}e{{/even()}}{{#odd()}}o{{/odd()}}{{#fork}}{{^last()}}+{{/last()}}{{/fork}}{{/topics}} {{^last()}}outside{{/last()}}\n"
            ]
        ),
        (
            "partials, standalone and inline",
            [
                "main": "<ul>\n{{#topics}}\n{{>item}}\n{{/topics}}\n</ul>\n<p>{{>inline}}</p>\n",
                "item": "<li>{{title}}{{^last()}},{{/last()}}</li>\n", "inline": "{{fullName}}",
            ]
        ),
        (
            "indented partials",
            [
                "main": "<div>\n  {{>inner}}\n    {{>inner}}\n</div>\n",
                "inner": "<p>\n{{fullName}}\n{{{readmeHTML}}}\n</p>\n",
            ]
        ),
        (
            "parents and blocks",
            [
                "main":
                    "{{<layout}}\n{{$title}}Lantern{{/title}}\n{{$body}}\n<p>{{fullName}}</p>\n{{#topics}}\n<i>{{title}}</i>\n{{/topics}}\n{{/body}}\n{{/layout}}\n",
                "layout":
                    "<html>\n<title>{{$title}}Default{{/title}}</title>\n<body>\n{{$body}}{{/body}}\n{{$foot}}<footer>{{stars}}</footer>{{/foot}}\n</body>\n</html>\n",
            ]
        ),
        (
            "a parent of a parent",
            [
                "main": "{{<middle}}{{$a}}from main{{/a}}{{/middle}}",
                "middle": "{{<base}}{{$a}}from middle{{/a}}{{$b}}b of middle{{/b}}{{/base}}",
                "base": "[{{$a}}base a{{/a}}][{{$b}}base b{{/b}}][{{$c}}base c{{/c}}]",
            ]
        ),
        (
            "indented blocks in a parent",
            [
                "main": "{{<layout}}\n  {{$body}}\n    <p>one</p>\n      <p>two</p>\n  {{/body}}\n{{/layout}}\n",
                "layout": "<main>\n  {{$body}}{{/body}}\n</main>\n",
            ]
        ),
        ("set delimiters", ["main": "{{=<% %>=}}\n<% fullName %> {{fullName}}\n<%={{ }}=%>\n{{fullName}}\n"]),
        ("line breaks of Windows", ["main": "<ul>\r\n{{#topics}}\r\n<li>{{title}}</li>\r\n{{/topics}}\r\n</ul>\r\n"]),
        ("text at the very end", ["main": "a\n{{#fork}}\nb\n{{/fork}}\n  "]),
        ("unicode", ["main": "{{description}} — 日本語 {{#topics}}✓{{title}}{{/topics}}\n"]),
    ]

    @Test(arguments: cases.map(\.0))
    func rendersAsSwiftMustache(_ name: String) throws {
        let templates = try #require(Self.cases.first { $0.0 == name }).1
        let (ours, reference) = try Self.render(templates, Self.card)
        #expect(ours == reference)
    }

    @Test(arguments: ["default", "minimal"])
    func everyPageOfABuiltInThemeRendersAsSwiftMustache(_ name: String) throws {
        let theme = try Theme.builtIn(name)
        let site = SiteFixture.site
        let plan = try SiteGenerator(theme: theme, baseURL: "https://example.org/").plan(site)
        let context = plan.context
        let pages: [(String, TemplateValue)] =
            [
                ("digest", context.digest(site.digest)), ("not-found", context.notFound()),
                ("topics", context.termIndex(.topics)), ("languages", context.termIndex(.languages)),
            ]
            + site.listPages.map { ("list", context.list($0)) }
            + site.repositories.map { ("repository", context.repository($0)) }
        let templates = theme.templates.mapValues(\.text)
        for (template, value) in pages {
            let (ours, reference) = try Self.render(templates, value, template: template)
            #expect(ours != nil)
            #expect(ours == reference, "\(name): a \(template) page")
        }
    }

    @Test func templatesThatIncludeEachOtherWithoutEndAreAnErrorNotACrash() throws {
        var library = TemplateLibrary()
        library.templates["card"] = try Template(parsing: "<li>{{#fullName}}{{>badge}}{{/fullName}}</li>")
        library.templates["badge"] = try Template(parsing: "<b>{{>card}}</b>")
        #expect {
            try library.render(Self.card, template: "card")
        } throws: { error in
            guard case .endlessPartials(let chain)? = error as? TemplateLibrary.Failure else { return false }
            return chain.prefix(4) == ["card", "badge", "card", "badge"]
                && chain.count == TemplateLibrary.maxNesting + 1
        }
        // A partial entered twice, not within itself, is fine.
        library.templates["list"] = try Template(parsing: "{{#topics}}{{>item}}{{/topics}}")
        library.templates["item"] = try Template(parsing: "{{title}} ")
        #expect(try library.render(Self.card, template: "list") == "ssg swift web ")
    }

    /// Forty levels of two partials each would render for hours and fill the memory (a red
    /// team's theme ran ten minutes to 5 GB); sections that repeat the one inside multiply
    /// as partials do, with no output at all. Both stop within the budget, in a second or two.
    @Test func templatesThatMultiplyStopAtTheBudgetNotTheMemory() throws {
        var library = TemplateLibrary()
        // A tenth of the steps, as a test is built for debugging: a real build stops as soon.
        library.limits.steps = TemplateLibrary.maxSteps / 10
        for level in 0..<40 {
            library.templates["p\(level)"] = try Template(parsing: "{{>p\(level + 1)}}{{>p\(level + 1)}}")
        }
        library.templates["p40"] = try Template(parsing: "x\n")
        library.templates["page"] = try Template(parsing: "<main>{{>p0}}</main>")
        #expect {
            try library.render(Self.card, template: "page")
        } throws: { error in
            guard case .tooLarge? = error as? TemplateLibrary.Failure else { return false }
            return true
        }
        let repeated =
            String(repeating: "{{#topics}}", count: 16) + String(repeating: "{{/topics}}", count: 16)
        library.templates["sections"] = try Template(parsing: repeated)
        #expect {
            try library.render(Self.card, template: "sections")
        } throws: { error in
            guard case .tooLarge? = error as? TemplateLibrary.Failure else { return false }
            return true
        }
        // A page of a real size is far within it.
        library.templates["list"] = try Template(parsing: "{{#topics}}{{>item}}{{/topics}}")
        library.templates["item"] = try Template(parsing: "{{title}} ")
        #expect(try library.render(Self.card, template: "list") == "ssg swift web ")
    }

    /// A look-up reads down the values in scope: thirty sections deep, a page of as many tags
    /// takes some thirty times as long, and the budget counts it so.
    @Test("a look-up costs a step for each value in scope, so the budget bounds a page's time at any depth")
    func lookUpsCostTheirDepth() throws {
        var library = TemplateLibrary()
        library.limits.steps = 1_000
        let tags = String(repeating: "{{nothing}}", count: 300)
        library.templates["shallow"] = try Template(parsing: tags)
        #expect(try library.render(Self.card, template: "shallow") == "")
        library.templates["deep"] = try Template(
            parsing: String(repeating: "{{#owner}}", count: 30) + tags + String(repeating: "{{/owner}}", count: 30))
        #expect {
            try library.render(["owner": ["login": "x"]], template: "deep")
        } throws: { error in
            guard case .tooLarge? = error as? TemplateLibrary.Failure else { return false }
            return true
        }
    }

    @Test("only a value named …HTML is placed unescaped: text such as the title would place markup")
    func onlyHTMLValuesArePlacedUnescaped() throws {
        for tag in [
            "{{{siteTitle}}}", "{{& siteTitle }}", "{{{repo.description}}}", "{{{reversed(readmeHTML)}}}",
            "{{& uppercased(release.notesHTML)}}",
        ] {
            #expect {
                try Template(parsing: "<h1>\(tag)</h1>")
            } throws: { error in
                (error as? Template.SyntaxError).map {
                    $0.column == 5 && $0.reason.hasPrefix("only a value whose name ends in HTML")
                }
                    ?? false
            }
        }
        _ = try Template(parsing: "{{{readmeHTML}}}{{&release.notesHTML}}")
    }

    /// HTML escaping does nothing in CSS: a description placed there could add rules.
    @Test("no value or partial inside <style>: its text is CSS, which HTML escaping leaves open")
    func noValueInsideAStyle() throws {
        for text in [
            "<style>.x { content: \"{{pageDescription}}\" }</style>", "<STYLE media=\"all\">\n{{>css}}\n</Style>",
            "<style>.c { --d: {{{readmeHTML}}} }</style>",
        ] {
            #expect {
                try Template(parsing: text)
            } throws: { error in
                (error as? Template.SyntaxError)?.reason.hasPrefix("a value or a partial inside <style>") ?? false
            }
        }
        _ = try Template(parsing: "<style>.x { color: red }</style><p style=\"x\">{{title}}</p><styled>{{t}}</styled>")
        _ = try Template(parsing: "<style>{{! a comment }}{{#section}}.x {}{{/section}}</style>")
    }

    @Test func sectionsNestedPastTheLimitAreAnErrorAtTheirTagNotACrash() throws {
        let deep = String(repeating: "{{#a}}", count: 1_000) + "x" + String(repeating: "{{/a}}", count: 1_000)
        #expect {
            try Template(parsing: deep)
        } throws: { error in
            guard let error = error as? Template.SyntaxError else { return false }
            // The tag that opened one section too many: the 33rd.
            let column = 1 + 6 * Template.maxSectionNesting
            return error.line == 1 && error.column == column
                && error.reason.hasPrefix("sections nest more than 32 deep")
        }
        // As deep as may be, in every partial of as long a chain as may be: rendered.
        func nested(_ inner: String) -> String {
            String(repeating: "{{#a}}", count: Template.maxSectionNesting) + inner
                + String(repeating: "{{/a}}", count: Template.maxSectionNesting)
        }
        var library = TemplateLibrary()
        for level in 0..<(TemplateLibrary.maxNesting - 1) {
            library.templates["t\(level)"] = try Template(parsing: nested("{{>t\(level + 1)}}"))
        }
        library.templates["t\(TemplateLibrary.maxNesting - 1)"] = try Template(parsing: nested("end"))
        #expect(try library.render(["a": true], template: "t0") == "end")
    }

    @Test func aListOrObjectPlacedAsAValueShowsNothingWhereSwiftMustachePrintedSwift() throws {
        let (ours, _) = try Self.render(["main": "[{{topics}}][{{owner}}]"], Self.card)
        #expect(ours == "[][]")
    }

    @Test func aLessThanSignBeforeACombiningMarkIsEscapedToo() throws {
        // swift-mustache reads "<" and U+0338 as one Character, "≮", and leaves it.
        let (ours, _) = try Self.render(["main": "{{x}}"], ["x": "<\u{338}"])
        #expect(ours == "&lt;\u{338}")
    }

    @Test(arguments: [
        ("{{#a}}\nx\n{{/b}}", 3, "{{/b}} does not close the section a, opened on line 1: its closing tag is {{/a}}"),
        ("x\n{{/b}}", 2, "{{/b}} closes nothing: no section is open here"),
        (
            "{{<layout}}\n{{home}}\n{{$main}}<h1>x</h1>{{/main}}\n{{/layout}}", 2,
            "only {{$block}} overrides may sit directly inside {{<parent}}…{{/parent}}"
        ),
        ("line\n{{#a}}x", 2, "the section a, opened here, is never closed: no {{/a}} follows"),
        (
            "{{#description}}\nx\n{{#b}}y{{/b}}\nz", 1,
            "the section description, opened here, is never closed: no {{/description}} follows"
        ),
        ("{{a b}}", 1, "unfinished tag name"),
        ("{{! never closed", 1, "a comment is never closed"),
        ("{{=<% =}}", 1, "badly formed set-delimiter tag"),
        ("{{<p}}{{$a(b)}}{{/a(b)}}{{/p}}", 1, "a transform cannot apply to an inherited section"),
        ("{{<p}}{{x}}{{/p}}", 1, "only {{$block}} overrides may sit directly inside {{<parent}}…{{/parent}}"),
        (
            "{{% CONTENT_TYPE: TEXT }}", 1,
            "the only pragma is {{% CONTENT_TYPE: HTML }}: every {{value}} is escaped as HTML"
        ),
        ("{{count(a}}", 1, "unfinished tag name"),
        // Lines as an editor shows them, whatever ends them: CR LF, and a CR alone.
        ("x\r\n{{/b}}", 2, "{{/b}} closes nothing: no section is open here"),
        ("x\ry\r{{/b}}", 3, "{{/b}} closes nothing: no section is open here"),
        ("{{#a}}\rx\r\n{{/b}}", 3, "{{/b}} does not close the section a, opened on line 1: its closing tag is {{/a}}"),
    ])
    func aTemplateThatDoesNotParseSaysWhereAndWhy(_ text: String, _ line: Int, _ reason: String) {
        #expect {
            try Template(parsing: text)
        } throws: { error in
            guard let error = error as? Template.SyntaxError else { return false }
            return error.line == line && error.column > 0 && error.reason == reason
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .flag(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }
}
