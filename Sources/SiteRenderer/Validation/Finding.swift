/// One rule a published file breaks, and where.
public struct Finding: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Path relative to the site's folder.
    public var file: String
    public var line: Int
    public var column: Int
    /// A short stable name of the rule, e.g. `duplicate-id`, `broken-link`.
    public var rule: String
    public var message: String
    /// Where in a theme's template the text at fault came from
    /// (`mytheme/templates/card.mustache:4:29`, or the value a tag there placed): found for
    /// the first few findings of each kind in a page (`SiteBuild.traced`); nil for the others.
    public var origin: String?
    /// For an element misnested in another (a `<div>` inside a `<p>`), where that other one
    /// starts in the page: often the mistake, in another template than the element's.
    public var holder: Holder?
    /// Where in a theme's template the holder came from, as `origin` says the element's.
    public var holderOrigin: String?

    /// An open element that holds the one at fault, and where its start tag opens.
    public struct Holder: Sendable, Hashable {
        public var element: String
        public var line: Int
        public var column: Int
    }

    public init(file: String, line: Int, column: Int, rule: String, message: String, origin: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.message = message
        self.origin = origin
    }

    /// Its rule and message, less the line numbers libxml2 writes into some of its messages
    /// ("tag mismatch: b line 44 and li"): one mistake in a template is one kind of finding on
    /// every page it makes, wherever on the page it lands.
    public var kind: String {
        var kind = rule + "\u{0}"
        var rest = message[...]
        while let line = rest.firstRange(of: "line ") {
            kind += rest[..<line.upperBound]
            rest = rest[line.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty { kind += "N" }
            rest = rest.dropFirst(digits.count)
        }
        return kind + rest
    }

    public var description: String {
        var text = "\(file):\(line):\(column): \(message) [\(rule)]"
        guard let origin else { return text }
        text += " (from \(origin)"
        if let holder, let holderOrigin { text += "; its <\(holder.element)> from \(holderOrigin)" }
        return text + ")"
    }

    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.rule) < (rhs.file, rhs.line, rhs.column, rhs.rule)
    }
}
