import Foundation
import Testing

@testable import SiteRenderer

/// GitHub's math in READMEs (`$…$`, `$$…$$`, ```` ```math ````), laid out as MathML Core
/// without script, and the page check that lets only that kind of MathML through.
@Suite("math: TeX laid out as MathML, and only layout MathML published")
struct MathTests {
    func math(_ tex: String, display: Bool = false) -> String {
        TeXMath.mathML(tex, display: display)
    }

    func render(_ markdown: String) -> String { PopularReadmeTests.render(markdown) }

    /// The page check's rules for a page holding `body`.
    func rules(_ body: String) -> [String] {
        SiteValidator().validate([OutputFile(path: "index.html", contents: Data(SiteValidatorTests.page(body).utf8))])
            .map(\.rule)
    }

    // MARK: TeX → MathML

    @Test("scripts, fractions and roots take one child per place")
    func layout() {
        #expect(math("x^2") == "<math><msup><mi>x</mi><mn>2</mn></msup></math>")
        #expect(math("x^10") == "<math><mrow><msup><mi>x</mi><mn>1</mn></msup><mn>0</mn></mrow></math>")
        #expect(
            math(#"\frac{a+b}{2}"#)
                == "<math><mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mn>2</mn></mfrac></math>")
        #expect(math(#"\sqrt[3]{x}"#) == "<math><mroot><mi>x</mi><mn>3</mn></mroot></math>")
        #expect(math("f'(x)").hasPrefix("<math><mrow><msup><mi>f</mi><mo>′</mo></msup>"))
        #expect(math("a-b").contains("<mo>−</mo>"), "a minus sign, not a hyphen")
    }

    @Test("large operators take limits under and over; integrals beside")
    func limits() {
        #expect(math(#"\sum_{i=1}^{n} x_i"#, display: true).contains("<munderover><mo movablelimits=\"true\">∑</mo>"))
        #expect(math(#"\lim_{x \to 0} f"#).contains("<munder><mo movablelimits=\"true\">lim</mo>"))
        #expect(math(#"\int_0^1 f"#).contains("<msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup>"))
        #expect(math(#"\sum\nolimits_i"#).contains("<msub><mo"))
        #expect(math(#"\operatorname*{argmax}_x"#).contains("<munder><mo movablelimits=\"true\">argmax</mo>"))
    }

    @Test("a function's name is upright with a thin space, none before a parenthesis")
    func functions() {
        #expect(
            math(#"\sin x"#) == "<math><mrow><mi>sin</mi><mspace width=\"0.1667em\"></mspace><mi>x</mi></mrow></math>")
        #expect(!math(#"\sin(x)"#).contains("mspace"))
    }

    @Test("fonts are Unicode's mathematical letters; \\mathrm makes one upright name")
    func fonts() {
        #expect(math(#"\mathbb{R}^n"#).contains("<mi>ℝ</mi>"))
        #expect(math(#"\mathbf{x}"#) == "<math><mi>𝐱</mi></math>")
        #expect(math(#"\mathcal{L}"#) == "<math><mi>ℒ</mi></math>")
        #expect(math(#"\mathrm{RTT}"#) == "<math><mi>RTT</mi></math>")
        #expect(math(#"\mathrm{d}x"#).contains("<mi mathvariant=\"normal\">d</mi>"))
        #expect(math(#"\Gamma"#) == "<math><mi mathvariant=\"normal\">Γ</mi></math>")
    }

    @Test("\\text keeps its spaces and escapes its characters")
    func text() {
        #expect(math(#"\text{if } x"#).contains("<mtext>if\u{00A0}</mtext>"))
        let hostile = math(#"a < b \text{<script>alert(1)</script> & \}}"#)
        #expect(!hostile.contains("<script"))
        #expect(hostile.contains("<mo>&lt;</mo>") && hostile.contains("&lt;script&gt;") && hostile.contains("&amp;"))
    }

    @Test("delimiters: \\left and \\right stretch, written ones do not, bars and slashes take no space")
    func delimiters() {
        #expect(math(#"\left( \frac{1}{2} \right)"#).contains("<mo stretchy=\"true\">(</mo><mfrac>"))
        #expect(math("(x)").contains("<mo stretchy=\"false\">(</mo>"))
        #expect(math("|x|").contains("<mo stretchy=\"false\" lspace=\"0\" rspace=\"0\">|</mo>"))
        #expect(math("dx/dt").contains("<mo stretchy=\"false\" lspace=\"0\" rspace=\"0\">/</mo>"), "a slash too")
        #expect(math(#"\left\{ x \right."#).contains("<mo stretchy=\"true\">{</mo><mi>x</mi></mrow>"))
        #expect(math(#"\big( x"#).contains("minsize=\"1.2em\""))
        #expect(math(#"x \not= y"#).contains("<mo>≠</mo>"))
    }

    @Test("matrices, cases and aligned rows are tables")
    func environments() {
        #expect(
            math(#"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"#)
                == "<math><mrow><mo stretchy=\"true\">(</mo><mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr>"
                + "<mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable><mo stretchy=\"true\">)</mo></mrow></math>"
        )
        #expect(
            math(#"\begin{cases} 1 & x > 0 \\ 0 & \text{else} \end{cases}"#).contains(
                "<mtable columnalign=\"left left\">"))
        #expect(math(#"a &= b \\ c &= d"#, display: true).contains("<mtable columnalign=\"right left\">"))
        #expect(math(#"\begin{array}{lr} 1 & 2 \end{array}"#).contains("<mtable columnalign=\"left right\">"))
    }

    @Test("names written with commands, infix fractions, stacked limits, bold Greek (found by a review)")
    func reviewed() {
        #expect(math(#"\operatorname*{arg\,max}_x"#).contains("<munder><mo movablelimits=\"true\">arg\u{2009}max</mo>"))
        #expect(math(#"\mathop{\mathrm{argmin}}"#) == "<math><mi>argmin</mi></math>")
        #expect(math(#"{a \over b}"#) == "<math><mfrac><mi>a</mi><mi>b</mi></mfrac></math>")
        #expect(
            math(#"{n \choose k}"#)
                == "<math><mrow><mo>(</mo><mfrac linethickness=\"0\"><mi>n</mi><mi>k</mi></mfrac><mo>)</mo></mrow></math>"
        )
        let stacked = math(#"\sum_{\substack{i<n \\ j<m}} a"#)
        #expect(stacked.contains("<mtable><mtr><mtd><mrow><mi>i</mi>"), "\(stacked)")
        #expect(stacked.contains("</mtd></mtr><mtr><mtd><mrow><mi>j</mi>"), "\(stacked)")
        #expect(math(#"a \mathbin{\star} b"#).contains("<mi mathvariant=\"normal\">⋆</mi>"))
        #expect(math(#"\boldsymbol{\theta}"#) == "<math><mi>\u{1D73D}</mi></math>")
        #expect(math(#"\mathbf{\Sigma}"#) == "<math><mi>\u{1D6BA}</mi></math>")
    }

    @Test("colours: \\color to the group's end, \\textcolor its argument, only names and hexadecimal")
    func colours() {
        #expect(
            math(#"\color{red}{x} y"#)
                == "<math><mstyle mathcolor=\"red\"><mrow><mi>x</mi><mi>y</mi></mrow></mstyle></math>")
        #expect(
            math(#"{\color{red} x} y"#)
                == "<math><mrow><mstyle mathcolor=\"red\"><mi>x</mi></mstyle><mi>y</mi></mrow></math>")
        #expect(math(#"\textcolor{#d73a49}{x}"#) == ##"<math><mstyle mathcolor="#d73a49"><mi>x</mi></mstyle></math>"##)
        #expect(math(#"\colorbox{yellow}{x}"#) == "<math><mstyle mathbackground=\"yellow\"><mi>x</mi></mstyle></math>")
        for tex in [
            #"\color{red;background:url(x)} x"#, #"\color[RGB]{255,0,0} x"#, #"\textcolor{#12345}{x}"#, #"\color{} x"#,
        ] {
            #expect(!math(tex).contains("mathcolor") && math(tex).contains("<mi>x</mi>"), "\(tex)")
        }
    }

    @Test("a page's MathML colours are names or hexadecimal")
    func colourAttributes() {
        #expect(rules(##"<math><mstyle mathcolor="red" mathbackground="#fff"><mi>x</mi></mstyle></math>"##).isEmpty)
        #expect(
            rules(#"<math><mstyle mathcolor="url(https://evil.example/)"><mi>x</mi></mstyle></math>"#) == [
                "foreign-content"
            ])
        #expect(rules(#"<math><mi mathbackground="red;x:y">x</mi></math>"#) == ["foreign-content"])
    }

    @Test("stacked symbols, labelled arrows, plain TeX's font switches")
    func stacked() {
        #expect(math(#"\overset{!}{=}"#) == "<math><mover><mo>=</mo><mo>!</mo></mover></math>")
        #expect(math(#"\underset{x}{y}"#) == "<math><munder><mi>y</mi><mi>x</mi></munder></math>")
        #expect(math(#"\xrightarrow{f}"#) == "<math><mover><mo stretchy=\"true\">→</mo><mi>f</mi></mover></math>")
        #expect(math(#"{\rm d}x"#) == "<math><mrow><mi mathvariant=\"normal\">d</mi><mi>x</mi></mrow></math>")
        #expect(math(#"\boxed{x}"#) == "<math><mrow class=\"tex-boxed\"><mi>x</mi></mrow></math>")
        #expect(math(#"\fbox{x}"#) == math(#"\boxed{x}"#))
        #expect(math(#"x \tag{2}"#).hasSuffix("<mspace width=\"2em\"></mspace><mtext>(2)</mtext></mrow></mrow></math>"))
    }

    @Test("amssymb's negated relations, arrows and letters, as GitHub's MathJax sets them")
    func amsSymbols() {
        #expect(
            math(#"a \nleq b \ngeq c"#)
                == "<math><mrow><mi>a</mi><mo>≰</mo><mi>b</mi><mo>≱</mo><mi>c</mi></mrow></math>")
        #expect(math(#"A^\complement \ni 5\euro"#).contains("<mi mathvariant=\"normal\">∁</mi>"))
        #expect(math(#"5\euro"#).contains("€"))
        // No overlap in MathML Core: the content, not an error.
        for written in [#"\rlap{x}"#, #"\mathclap{x}"#, #"\smash[b]{x}"#, #"\smash{x}"#] {
            #expect(math(written) == "<math><mi>x</mi></math>", "\(written): \(math(written))")
        }
        // A README's boxed and struck formulas pass the page check, their class and all.
        let page = render(#"Cancel $\cancel{x}$, and $$\boxed{E = mc^2}$$"#)
        #expect(page.contains("<mrow class=\"tex-cancel\">") && page.contains("<mrow class=\"tex-boxed\">"), "\(page)")
        #expect(rules(page) == [], "\(rules(page))")
        // A stroke through: no `menclose` in MathML Core either, so a row the themes draw it on.
        for stroke in ["cancel", "bcancel", "xcancel"] {
            #expect(
                math("\\\(stroke){x+1}")
                    == "<math><mrow class=\"tex-\(stroke)\"><mi>x</mi><mo>+</mo><mn>1</mn></mrow></math>")
        }
        for command in [#"\twoheadrightarrow"#, #"\ltimes"#, #"\lessgtr"#, #"\beth"#, #"\bigstar"#] {
            #expect(!math(command).contains("<merror>"), "\(command)")
        }
    }

    @Test("a README's own commands: \\newcommand and \\def, in the formula and the README's later ones")
    func definedCommands() {
        var macros = TeXMath.Macros()
        let first = TeXMath.mathML(
            #"\newcommand{\R}{\mathbb{R}} x \in \R^n \Rightarrow y"#, display: false, macros: &macros)
        #expect(first.contains("ℝ") && first.contains("⇒") && !first.contains("merror"), "\(first)")
        let later = TeXMath.mathML(#"\R \def\norm#1{\lVert #1 \rVert} \norm{v}"#, display: false, macros: &macros)
        #expect(later.contains("ℝ") && later.contains("<mi>v</mi>") && !later.contains("merror"), "\(later)")
        let pair = TeXMath.mathML(#"\newcommand\pair[2]{(#1, #2)} \pair{a}{b+1}"#, display: false, macros: &macros)
        #expect(pair.contains("<mi>a</mi>") && pair.contains("<mn>1</mn>") && !pair.contains("merror"), "\(pair)")
        #expect(TeXMath.mathML(#"\providecommand{\R}{Q} \R"#, display: false, macros: &macros).contains("ℝ"))
        // Through the renderer: a definition in one block, its use in a later line.
        let html = render("$$\\newcommand{\\N}{\\mathbb{N}}$$\n\nand $n \\in \\N$ here")
        #expect(html.contains("ℕ") && !html.contains("merror"), "\(html)")
        // Definitions that double at every step stop at the budget, as unknown commands.
        var bomb = "\\def\\a{xx}"
        for (name, inner) in zip("bcdefghijklmnopqrst", "abcdefghijklmnopqrs") {
            bomb += "\\def\\\(name){\\\(inner)\\\(inner)}"
        }
        var fresh = TeXMath.Macros()
        let exploded = TeXMath.mathML(bomb + "\\t\\t\\t\\t", display: false, macros: &fresh)
        #expect(exploded.utf8.count < 20 * TeXMath.Macros.maxOutput, "\(exploded.utf8.count)")
        #expect(exploded.contains("merror"))
    }

    @Test("what it does not know shows as its TeX in an <merror>, and the rest still lays out")
    func unknown() {
        #expect(math(#"\foo{x} + 1"#).hasPrefix("<math><mrow><merror><mtext>\\foo</mtext></merror><mi>x</mi>"))
        #expect(math(#"\begin{tikzcd} a \end{tikzcd}"#).contains("<merror>"))
        #expect(math("{x").contains("<mi>x</mi>"))
        #expect(math("x}").contains("<merror><mtext>}</mtext></merror>"))
    }

    @Test("a stranger's nesting stops at a depth, as an error, without running out of stack")
    func hostileNesting() {
        let inputs = [
            String(repeating: "{", count: 100_000), String(repeating: #"\frac"#, count: 50_000),
            "x" + String(repeating: "^", count: 100_000), String(repeating: #"\left("#, count: 50_000),
            String(repeating: #"\begin{matrix}"#, count: 20_000), String(repeating: #"\displaystyle"#, count: 50_000),
            String(repeating: #"\sqrt["#, count: 50_000), String(repeating: #"\mathbf{"#, count: 50_000),
        ]
        for tex in inputs {
            let output = math(tex)
            #expect(output.contains("<merror>"), "\(tex.prefix(20))")
            #expect(rules(output).isEmpty, "\(tex.prefix(20))")
        }
    }

    @Test(
        "a backslash that ends a group's text ends the formula, not the program (found by a red-team pass)",
        arguments: [
            #"\text{\"#, #"\text{a\"#, #"\operatorname{\"#, #"\begin{\"#, #"\color{\"#, #"\label{\"#, #"{\text{\"#,
        ])
    func trailingBackslash(tex: String) {
        #expect(rules(math(tex)).isEmpty)
        #expect(render("$`\(tex)`$").contains("<math>"))
    }

    // MARK: Markdown

    @Test("$…$ in a line is math; its * and \\\\ are TeX's, not Markdown's")
    func inlineMath() {
        let html = render(#"Cost $O(n \log n)$ and $a*b*c$, rows $a \\ b$."#)
        #expect(html.contains("<math><mrow><mi>O</mi>"), "\(html)")
        #expect(html.contains("<mo>∗</mo>") && !html.contains("<em>"), "\(html)")
        #expect(html.contains(#"<mi>log</mi>"#))
    }

    @Test(
        "dollars that are not math stay text: prices, escapes, code",
        arguments: [
            "from $5 to $10", #"a \$x$ b"#, "`$x$` code", "```\n$x$\n```", "para\n\n    $x$ indented code", "$ x$",
            "$x $",
        ])
    func notMath(markdown: String) {
        #expect(!render(markdown).contains("<math"), "\(markdown)")
    }

    @Test(
        "a README's text outside formulas reaches cmark as written (found by a review)",
        arguments: [
            "Set $JAVA_HOME, e.g. `export JAVA_HOME=$(dirname x)`.",
            "Install to $PREFIX (default `/usr/local`); read from `$CONFIG`.",
            "<pre>\nexport PATH=$HOME/bin:$PATH\n</pre>", "<td>$HOME</td><td>$PATH</td>",
            "[API](https://x.org/People?$filter=A&$top=10)", "[api]: https://x.org/?$select=a&$top=2\n\n[api]",
            "1. Build:\n    ```sh\n    export PATH=$HOME/bin:$PATH\n    ```",
            "$$ is the PID in bash:\n```sh\necho $$\n```",
            "> $$ saved per call:\n> - a\n> - b", "Pricing: $$ to $$$", "cost $$ vs $$",
            "| a | b |\n|---|---|\n|$a|$b|",
            "a <b title=\"$x$\">bold</b>", "$$\nno close\n\n$$ later",
            "<pre>\nshell\n\n$ echo $HOME and $x$\n</pre>", "<!--\n\nnot $shown$\n-->",
            "x<a" + String(repeating: " x<a", count: 10_000) + " $x$",
        ])
    func textOutsideFormulas(markdown: String) {
        #expect(MathSpans.rewrite(markdown) == markdown, "\(markdown)")
        #expect(!render(markdown).contains("<math"), "\(markdown)")
    }

    @Test("a formula may run on to the next line of its paragraph, not into another block")
    func formulaAcrossLines() {
        let html = render("The loss $\\mathcal{L} = -\\sum_i y_i\n\\log \\hat{y}_i$ falls.")
        #expect(html.contains("<p>The loss <math><mrow><mi>ℒ</mi>"), "\(html)")
        #expect(html.contains("</math> falls.</p>"), "\(html)")
        #expect(render("where $a +\r\nb$ is").contains("<math><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow></math>"))
        for markdown in ["- $a\n- b$", "> $a\n> b$", "costs $5\nand $x", "$a\n\nb$", "$a\n# b$", "$a\n```\nb$\n```"] {
            #expect(MathSpans.rewrite(markdown) == markdown, "\(markdown)")
        }
    }

    @Test("Windows line ends: each line is read as a line")
    func crlf() {
        #expect(!render("~~~\r\necho $a$b\r\n~~~").contains("<math"))
        // A paragraph's lines are read together with either line end (as GitHub reads this one: math).
        #expect(render("$HOME/bin and\r\nmore text$") == render("$HOME/bin and\nmore text$"))
        #expect(render("$$\r\nx^2\r\n$$").hasPrefix("<math display=\"block\">"))
        #expect(render("a $x$ b\r\n").contains("<math><mi>x</mi></math>"))
    }

    @Test("$$…$$ on lines of its own, in one line, in a quote, and ```math are display math")
    func displayMath() {
        #expect(render("$$\n\\frac{a}{b}\n$$").hasPrefix("<math display=\"block\">"))
        #expect(render("$$x^2$$").hasPrefix("<math display=\"block\">"))
        #expect(render("> $$\n> x\n> $$").contains("<blockquote>\n<math display=\"block\">"))
        #expect(
            render("```math\nE = mc^2\n```").contains(
                "<math display=\"block\"><mstyle displaystyle=\"true\"><mrow><mi>E</mi>"))
        #expect(render("see $$x$$ here").contains("<p>see <math><mi>x</mi></math> here</p>"))
        #expect(render("a $`x*y`$ b").contains("<math><mrow><mi>x</mi><mo>∗</mo><mi>y</mi></mrow></math>"))
    }

    @Test("a $$ never closed, or ended by a blank line, is text as written")
    func unclosedDisplay() {
        #expect(render("$$ costs\nmore\n\nafter").contains("$$ costs\nmore"))
        #expect(render("$$\nx").contains("$$"))
    }

    @Test("a README's own <math> is still dropped; GitHub's <math-renderer> is laid out")
    func rawMathML() {
        #expect(!render("<math><mi>x</mi></math> text").contains("<math"))
        let github = PopularReadmeTests.render(
            #"<p>Area <math-renderer class="js-inline-math" style="display: inline">$\pi r^2$</math-renderer></p>"#
                + #"<math-renderer class="js-display-math" style="display: block">$$x$$</math-renderer>"#,
            markup: .html)
        #expect(github.contains("<p>Area <math><mrow><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></mrow></math></p>"))
        #expect(github.contains("<math display=\"block\">"))
    }

    @Test("a README full of math makes a page the check passes")
    func pagesValidate() {
        let readme = """
            # Notes

            Inline $\\alpha_i^2 + \\sqrt{\\beta}$, $\\mathbb{E}[X] = \\sum_x x\\,p(x)$ and $\\hat{\\theta}$.

            $$
            \\begin{aligned} f(x) &= \\int_{-\\infty}^{\\infty} \\hat f(\\xi)\\,e^{2 \\pi i \\xi x} \\,d\\xi \\\\ &\\ne \\left\\| v \\right\\| \\end{aligned}
            $$

            ```math
            \\begin{bmatrix} 1 & 0 \\\\ 0 & 1 \\end{bmatrix} \\quad \\binom{n}{k} \\quad \\overbrace{a+b}^{n} \\quad \\undefined
            ```
            """
        let html = render(readme)
        #expect(html.components(separatedBy: "<math").count == 6, "five formulas: \(html)")
        #expect(rules(html).isEmpty, "\(rules(html))")
    }

    // MARK: The page check

    @Test("layout MathML passes the page check")
    func layoutMathMLPasses() {
        #expect(
            rules(
                #"<p><math display="block"><mrow><mi mathvariant="normal">x</mi><mo stretchy="false">(</mo></mrow></math></p>"#
            ).isEmpty)
    }

    @Test(
        "inside <math>: only layout elements, only layout attributes, and token elements hold text alone",
        arguments: [
            "<math><mi><b>x</b></mi></math>", "<math><mrow><b>x</b></mrow></math>",
            "<math><mi href=\"https://x.org/\">x</mi></math>",
            "<math><annotation-xml><p>x</p></annotation-xml></math>", "<math><semantics><mi>x</mi></semantics></math>",
            "<math><mtext><img src=\"x\" alt=\"\" /></mtext></math>", "<math><mi style=\"color:red\">x</mi></math>",
            "<math><maction actiontype=\"toggle\"><mi>x</mi></maction></math>", "<math><math></math></math>",
            "<math><mi><mglyph></mglyph></mi></math>", "<math><mo><malignmark></malignmark></mo></math>",
            "<math xmlns:x=\"urn:x\" x:display=\"block\"><mi>x</mi></math>",
            "<math><mtext><style>p{}</style></mtext></math>",
        ])
    func onlyLayoutMathML(body: String) {
        #expect(rules(body).contains("foreign-content"), "\(body)")
    }

    @Test func eventHandlersOnMathAreRefused() {
        #expect(rules(#"<math onclick="x()"><mi>x</mi></math>"#) == ["event-handler"])
        #expect(rules(#"<math><mi ONFOCUS="x()">x</mi></math>"#) == ["event-handler"])
    }

    @Test("\\over nests as deeply as a group does, and stops where a group stops (found by a review)")
    func hostileInfix() {
        for name in ["over", "choose", "atop"] {
            let output = math(String(repeating: "a \\\(name) ", count: 5_000))
            #expect(output.contains("<merror>"), "\(name)")
            #expect(rules(output).isEmpty, "\(name)")
        }
    }
}
