/// A theme's template, parsed: Mustache (https://mustache.github.io/mustache.5.html) as
/// swift-mustache reads it, which the themes were written for (and a differential test keeps
/// it so): variables, sections, inverted sections, partials, parents and blocks, comments,
/// set delimiters, and swift-mustache's transforms (`{{count(cards)}}`, `{{^last()}}`).
/// Rendered against `TemplateValue`s (`Template+Render.swift`).
struct Template: Sendable {
    var nodes: [Node]
    /// Its name in the library (`card`), the same for the sections inside it: for telling
    /// which template a page's text came from (`TemplateTrace`).
    var name = ""

    indirect enum Node: Sendable {
        /// Text as it is, `at` the byte offset in the template's file where it starts.
        case text(String, at: Int)
        /// `{{name}}` (escaped as HTML) or `{{{name}}}` / `{{&name}}` (as it is), its tag `at`
        /// that byte offset.
        case value(Name, escaped: Bool, at: Int)
        case section(Name, Template, inverted: Bool)
        /// `{{>name}}`, or with `overrides` a parent, `{{<name}}{{$block}}…{{/block}}{{/name}}`.
        /// `indentation` is that of a partial standing on a line of its own.
        case partial(Name, indentation: String?, overrides: [String: Template]?)
        /// `{{$name}}default{{/name}}`: an override of the same name, or the default.
        case block(String, fallback: Template, indentation: String?)
        /// An override inside a parent's tag; the parser keeps these apart, never rendered.
        case override(String, Template)
    }

    /// A value's name as a tag writes it: `repo.fullName`, `.`, `count(cards)`, `last()`.
    struct Name: Sendable, Equatable {
        enum Start: Sendable, Equatable {
            /// `a.b`: `a` looked up from the innermost value outwards.
            case searched
            /// `.a.b`: read from the innermost value only.
            case innermost
            /// `.`: the innermost value itself.
            case current
            /// `first()`, `index()`: where a section over a list is.
            case position
        }

        /// As written, for matching a section's closing tag.
        var written: String
        var start: Start
        var path: [String]
        /// Innermost first, the order they apply in: `a(b(c))` is `[b, a]`.
        var transforms: [String]
        /// `{{>*name}}`: the partial's name is a value's.
        var isDynamic = false
    }

    /// How deep sections, blocks and parents may nest in one template: far beyond any
    /// theme's, and, with partials nested as deep as they may be, within a thread's stack.
    static let maxSectionNesting = 32

    /// A template that does not parse: where, and why, for `ThemeError.template`.
    struct SyntaxError: Error, Sendable, Equatable {
        var line: Int
        var column: Int
        var reason: String
    }
}

extension Template {
    /// Each parent it fills (`{{<layout}}`, not one named by a value) and the blocks it fills in it.
    var parentOverrides: [(parent: String, blocks: [String])] {
        var found: [(String, [String])] = []
        visit { node in
            if case .partial(let name, _, let overrides?) = node, !name.isDynamic {
                found.append((name.written, Array(overrides.keys)))
            }
        }
        return found
    }

    /// The blocks it has (`{{$name}}…{{/name}}`) and the partials and parents it names.
    var blocksAndPartials: (blocks: Set<String>, partials: Set<String>) {
        var blocks: Set<String> = []
        var partials: Set<String> = []
        visit { node in
            switch node {
            case .block(let name, _, _): blocks.insert(name)
            case .partial(let name, _, _) where !name.isDynamic: partials.insert(name.written)
            default: break
            }
        }
        return (blocks, partials)
    }

    /// Every node, inner ones included (sections, blocks' defaults, the overrides in a parent).
    private func visit(_ body: (Node) -> Void) {
        for node in nodes {
            body(node)
            switch node {
            case .section(_, let inner, _), .block(_, let inner, _), .override(_, let inner):
                inner.visit(body)
            case .partial(_, _, let overrides?):
                for inner in overrides.values { inner.visit(body) }
            default: break
            }
        }
    }
}
