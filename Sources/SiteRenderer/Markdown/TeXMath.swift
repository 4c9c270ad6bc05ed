/// TeX math as READMEs write it for GitHub (`$…$`, `$$…$$`, a ```` ```math ```` block) →
/// MathML Core, which browsers lay out without script. GitHub lays the formula out with
/// MathJax in the reader's browser; a published page runs no script, so it is laid out here.
///
/// It reads the TeX that READMEs use: letters, numbers and operators, `^` and `_`, groups,
/// the Greek letters and the symbols of `TeXMath+Symbols.swift`, fractions and binomials,
/// roots, accents, the font commands (`\mathbf`, `\mathbb`, … as Unicode's mathematical
/// letters, as MathML Core has no other bold or double-struck), `\text`, `\left … \right`
/// and the `\big` sizes, spaces, `\not`, colours (`\color`, `\textcolor`, `\colorbox`, named
/// or hexadecimal), the matrix, `cases` and `aligned` environments, and the commands a README
/// defines (`\newcommand`, `\def`: `Macros`, kept from one formula to the README's next).
/// What it does not know (a command, a `}` with no `{`) is shown as its TeX in an
/// `<merror>`, as MathJax shows it in red, and a group left open is closed at the end: a
/// formula never stops the page. The output holds only the elements and attributes the page
/// check allows inside `<math>` (`HTMLChecker.mathElements`, `.mathAttributes`), with no
/// element inside a token element (`<mi>`, `<mo>`, …), where a browser's parser would read
/// HTML again, and nests at most about 50 levels (`maxDepth` groups).
enum TeXMath {
    /// The MathML for `tex`, a block (`display="block"`) or in a line of text.
    static func mathML(_ tex: String, display: Bool) -> String {
        var none = Macros()
        return mathML(tex, display: display, macros: &none)
    }

    /// The same, with the commands the README defined so far (`Macros`), and any this
    /// formula defines kept for the next.
    static func mathML(_ tex: String, display: Bool, macros: inout Macros) -> String {
        var parser = Parser(macros.expand(tex))
        let node = parser.formula()
        var output = display ? "<math display=\"block\">" : "<math>"
        if display {
            output += "<mstyle displaystyle=\"true\">"
            node.write(into: &output)
            output += "</mstyle>"
        } else {
            node.write(into: &output)
        }
        return output + "</math>"
    }

    /// How deep groups may nest: a stranger's `{{{{…` stops here as an error, not the stack.
    static let maxDepth = 24

    /// A formula's parts, written as MathML.
    indirect enum Node: Sendable {
        case row([Node])
        /// `<mi>`; `upright` for a single letter that TeX sets upright (`\mathrm`, `\Gamma`).
        case identifier(String, upright: Bool = false)
        case number(String)
        /// A function's name (`\sin`, `\operatorname{rank}`): upright, a thin space after it.
        case function(String)
        /// `<mo>` with its attributes, written as they are (the parser's own, never the TeX's).
        case op(String, attributes: String = "")
        case text(String)
        case space(String)
        case fraction(Node, Node, line: Bool)
        case root(Node, index: Node?)
        /// Sub- and superscripts, beside the base or (`limits`) under and over it.
        case scripts(Node, sub: Node?, sup: Node?, limits: Bool)
        /// A mark over (or under) its base: an accent, a line, a brace.
        case accent(Node, mark: String, over: Bool, stretchy: Bool)
        case table([[Node]], columnAlign: String?)
        case style(Node, display: Bool)
        /// `\color`, `\textcolor`: the text's colour; `\colorbox`: the background's. Only
        /// a name or a hexadecimal colour (`HTMLChecker.isMathColor`).
        case color(Node, String, background: Bool)
        /// `\boxed`, `\cancel`, `\bcancel`, `\xcancel`: MathML Core has no `menclose`, so a
        /// row of the class `tex-NAME`, which the themes draw a box or a stroke through.
        case enclosed(Node, notation: Notation)
        case error(String)

        /// What `enclosed` draws around or through its content.
        enum Notation: String, Sendable {
            case boxed, cancel, bcancel, xcancel
        }

        /// An empty row, what `{}` is.
        static var empty: Node { .row([]) }

        func write(into output: inout String) {
            switch self {
            case .row(let nodes):
                if nodes.count == 1 {
                    nodes[0].write(into: &output)
                } else {
                    output += "<mrow>"
                    for node in nodes { node.write(into: &output) }
                    output += "</mrow>"
                }
            case .identifier(let name, let upright):
                output += upright && name.unicodeScalars.count == 1 ? "<mi mathvariant=\"normal\">" : "<mi>"
                output += name.xmlEscaped + "</mi>"
            case .function(let name):
                Node.identifier(name, upright: true).write(into: &output)
            case .number(let digits):
                output += "<mn>" + digits.xmlEscaped + "</mn>"
            case .op(let symbol, let attributes):
                output += "<mo" + attributes + ">" + symbol.xmlEscaped + "</mo>"
            case .text(let text):
                // No-break spaces: a browser would fold `\text{if }`'s space away at the end of its box.
                output += "<mtext>" + String(text.map { $0 == " " ? "\u{00A0}" : $0 }).xmlEscaped + "</mtext>"
            case .space(let width):
                output += "<mspace width=\"" + width + "\"></mspace>"
            case .fraction(let numerator, let denominator, let line):
                output += line ? "<mfrac>" : "<mfrac linethickness=\"0\">"
                numerator.wrapped(into: &output)
                denominator.wrapped(into: &output)
                output += "</mfrac>"
            case .root(let base, let index):
                if let index {
                    output += "<mroot>"
                    base.wrapped(into: &output)
                    index.wrapped(into: &output)
                    output += "</mroot>"
                } else {
                    output += "<msqrt>"
                    base.write(into: &output)
                    output += "</msqrt>"
                }
            case .scripts(let base, let sub, let sup, let limits):
                let name =
                    switch (sub != nil, sup != nil) {
                    case (true, true): limits ? "munderover" : "msubsup"
                    case (true, false): limits ? "munder" : "msub"
                    default: limits ? "mover" : "msup"
                    }
                output += "<" + name + ">"
                base.wrapped(into: &output)
                sub?.wrapped(into: &output)
                sup?.wrapped(into: &output)
                output += "</" + name + ">"
            case .accent(let base, let mark, let over, let stretchy):
                output += over ? "<mover accent=\"true\">" : "<munder accentunder=\"true\">"
                base.wrapped(into: &output)
                output += "<mo stretchy=\"" + (stretchy ? "true" : "false") + "\">" + mark.xmlEscaped + "</mo>"
                output += over ? "</mover>" : "</munder>"
            case .table(let rows, let columnAlign):
                output += columnAlign.map { "<mtable columnalign=\"\($0)\">" } ?? "<mtable>"
                for cells in rows {
                    output += "<mtr>"
                    for cell in cells {
                        output += "<mtd>"
                        cell.write(into: &output)
                        output += "</mtd>"
                    }
                    output += "</mtr>"
                }
                output += "</mtable>"
            case .style(let node, let display):
                output += "<mstyle displaystyle=\"" + (display ? "true" : "false") + "\">"
                node.write(into: &output)
                output += "</mstyle>"
            case .color(let node, let color, let background):
                output += "<mstyle " + (background ? "mathbackground" : "mathcolor") + "=\"" + color + "\">"
                node.write(into: &output)
                output += "</mstyle>"
            case .enclosed(let node, let notation):
                output += "<mrow class=\"tex-" + notation.rawValue + "\">"
                if case .row(let nodes) = node {
                    for node in nodes { node.write(into: &output) }
                } else {
                    node.write(into: &output)
                }
                output += "</mrow>"
            case .error(let tex):
                output += "<merror><mtext>" + tex.xmlEscaped + "</mtext></merror>"
            }
        }

        /// Written as one child: a script's base or a fraction's part takes exactly one.
        private func wrapped(into output: inout String) {
            if case .row(let nodes) = self, nodes.count != 1 {
                output += "<mrow>"
                for node in nodes { node.write(into: &output) }
                output += "</mrow>"
            } else {
                write(into: &output)
            }
        }
    }
}
