import Foundation

/// The parser's commands: a `\` and its name, then what the command takes (arguments,
/// an optional `[…]`, a delimiter, an environment's rows). The symbols and fonts the names
/// stand for are tables (`TeXMath+Symbols.swift`, `TeXMath+Fonts.swift`).
extension TeXMath.Parser {
    /// `TeXMath.Node` by its short name, as in the parser's own file.
    typealias Node = TeXMath.Node

    /// A command and its arguments; nil for one that shows nothing.
    mutating func commandAtom() -> Node? {
        let start = index
        guard let name = readCommand() else { return .error("\\") }
        if let symbol = TeXMath.symbols[name] { return symbol.node }
        if let width = TeXMath.spaces[name] { return .space(width) }
        if let font = TeXMath.fonts[name] { return font.applied(to: argument()) }
        if let accent = TeXMath.accents[name] {
            return .accent(argument(), mark: accent.mark, over: accent.over, stretchy: accent.stretchy)
        }
        if let size = TeXMath.delimiterSizes[name] {
            let symbol = delimiter() ?? ""
            return symbol.isEmpty ? nil : .op(symbol, attributes: " minsize=\"\(size)\" maxsize=\"\(size)\"")
        }
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac":
            let fraction = Node.fraction(argument(), argument(), line: true)
            return name == "dfrac" || name == "tfrac" ? .style(fraction, display: name == "dfrac") : fraction
        case "binom", "dbinom", "tbinom":
            return .row([.op("("), .fraction(argument(), argument(), line: false), .op(")")])
        case "sqrt":
            let rootIndex = optional()
            return .root(argument(), index: rootIndex)
        case "text", "textrm", "textnormal", "mbox", "hbox", "textup", "textmd":
            return .text(rawGroup())
        case "textbf", "textit", "textsf", "texttt", "emph":
            let font: TeXMath.Font =
                switch name {
                case "textbf": .bold
                case "textsf": .sansSerif
                case "texttt": .monospace
                default: .italic
                }
            return .text(font.letters(rawGroup()))
        case "operatorname", "mathop":
            // `\operatorname*{argmax}` takes its scripts under and over, as `\lim` does.
            let limits = peek == "*"
            if limits { index += 1 }
            let name = argument().text
            return limits ? .op(name, attributes: TeXMath.limits) : .function(name)
        case "mathbin", "mathrel", "mathord", "mathpunct", "mathinner", "mathopen", "mathclose":
            return argument()
        case "substack":
            return substack()
        case "overset", "stackrel":
            let over = argument()
            return .scripts(argument(), sub: nil, sup: over, limits: true)
        case "underset":
            let under = argument()
            return .scripts(argument(), sub: under, sup: nil, limits: true)
        case "xrightarrow", "xleftarrow":
            let under = optional()
            let arrow = Node.op(name == "xrightarrow" ? "→" : "←", attributes: TeXMath.fence)
            return .scripts(arrow, sub: under, sup: argument(), limits: true)
        case "boxed", "fbox":
            return .enclosed(argument(), notation: .boxed)
        case "cancel", "bcancel", "xcancel":
            return .enclosed(argument(), notation: Node.Notation(rawValue: name) ?? .cancel)
        case "rlap", "llap", "clap", "mathrlap", "mathllap", "mathclap":
            // MathML Core has no overlap: the content.
            return argument()
        case "smash":
            // `\smash[b]{x}`: its content, at its height (MathML Core has no `mpadded` height here).
            _ = optional()
            return argument()
        case "hline", "hdashline":
            return nil
        case "pmod":
            return .row([.op("("), .identifier("mod"), .space("0.3333em"), argument(), .op(")")])
        case "!":
            return nil
        case "left":
            return leftRight()
        case "right", "middle":
            // A `\right` with no `\left`: its delimiter, as it would show.
            return delimiter().map { .op($0, attributes: " stretchy=\"true\"") }
        case "begin":
            return environment(start: start)
        case "not":
            skipSpaces()
            guard let next = argumentSymbol() else { return .op("\u{0338}") }
            return .op(next.unicodeScalars.count == 1 ? TeXMath.negated(next) : next)
        case "textcolor", "colorbox":
            // `\textcolor{red}{x}`: the argument alone; `\colorbox` its background.
            let color = colorArgument()
            let content = argument()
            return color.map { .color(content, $0, background: name == "colorbox") } ?? content
        case "color":
            // A `\color` the row did not take as a switch (in a script's argument): nothing to colour.
            _ = colorArgument()
            return nil
        case "tag":
            // `\tag{1}`: the equation's number in parentheses, after a space.
            let star = peek == "*"
            if star { index += 1 }
            let tag = rawGroup()
            return .row([.space("2em"), .text(star ? tag : "(" + tag + ")")])
        case "label", "nonumber", "notag", "hspace", "vspace", "phantom", "hphantom", "vphantom":
            if name != "nonumber" && name != "notag" { _ = rawGroup() }
            return name.hasSuffix("space") || name.hasSuffix("phantom") ? .space("0.5em") : nil
        case "\\":
            // `\\` outside a table: a row ends here in `table()`; here only inside a group.
            return nil
        default:
            return .error(text(from: start))
        }
    }

    /// The command's name (letters, or one other character) after the `\`, consumed.
    mutating func readCommand() -> String? {
        guard peek == "\\" else { return nil }
        index += 1
        guard let first = peek else { return nil }
        index += 1
        guard first.isCommandLetter else { return String(first) }
        var name = String(first)
        while let next = peek, next.isCommandLetter {
            name.unicodeScalars.append(next)
            index += 1
        }
        return name
    }

    /// The name of the command at `position`, without consuming it.
    func command(at position: Int) -> String? {
        guard scalar(at: position) == "\\", let first = scalar(at: position + 1), first.isCommandLetter else {
            return nil
        }
        var name = ""
        var at = position + 1
        while let next = scalar(at: at), next.isCommandLetter {
            name.unicodeScalars.append(next)
            at += 1
        }
        return name
    }

    /// A switch that sets the rest of its group, consumed, as what it does to that rest:
    /// `\color{red}` (as in LaTeX and MathJax; an unreadable colour sets nothing), the old
    /// font switches (`\rm`, `\bf`, …), `\displaystyle` and `\textstyle`. Nil for any other
    /// command.
    mutating func groupSwitch() -> ((Node) -> Node)? {
        guard let name = command(at: index) else { return nil }
        let font = TeXMath.fontSwitches[name]
        guard font != nil || ["color", "displaystyle", "textstyle", "scriptstyle"].contains(name) else {
            return nil
        }
        index += name.count + 1
        if let font { return font.applied }
        if name == "color" {
            let color = colorArgument()
            return { rest in color.map { .color(rest, $0, background: false) } ?? rest }
        }
        return { .style($0, display: name == "displaystyle") }
    }

    /// `{red}` or `{#d73a49}` after `\color`, as MathML's `mathcolor` may take it: a name of
    /// letters or a hexadecimal colour, nothing else (no CSS function, no `;`). Nil for any
    /// other, and for a colour model (`\color[RGB]{…}`), whose content then shows uncoloured.
    mutating func colorArgument() -> String? {
        skipSpaces()
        let model = peek == "[" ? optional() : nil
        let color = rawGroup().trimmingCharacters(in: .whitespaces)
        guard model == nil, !color.isEmpty, color.count <= 24 else { return nil }
        return HTMLChecker.isMathColor(color) ? color : nil
    }

    /// `[…]` after a command, if there is one.
    mutating func optional() -> Node? {
        skipSpaces()
        guard peek == "[", depth < TeXMath.maxDepth else { return nil }
        index += 1
        depth += 1
        defer { depth -= 1 }
        let nodes = row(.bracket)
        if peek == "]" { index += 1 }
        return .row(nodes)
    }

    mutating func skipOptional() {
        skipSpaces()
        guard peek == "[" else { return }
        while let character = peek, character != "]" { index += 1 }
        if peek == "]" { index += 1 }
    }

    /// A delimiter after `\left`, `\right`, `\big`: a character or a command; "" for `.`.
    mutating func delimiter() -> String? {
        skipSpaces()
        guard let character = peek else { return nil }
        if character == "." {
            index += 1
            return ""
        }
        return argumentSymbol()
    }

    /// The symbol of the next character or command, consumed; nil when it has none.
    mutating func argumentSymbol() -> String? {
        guard let character = peek else { return nil }
        if character == "\\" {
            let start = index
            guard let name = readCommand() else { return nil }
            if let delimiter = TeXMath.delimiters[name] { return delimiter }
            if let symbol = TeXMath.symbols[name], symbol.kind != .function { return symbol.text }
            index = start
            return nil
        }
        index += 1
        if let symbol = TeXMath.characters[character] { return symbol.text }
        return String(character)
    }

    /// `\left( … \right)`: the content between stretched delimiters.
    mutating func leftRight() -> Node {
        let open = delimiter() ?? ""
        guard depth < TeXMath.maxDepth else { return .error("\\left" + open) }
        depth += 1
        defer { depth -= 1 }
        var nodes: [Node] = open.isEmpty ? [] : [.op(open, attributes: TeXMath.fence)]
        nodes += row(.right)
        if command(at: index) == "right" {
            index += "right".count + 1
            if let close = delimiter(), !close.isEmpty { nodes.append(.op(close, attributes: TeXMath.fence)) }
        }
        return .row(nodes)
    }

    /// `\substack{i < n \\ j < m}`: rows stacked as a script, one over the other.
    mutating func substack() -> Node {
        skipSpaces()
        guard peek == "{" else { return argument() }
        return nested { parser in
            parser.index += 1
            var rows: [[Node]] = []
            repeat {
                if parser.atRowEnd { parser.index += 2 }
                rows.append([.row(parser.row(.stacked))])
            } while parser.atRowEnd
            if parser.peek == "}" { parser.index += 1 }
            return .style(.table(rows, columnAlign: nil), display: false)
        } ?? .empty
    }

    /// `\begin{name} … \end{name}`: a table, with the delimiters its name gives.
    mutating func environment(start: Int) -> Node {
        let name = rawGroup()
        guard let kind = TeXMath.environments[name] else {
            return .error(text(from: start))
        }
        guard depth < TeXMath.maxDepth else { return .error(text(from: start)) }
        depth += 1
        defer { depth -= 1 }
        var align = kind.columnAlign
        if name == "array" || name == "alignat" || name == "alignedat" {
            // The column letters of `{lcr}`, or alignat's count: the columns' alignment.
            let spec = rawGroup()
            let columns = spec.unicodeScalars.compactMap { ["l": "left", "c": "center", "r": "right"][$0] }
            if !columns.isEmpty { align = columns.joined(separator: " ") }
        }
        let rows = table()
        if command(at: index) == "end" {
            index += 4
            _ = rawGroup()
        }
        var table = Node.table(rows, columnAlign: align)
        if kind.small { table = .style(table, display: false) }
        guard kind.open != nil || kind.close != nil else { return table }
        var nodes: [Node] = []
        if let open = kind.open { nodes.append(.op(open, attributes: TeXMath.fence)) }
        nodes.append(table)
        if let close = kind.close { nodes.append(.op(close, attributes: TeXMath.fence)) }
        return .row(nodes)
    }
}
