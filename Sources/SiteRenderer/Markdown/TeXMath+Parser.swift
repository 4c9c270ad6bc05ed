extension TeXMath {
    /// Reads TeX a character at a time into `Node`s. Never fails: what it cannot read
    /// becomes an `.error` holding the TeX, and it always moves forward.
    struct Parser {
        // Internal, not private: the commands (`TeXMath+Commands.swift`) read them too.
        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0

        init(_ tex: String) { scalars = Array(tex.unicodeScalars) }

        /// The whole formula: rows and columns when it holds `\\` or `&` outside an environment.
        mutating func formula() -> Node {
            let rows = table()
            var rest = ""
            while index < scalars.count {
                rest.unicodeScalars.append(scalars[index])
                index += 1
            }
            let node =
                rows.count == 1 && rows[0].count == 1 ? rows[0][0] : .table(rows, columnAlign: alignment(of: rows))
            return rest.isEmpty ? node : .row([node, .error(rest)])
        }

        /// Where the context ends a row.
        enum Stop {
            case end, brace, bracket, right, cell
            /// A row of `\substack{a \\ b}`: up to `\\` or the group's `}`.
            case stacked
        }

        // MARK: Rows

        /// Atoms with their scripts, up to what `stop` ends a row at (not consumed).
        mutating func row(_ stop: Stop) -> [Node] {
            var nodes: [Node] = []
            while true {
                skipSpaces()
                guard let next = peek, !ends(stop) else { return nodes }
                if next == "\\", let name = command(at: index), ["over", "choose", "atop"].contains(name) {
                    // `{a \over b}`: what came before over what follows, to the row's end.
                    index += name.count + 1
                    let numerator = Node.row(nodes)
                    let fraction =
                        nested { .fraction(numerator, .row($0.row(stop)), line: name == "over") } ?? .empty
                    return name == "choose" ? [.op("("), fraction, .op(")")] : [fraction]
                }
                if next == "\\", let setting = groupSwitch() {
                    // `\color{red}`, `{\rm d}`, `\displaystyle`: set for the rest of the group.
                    nodes.append(nested { setting(.row($0.row(stop))) } ?? .empty)
                    return nodes
                }
                guard let atom = atom() else { continue }
                // `n\log n`: a thin space before a function's name after a letter or a number.
                if case .function = atom, let last = nodes.last, last.isOrdinary { nodes.append(.space("0.1667em")) }
                nodes.append(scripts(on: atom))
                // `\sin x` has a thin space after the name, `\sin(x)` none, as in TeX.
                if case .function = atom {
                    skipSpaces()
                    if let next = peek, !["(", "[", "|"].contains(next), command(at: index) != "left",
                        !ends(stop)
                    {
                        nodes.append(.space("0.1667em"))
                    }
                }
            }
        }

        /// Whether the row ends here; `}` ends only a group, `]` an optional argument.
        func ends(_ stop: Stop) -> Bool {
            switch stop {
            case .end: return false
            case .brace: return peek == "}"
            case .bracket: return peek == "]"
            case .right: return command(at: index) == "right"
            case .cell:
                return peek == "&" || atRowEnd || command(at: index) == "end"
            case .stacked: return peek == "}" || atRowEnd
            }
        }

        /// At `\\`, which ends a table's row.
        var atRowEnd: Bool {
            peek == "\\" && scalar(at: index + 1) == "\\"
        }

        /// Rows of cells split at `\\` and `&`, up to `\end` or the end.
        mutating func table() -> [[Node]] {
            var rows: [[Node]] = [[]]
            while true {
                let cell = Node.row(row(.cell))
                rows[rows.count - 1].append(cell)
                if peek == "&" {
                    index += 1
                } else if atRowEnd {
                    index += 2
                    skipOptional()  // `\\[2pt]`
                    rows.append([])
                } else {
                    break
                }
            }
            // A last `\\` leaves an empty row that TeX does not show.
            if rows.count > 1, rows[rows.count - 1].count == 1, case .row(let nodes) = rows[rows.count - 1][0],
                nodes.isEmpty
            {
                rows.removeLast()
            }
            return rows
        }

        /// Columns of a table without an environment, aligned as `aligned` aligns them.
        func alignment(of rows: [[Node]]) -> String? {
            let columns = rows.map(\.count).max() ?? 1
            guard columns > 1 else { return nil }
            return (0..<columns).map { $0 % 2 == 0 ? "right" : "left" }.joined(separator: " ")
        }

        /// `^`, `_`, `'` after an atom; `\limits` and `\nolimits` choose where they go.
        mutating func scripts(on base: Node) -> Node {
            var sub: Node?
            var sup: Node?
            var limits = base.takesLimits
            var primes = ""
            while true {
                skipSpaces()
                if peek == "'" {
                    primes.unicodeScalars.append("\u{2032}")
                    index += 1
                } else if peek == "^", sup == nil {
                    index += 1
                    sup = argument()
                } else if peek == "_", sub == nil {
                    index += 1
                    sub = argument()
                } else if let name = command(at: index), name == "limits" || name == "nolimits" {
                    index += name.count + 1
                    limits = name == "limits"
                } else {
                    break
                }
            }
            if !primes.isEmpty {
                let prime = Node.op(primes, attributes: "")
                sup = sup.map { .row([prime, $0]) } ?? prime
            }
            guard sub != nil || sup != nil else { return base }
            return .scripts(base, sub: sub, sup: sup, limits: limits)
        }

        // MARK: Atoms

        /// One atom, or nil for what shows nothing (a comment, a `\label`).
        mutating func atom() -> Node? {
            guard let character = peek else { return nil }
            switch character {
            case "{":
                return group()
            case "\\":
                return nested { $0.commandAtom() }
            case "}":
                index += 1
                return .error("}")
            case "%":
                while let next = peek, next != "\n" { index += 1 }
                return nil
            case "~":
                index += 1
                return .space("0.2778em")
            case "^", "_":
                // A script with nothing before it goes on an empty base, as in TeX.
                return scripts(on: .empty)
            case "0"..."9", ".":
                return number()
            default:
                index += 1
                if let symbol = TeXMath.characters[character] { return symbol.node }
                if character.properties.isAlphabetic { return .identifier(String(character)) }
                return .op(String(character))
            }
        }

        /// The argument of a command or a script: one character, one command, or a group.
        mutating func argument() -> Node {
            nested { $0.argumentAtom() } ?? .empty
        }

        mutating func argumentAtom() -> Node {
            skipSpaces()
            guard let character = peek else { return .empty }
            if character == "{" { return group() }
            if character == "\\" { return commandAtom() ?? .empty }
            if ("0"..."9").contains(character) {
                index += 1
                return .number(String(character))
            }
            return atom() ?? .empty
        }

        /// `{…}`: a row; past `maxDepth`, its TeX as an error.
        mutating func group() -> Node {
            let start = index
            index += 1
            guard depth < TeXMath.maxDepth else { return .error(skipGroup(from: start)) }
            depth += 1
            defer { depth -= 1 }
            let nodes = row(.brace)
            if peek == "}" { index += 1 }
            return .row(nodes)
        }

        /// `body` one level deeper; past `maxDepth`, the rest of the formula as an error
        /// (`\frac\frac\frac…` and `x^^^…` nest without braces).
        mutating func nested(_ body: (inout Parser) -> Node?) -> Node? {
            guard depth < TeXMath.maxDepth else {
                let start = index
                index = scalars.count
                return .error(text(from: start))
            }
            depth += 1
            defer { depth -= 1 }
            return body(&self)
        }

        /// The text of a group, as it is written, its braces included, skipped whole.
        mutating func skipGroup(from start: Int) -> String {
            var open = 1
            while let character = peek, open > 0 {
                if character == "\\" {
                    index += 1
                } else if character == "{" {
                    open += 1
                } else if character == "}" {
                    open -= 1
                }
                index += 1
            }
            // A `\` that ends the formula stepped past its end.
            index = min(index, scalars.count)
            return text(from: start)
        }

        /// A group's characters as they are written, for `\text` and `\operatorname`.
        mutating func rawGroup() -> String {
            skipSpaces()
            guard peek == "{" else {
                guard let character = peek else { return "" }
                index += 1
                return String(character)
            }
            let start = index
            index += 1
            _ = skipGroup(from: start)
            var inner = Array(scalars[(start + 1)..<index])
            if inner.last == "}" { inner.removeLast() }
            var text = ""
            var escaped = false
            for scalar in inner {
                // `\{`, `\%`, `\$` and the like stand for the character itself.
                if scalar == "\\", !escaped {
                    escaped = true
                    continue
                }
                text.unicodeScalars.append(scalar)
                escaped = false
            }
            return text
        }

        /// Digits with at most one decimal point.
        mutating func number() -> Node {
            var digits = ""
            var sawPoint = false
            while let character = peek {
                if ("0"..."9").contains(character) {
                    digits.unicodeScalars.append(character)
                } else if character == ".", !sawPoint, let after = scalar(at: index + 1), ("0"..."9").contains(after) {
                    sawPoint = true
                    digits.unicodeScalars.append(character)
                } else {
                    break
                }
                index += 1
            }
            guard !digits.isEmpty else {
                index += 1
                return .op(".")
            }
            return .number(digits)
        }

        // MARK: Reading

        var peek: Unicode.Scalar? { scalar(at: index) }

        func scalar(at position: Int) -> Unicode.Scalar? {
            position < scalars.count ? scalars[position] : nil
        }

        mutating func skipSpaces() {
            while let character = peek, character.properties.isWhitespace { index += 1 }
        }

        func text(from start: Int) -> String {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<min(index, scalars.count)])
            return text
        }
    }
}

extension Unicode.Scalar {
    /// A letter of a command's name: TeX's are ASCII.
    var isCommandLetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension TeXMath.Node {
    /// The characters it shows, for a name written with commands (`\operatorname{arg\,max}`).
    var text: String {
        switch self {
        case .row(let nodes): nodes.map(\.text).joined()
        case .identifier(let text, _), .number(let text), .function(let text), .op(let text, _), .text(let text):
            text
        case .space: "\u{2009}"
        case .scripts(let base, _, _, _), .accent(let base, _, _, _), .style(let base, _): base.text
        default: ""
        }
    }

    /// A letter, a number or a name, which TeX spaces from a function's name that follows.
    var isOrdinary: Bool {
        switch self {
        case .identifier, .number, .function: true
        case .scripts(let base, _, _, _): base.isOrdinary
        case .op(let symbol, _): symbol == ")" || symbol == "]"
        default: false
        }
    }

    /// Whether scripts go under and over it (`\sum`, `\lim`), as TeX sets them in display.
    var takesLimits: Bool {
        switch self {
        case .op(_, let attributes): attributes.contains("movablelimits")
        case .accent(_, let mark, _, _): mark == "\u{23DE}" || mark == "\u{23DF}"
        default: false
        }
    }
}
