extension TeXMath {
    /// The commands a README defines for its formulas (`\newcommand{\R}{\mathbb{R}}`,
    /// `\renewcommand`, `\providecommand`, `\def\norm#1{\lVert #1\rVert}`), as MathJax keeps
    /// them: each definition taken out of the formula, each use after it, in this formula and
    /// the README's later ones, replaced by its body with `#1` … `#9` filled in.
    ///
    /// Expansion is textual, before the formula is parsed, and bounded: a body may use other
    /// commands, but a stranger's definitions that double at each step (`\def\a{\b\b}`,
    /// `\def\b{\c\c}`, …) stop at `maxOutput` characters (and expansions) in the README or
    /// `maxDepth` levels, and what is left unexpanded shows as an unknown command, as any other does.
    struct Macros {
        private var definitions: [String: (arity: Int, body: String)] = [:]
        /// What expanding may still write in this README (each expansion counting one as well),
        /// so that no stranger's definitions cost more than a README of its size.
        private var budget = Self.maxOutput
        /// What expansions may write in one README, and how deep bodies may nest.
        static let maxOutput = 262_144
        static let maxDepth = 16

        /// `tex` with the definitions in it taken out (and kept) and every use expanded.
        mutating func expand(_ tex: String) -> String {
            // Most formulas define and use nothing: no copy made of them (the parser makes its
            // own of each), until a README defines a command.
            guard !definitions.isEmpty || tex.contains("command") || tex.contains("\\def") else { return tex }
            var output = ""
            expand(Array(tex.unicodeScalars)[...], into: &output, depth: 0)
            return output
        }

        private mutating func expand(_ text: ArraySlice<Unicode.Scalar>, into output: inout String, depth: Int) {
            var rest = text
            // Only what expansions write counts against the budget: the formula itself is the
            // README's own length.
            func spend(_ count: Int) -> Bool {
                guard depth > 0 else { return true }
                budget -= count
                return budget >= 0
            }
            while let first = rest.first {
                guard first == "\\", let name = Self.commandName(rest.dropFirst()) else {
                    guard spend(1) else { return }
                    output.unicodeScalars.append(first)
                    rest = rest.dropFirst()
                    continue
                }
                let afterName = rest.dropFirst(1 + name.count)
                let command = String(String.UnicodeScalarView(name))
                switch command {
                case "newcommand", "renewcommand", "providecommand", "def":
                    if let (definition, after) = Self.definition(afterName, def: command == "def") {
                        // `\providecommand` keeps a command already defined.
                        if command != "providecommand" || definitions[definition.name] == nil {
                            definitions[definition.name] = (definition.arity, definition.body)
                        }
                        rest = after
                        continue
                    }
                case _ where definitions[command] != nil && depth < Self.maxDepth && budget > 0:
                    budget -= 1
                    let (arity, body) = definitions[command]!
                    var arguments: [ArraySlice<Unicode.Scalar>] = []
                    var after = afterName
                    for _ in 0..<arity {
                        guard let (argument, next) = Self.argument(after) else { break }
                        arguments.append(argument)
                        after = next
                    }
                    if arguments.count == arity {
                        expand(Self.filled(body, with: arguments), into: &output, depth: depth + 1)
                        rest = after
                        continue
                    }
                default: break
                }
                // Any other command as written, its name whole (a `\R` inside `\Rightarrow` is not `\R`).
                guard spend(command.unicodeScalars.count + 1) else { return }
                output += "\\" + command
                rest = afterName
            }
        }

        /// A command's name after its `\`: letters, or one other character.
        private static func commandName(_ text: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar>? {
            guard let first = text.first else { return nil }
            guard first.isCommandLetter else { return text.prefix(1) }
            return text.prefix(while: \.isCommandLetter)
        }

        /// `{\name}[2]{body}` after `\newcommand` (or `\name` without braces), `\name#1#2{body}`
        /// after `\def`: the command defined, and what follows the definition.
        private static func definition(_ text: ArraySlice<Unicode.Scalar>, def: Bool)
            -> ((name: String, arity: Int, body: String), ArraySlice<Unicode.Scalar>)?
        {
            var rest = text.drop { $0 == " " }
            let braced = !def && rest.first == "{"
            if braced { rest = rest.dropFirst().drop { $0 == " " } }
            guard rest.first == "\\", let name = commandName(rest.dropFirst()) else { return nil }
            rest = rest.dropFirst(1 + name.count).drop { $0 == " " }
            if braced {
                guard rest.first == "}" else { return nil }
                rest = rest.dropFirst().drop { $0 == " " }
            }
            var arity = 0
            if def {
                // `#1#2…` up to the body's brace.
                while rest.first == "#", let digit = rest.dropFirst().first, ("1"..."9").contains(digit) {
                    arity += 1
                    rest = rest.dropFirst(2)
                }
            } else if rest.first == "[", let close = rest.firstIndex(of: "]"),
                let count = Int(String(String.UnicodeScalarView(rest[rest.index(after: rest.startIndex)..<close])))
            {
                arity = min(max(count, 0), 9)
                rest = rest[rest.index(after: close)...].drop { $0 == " " }
            }
            guard let (body, after) = argument(rest), rest.first == "{" else { return nil }
            return ((String(String.UnicodeScalarView(name)), arity, String(String.UnicodeScalarView(body))), after)
        }

        /// One argument: a `{…}` group's content (braces balanced, `\{` and `\}` not counted),
        /// or one command or character, after spaces; and what follows it.
        private static func argument(_ text: ArraySlice<Unicode.Scalar>)
            -> (ArraySlice<Unicode.Scalar>, ArraySlice<Unicode.Scalar>)?
        {
            let rest = text.drop { $0 == " " }
            guard let first = rest.first else { return nil }
            if first == "\\", let name = commandName(rest.dropFirst()) {
                let end = rest.index(rest.startIndex, offsetBy: 1 + name.count)
                return (rest[..<end], rest[end...])
            }
            guard first == "{" else { return (rest.prefix(1), rest.dropFirst()) }
            var level = 0
            var index = rest.startIndex
            while index < rest.endIndex {
                switch rest[index] {
                case "\\": index = rest.index(after: index)
                case "{": level += 1
                case "}":
                    level -= 1
                    if level == 0 { return (rest[rest.index(after: rest.startIndex)..<index], rest[(index + 1)...]) }
                default: break
                }
                index = rest.index(after: index)
            }
            return nil
        }

        /// `body` with `#1` … `#9` replaced by the arguments (each in a group, as TeX reads it).
        private static func filled(_ body: String, with arguments: [ArraySlice<Unicode.Scalar>])
            -> ArraySlice<Unicode.Scalar>
        {
            guard !arguments.isEmpty else { return Array(body.unicodeScalars)[...] }
            var result: [Unicode.Scalar] = []
            var scalars = body.unicodeScalars[...]
            while let scalar = scalars.popFirst() {
                if scalar == "#", let digit = scalars.first, let number = Int(String(digit)),
                    (1...arguments.count).contains(number)
                {
                    scalars.removeFirst()
                    result += ["{"] + arguments[number - 1] + ["}"]
                } else {
                    result.append(scalar)
                }
            }
            return result[...]
        }
    }
}
