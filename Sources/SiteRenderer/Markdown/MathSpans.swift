/// Finds GitHub's math in a README's Markdown before cmark-gfm reads it, and hands each
/// formula on in a form cmark leaves as written: cmark knows no math, and would read a
/// formula's `*`, `\\` and `\{` as emphasis and escapes.
///
/// - `$…$` and GitHub's `` $`…`$ `` in a line become a code span whose text starts with
///   `marker`: the sanitiser lays out such a span as inline math (`TeXMath`).
/// - `$$…$$`, on lines of their own or in one line, becomes a ```` ```math ```` block, which
///   the sanitiser lays out as display math, as it does the blocks a README writes so.
///
/// As on GitHub, a `$` opens only before a character that is not a space, and closes only
/// after one, and not before a digit: "from $5 to $10" stays text. Code blocks, code spans and
/// `\$` are left alone. Lines indented as code are too, in a list as well: there the formula
/// shows as its TeX, which reads; a code block read as math would not.
enum MathSpans {
    /// Starts the text of a code span that holds inline math (U+2063, INVISIBLE SEPARATOR).
    /// A code span of the README's own that starts with it is laid out as math too: only
    /// how it looks changes, as the math is laid out by the same safe writer.
    static let marker: Character = "\u{2063}"

    static func rewrite(_ markdown: String) -> String {
        // Most READMEs hold no math: their Markdown goes to cmark untouched.
        guard markdown.utf8.contains(UInt8(ascii: "$")) else { return markdown }
        var output = ""
        output.reserveCapacity(markdown.utf8.count + 64)
        var fence: (character: Character, length: Int)?
        var display: (prefix: Substring, lines: [Substring])?
        var previousBlank = true
        var indentedCode = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == ">" || $0 == "\t" }
            let blank = trimmed.allSatisfy(\.isWhitespace)
            defer { previousBlank = blank }
            if let open = display {
                // Inside `$$ … $$`: every line up to the one that ends with `$$`. A blank
                // line ends the paragraph first: then the `$$` was not math.
                if blank {
                    output += open.prefix + "$$" + open.lines.joined(separator: "\n") + "\n" + line + "\n"
                    display = nil
                } else if trimmed.hasSuffix("$$") {
                    output += mathBlock(open.lines + [trimmed.dropLast(2)], prefix: open.prefix)
                    display = nil
                } else {
                    display?.lines.append(line.hasPrefix(open.prefix) ? line.dropFirst(open.prefix.count) : line)
                }
                continue
            }
            if let open = fence {
                if let closing = Self.fence(in: line), closing.character == open.character,
                    closing.length >= open.length, closing.info.isEmpty
                {
                    fence = nil
                }
                output += line + "\n"
                continue
            }
            if let opening = Self.fence(in: line) {
                fence = (opening.character, opening.length)
                output += line + "\n"
                continue
            }
            // Indented code runs from an indented line after a blank one while lines stay
            // indented or blank.
            indentedCode = isIndented(line) && (previousBlank || indentedCode) || (indentedCode && blank)
            if indentedCode {
                output += line + "\n"
                continue
            }
            let prefix = line[..<trimmed.startIndex]
            if trimmed.hasPrefix("$$") {
                let rest = trimmed.dropFirst(2)
                if rest.count >= 2, rest.hasSuffix("$$"), !rest.dropLast(2).contains("$") {
                    output += mathBlock([rest.dropLast(2)], prefix: prefix)
                    continue
                }
                if !rest.contains("$") {
                    display = (prefix, [rest])
                    continue
                }
            }
            // Only a line with a `$` is read a character at a time.
            output += line.utf8.contains(UInt8(ascii: "$")) ? inline(line) : String(line)
            output += "\n"
        }
        // A `$$` never closed was not math: its lines as they were.
        if let open = display {
            output += open.prefix + "$$" + open.lines.joined(separator: "\n") + "\n"
        }
        if !markdown.hasSuffix("\n"), output.hasSuffix("\n") { output.removeLast() }
        return output
    }

    /// A fenced code block's opening or closing line: its fence character, length and info string.
    private static func fence(in line: Substring) -> (character: Character, length: Int, info: Substring)? {
        let indent = line.prefix { $0 == " " || $0 == ">" }
        guard indent.filter({ $0 == " " }).count <= 3 || indent.contains(">") else { return nil }
        let rest = line[indent.endIndex...]
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let run = rest.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        let info = rest[run.endIndex...].trimmingSpaces
        if first == "`", info.contains("`") { return nil }
        return (first, run.count, info)
    }

    /// Four spaces or a tab in: code after a blank line (or a list's paragraph: left alone too).
    private static func isIndented(_ line: Substring) -> Bool {
        line.hasPrefix("    ") || line.hasPrefix("\t")
    }

    /// A ```` ```math ```` block holding the lines, each with the container's prefix (`> `).
    private static func mathBlock(_ lines: [Substring], prefix: Substring) -> String {
        let body = lines.map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        // A fence longer than any run of backticks in the formula.
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: body.joined()) + 1))
        var block = prefix + fence + "math\n"
        for line in body { block += prefix + line + "\n" }
        return block + prefix + fence + "\n"
    }

    /// The line with each `$…$` (and `` $`…`$ ``) made a marked code span.
    static func inline(_ line: Substring) -> String {
        let characters = Array(line)
        var output = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                // An escape (`\$` among them) goes to cmark as written.
                output.append(character)
                output.append(characters[index + 1])
                index += 2
                continue
            }
            if character == "`" {
                // A code span: copied whole, its `$` not math. (An opening run with no
                // closing one is text, copied as it is.)
                let run = runLength(of: "`", in: characters, at: index)
                let end = closingRun(of: run, in: characters, after: index + run)
                let stop = end.map { $0 + run } ?? index + run
                output += String(characters[index..<stop])
                index = stop
                continue
            }
            if character == "$", index + 1 < characters.count, characters[index + 1] == "$" {
                // `$$…$$` within a line: the formula, in the line.
                let start = index + 2
                var end = start
                while end + 1 < characters.count, !(characters[end] == "$" && characters[end + 1] == "$") { end += 1 }
                if end + 1 < characters.count, end > start {
                    output += codeSpan(String(characters[start..<end]).trimmingSpaces)
                    index = end + 2
                } else {
                    output += "$$"
                    index += 2
                }
                continue
            }
            if character == "$", let (formula, next) = formula(in: characters, at: index) {
                output += codeSpan(formula)
                index = next
                continue
            }
            output.append(character)
            index += 1
        }
        return output
    }

    /// The formula a `$` at `index` opens, and where the text after its closing `$` starts.
    private static func formula(in characters: [Character], at index: Int) -> (String, Int)? {
        let start = index + 1
        guard start < characters.count else { return nil }
        // GitHub's $`…`$: the code span's text, as written.
        if characters[start] == "`" {
            let run = runLength(of: "`", in: characters, at: start)
            if let end = closingRun(of: run, in: characters, after: start + run), end + run < characters.count,
                characters[end + run] == "$"
            {
                return (String(characters[(start + run)..<end]).trimmingSpaces, end + run + 1)
            }
            return nil
        }
        guard !characters[start].isWhitespace, characters[start] != "$" else { return nil }
        var at = start
        while at < characters.count {
            let character = characters[at]
            if character == "\\" {
                at += 2
                continue
            }
            if character == "$" {
                let closes =
                    !characters[at - 1].isWhitespace
                    && (at + 1 == characters.count || !(characters[at + 1].isASCII && characters[at + 1].isNumber))
                guard closes else { return nil }
                return (String(characters[start..<at]), at + 1)
            }
            at += 1
        }
        return nil
    }

    /// A code span cmark leaves as written, its text the marker and the formula.
    private static func codeSpan(_ formula: String) -> String {
        let fence = String(repeating: "`", count: longestRun(of: "`", in: formula) + 1)
        // A space each side, which cmark takes off, lets the formula end with a backtick.
        return fence + " " + String(marker) + formula + " " + fence
    }

    private static func runLength(of character: Character, in characters: [Character], at index: Int) -> Int {
        var end = index
        while end < characters.count, characters[end] == character { end += 1 }
        return end - index
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

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0
        var current = 0
        for each in text {
            current = each == character ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        let start = drop { $0 == " " || $0 == "\t" }
        return start.dropLast(start.reversed().prefix { $0 == " " || $0 == "\t" }.count)
    }
}

extension String {
    fileprivate var trimmingSpaces: String { String(Substring(self).trimmingSpaces) }
}
