/// What must be true of TOML text before TOMLKit may parse it.
///
/// TOMLKit 0.6 parses with toml++ 3.4, which asserts (and so aborts the whole process, in
/// release builds too) on some malformed input: a table header whose name starts with a
/// character no key starts with (`[é]`, `[[[x]]]`), or a value that looks like a date and
/// time but is not one (`1979-05-27T:`, `1979-05-27 1`). `make fuzz` found them in the
/// configuration parser; `theme.toml` goes through the same code. So every TOML text this
/// project reads is checked here first, and such a file is an error at its line, never a
/// crash.
///
/// Headers are checked as toml++ reads them. Values are held to the part of TOML that
/// repodigest's files use, which toml++ parses safely: strings, integers, `true` and
/// `false`, arrays and inline tables. A date or a float is refused here rather than later
/// as a wrong type, since no key takes one.
public enum TOMLGuard {
    /// A place in the text toml++ cannot be trusted with.
    public struct Problem: Sendable, Equatable {
        /// 1-based, in Unicode scalars as toml++ counts them.
        public var line: Int
        public var column: Int
        public var message: String
        /// The text before the line where the problem's key or header starts: whole TOML,
        /// to parse first, so that an earlier mistake in the file is the one reported.
        public var textBefore: String
    }

    /// The first problem in `text`, or nil when toml++ may parse it.
    public static func problem(in text: String) -> Problem? {
        let scalars = Array(text.unicodeScalars)
        var scanner = Scanner(scalars: scalars)
        let structural = scanner.firstProblem()
        guard let control = controlCharacterProblem(in: scalars) else { return structural }
        guard let structural else { return control }
        return (structural.line, structural.column) < (control.line, control.column) ? structural : control
    }

    /// The first character TOML forbids anywhere in a file, even in strings and comments:
    /// U+0000 to U+001F but tab and line feed, U+007F, and a carriage return that does not
    /// end a line. TOMLKit hands the text to toml++ as a C string, so a NUL ends the file
    /// there: everything after it, unknown keys too, would be silently ignored.
    static func controlCharacterProblem(in scalars: [Unicode.Scalar]) -> Problem? {
        var line = 1
        var lineStart = 0
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x0A:
                line += 1
                lineStart = index + 1
                continue
            case 0x09:
                continue
            case 0x0D where index + 1 < scalars.count && scalars[index + 1] == "\n":
                continue
            case 0x00...0x1F, 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let name = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
                return Problem(
                    line: line, column: index - lineStart + 1,
                    message: "the control character \(name) is not allowed in TOML, not even in a string or a comment "
                        + "(write it as an escape such as \\u0000 in a string)",
                    textBefore: "")
            default:
                continue
            }
        }
        return nil
    }

    /// The most parts a dotted key or table header may have (`a.b.c` has three).
    static let maximumKeyParts = 64

    /// TOML 1.0's bare keys: ASCII letters, digits, `-` and `_`.
    static func isBareKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
        default: return false
        }
    }

    /// Whether `token` is a number TOML has but repodigest does not read: a fraction (`2.5`),
    /// an exponent (`1e3`), an infinity or not-a-number (`inf`, `-nan`). A digit comes first,
    /// as in TOML (`e2` is a word that wanted quotes, not a number).
    static func isNumberNotWhole(_ token: String) -> Bool {
        var body = Substring(token.lowercased())
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        if body == "inf" || body == "nan" { return true }
        guard body.first?.isASCII == true, body.first?.isNumber == true,
            body.contains(where: { $0 == "." || $0 == "e" })
        else { return false }
        return body.allSatisfy { $0.isASCII && ($0.isNumber || "._e+-".contains($0)) }
    }

    /// Whether `token`, an integer as `isSupportedBareValue` reads it, is past what 64 bits
    /// hold (TOML's integers are 64-bit; TOMLKit's message for it named a column past the line).
    static func isIntegerTooLarge(_ token: String) -> Bool {
        let digits = token.filter { $0 != "_" }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            return Int64(digits.dropFirst(2), radix: radix) == nil
        }
        return digits != "true" && digits != "false"
            && Int64(digits.hasPrefix("+") ? String(digits.dropFirst()) : digits) == nil
    }

    /// A value written without quotes or brackets that repodigest reads: `true`, `false`,
    /// or an integer in any of TOML's notations (`-42`, `1_000`, `0xff`, `0o17`, `0b101`).
    static func isSupportedBareValue(_ token: String) -> Bool {
        if token == "true" || token == "false" { return true }
        let scalars = Array(token.unicodeScalars)
        func digits(_ body: ArraySlice<Unicode.Scalar>, _ isDigit: (Unicode.Scalar) -> Bool) -> Bool {
            // Underscores only between digits, as TOML says.
            guard let first = body.first, let last = body.last, isDigit(first), isDigit(last) else { return false }
            var previous: Unicode.Scalar = "0"
            for scalar in body {
                guard isDigit(scalar) || (scalar == "_" && previous != "_") else { return false }
                previous = scalar
            }
            return true
        }
        if scalars.count > 2, scalars[0] == "0", ["x", "o", "b"].contains(scalars[1]) {
            let body = scalars[2...]
            switch scalars[1] {
            case "x": return digits(body) { $0.properties.isASCIIHexDigit }
            case "o": return digits(body) { ("0"..."7").contains($0) }
            default: return digits(body) { $0 == "0" || $0 == "1" }
            }
        }
        let unsigned = scalars.first == "+" || scalars.first == "-" ? scalars.dropFirst() : scalars[...]
        let decimal: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
        // No leading zeros, as TOML says: `0` alone, or a number starting 1 to 9. Of any
        // length: one past 64 bits is then refused (`isIntegerTooLarge`) before TOMLKit reads it.
        return unsigned.elementsEqual(["0"]) || (unsigned.first != "0" && digits(unsigned, decimal))
    }
}
