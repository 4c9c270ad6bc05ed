import Foundation

/// Finds GitHub's math in a README's Markdown before cmark-gfm reads it, and hands each
/// formula on in a form cmark leaves as written: cmark knows no math, and would read a
/// formula's `*`, `\\` and `\{` as emphasis and escapes.
///
/// - `$…$`, GitHub's `` $`…`$ `` and `$$…$$` in a line become a code span whose text starts
///   with `marker`: the sanitiser lays out such a span as inline math (`TeXMath`).
/// - `$$` on a line of its own, down to a line that ends with `$$` (or `$$…$$` making a
///   line of its own), becomes a ```` ```math ```` block, which the sanitiser lays out as
///   display math, as it does the blocks a README writes so.
///
/// It reads lines, not CommonMark's whole block structure, so where it cannot tell it leaves
/// the text alone: a README's text outside a formula reaches cmark exactly as written. As on
/// GitHub, a `$` opens only before a character that is not a space, and closes only after one
/// and not before a digit ("from $5 to $10" stays text); a formula holds no backtick (a code
/// span binds tighter), and in a table row no `|` (GitHub splits the cells first). A formula
/// may run on to the next line of its paragraph, but not in a quote. Left alone
/// too: fenced and indented code, HTML blocks, inline HTML and autolinks, link destinations,
/// link reference definitions, `\$`, and a `$$` with no closing line before a blank line, a
/// fence or a heading.
enum MathSpans {
    /// Starts the text of a code span that holds inline math (U+2063, INVISIBLE SEPARATOR).
    /// A code span of the README's own that starts with it is laid out as math too: only
    /// how it looks changes, as the math is laid out by the same safe writer.
    static let marker: Character = "\u{2063}"

    /// Where a line is, for what may be read in it.
    private enum Block {
        case text
        case fencedCode(fence: Character, length: Int)
        case indentedCode
        /// An HTML block, up to a blank line, or (`<pre>`, `<script>`, a comment, …) up to
        /// the line holding its end.
        case html(end: String?)
        /// A GitHub table's rows, up to a blank line.
        case table
    }

    static func rewrite(_ markdown: String) -> String {
        // Most READMEs hold no math: their Markdown goes to cmark untouched.
        guard markdown.utf8Contains(UInt8(ascii: "$")) else { return markdown }
        // "\r\n" is one Character: split on it as on "\n" (cmark reads both as a line's end).
        let lines = markdown.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        var output = ""
        output.reserveCapacity(markdown.utf8.count + 64)
        var block = Block.text
        var previousBlank = true
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let (prefix, content) = split(line)
            let blank = content.allSatisfy(\.isWhitespace)
            defer { previousBlank = blank }
            index += 1
            switch block {
            case .fencedCode(let fence, let length):
                if let closing = Self.fence(in: content), closing.character == fence, closing.length >= length,
                    closing.info.isEmpty
                {
                    block = .text
                }
                output += line + "\n"
                continue
            case .html(let end):
                if end.map({ line.lowercased().contains($0) }) ?? blank { block = .text }
                output += line + "\n"
                continue
            case .table:
                if blank { block = .text }
                if case .table = block, line.utf8.contains(UInt8(ascii: "$")) {
                    output += inline(line, inTable: true) + "\n"
                } else {
                    output += line + "\n"
                }
                continue
            case .indentedCode:
                if blank || isIndented(line) {
                    output += line + "\n"
                    continue
                }
                block = .text
            case .text:
                break
            }
            if let opening = Self.fence(in: content) {
                block = .fencedCode(fence: opening.character, length: opening.length)
            } else if previousBlank, isIndented(line) {
                block = .indentedCode
            } else if startsHTMLBlock(content) {
                let end = htmlBlockEnd(content)
                // A block whose end is on its first line ends there.
                let endsHere = end.map { content.dropFirst().lowercased().contains($0) } ?? blank
                block = endsHere ? .text : .html(end: end)
            } else if isDelimiterRow(content) {
                block = .table
            }
            guard case .text = block, !isReferenceDefinition(content), line.utf8.contains(UInt8(ascii: "$")) else {
                output += line + "\n"
                continue
            }
            let trimmed = content.trimmingCharacters(in: .whitespaces)
            if trimmed == "$$", let end = displayEnd(in: lines, from: index) {
                // `$$` alone on a line, down to the line that ends with `$$`.
                var body = lines[index..<end].map { split($0).content }
                body.append(split(lines[end]).content.trimmingCharacters(in: .whitespaces).dropLast(2))
                output += mathBlock(body, prefix: prefix)
                index = end + 1
                continue
            }
            if trimmed.count > 4, trimmed.hasPrefix("$$"), trimmed.hasSuffix("$$"),
                !trimmed.dropFirst(2).dropLast(2).contains("$")
            {
                // `$$…$$`, a line of its own: a display formula too.
                output += mathBlock([trimmed.dropFirst(2).dropLast(2)], prefix: prefix)
                continue
            }
            // A paragraph's lines are read together, so that a formula may run on to the next
            // line, as on GitHub; not in a quote, whose `>` would fall inside the formula.
            var paragraph = line
            if !prefix.contains(">"), !content.hasPrefix("|") {
                while index < lines.count, continuesParagraph(lines[index]) {
                    paragraph = markdown[paragraph.startIndex..<lines[index].endIndex]
                    index += 1
                }
            }
            output += inline(paragraph, inTable: content.hasPrefix("|")) + "\n"
        }
        if !markdown.hasSuffix("\n"), output.hasSuffix("\n") { output.removeLast() }
        return output
    }

    // MARK: Blocks

    /// A line's container prefix (indentation, `>` of quotes) and what follows it.
    private static func split(_ line: Substring) -> (prefix: Substring, content: Substring) {
        let content = line.drop { $0 == " " || $0 == "\t" || $0 == ">" }
        return (line[..<content.startIndex], content)
    }

    /// Whether `line` goes on with the paragraph before it: not blank, not in a quote, and
    /// starting no block (a fence, a heading, a list item, HTML, a table, display math).
    private static func continuesParagraph(_ line: Substring) -> Bool {
        let (prefix, content) = split(line)
        guard !prefix.contains(">"), !content.allSatisfy(\.isWhitespace), fence(in: content) == nil,
            !startsHTMLBlock(content), !isDelimiterRow(content), !content.hasPrefix("$$"), !content.hasPrefix("|")
        else { return false }
        if content.hasPrefix("#") { return false }
        // A list item: `-`, `*`, `+` or a number and `.` or `)`, then a space.
        let number = content.prefix { $0.isASCII && $0.isNumber }
        let rest = content[number.endIndex...]
        guard let marker = rest.first, (number.isEmpty ? "-*+" : ".)").contains(marker) else { return true }
        return !(rest.dropFirst().first?.isWhitespace ?? true)
    }

    /// The line that closes a display formula opened on the line before `start`: the first to
    /// end with `$$`, unless a blank line, a fence or a heading comes first (then it was not math).
    private static func displayEnd(in lines: [Substring], from start: Int) -> Int? {
        for index in start..<lines.count {
            let content = split(lines[index]).content
            if content.allSatisfy(\.isWhitespace) || fence(in: content) != nil || content.hasPrefix("#") {
                return nil
            }
            if content.trimmingCharacters(in: .whitespaces).hasSuffix("$$") { return index }
        }
        return nil
    }

    /// A fenced code block's opening or closing line: its fence character, length and info
    /// string. At any indentation: a fence in a list item sits four spaces in.
    private static func fence(in content: Substring) -> (character: Character, length: Int, info: String)? {
        guard let first = content.first, first == "`" || first == "~" else { return nil }
        let run = content.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        let info = content[run.endIndex...].trimmingCharacters(in: .whitespaces)
        if first == "`", info.contains("`") { return nil }
        return (first, run.count, info)
    }

    /// Four spaces or a tab in: after a blank line, code (or a list's paragraph: left alone too).
    private static func isIndented(_ line: Substring) -> Bool {
        line.hasPrefix("    ") || line.hasPrefix("\t")
    }

    /// An HTML block's first line (CommonMark's conditions, loosely): `<` then a letter, `/`, `!` or `?`.
    private static func startsHTMLBlock(_ content: Substring) -> Bool {
        guard content.first == "<", let next = content.dropFirst().first else { return false }
        return next.isLetter || next == "/" || next == "!" || next == "?"
    }

    /// What ends an HTML block that runs past blank lines (CommonMark's conditions 1 to 5):
    /// `</pre>`, `</script>`, `</style>`, `</textarea>`, `-->`, `?>`, `]]>`, `>`; nil for one
    /// that ends at a blank line.
    private static func htmlBlockEnd(_ content: Substring) -> String? {
        let start = content.prefix(12).lowercased()
        for name in ["pre", "script", "style", "textarea"] where start.hasPrefix("<" + name) {
            let after = start.dropFirst(name.count + 1).first
            if after == nil || after == ">" || after == " " || after == "\t" { return "</" + name + ">" }
        }
        if start.hasPrefix("<!--") { return "-->" }
        if start.hasPrefix("<?") { return "?>" }
        if start.hasPrefix("<![cdata[") { return "]]>" }
        if start.hasPrefix("<!"), start.dropFirst(2).first?.isLetter == true { return ">" }
        return nil
    }

    /// `[name]: destination`, which defines a link: its `$` are the URL's.
    private static func isReferenceDefinition(_ content: Substring) -> Bool {
        guard content.first == "[", let close = content.firstIndex(of: "]") else { return false }
        return content[content.index(after: close)...].first == ":"
    }

    /// A table's delimiter row: `|---|:-:|`, `--- | ---`.
    private static func isDelimiterRow(_ content: Substring) -> Bool {
        let trimmed = content.trimmingCharacters(in: .whitespaces)
        return trimmed.contains("-") && (trimmed.contains("|") || trimmed.hasPrefix(":"))
            && trimmed.allSatisfy { $0 == "|" || $0 == "-" || $0 == ":" || $0 == " " || $0 == "\t" }
    }

    /// A ```` ```math ```` block holding the lines, each with the container's prefix (`> `).
    private static func mathBlock(_ lines: [Substring], prefix: Substring) -> String {
        let body = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // A fence longer than any run of backticks in the formula.
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: Array(body.joined())) + 1))
        var block = prefix + fence + "math\n"
        for line in body { block += prefix + line + "\n" }
        return block + prefix + fence + "\n"
    }

    // MARK: Formulas in a line

    /// The line with each formula made a marked code span, everything else as it was.
    private static func inline(_ line: Substring, inTable: Bool) -> String {
        let characters = Array(line)
        var output = ""
        var index = 0
        while index < characters.count {
            if let (formula, next) = formula(in: characters, at: index, inTable: inTable) {
                output += codeSpan(formula)
                index = next
                continue
            }
            // What is copied whole: an escape (`\$`), a code span, inline HTML or an
            // autolink, a link's destination.
            let end = verbatimEnd(in: characters, at: index)
            output += String(characters[index..<end])
            index = end
        }
        return output
    }

    /// Where the text that starts at `index` and is no formula's ends: past an escape, a code
    /// span, a tag or a link's destination, else past the one character.
    private static func verbatimEnd(in characters: [Character], at index: Int) -> Int {
        let character = characters[index]
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        switch character {
        case "\\" where next != nil:
            return index + 2
        case "`":
            let run = runLength(of: "`", in: characters, at: index)
            return closingRun(of: run, in: characters, after: index + run).map { $0 + run } ?? index + run
        case "<" where next.map { $0.isLetter || $0 == "/" || $0 == "!" || $0 == "?" } ?? false:
            // A tag not closed on its line leaves the rest of the line as it is (read once:
            // looking for a `>` again at every `<` would take a hostile line's length squared).
            return characters[index...].firstIndex(of: ">").map { $0 + 1 } ?? characters.count
        case "]" where next == "(":
            // A link's destination, its parentheses balanced.
            var depth = 0
            for at in (index + 1)..<characters.count {
                if characters[at] == "(" { depth += 1 }
                if characters[at] == ")" { depth -= 1 }
                if depth == 0 { return at + 1 }
            }
            return characters.count
        default:
            return index + 1
        }
    }

    /// The formula that a `$` at `index` opens, and where the text after it starts; nil when
    /// there is none.
    private static func formula(in characters: [Character], at index: Int, inTable: Bool) -> (
        tex: String, next: Int
    )? {
        guard characters[index] == "$", index + 1 < characters.count else { return nil }
        // GitHub's $`…`$: the code span's text, as written.
        if characters[index + 1] == "`" {
            let start = index + 1
            let run = runLength(of: "`", in: characters, at: start)
            guard let end = closingRun(of: run, in: characters, after: start + run),
                end + run < characters.count, characters[end + run] == "$"
            else { return nil }
            return (String(characters[(start + run)..<end]).trimmingCharacters(in: .whitespaces), end + run + 1)
        }
        // `$$…$$` in a line, or `$…$`: the same rules for where each may open and close.
        let delimiter = characters[index + 1] == "$" ? 2 : 1
        let start = index + delimiter
        guard start < characters.count, !characters[start].isWhitespace, characters[start] != "$" else { return nil }
        var at = start
        while at < characters.count {
            switch characters[at] {
            case "\\":
                at += 2
                continue
            case "`":
                return nil
            case "|" where inTable:
                return nil
            case "$":
                let closes =
                    !characters[at - 1].isWhitespace
                    && (delimiter == 1 || (at + 1 < characters.count && characters[at + 1] == "$"))
                let after = at + delimiter
                guard closes, after >= characters.count || !(characters[after].isASCII && characters[after].isNumber)
                else { return nil }
                if after < characters.count, characters[after] == "$" { return nil }
                return (String(characters[start..<at]), after)
            default:
                break
            }
            at += 1
        }
        return nil
    }

    /// A code span cmark leaves as written, its text the marker and the formula.
    private static func codeSpan(_ formula: String) -> String {
        let fence = String(repeating: "`", count: longestRun(of: "`", in: Array(formula)) + 1)
        // A space each side, which cmark takes off, lets the formula end with a backtick.
        return fence + " " + String(marker) + formula + " " + fence
    }

    private static func runLength(of character: Character, in characters: [Character], at index: Int) -> Int {
        characters[index...].prefix { $0 == character }.count
    }

    /// Where the next run of exactly `length` backticks at or after `start` begins.
    private static func closingRun(of length: Int, in characters: [Character], after start: Int) -> Int? {
        var at = start
        while at < characters.count {
            guard characters[at] == "`" else {
                at += 1
                continue
            }
            let run = runLength(of: "`", in: characters, at: at)
            if run == length { return at }
            at += run
        }
        return nil
    }

    private static func longestRun(of character: Character, in characters: [Character]) -> Int {
        var longest = 0
        var index = 0
        while index < characters.count {
            let run = runLength(of: character, in: characters, at: index)
            longest = max(longest, run)
            index += max(run, 1)
        }
        return longest
    }
}
