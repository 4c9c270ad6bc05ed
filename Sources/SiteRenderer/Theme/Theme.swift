import Foundation

/// A theme: Mustache templates and the assets they use, after fallback to the themes it
/// extends. A theme is a folder (`theme.toml`, `templates/*.mustache`, `assets/…`); the
/// built-in ones are compiled into the binary from the repository's `Themes/` folder, a
/// user's is any folder on disk (see `Theme+Loading.swift`).
public struct Theme: Sendable {
    public var name: String
    /// One line for `repodigest themes`.
    public var description: String
    /// This theme and those it extends, nearest first: `["mine", "default"]`.
    public var lineage: [String]
    /// The folders on disk the lineage was read from, nearest first (none for a built-in
    /// theme): a build may publish into none of them.
    public var folders: [URL] = []
    /// Template source by name (`layout`, `digest`, `card`, …), each from the nearest theme
    /// of the lineage that has it.
    var templates: [String: TemplateSource]
    /// Asset bytes by path inside `assets/`, each from the nearest theme that has it.
    var assets: [String: Data]
    /// Locale catalogues by language (`locales/ja.toml`), from the farthest theme of the line
    /// to the nearest: each one's texts override those before it.
    var locales: [String: [TemplateSource]] = [:]

    /// Every template, asset and locale catalogue, by file name, in a fixed order: what the
    /// pages are made with, for telling whether a build's output can have changed.
    public var contents: [(name: String, bytes: Data)] {
        (templates.map { ("templates/\($0.key)", Data($0.value.text.utf8)) }
            + assets.map { ("assets/\($0.key)", $0.value) }
            + locales.flatMap { language, sources in
                sources.map { ("locales/\(language).toml \($0.file)", Data($0.text.utf8)) }
            })
            .sorted { $0.0 < $1.0 }
    }

    /// The templates the generator renders pages with; partials and layouts are the theme's affair.
    static let pageTemplates = ["digest", "list", "repository", "not-found"]
    /// The "All topics" page's template: optional, so themes written before it still load.
    static let topicsTemplate = "topics"

    /// The templates, parsed. An error names the template's file, line and column.
    func library() throws(ThemeError) -> TemplateLibrary {
        var library = TemplateLibrary()
        for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
            do {
                library.templates[name] = try Template(parsing: template.text)
            } catch {
                throw .template(file: template.file, line: error.line, column: error.column, reason: error.reason)
            }
            if let missing = template.references.first(where: { templates[$0.name] == nil }) {
                throw .template(
                    file: template.file, line: missing.line, column: missing.column,
                    reason: "no template named '\(missing.name)' in theme '\(self.name)' or the themes it extends")
            }
        }
        return library
    }
}

/// One template's text, and the file it came from, for messages.
struct TemplateSource: Sendable, Hashable {
    var text: String
    /// `Themes/default/templates/card.mustache`, or the path of a user's file.
    var file: String

    /// The partials (`{{>card}}`) and parents (`{{<layout}}`) it names, with their position.
    var references: [(name: String, line: Int, column: Int)] {
        var result: [(String, Int, Int)] = []
        // "\r\n" is one Character in Swift: a template saved with Windows line ends splits on it.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, line) in lines.enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                let tag = rest[open.upperBound...].drop { $0 == " " }
                guard let sigil = tag.first, sigil == ">" || sigil == "<",
                    let close = tag.range(of: "}}")
                else {
                    rest = rest[open.upperBound...]
                    continue
                }
                let name = tag[tag.index(after: tag.startIndex)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
                if !name.isEmpty { result.append((name, index + 1, column)) }
                rest = tag[close.upperBound...]
            }
        }
        return result
    }
}
