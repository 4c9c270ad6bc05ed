extension HTMLSanitiser {
    /// The elements GitHub's sanitiser keeps (html-pipeline's allowlist), less the ones HTML5
    /// made obsolete, which are renamed (`tt`, `strike`) or unwrapped to their content.
    static let keptElements: Set<String> = [
        "a", "abbr", "b", "bdo", "blockquote", "br", "caption", "cite", "code", "dd", "del", "details", "dfn",
        "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img",
        "ins", "kbd", "li", "mark", "ol", "p", "picture", "pre", "q", "rp", "rt", "ruby", "s", "samp", "small",
        "source", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
        "time", "tr", "ul", "var", "wbr",
        // Only cmark's footnotes (`class="footnotes"`); any other is unwrapped.
        "section",
    ]

    /// The elements of a line that a `<div class="inline inline-NAME">` stands for when a
    /// block is written inside one (`Writer.inlineToDiv`): those whose look the themes give
    /// the `<div>`, and whose attributes a `<div>` may carry.
    static let inlineAsDiv: Set<String> = [
        "abbr", "b", "bdi", "bdo", "cite", "code", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp", "small", "span",
        "strong", "sub", "sup", "u", "var",
    ]

    /// Obsolete names GitHub keeps, written as their HTML5 equivalents.
    static let renamed: [String: String] = ["tt": "code", "strike": "s", "h7": "h6", "h8": "h6"]

    /// Elements whose content goes with them: script, styles, embedded documents, forms, and
    /// the foreign content (SVG, MathML) whose parsing rules differ from HTML's. (A `video`
    /// is written anew or goes, content and all: `writeVideo`; an `embed` goes alone, being
    /// void.)
    static let droppedWithContent: Set<String> = [
        "applet", "audio", "base", "button", "canvas", "datalist", "dialog", "frame", "frameset",
        "head", "iframe", "link", "math", "meta", "noembed", "noframes", "noscript", "object", "option",
        "output", "plaintext", "portal", "script", "select", "style", "svg", "template", "textarea", "title",
        "xmp",
    ]

    /// Void elements, written self-closed for the XML parser of the validator.
    static let voidElements: Set<String> = ["br", "hr", "img", "source", "wbr", "input"]

    /// Attributes any kept element may have, with the values each may take (nil: any text).
    static let globalAttributes: [String: Set<String>?] = ["title": nil, "dir": ["ltr", "rtl", "auto"]]

    /// Attributes particular elements may have, beyond the global ones and the URL attributes.
    static let elementAttributes: [String: [String: AttributeValue]] = [
        "img": ["alt": .text, "width": .number, "height": .number, "hspace": .number, "vspace": .number],
        "br": ["clear": .oneOf(["left", "right", "all", "both"])],
        // No `width` or `height`: the W3C checker allows neither on a source.
        "source": ["media": .text, "type": .text],
        "td": ["colspan": .number, "rowspan": .number, "width": .number],
        "th": [
            "colspan": .number, "rowspan": .number, "width": .number,
            "scope": .oneOf(["row", "col", "rowgroup", "colgroup"]),
        ],
        "table": ["width": .number],
        "ol": ["start": .number, "reversed": .flag, "type": .oneOf(["1", "a", "A", "i", "I"])],
        "details": ["open": .flag],
        "time": ["datetime": .text],
        "abbr": ["title": .text],
    ]

    enum AttributeValue {
        case text, number, flag
        case oneOf(Set<String>)
    }

    /// Classes the renderer itself writes (alerts, syntax colouring, task lists, alignment),
    /// which the themes style. A README that writes one by hand only borrows a look; every
    /// other class is dropped, as GitHub drops them.
    static let keptClasses: Set<String> = {
        var classes: Set<String> = [
            "align-left", "align-center", "align-right", "align-justify", "valign-top", "valign-middle",
            "valign-bottom", "valign-baseline", "task-list-item", "task-checkbox", "task-done",
            "markdown-alert", "markdown-alert-title", "footnotes", "bare-item",
        ]
        for kind in Alert.allCases { classes.insert("markdown-alert-\(kind.rawValue)") }
        for token in SyntaxHighlighter.TokenKind.allCases { classes.insert(token.className) }
        for language in SyntaxHighlighter.Language.allCases { classes.insert("language-\(language.rawValue)") }
        return classes
    }()

    /// HTML 4 `align`, obsolete in HTML5, as the classes the themes style.
    static let alignments: Set<String> = ["left", "center", "right", "justify"]

    /// HTML 4's vertical alignments, obsolete in HTML5 and still how READMEs lay out a grid
    /// of cells (`<td valign="top">`) or an icon beside a heading (`<img align="middle">`),
    /// as the `valign-` class the themes style: each value an element may give, and its class.
    static func verticalAlignment(of element: String, valign: String?, align: String?) -> String? {
        switch element {
        case "td", "th", "tr":
            guard let valign, ["top", "middle", "bottom", "baseline"].contains(valign) else { return nil }
            return valign
        case "img":
            switch align {
            case "top"?, "texttop"?: return "top"
            case "middle"?, "absmiddle"?, "center"?: return "middle"
            case "bottom"?, "absbottom"?: return "bottom"
            default: return nil
            }
        default: return nil
        }
    }

    /// Whether `value` is a media query list as the W3C checker reads one, in the forms
    /// READMEs use (`(prefers-color-scheme: dark)`, `screen and (max-width: 600px)`): media
    /// types and `and`, `not`, `only`, `or` between features in parentheses, each a name or a
    /// name and a value. A length (a width, a height) has its unit. Anything else is told no:
    /// the source it is on, which a browser would never pick, goes.
    static func isMediaQueryList(_ value: String) -> Bool {
        value.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { query in
            // Terms (a media type, or a feature in parentheses) with `and` or `or` between,
            // the first after `not` or `only` perhaps.
            var rest = query.drop { $0 == " " }
            var wantsTerm = true
            var first = true
            while let next = rest.first {
                if next == "(" {
                    // A feature, or conditions in parentheses, balanced.
                    var depth = 0
                    guard wantsTerm,
                        let end = rest.firstIndex(where: {
                            depth += $0 == "(" ? 1 : $0 == ")" ? -1 : 0
                            return depth == 0
                        }), isMediaCondition(rest[rest.index(after: rest.startIndex)..<end])
                    else { return false }
                    rest = rest[rest.index(after: end)...]
                    wantsTerm = false
                } else {
                    let word = rest.prefix { $0.isLetter }.lowercased()
                    switch (word, wantsTerm) {
                    case ("not", true) where first, ("only", true) where first: break
                    case ("all", true), ("screen", true), ("print", true): wantsTerm = false
                    case ("and", false), ("or", false): wantsTerm = true
                    default: return false
                    }
                    rest = rest.dropFirst(word.count)
                    guard rest.first.map({ $0 == " " || $0 == "(" }) ?? true else { return false }
                }
                first = false
                rest = rest.drop { $0 == " " }
            }
            return !wantsTerm
        }
    }

    /// What a media query holds in parentheses: conditions again, a feature's name, a name,
    /// a colon and a value (an identifier, a number with its unit where a length is asked
    /// for, a ratio), or a range (`isMediaRange`).
    private static func isMediaCondition(_ inside: Substring) -> Bool {
        let trimmed = inside.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("(") { return isMediaQueryList(trimmed) && !trimmed.contains(",") }
        if trimmed.contains(where: { $0 == "<" || $0 == ">" || $0 == "=" }) { return isMediaRange(trimmed) }
        let parts = trimmed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        guard isMediaFeature(name) else { return false }
        guard parts.count == 2 else { return true }
        return isMediaValue(parts[1].trimmingCharacters(in: .whitespaces), of: name)
    }

    /// A range, as level 4 of Media Queries writes one: a feature's name compared with a
    /// value on either side (`width >= 600px`, `600px <= width`, `aspect-ratio = 16/9`), or
    /// between two values compared the same way (`400px < width <= 700px`).
    private static func isMediaRange(_ range: String) -> Bool {
        var operands = [""]
        var comparisons: [String] = []
        for character in range {
            if character == "<" || character == ">" || character == "=" {
                if character == "=", let last = comparisons.last, last == "<" || last == ">",
                    operands[operands.count - 1].isEmpty
                {
                    comparisons[comparisons.count - 1] += "="
                } else {
                    comparisons.append(String(character))
                    operands.append("")
                }
            } else {
                operands[operands.count - 1].append(character)
            }
        }
        let terms = operands.map { $0.trimmingCharacters(in: .whitespaces) }
        switch (terms.count, terms.firstIndex(where: isMediaFeature)) {
        case (2, 0?): return isMediaValue(terms[1], of: terms[0])
        case (2, 1?): return isMediaValue(terms[0], of: terms[1])
        case (3, 1?):
            let lower = comparisons.allSatisfy { $0.hasPrefix("<") }
            let higher = comparisons.allSatisfy { $0.hasPrefix(">") }
            return (lower || higher) && isMediaValue(terms[0], of: terms[1]) && isMediaValue(terms[2], of: terms[1])
        default: return false
        }
    }

    /// A media feature's name: a letter, then letters, digits and hyphens.
    private static func isMediaFeature(_ name: String) -> Bool {
        name.first.map { $0.isASCII && $0.isLetter } == true
            && name.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" })
    }

    /// A value for the feature `name`: an identifier, a number (with its unit where a length
    /// is asked for: a number with none is a length only if it is 0), a ratio.
    private static func isMediaValue(_ value: String, of name: String) -> Bool {
        guard !value.isEmpty,
            value.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || "-./ ".contains($0) })
        else { return false }
        let isLength = (name.contains("width") || name.contains("height")) && !name.contains("aspect")
        if isLength, let number = Double(value), number != 0 { return false }
        return true
    }

    /// The density a `srcset` candidate's descriptor names: none is 1x; else a positive
    /// number as HTML writes one (digits, then perhaps `.` and digits) and `x`. Nil for any
    /// other, a width (`200w`) too, which HTML reads only beside a `sizes`.
    static func density(_ descriptor: Substring) -> Double? {
        if descriptor.isEmpty { return 1 }
        let number = descriptor.dropLast()
        guard descriptor.hasSuffix("x"), number.first?.isNumber == true, number.last?.isNumber == true,
            number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let density = Double(number),
            density > 0, density.isFinite
        else { return nil }
        return density
    }

    /// Whether `value` is a MIME type (`image/webp`, `video/mp4; codecs="avc1"`), as a
    /// source's `type` must be.
    static func isMIMEType(_ value: String) -> Bool {
        let token: (Substring) -> Bool = { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$&^_.+-".contains($0)) }
        }
        let pieces = value.split(separator: ";", omittingEmptySubsequences: false)
        let kind = pieces[0].trimmingCharacters(in: .whitespaces).split(
            separator: "/", omittingEmptySubsequences: false)
        guard kind.count == 2, token(kind[0]), token(kind[1]) else { return false }
        return pieces.dropFirst().allSatisfy { parameter in
            let pair = parameter.trimmingCharacters(in: .whitespaces).split(
                separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, token(pair[0]) else { return false }
            let value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                return !value.dropFirst().dropLast().contains("\"")
            }
            return token(value)
        }
    }
}
