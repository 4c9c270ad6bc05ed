extension TOMLGuard {
    /// The line where the key at `path` is written, for a message about its value: TOMLKit
    /// keeps no positions for values, so the configuration and `theme.toml` find it here.
    ///
    /// The key as written under its table (`[digest]` then `page_size =`), dotted
    /// (`digest.page_size =`) or quoted; else the first line that writes something under it
    /// (`extra.foo =` or `[extra.sub]` for `extra`); else, for a key inside an inline table or
    /// an array of them (`searches = [{ … }]`), the line of the deepest table around it. Lines
    /// inside a multi-line string are never taken for keys. Nil where nothing names it.
    public static func line(of path: [String], in text: String) -> Int? {
        var section: [String] = []
        var inner: Int?
        var outer: (depth: Int, line: Int)?
        for (number, line) in statements(lines(of: text)) {
            let key: [String]
            if isHeader(line), let end = line.firstIndex(of: "]") {
                section = keyParts(line[..<end].drop { $0 == "[" })
                key = section
            } else if !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                key = section + keyParts(line[..<equals])
            } else {
                continue
            }
            if key == path { return number }
            if key.count > path.count, key.starts(with: path), inner == nil { inner = number }
            if key.count < path.count, path.starts(with: key), key.count > outer?.depth ?? 0 {
                outer = (key.count, number)
            }
        }
        return inner ?? outer?.line
    }

    /// The text's lines. "\r\n" is one Character in Swift, so a file with Windows line ends
    /// is split on both.
    private static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    /// A table's header (`[digest]`, `[[digest.searches]]`), as the lines read it.
    private static func isHeader(_ line: Substring) -> Bool {
        line.hasPrefix("[") && line.contains("]")
    }

    /// Each line that is not inside a multi-line string, trimmed, with its number (from 1):
    /// the lines a key or a header may be written on.
    private static func statements(_ lines: [Substring]) -> [(number: Int, line: Substring)] {
        var statements: [(number: Int, line: Substring)] = []
        var string: String?  // the delimiter of the multi-line string being read
        for (index, raw) in lines.enumerated() {
            let line = trimmed(raw)
            if let delimiter = string {
                if occurrences(of: delimiter, in: line) % 2 == 1 { string = nil }
                continue
            }
            statements.append((index + 1, line))
            // A multi-line string opens where a key's value starts with its delimiter and does
            // not close on the same line.
            if !isHeader(line), !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                let value = trimmed(uncommented(line[line.index(after: equals)...]))
                string = ["\"\"\"", "'''"].first { value.hasPrefix($0) && occurrences(of: $0, in: value) == 1 }
            }
        }
        return statements
    }

    /// A line's value without its comment: up to the first `#` outside quotes.
    private static func uncommented(_ value: Substring) -> Substring {
        var quote: Character?
        for index in value.indices {
            let character = value[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                return value[..<index]
            }
        }
        return value
    }

    /// A dotted key's parts as TOML reads them (`a . "b"` as ["a", "b"]): bare, `"basic"` (its
    /// escapes read: `"ti\u0074le"` is `title`) or `'literal'`, a dot inside quotes part of its
    /// part (`"a.b"` is one).
    static func keyParts(_ key: Substring) -> [String] {
        var parts: [String] = []
        var part = ""
        var scalars = key.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case ".":
                parts.append(part)
                part = ""
            case " ", "\t": continue  // around a part; never in a bare one
            case "'":
                while let next = scalars.popFirst(), next != "'" { part.unicodeScalars.append(next) }
            case "\"":
                while let next = scalars.popFirst(), next != "\"" {
                    guard next == "\\", let escape = scalars.popFirst() else {
                        part.unicodeScalars.append(next)
                        continue
                    }
                    switch escape {
                    case "u", "U":
                        let digits = String(String.UnicodeScalarView(scalars.prefix(escape == "u" ? 4 : 8)))
                        scalars = scalars.dropFirst(digits.unicodeScalars.count)
                        if let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) {
                            part.unicodeScalars.append(decoded)
                        }
                    case "n": part += "\n"
                    case "t": part += "\t"
                    case "r": part += "\r"
                    case "b": part += "\u{8}"
                    case "f": part += "\u{C}"
                    case "e": part += "\u{1B}"
                    default: part.unicodeScalars.append(escape)
                    }
                }
            default: part.unicodeScalars.append(scalar)
            }
        }
        parts.append(part)
        return parts
    }

    /// Without what `drop` says at either end: by default TOML's white space, spaces and tabs.
    private static func trimmed(_ text: Substring, while drop: (Character) -> Bool = { $0 == " " || $0 == "\t" })
        -> Substring
    {
        guard let first = text.firstIndex(where: { !drop($0) }), let last = text.lastIndex(where: { !drop($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
    }

    private static func occurrences(of needle: String, in text: Substring) -> Int {
        var count = 0
        var rest = text[...]
        while let found = rest.firstRange(of: needle) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }
}

extension TOMLGuard {
    /// The line where element `index` (from 0) of the array of tables at `path` starts: its
    /// `[[path]]` header, or the `{` of an inline table in `path = [{ … }, { … }]`. A message
    /// about one search of several names its line, not the line of the array. Nil where the
    /// text holds no such element (the array written another way).
    public static func line(ofElement index: Int, in path: [String], text: String) -> Int? {
        let textLines = lines(of: text)
        // `[[path]]` headers, outside multi-line strings, as `line(of:)` reads them.
        let headers = statements(textLines).compactMap { number, line -> Int? in
            guard line.hasPrefix("[["), let end = line.firstRange(of: "]]"),
                keyParts(line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]) == path
            else { return nil }
            return number
        }
        if !headers.isEmpty { return index < headers.count ? headers[index] : nil }
        guard let start = line(of: path, in: text) else { return nil }
        return inlineTable(index, after: textLines[(start - 1)...].joined(separator: "\n"), firstLine: start)
    }

    /// The line where element `index` starts (the `{` of an inline table, or any other value)
    /// in the array that is the value after the first `=` of `text`, which starts at line
    /// `firstLine`.
    private static func inlineTable(_ index: Int, after text: String, firstLine: Int) -> Int? {
        let scalars = Array(text.unicodeScalars)
        guard var position = scalars.firstIndex(of: "=") else { return nil }
        var (line, depth, found) = (firstLine, 0, 0)
        /// Whether the next value in the array (past spaces, line breaks and comments) starts an element.
        var awaiting = false
        while position < scalars.count {
            let scalar = scalars[position]
            if depth == 1, awaiting, !" \t\r\n,#]".unicodeScalars.contains(scalar) {
                if found == index { return line }
                found += 1
                awaiting = false
            }
            switch scalar {
            case "\n": line += 1
            case "#":
                while position + 1 < scalars.count, scalars[position + 1] != "\n" { position += 1 }
            case "\"", "'":
                // A string, one-line or multi-line, its escapes skipped in basic strings.
                let triple =
                    position + 2 < scalars.count && scalars[position + 1] == scalar && scalars[position + 2] == scalar
                position += triple ? 3 : 1
                while position < scalars.count {
                    if scalars[position] == "\n" { line += 1 }
                    if scalar == "\"", scalars[position] == "\\" {
                        // A multi-line string's line-ending backslash escapes the line break.
                        if position + 1 < scalars.count, scalars[position + 1] == "\n" { line += 1 }
                        position += 2
                        continue
                    }
                    if scalars[position] == scalar,
                        !triple
                            || (position + 2 < scalars.count && scalars[position + 1] == scalar
                                && scalars[position + 2] == scalar)
                    {
                        position += triple ? 2 : 0
                        break
                    }
                    // A one-line string ends at its line's end, closed or not.
                    if !triple, scalars[position] == "\n" { break }
                    position += 1
                }
            case ",":
                if depth == 1 { awaiting = true }
            case "[", "{":
                depth += 1
                if depth == 1 { awaiting = true }
            case "]", "}":
                depth -= 1
                if depth <= 0 { return nil }
            default: break
            }
            position += 1
        }
        return nil
    }
}
