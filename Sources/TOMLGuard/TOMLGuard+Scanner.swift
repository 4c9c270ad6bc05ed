extension TOMLGuard {
    /// Walks TOML text the way toml++ reads its structure: a `[` is a table header only at
    /// the start of a line (after blanks) and outside a value; strings and comments hide
    /// everything in them; a value's brackets and braces may span lines.
    struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0
        private var line = 1
        private var lineStart = 0
        private var atLineStart = true
        private var inValue = false
        private var depth = 0

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        /// The next `[` that opens a table header: its index, line, and where its line starts.
        mutating func nextHeader() -> (index: Int, line: Int, lineStart: Int)? {
            while position < scalars.count {
                let scalar = scalars[position]
                switch scalar {
                case "\n":
                    line += 1
                    lineStart = position + 1
                    if depth == 0 {
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
                    skipString(quote: scalar)
                case "[" where !inValue && atLineStart:
                    atLineStart = false
                    return (position, line, lineStart)
                case "[", "{":
                    if inValue { depth += 1 }
                case "]", "}":
                    if inValue { depth = max(0, depth - 1) }
                case "=":
                    inValue = true
                default:
                    break
                }
                atLineStart = false
                position += 1
            }
            return nil
        }

        func skipBlanks(from index: Int) -> Int {
            var index = index
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
            return index
        }

        /// From an opening quote to its closing one (the last scalar of the string). Basic
        /// strings (`"`) have backslash escapes; single-line strings end at a line break
        /// (an error toml++ reports), multi-line ones (`"""`, `'''`) count their lines.
        private mutating func skipString(quote: Unicode.Scalar) {
            let triple = position + 2 < scalars.count && scalars[position + 1] == quote && scalars[position + 2] == quote
            position += triple ? 3 : 1
            while position < scalars.count {
                let scalar = scalars[position]
                if scalar == "\\" && quote == "\"" {
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
                        return
                    }
                    line += 1
                    lineStart = position + 1
                }
                if scalar == quote {
                    if !triple { return }
                    if position + 2 < scalars.count && scalars[position + 1] == quote && scalars[position + 2] == quote {
                        // Up to two more quotes may belong to the string: `""""` ends one later.
                        var end = position + 2
                        while end + 1 < scalars.count && scalars[end + 1] == quote && end - position < 4 { end += 1 }
                        position = end
                        return
                    }
                }
                position += 1
            }
        }
    }
}
