extension TOMLGuard {
    /// Walks TOML text the way toml++ reads its structure: strings and comments hide what
    /// is in them; a `[` at the start of a line outside a value opens a table header; after
    /// a key's `=` comes a value, whose arrays and inline tables may span lines.
    struct Scanner {
        let scalars: [Unicode.Scalar]
        private var position = 0
        private var line = 1
        private var lineStart = 0
        private var atLineStart = true
        /// Where the line of the current key-value pair or header starts: the text before
        /// it is whole TOML, which toml++ may parse to find an earlier mistake.
        private var statementStart = 0
        /// Between a top-level `=` and the end of its value.
        private var inValue = false
        /// The arrays and inline tables open in that value, innermost last.
        private var containers: [Container] = []
        /// Where the string just skipped escapes a NUL (`\u0000`, `\U00000000`).
        private var nulEscape: Int?
        /// The dots in the key or header being read: toml++ reads a dotted key's parts by
        /// recursion, one frame each, and 40,000 of them (an 80 KB line) overflow its stack.
        private var keyDots = 0

        private enum Container: Equatable {
            case array
            /// An inline table, reading a key (up to its `=`) or a value.
            case table(expectingKey: Bool)
        }

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            // toml++ skips a byte-order mark before the first line; so must the scan, or
            // a header on that line goes unchecked (make fuzz found `\u{FEFF}[!`).
            if scalars.first == "\u{FEFF}" { position = 1 }
        }

        mutating func firstProblem() -> Problem? {
            while position < scalars.count {
                let scalar = scalars[position]
                switch scalar {
                case "\n":
                    line += 1
                    lineStart = position + 1
                    if containers.isEmpty {
                        inValue = false
                        atLineStart = true
                    }
                    position += 1
                    continue
                case " ", "\t", "\r":
                    position += 1
                    continue
                case "#":
                    while position < scalars.count, scalars[position] != "\n" { position += 1 }
                    continue
                case "\"", "'":
                    if !inValue && atLineStart { statementStart = lineStart }  // a quoted key
                    let (opening, openingLine, openingLineStart) = (position, line, lineStart)
                    if let missing = skipString(quote: scalar) {
                        // toml++ says "unescaped control characters…", at the line's end.
                        (line, lineStart) = (openingLine, openingLineStart)
                        let quotes = String(repeating: String(scalar), count: isTripleQuote(at: opening) ? 3 : 1)
                        return problem(at: opening, "this string is not closed \(missing): add its closing \(quotes)")
                    }
                    if let escape = nulEscape {
                        return problem(
                            at: escape,
                            "the escape \\u0000 is not allowed: toml++ hands strings over as C strings, "
                                + "so the text would silently end there")
                    }
                    atLineStart = false
                    position += 1
                    continue
                default:
                    break
                }
                if !inValue {
                    if atLineStart {
                        statementStart = lineStart
                        keyDots = 0
                    }
                    if scalar == "[" && atLineStart {
                        if let problem = checkHeader() { return problem }
                        continue
                    }
                    if scalar == "=" { inValue = true }
                    if scalar == ".", let problem = countKeyDot() { return problem }
                } else if containers.last == .table(expectingKey: true) {
                    if scalar == "=" { containers[containers.count - 1] = .table(expectingKey: false) }
                    if scalar == "}" { containers.removeLast() }
                    if scalar == ".", let problem = countKeyDot() { return problem }
                } else {
                    switch scalar {
                    case "[": containers.append(.array)
                    case "{":
                        containers.append(.table(expectingKey: true))
                        keyDots = 0
                    case "]", "}":
                        // toml++ asserts on `[}` (make fuzz found `searches = [}, …]`).
                        if let open = containers.last, (open == .array) != (scalar == "]") {
                            return problem(
                                at: position,
                                "'\(Character(scalar))' does not close the \(open == .array ? "array" : "inline table") open here"
                            )
                        }
                        _ = containers.popLast()
                    case ",":
                        if case .table? = containers.last {
                            containers[containers.count - 1] = .table(expectingKey: true)
                            keyDots = 0
                        }
                    default:
                        if let problem = checkBareValue() { return problem }
                        continue
                    }
                }
                atLineStart = false
                position += 1
            }
            return nil
        }

        /// At a header's `[`: the first character of its name must start a key. Leaves the
        /// position on that character.
        private mutating func checkHeader() -> Problem? {
            let open = position
            var index = skipBlanks(from: open + 1)
            // `[[`: an array of tables, when the second bracket follows at once (toml++
            // rejects `[ [` itself, safely).
            if index == open + 1, index < scalars.count, scalars[index] == "[" {
                index = skipBlanks(from: index + 1)
            }
            atLineStart = false
            position = index
            guard index < scalars.count else { return nil }
            let first = scalars[index]
            if first == "]" || first == "\"" || first == "'" || TOMLGuard.isBareKeyCharacter(first) { return nil }
            return problem(
                at: index,
                "a table header must start with a key (ASCII letters, digits, '-', '_', or a quoted name), "
                    + "found '\(Character(first))'")
        }

        /// A dot between two parts of a key or header; a problem past `maximumKeyParts`.
        private mutating func countKeyDot() -> Problem? {
            keyDots += 1
            guard keyDots >= TOMLGuard.maximumKeyParts else { return nil }
            return problem(
                at: position,
                "a key of more than \(TOMLGuard.maximumKeyParts) dotted parts, far more than any repodigest "
                    + "reads: toml++ would overflow its stack on thousands")
        }

        /// At a value without quotes or brackets: reads it up to where toml++ would stop.
        private mutating func checkBareValue() -> Problem? {
            let start = position
            while position < scalars.count, !" \t\r\n,]}#".unicodeScalars.contains(scalars[position]) { position += 1 }
            var token = String.UnicodeScalarView()
            token.append(contentsOf: scalars[start..<position])
            let shown = String(String(token).prefix(40))
            if TOMLGuard.isSupportedBareValue(String(token)) {
                guard TOMLGuard.isIntegerTooLarge(String(token)) else { return nil }
                return problem(
                    at: start,
                    "'\(shown)' is past what an integer holds (-9223372036854775808 to 9223372036854775807)")
            }
            if TOMLGuard.isNumberNotWhole(String(token)) {
                return problem(
                    at: start, "'\(shown)' is not a whole number: every number repodigest reads is an integer, as 4")
            }
            return problem(
                at: start,
                "'\(shown)' is not a value repodigest reads: use a \"string\", an integer, true or false, "
                    + "an [array] or an { inline = \"table\" }")
        }

        private func problem(at index: Int, _ message: String) -> Problem {
            var before = String.UnicodeScalarView()
            before.append(contentsOf: scalars[..<statementStart])
            return Problem(line: line, column: index - lineStart + 1, message: message, textBefore: String(before))
        }

        private func skipBlanks(from index: Int) -> Int {
            var index = index
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
            return index
        }

        /// `\u0000` or `\U00000000` at `index`.
        private func isNULEscape(at index: Int) -> Bool {
            guard index + 1 < scalars.count else { return false }
            let digits = scalars[index + 1] == "u" ? 4 : scalars[index + 1] == "U" ? 8 : 0
            guard digits > 0, index + 1 + digits < scalars.count else { return false }
            return scalars[(index + 2)...(index + 1 + digits)].allSatisfy { $0 == "0" }
        }

        /// Whether the quote at `index` opens a multi-line string (`"""`, `'''`).
        private func isTripleQuote(at index: Int) -> Bool {
            index + 2 < scalars.count && scalars[index + 1] == scalars[index] && scalars[index + 2] == scalars[index]
        }

        /// From an opening quote to its closing one (left on the string's last scalar).
        /// Basic strings (`"`) have backslash escapes; multi-line ones (`"""`, `'''`) count their
        /// lines. Nil once closed; where it is not, where it ended: "on its line" (a single-line
        /// string met a line break) or "before the end of the file".
        private mutating func skipString(quote: Unicode.Scalar) -> String? {
            let triple = isTripleQuote(at: position)
            position += triple ? 3 : 1
            while position < scalars.count {
                let scalar = scalars[position]
                if scalar == "\\" && quote == "\"" {
                    if nulEscape == nil, isNULEscape(at: position) { nulEscape = position }
                    if position + 1 < scalars.count && scalars[position + 1] == "\n" {
                        line += 1  // a line-ending backslash in a multi-line string
                        lineStart = position + 2
                    }
                    position += 2
                    continue
                }
                if scalar == "\n" {
                    guard triple else {
                        position -= 1  // the line break is the caller's
                        return "on its line"
                    }
                    line += 1
                    lineStart = position + 1
                }
                if scalar == quote {
                    if !triple { return nil }
                    if position + 2 < scalars.count && scalars[position + 1] == quote && scalars[position + 2] == quote
                    {
                        // Up to two more quotes may belong to the string: `""""` ends one later.
                        var end = position + 2
                        while end + 1 < scalars.count && scalars[end + 1] == quote && end - position < 4 { end += 1 }
                        position = end
                        return nil
                    }
                }
                position += 1
            }
            return "before the end of the file"
        }
    }
}
