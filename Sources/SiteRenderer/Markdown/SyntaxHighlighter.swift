/// Code → HTML with a `<span class="hl-…">` around each keyword, string, comment, number,
/// type, function name and key, coloured by the theme's CSS: syntax colouring done once at
/// build time, so the site ships no script for it. A small scanner per line of thought,
/// not a parser: it never fails and never loses a character, and when it guesses wrong
/// the cost is a colour.
struct SyntaxHighlighter: Sendable {
    var language: Language

    func html(_ code: String) -> String {
        if language == .console { return Self.session(code) }
        var scanner = Scanner(language: language, scalars: Array(code.unicodeScalars))
        scanner.run()
        return scanner.output
    }

    /// A shell session (```` ```console ````), as GitHub colours one: each command after its
    /// prompt as shell, the prompt and what the commands print as they are (`done in 1s` is
    /// output, not the keywords `done` and `in`).
    static func session(_ code: String) -> String {
        let shell = SyntaxHighlighter(language: .shell)
        var output = ""
        for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { output += "\n" }
            if let prompt = promptLength(of: line) {
                output += String(line.prefix(prompt)).xmlEscaped + shell.html(String(line.dropFirst(prompt)))
            } else {
                output += String(line).xmlEscaped
            }
        }
        return output
    }

    /// How many characters of `line` are its prompt and the space after it: `$ `, `# `, `> `,
    /// `❯ `, `➜ `, `% ` at the line's start, or a word of its own ending `$` or `#` that names
    /// where the shell is, such as `user@host:~/src$ `; nil for a line with none (output: an
    /// indented `% Total` of curl, `</div> then` of a page are no prompts).
    static func promptLength(of line: Substring) -> Int? {
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        let rest = line.dropFirst(indent.count)
        let word = rest.prefix { $0 != " " && $0 != "\t" }
        guard let last = word.last else { return nil }
        let isPrompt =
            word.count == 1
            ? "$#>❯➜".contains(last) || last == "%" && indent.isEmpty
            : (last == "$" || last == "#") && word.first != "<" && word.contains { "@:~".contains($0) }
        guard isPrompt else { return nil }
        return indent.count + word.count + (rest.count > word.count ? 1 : 0)
    }

    private struct Scanner {
        let language: Language
        let scalars: [Unicode.Scalar]
        var index = 0
        var output = ""
        private var plain = String.UnicodeScalarView()
        /// Whether only white space (and YAML's `- `) precedes `index` on its line.
        private var atLineStart = true
        // The language's rules, read once: each is asked at every character.
        private let quotes: Set<Unicode.Scalar>
        private let lineComments: [String]
        private let hasBlockComments: Bool
        private let hasTripleQuotes: Bool
        private let keywords: Set<String>
        private let capitalisedAreTypes: Bool
        private let keySeparator: Unicode.Scalar?
        private let hasDollarVariables: Bool
        private let hashCommentsStandAlone: Bool
        /// How many CSS blocks (`{ … }`) are open: a property is a key only inside one.
        private var cssDepth = 0

        init(language: Language, scalars: [Unicode.Scalar]) {
            self.language = language
            self.scalars = scalars
            quotes = language.quotes
            lineComments = language.lineComments
            hasBlockComments = language.hasBlockComments
            hasTripleQuotes = language.hasTripleQuotes
            keywords = language.keywords
            capitalisedAreTypes = language.capitalisedAreTypes
            keySeparator = language.keySeparator
            hasDollarVariables = language.hasDollarVariables
            hashCommentsStandAlone = language.hashCommentsStandAlone
        }

        mutating func run() {
            while index < scalars.count {
                let scalar = scalars[index]
                if language == .html {
                    markup()
                } else if language == .diff, atLineStart {
                    diffLine()
                } else if let comment = commentEnd() {
                    emit(.comment, to: comment)
                } else if quotes.contains(scalar) {
                    let end = stringEnd()
                    emit(isKey(after: end) ? .key : .string, to: end)
                } else if isDigit(scalar), index == 0 || !isWord(scalars[index - 1]) {
                    emit(.number, to: run(from: index) { isWord($0) || $0 == "." })
                } else if language == .toml || language == .ini, atLineStart, scalar == "[" {
                    emit(.key, to: run(from: index) { $0 != "\n" })
                } else if language == .css, scalar == "." || scalar == "#", index + 1 < scalars.count,
                    isWordStart(scalars[index + 1]) || scalar == "#" && isDigit(scalars[index + 1]),
                    index == 0 || !isWord(scalars[index - 1])
                {
                    // A selector's class or id, but inside a block `#fff`, a colour (and in
                    // `url(a.png)` neither: a word goes before its dot).
                    let end = run(from: index + 1) { isWord($0) || $0 == "-" }
                    let isColour =
                        cssDepth > 0 && scalar == "#"
                        && scalars[(index + 1)..<end].allSatisfy(\.properties.isASCIIHexDigit)
                    emit(isColour ? .number : .function, to: end)
                } else if hasDollarVariables, scalar == "$" {
                    emit(.variable, to: variableEnd())
                } else if language == .ruby, scalar == "@" {
                    emit(.variable, to: run(from: index + 1) { isWord($0) || $0 == "@" })
                } else if language == .c, atLineStart, scalar == "#" {
                    emit(.keyword, to: run(from: index + 1) { isWord($0) })
                } else if isWordStart(scalar) {
                    word()
                } else {
                    plainScalar(scalar)
                }
            }
            flush()
        }

        private mutating func word() {
            let end = run(from: index) { isWord($0) || (language == .shell || language == .css) && $0 == "-" }
            let text = Self.text(scalars[index..<end])
            let kind: TokenKind?
            if isKey(after: end) {
                kind = .key
            } else if keywords.contains(text), !(language == .shell && isInPath) {
                // The language's literals in the numbers' colour, as GitHub colours constants.
                kind = Self.literals.contains(text) ? .number : .keyword
            } else if capitalisedAreTypes, let first = text.unicodeScalars.first,
                first.properties.isUppercase
            {
                kind = .type
            } else if end < scalars.count, scalars[end] == "(", keySeparator == nil || language == .css {
                kind = .function
            } else {
                kind = nil
            }
            if let kind { emit(kind, to: end) } else { while index < end { plainScalar(scalars[index]) } }
        }

        /// The keywords that name a value (`true`, `nil`, `None`, …): GitHub shows them as
        /// constants, in blue, not in the keywords' red.
        static let literals: Set<String> = [
            "true", "false", "True", "False", "null", "nil", "None", "NULL", "nullptr", "undefined", "yes", "no",
            "TRUE", "FALSE", "NA", "NaN", "Inf", "nothing", "ON", "OFF",
        ]

        /// Whether the word under `index` is part of a path or option (`/usr/local`, `--for`), not a command.
        private var isInPath: Bool { index > 0 && "/.-".unicodeScalars.contains(scalars[index - 1]) }

        /// A key of a data language: the first thing on its line (JSON: any string) before the separator.
        private func isKey(after end: Int) -> Bool {
            guard let separator = keySeparator, language == .json || atLineStart || language == .css && cssDepth > 0
            else { return false }
            var next = end
            while next < scalars.count, scalars[next] == " " || scalars[next] == "\t" { next += 1 }
            guard next < scalars.count, scalars[next] == separator else { return false }
            // YAML's `key:` needs a space or the line's end after it (`http://…` is a value), as
            // a CSS property does (`a:hover` is a selector).
            if language == .yaml || language == .css, next + 1 < scalars.count {
                return scalars[next + 1] == " " || scalars[next + 1] == "\n"
            }
            return true
        }

        private func commentEnd() -> Int? {
            if hasBlockComments, matches("/*") {
                var end = index + 2
                while end < scalars.count, !matches("*/", at: end) { end += 1 }
                return min(scalars.count, end + 2)
            }
            for marker in lineComments where matches(marker) {
                // In a shell, `#` starts a comment only as a word of its own (`${#list}` is not one).
                if marker == "#", hashCommentsStandAlone, index > 0, !scalars[index - 1].properties.isWhitespace {
                    return nil
                }
                return run(from: index) { $0 != "\n" }
            }
            return nil
        }

        private func stringEnd() -> Int {
            let quote = scalars[index]
            if hasTripleQuotes, matches(String(repeating: String(quote), count: 3)) {
                var end = index + 3
                while end < scalars.count, !matches(String(repeating: String(quote), count: 3), at: end) {
                    end += scalars[end] == "\\" ? 2 : 1
                }
                return min(scalars.count, end + 3)
            }
            // Backticks and every shell string run over lines; other strings end with their line.
            let multiline = quote == "`" || language == .shell
            let escapes =
                language != .html && !(quote == "'" && (language == .shell || language == .toml || language == .yaml))
            var end = index + 1
            while end < scalars.count, scalars[end] != quote, multiline || scalars[end] != "\n" {
                end += escapes && scalars[end] == "\\" ? 2 : 1
            }
            return min(scalars.count, end + 1)
        }

        /// One line of a diff, coloured as GitHub colours it: added green (`key`), removed red
        /// (`keyword`), a hunk's header purple (`function`), context plain.
        private mutating func diffLine() {
            let end = run(from: index) { $0 != "\n" }
            let kind: TokenKind? =
                switch scalars[index] {
                case "+": .key
                case "-": .keyword
                case "@": .function
                default: nil
                }
            if let kind, end > index { return emit(kind, to: end) }
            while index < end { plainScalar(scalars[index]) }
            if index < scalars.count { plainScalar(scalars[index]) }
        }

        /// HTML and XML: a comment, or a tag with its name (`key`), its attributes' names
        /// (`function`) and their values (`string`), as GitHub colours them; text between plain.
        private mutating func markup() {
            if matches("<!--") {
                var end = index + 4
                while end < scalars.count, !matches("-->", at: end) { end += 1 }
                return emit(.comment, to: min(scalars.count, end + 3))
            }
            let opensTag =
                scalars[index] == "<" && index + 1 < scalars.count
                && (isLetter(scalars[index + 1]) || "/!?".unicodeScalars.contains(scalars[index + 1]))
            guard opensTag else { return plainScalar(scalars[index]) }
            // A tag's or an attribute's name: `svg:path`, `data-x`, `xml.lang`.
            let isName = { (scalar: Unicode.Scalar) in isWord(scalar) || "-:.".unicodeScalars.contains(scalar) }
            plainScalar(scalars[index])
            while index < scalars.count, "/!?".unicodeScalars.contains(scalars[index]) { plainScalar(scalars[index]) }
            let name = run(from: index, while: isName)
            if name > index { emit(.key, to: name) }
            while index < scalars.count, scalars[index] != ">", scalars[index] != "<" {
                let scalar = scalars[index]
                if scalar == "\"" || scalar == "'" {
                    emit(.string, to: stringEnd())
                } else if isLetter(scalar) {
                    emit(.function, to: run(from: index, while: isName))
                } else {
                    plainScalar(scalar)
                }
            }
            if index < scalars.count, scalars[index] == ">" { plainScalar(scalars[index]) }
        }

        private func variableEnd() -> Int {
            guard index + 1 < scalars.count else { return index + 1 }
            if scalars[index + 1] == "{" { return min(scalars.count, run(from: index + 1) { $0 != "}" } + 1) }
            // Make's `$(NAME)`; a shell's `$(…)` is a command, not a variable.
            if language == .makefile, scalars[index + 1] == "(" {
                return min(scalars.count, run(from: index + 1) { $0 != ")" && $0 != "\n" } + 1)
            }
            let end = run(from: index + 1) { isWord($0) }
            return end == index + 1 ? index + 1 : end
        }

        private func matches(_ text: String, at start: Int? = nil) -> Bool {
            var position = start ?? index
            for scalar in text.unicodeScalars {
                guard position < scalars.count, scalars[position] == scalar else { return false }
                position += 1
            }
            return true
        }

        private func run(from start: Int, while keep: (Unicode.Scalar) -> Bool) -> Int {
            var end = start
            while end < scalars.count, keep(scalars[end]) { end += 1 }
            return end
        }

        private mutating func plainScalar(_ scalar: Unicode.Scalar) {
            plain.append(scalar)
            index += 1
            if language == .css, scalar == "{" || scalar == "}" {
                cssDepth = max(0, cssDepth + (scalar == "{" ? 1 : -1))
            }
            if scalar == "\n" {
                atLineStart = true
            } else if !(scalar == " " || scalar == "\t" || language == .yaml && scalar == "-") {
                atLineStart = false
            }
        }

        private mutating func emit(_ kind: TokenKind, to end: Int) {
            flush()
            let text = Self.text(scalars[index..<max(index + 1, end)])
            output += "<span class=\"\(kind.className)\">\(text.xmlEscaped)</span>"
            index = max(index + 1, end)
            atLineStart = text.hasSuffix("\n")
        }

        private mutating func flush() {
            guard !plain.isEmpty else { return }
            output += String(plain).xmlEscaped
            plain = String.UnicodeScalarView()
        }

        /// The scalars as a string: most code is ASCII, made from its bytes in one go.
        private static func text(_ part: ArraySlice<Unicode.Scalar>) -> String {
            guard part.allSatisfy(\.isASCII) else { return String(String.UnicodeScalarView(part)) }
            return String(unsafeUninitializedCapacity: part.count) { buffer in
                for (offset, scalar) in part.enumerated() { buffer[offset] = UInt8(truncatingIfNeeded: scalar.value) }
                return part.count
            }
        }

        private func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        /// A letter: asked of every character, so ASCII is told without Unicode's tables.
        private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII
                ? ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) : scalar.properties.isAlphabetic
        }
        private func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
            isLetter(scalar) || scalar == "_" || scalar == "@" && language == .swift
        }
        private func isWord(_ scalar: Unicode.Scalar) -> Bool {
            isLetter(scalar) || isDigit(scalar) || scalar == "_" || scalar == "@" && language == .swift
        }
    }
}
