import Foundation

/// Mustache text → `Template`. Which whitespace a tag takes with it follows swift-mustache
/// (the reader the themes were written against) step for step: a tag is "standalone", and
/// takes its line's indentation and line break with it, when it starts a line (or follows a
/// standalone tag that did) and only spaces and tabs follow it to the line's end.
extension Template {
    init(parsing text: String, name: String = "") throws(SyntaxError) {
        var parser = Parser(bytes: Array(text.utf8), name: name)
        do {
            self = try parser.parse(Parser.State())
        } catch {
            throw parser.syntaxError(error)
        }
    }

    /// What can be wrong, in words for a theme's author.
    enum Problem: Error {
        /// The closing tag's name as written; the section open there and the line it opens on.
        case closingTagMismatch(String, open: String?, line: Int)
        case unfinishedName
        /// The section's name as written (with its transforms), told where it opens.
        case unclosedSection(String)
        case unfinishedComment
        case badDelimiters
        case transformOnBlock
        case tagInsideParent
        case unknownPragma
        case nestedTooDeeply
        case unescapedText
        case valueInStyle

        var reason: String {
            switch self {
            case .closingTagMismatch(let name, nil, _): "{{/\(name)}} closes nothing: no section is open here"
            case .closingTagMismatch(let name, let open?, let line):
                "{{/\(name)}} does not close the section \(open), opened on line \(line): its closing tag is {{/\(open)}}"
            case .unfinishedName: "unfinished tag name"
            case .unclosedSection(let name):
                "the section \(name), opened here, is never closed: no {{/\(name)}} follows"
            case .unfinishedComment: "a comment is never closed"
            case .badDelimiters: "badly formed set-delimiter tag"
            case .transformOnBlock: "a transform cannot apply to an inherited section"
            case .tagInsideParent: "only {{$block}} overrides may sit directly inside {{<parent}}…{{/parent}}"
            case .unknownPragma: "the only pragma is {{% CONTENT_TYPE: HTML }}: every {{value}} is escaped as HTML"
            case .unescapedText:
                "only a value whose name ends in HTML (sanitised Markdown: readmeHTML, notesHTML), as it is, "
                    + "may be placed unescaped, with {{{…}}} or {{&…}}: any other is text, and must be escaped, "
                    + "and a transform would make other markup of the sanitised HTML"
            case .valueInStyle:
                "a value or a partial inside <style>…</style>, whose text is CSS: HTML escaping does nothing "
                    + "there, so a description could add rules of its own; keep data out of CSS (a class per case, "
                    + "or the page's text)"
            case .nestedTooDeeply:
                "sections nest more than \(Template.maxSectionNesting) deep here (is a closing tag missing?)"
            }
        }
    }

    struct Parser {
        let bytes: [UInt8]
        /// The name every template it makes is given.
        let name: String
        var position = 0
        /// Every tag read so far that names something (a value, a section, a partial, a
        /// block), in the order of the text: what the theme's load-time checks point at.
        var tagsRead: [Tag] = []
        /// Where the text's `<style>` elements run, from `<style` to `</style`: no value may
        /// be placed there (`Problem.valueInStyle`).
        lazy var styles: [Range<Int>] = Self.styleRanges(in: bytes)

        static func styleRanges(in bytes: [UInt8]) -> [Range<Int>] {
            func lowered(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
            func matches(_ word: String, at index: Int) -> Bool {
                let word = Array(word.utf8)
                guard index + word.count < bytes.count else { return false }
                return (0..<word.count).allSatisfy { lowered(bytes[index + $0]) == word[$0] }
                    && !(0x61...0x7A).contains(lowered(bytes[index + word.count]))
            }
            var ranges: [Range<Int>] = []
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<"), matches("<style", at: index) else {
                    index += 1
                    continue
                }
                var end = index + 6
                while end < bytes.count, !(bytes[end] == UInt8(ascii: "<") && matches("</style", at: end)) { end += 1 }
                ranges.append(index..<end)
                index = end + 1
            }
            return ranges
        }

        /// Refuses a value or a partial at `tag` inside a `<style>`.
        mutating func outsideStyles(_ tag: Int) throws(Problem) {
            guard !styles.contains(where: { $0.contains(tag) }) else {
                position = tag
                throw .valueInStyle
            }
        }

        struct State {
            /// The section being read and its transforms as written; nil at the top.
            var section: String?
            /// At the start of a line, or right after a standalone tag.
            var atLineStart = true
            var open: [UInt8] = Array("{{".utf8)
            var close: [UInt8] = Array("}}".utf8)
            /// Inside a parent's tag (`{{<layout}}…`), and directly in it rather than in a block.
            var inParent = false
            var directlyInParent = false
            /// The first line's indentation in a block of a parent: later lines lose as much.
            var blockIndentation: Int?
            /// How many sections, blocks and parents are open around this one.
            var depth = 0
            /// Where the tag that opened this one starts, for an error about it.
            var tag = 0

            func entering(_ name: String, atLineStart: Bool, tag: Int) -> State {
                var state = self
                state.tag = tag
                state.section = name
                state.depth += 1
                state.directlyInParent = false
                if !atLineStart { state.atLineStart = false }
                return state
            }

            func enteringParent(_ name: String, tag: Int) -> State {
                var state = self
                state.tag = tag
                state.section = name
                state.depth += 1
                state.atLineStart = true
                state.inParent = true
                state.directlyInParent = true
                return state
            }
        }

        mutating func parse(_ state: State) throws(Problem) -> Template {
            // Parsing and rendering go a call deeper for each: a thousand overflowed the stack.
            guard state.depth <= Template.maxSectionNesting else {
                position = state.tag
                throw .nestedTooDeeply
            }
            var nodes: [Node] = []
            var state = state
            var whitespace: ArraySlice<UInt8> = []
            func flush() {
                if !whitespace.isEmpty { nodes.append(textNode(whitespace)) }
                whitespace = []
            }
            while position < bytes.count {
                if state.atLineStart {
                    let indentation = read(while: Self.isSpaceOrTab)
                    if state.inParent, !state.directlyInParent {
                        if let first = state.blockIndentation {
                            whitespace = indentation.dropFirst(first)
                        } else {
                            state.blockIndentation = indentation.count
                        }
                    } else {
                        whitespace = indentation
                    }
                }
                let (text, foundTag) = readText(until: state.open)
                if !foundTag, let newline = newlineLength() {
                    nodes += textNodes(from: whitespace, text, through: position + newline)
                    position += newline
                    state.atLineStart = true
                    continue
                }
                if !text.isEmpty {
                    nodes += textNodes(from: whitespace, text, through: text.endIndex)
                    whitespace = []
                    state.atLineStart = false
                }
                guard foundTag, position < bytes.count else { break }
                var standalone = false
                let sigil = bytes[position]
                let tag = position - state.open.count
                // Told at the tag: after the parent's end, its place is lost.
                if state.directlyInParent, !"$!=%/".utf8.contains(sigil) {
                    position = tag
                    throw .tagInsideParent
                }
                switch sigil {
                case UInt8(ascii: "#"), UInt8(ascii: "^"):
                    position += 1
                    let name = try readName(state)
                    tagsRead.append(Tag(sigil: Character(UnicodeScalar(sigil)), name: name.written, offset: tag))
                    standalone = isStandalone(state)
                    if !standalone { flush() }
                    let inner = try parse(state.entering(name.written, atLineStart: standalone, tag: tag))
                    nodes.append(.section(name, inner, inverted: sigil == UInt8(ascii: "^")))

                case UInt8(ascii: "/"):
                    position += 1
                    let start = position
                    let name = try readName(state)
                    tagsRead.append(Tag(sigil: "/", name: name.written, offset: tag))
                    guard name.written == state.section else {
                        position = start
                        throw .closingTagMismatch(name.written, open: state.section, line: line(at: state.tag))
                    }
                    if !isStandalone(state) { flush() }
                    return Template(nodes: nodes, name: self.name)

                case UInt8(ascii: "!"):
                    position += 1
                    guard let end = find(state.close) else { throw .unfinishedComment }
                    position = end + state.close.count
                    standalone = isStandalone(state)

                case UInt8(ascii: "{"), UInt8(ascii: "&"):
                    flush()
                    position += 1
                    let name = try readName(state)
                    try outsideStyles(tag)
                    tagsRead.append(Tag(sigil: Character(UnicodeScalar(sigil)), name: name.written, offset: tag))
                    if sigil == UInt8(ascii: "{") {
                        guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
                            throw .unfinishedName
                        }
                        position += 1
                    }
                    // Sanitised HTML as it is: a transform (`reversed`, `uppercased`) would make
                    // other markup of it, which the sanitiser never saw.
                    guard name.path.last?.hasSuffix("HTML") == true, name.transforms.isEmpty else {
                        position = tag
                        throw .unescapedText
                    }
                    nodes.append(.value(name, escaped: false, at: tag))

                case UInt8(ascii: ">"):
                    position += 1
                    _ = read(while: Self.isWhitespace)
                    let isDynamic = bytes[safe: position] == UInt8(ascii: "*")
                    if isDynamic { position += 1 }
                    var name = try readPartialName(state)
                    try outsideStyles(tag)
                    name.isDynamic = isDynamic
                    tagsRead.append(Tag(sigil: ">", name: (isDynamic ? "*" : "") + name.written, offset: tag))
                    if !whitespace.isEmpty { nodes.append(textNode(whitespace)) }
                    standalone = isStandalone(state)
                    let indentation = standalone ? String(decoding: whitespace, as: UTF8.self) : nil
                    nodes.append(.partial(name, indentation: indentation, overrides: nil))
                    whitespace = []

                case UInt8(ascii: "<"):
                    position += 1
                    _ = read(while: Self.isWhitespace)
                    let written = try readPartialName(state).written
                    tagsRead.append(Tag(sigil: "<", name: written, offset: tag))
                    var name = Name(
                        written: written, start: .searched, path: [String(written.drop { $0 == "*" })], transforms: [])
                    name.isDynamic = written.hasPrefix("*")
                    if !whitespace.isEmpty { nodes.append(textNode(whitespace)) }
                    standalone = isStandalone(state)
                    var overrides: [String: Template] = [:]
                    for node in try parse(state.enteringParent(written, tag: tag)).nodes {
                        switch node {
                        case .override(let block, let template): overrides[block] = template
                        case .text: break
                        default: throw .tagInsideParent
                        }
                    }
                    nodes.append(
                        .partial(name, indentation: String(decoding: whitespace, as: UTF8.self), overrides: overrides))
                    whitespace = []

                case UInt8(ascii: "$"):
                    position += 1
                    let name = try readName(state)
                    tagsRead.append(Tag(sigil: "$", name: name.written, offset: tag))
                    guard name.transforms.isEmpty else { throw .transformOnBlock }
                    if state.directlyInParent {
                        standalone = isStandalone(state)
                        let inner = try parse(state.entering(name.written, atLineStart: standalone, tag: tag))
                        nodes.append(.override(name.written, inner))
                    } else {
                        if !whitespace.isEmpty { nodes.append(textNode(whitespace)) }
                        standalone = isStandalone(state)
                        let inner = try parse(state.entering(name.written, atLineStart: standalone, tag: tag))
                        nodes.append(
                            .block(
                                name.written, fallback: inner, indentation: String(decoding: whitespace, as: UTF8.self))
                        )
                        whitespace = []
                    }

                case UInt8(ascii: "="):
                    position += 1
                    try readDelimiters(&state)
                    standalone = isStandalone(state)

                case UInt8(ascii: "%"):
                    // swift-mustache's content-type pragma; HTML is the only kind of page here.
                    position += 1
                    guard let end = find(state.close) else { throw .unknownPragma }
                    let pragma = String(decoding: bytes[position..<end], as: UTF8.self)
                        .split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                    guard pragma == ["CONTENT_TYPE", "HTML"] else { throw .unknownPragma }
                    position = end + state.close.count
                    standalone = isStandalone(state)

                default:
                    flush()
                    let name = try readName(state)
                    try outsideStyles(tag)
                    tagsRead.append(Tag(sigil: nil, name: name.written, offset: tag))
                    nodes.append(.value(name, escaped: true, at: tag))
                }
                state.atLineStart = standalone
            }
            if let section = state.section {
                position = state.tag
                throw .unclosedSection(section)
            }
            return Template(nodes: nodes, name: self.name)
        }

        // MARK: Reading

        /// A text node of whitespace read at a line's start.
        private func textNode(_ whitespace: ArraySlice<UInt8>) -> Node {
            .text(String(decoding: whitespace, as: UTF8.self), at: whitespace.startIndex)
        }

        /// The text nodes of the whitespace read at a line's start (it may be empty) and the
        /// text after it to `end`: one node where they are one run of the file's bytes (a
        /// block's line that loses its first indentation loses what comes before it), two
        /// where a tag that renders nothing stood between (`  {{! note }} text`).
        private func textNodes(from whitespace: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>, through end: Int)
            -> [Node]
        {
            guard whitespace.isEmpty || whitespace.endIndex == text.startIndex else {
                return [
                    textNode(whitespace),
                    .text(String(decoding: bytes[text.startIndex..<end], as: UTF8.self), at: text.startIndex),
                ]
            }
            let start = whitespace.isEmpty ? text.startIndex : whitespace.startIndex
            return [.text(String(decoding: bytes[start..<end], as: UTF8.self), at: start)]
        }

        private static func isSpaceOrTab(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        }

        private static func isWhitespace(_ byte: UInt8) -> Bool {
            isSpaceOrTab(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }

        /// The length of the line break at the position, if one is there.
        private func newlineLength() -> Int? {
            switch bytes[safe: position] {
            case UInt8(ascii: "\n"): 1
            case UInt8(ascii: "\r") where bytes[safe: position + 1] == UInt8(ascii: "\n"): 2
            default: nil
            }
        }

        private mutating func read(while accepted: (UInt8) -> Bool) -> ArraySlice<UInt8> {
            let start = position
            while position < bytes.count, accepted(bytes[position]) { position += 1 }
            return bytes[start..<position]
        }

        private func find(_ needle: [UInt8]) -> Int? {
            var index = position
            while index + needle.count <= bytes.count {
                if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }

        /// Text up to a line break (left unread) or a tag's opening delimiter (read past).
        private mutating func readText(until open: [UInt8]) -> (text: ArraySlice<UInt8>, foundTag: Bool) {
            let start = position
            while position < bytes.count {
                if newlineLength() != nil { return (bytes[start..<position], false) }
                if bytes[position] == open[0], bytes[position...].starts(with: open) {
                    let text = bytes[start..<position]
                    position += open.count
                    return (text, true)
                }
                position += 1
            }
            return (bytes[start..<position], false)
        }

        /// The rest of the line is spaces and tabs, and the tag began one: read past its end.
        private mutating func isStandalone(_ state: State) -> Bool {
            guard state.atLineStart else { return false }
            if position == bytes.count { return true }
            let start = position
            _ = read(while: Self.isSpaceOrTab)
            if let newline = newlineLength() {
                position += newline
                return true
            }
            if position == bytes.count { return true }
            position = start
            return false
        }

        private static let nameBytes = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*".utf8)

        /// A value's name and the tag's closing delimiter.
        private mutating func readName(_ state: State) throws(Problem) -> Name {
            _ = read(while: Self.isWhitespace)
            let written = read { Self.nameBytes.contains($0) || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }
            _ = read(while: Self.isWhitespace)
            guard bytes[position...].starts(with: state.close) else { throw .unfinishedName }
            position += state.close.count
            return try Self.name(String(decoding: written, as: UTF8.self))
        }

        /// A partial's name (which may hold `/`) and the closing delimiter.
        private mutating func readPartialName(_ state: State) throws(Problem) -> Name {
            _ = read(while: Self.isWhitespace)
            let written = read { Self.nameBytes.contains($0) || "()/".utf8.contains($0) }
            _ = read(while: Self.isWhitespace)
            guard bytes[position...].starts(with: state.close) else { throw .unfinishedName }
            position += state.close.count
            let text = String(decoding: written, as: UTF8.self)
            return Name(written: text, start: .searched, path: [text], transforms: [])
        }

        /// `a(b(c.d))` → `c.d` with the transforms `b`, then `a`.
        static func name(_ written: String) throws(Problem) -> Name {
            var parts = written.split(separator: "(", omittingEmptySubsequences: false)
            var transforms: [String] = []
            if parts.count > 1 {
                let closing = parts.count - 1
                guard let last = parts.popLast(), last.hasSuffix(String(repeating: ")", count: closing)) else {
                    throw .unfinishedName
                }
                let parameter = last.dropLast(closing)
                guard !parameter.contains(")") else { throw .unfinishedName }
                transforms = parts.reversed().map(String.init)
                parts = [parameter]
            }
            let parameter = parts[0]
            guard !parameter.contains(")"), !transforms.contains(where: \.isEmpty) else { throw .unfinishedName }
            let path = parameter.split(separator: ".").map(String.init)
            let start: Name.Start =
                if parameter == "." || (parameter.isEmpty && transforms.isEmpty) {
                    .current
                } else if parameter.isEmpty {
                    .position
                } else if parameter.hasPrefix(".") {
                    .innermost
                } else {
                    .searched
                }
            return Name(written: written, start: start, path: path, transforms: transforms)
        }

        /// `{{=<% %>=}}`: two delimiters of no whitespace, then `=` and the current closing one.
        private mutating func readDelimiters(_ state: inout State) throws(Problem) {
            _ = read(while: Self.isWhitespace)
            let open = read { !Self.isWhitespace($0) }
            _ = read(while: Self.isWhitespace)
            let close = read { !Self.isWhitespace($0) && $0 != UInt8(ascii: "=") }
            _ = read(while: Self.isWhitespace)
            guard !open.isEmpty, !close.isEmpty, bytes[safe: position] == UInt8(ascii: "=") else {
                throw .badDelimiters
            }
            position += 1
            guard bytes[position...].starts(with: state.close) else { throw .badDelimiters }
            position += state.close.count
            state.open = Array(open)
            state.close = Array(close)
            state.directlyInParent = false
        }

        /// The line (from 1) the byte at `offset` is on.
        func line(at offset: Int) -> Int {
            TextLines.line(at: offset, of: bytes).line
        }

        /// `problem` where the reading stopped, as a line and a column (in characters) of the text.
        func syntaxError(_ problem: Problem) -> SyntaxError {
            let end = min(position, bytes.count)
            let (line, lineStart) = TextLines.line(at: end, of: bytes)
            let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
            return SyntaxError(line: line, column: column, reason: problem.reason)
        }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
