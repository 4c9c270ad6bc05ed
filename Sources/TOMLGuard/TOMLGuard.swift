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
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        return scanner.firstProblem()
    }

    /// TOML 1.0's bare keys: ASCII letters, digits, `-` and `_`.
    static func isBareKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
        default: return false
        }
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
        // No leading zeros, as TOML says: `0` alone, or a number starting 1 to 9.
        return unsigned.count <= 24 && (unsigned.elementsEqual(["0"]) || (unsigned.first != "0" && digits(unsigned, decimal)))
    }
}
