/// What must be true of TOML text before TOMLKit may parse it.
///
/// TOMLKit 0.6 parses with toml++ 3.4, which asserts (and so aborts the whole process, in
/// release builds too) on a table header whose name starts with a character that cannot
/// start a key: `[é]`, `[=]`, `[[[x]]]`. `make fuzz` found it in the configuration parser;
/// `theme.toml` goes through the same code. Every TOML text this project reads is checked
/// here first, so such a file is an error naming its line, never a crash.
public enum TOMLGuard {
    /// A table header toml++ cannot be trusted with.
    public struct UnsafeHeader: Sendable, Equatable {
        /// 1-based, in Unicode scalars as toml++ counts them.
        public var line: Int
        public var column: Int
        /// The character where a key should start.
        public var found: String
        /// The text before the header's line: parse it first, so an earlier mistake in the
        /// file is the one reported.
        public var textBefore: String

        public var message: String {
            "a table header must start with a key (ASCII letters, digits, '-', '_', or a quoted name), found '\(found)'"
        }
    }

    /// The first table header whose name starts with a character no key starts with; nil
    /// when there is none. Strings, comments and values (arrays span lines) are skipped as
    /// toml++ skips them, so a `[` inside them is never taken for a header.
    public static func unsafeHeader(in text: String) -> UnsafeHeader? {
        let scalars = Array(text.unicodeScalars)
        var scanner = Scanner(scalars: scalars)
        while let header = scanner.nextHeader() {
            var index = header.index + 1
            index = scanner.skipBlanks(from: index)
            // `[[`: an array of tables, when the second bracket follows at once (toml++
            // rejects `[ [` itself, safely).
            if index == header.index + 1, index < scalars.count, scalars[index] == "[" {
                index = scanner.skipBlanks(from: index + 1)
            }
            guard index < scalars.count else { return nil }
            let first = scalars[index]
            if first == "]" || first == "\"" || first == "'" || isBareKeyCharacter(first) {
                scanner.position = index
                continue
            }
            var before = String.UnicodeScalarView()
            before.append(contentsOf: scalars[..<header.lineStart])
            return UnsafeHeader(
                line: header.line, column: index - header.lineStart + 1, found: String(Character(first)),
                textBefore: String(before))
        }
        return nil
    }

    /// TOML 1.0's bare keys: ASCII letters, digits, `-` and `_`.
    static func isBareKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
        default: return false
        }
    }
}
