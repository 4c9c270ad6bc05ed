public import Foundation
import TOMLGuard

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
    /// What an author should hear about the theme's folders though it builds: a folder or a
    /// file named almost as one that is read, a template of theirs no page uses.
    public var warnings: [String] = []

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
    /// The "All topics" and "All languages" pages' templates (`PageContext.TermIndex.template`):
    /// optional, so themes written before them still load.
    static let termIndexTemplates = PageContext.TermIndex.allCases.map(\.template)
    /// The page of every Star List's template: optional too.
    static let starListsTemplate = "star-lists"

    /// A template of a folder on disk that no page reaches, through partials and parents from
    /// the page templates (a misspelt override: `crad.mustache`); none said when a template
    /// names a partial by a value (`{{>*name}}`), which may reach any, nor while a template
    /// does not parse (its partials are not known; the build tells its error).
    var unusedTemplateWarnings: [String] {
        guard templates.values.allSatisfy({ Template.tags(in: $0.text) != nil }) else { return [] }
        var reached: Set<String> = []
        var waiting = Self.pageTemplates + Self.termIndexTemplates + [Self.starListsTemplate]
        while let name = waiting.popLast() {
            guard reached.insert(name).inserted, let template = templates[name] else { continue }
            let named = template.references.map(\.name)
            if named.contains(where: { $0.hasPrefix("*") }) { return [] }
            waiting += named
        }
        return templates.filter { !reached.contains($0.key) && !$0.value.file.hasPrefix("Themes/") }
            .map { "\($0.value.file) is used by no page: no template names {{>\($0.key)}} or {{<\($0.key)}}" }
            .sorted()
    }

    /// A tag that names a value no page has (`{{titel}}`, `{{#repo.fullname}}`): it renders
    /// as nothing on every page, as Mustache has it, so the author is told where, with the
    /// name meant where one is near. The catalogue's texts (`t.…`) are checked apart, as errors
    /// (`library()`): their keys are all known, while a value's name is told only as a warning,
    /// in case a theme relies on one the vocabulary lacks.
    var unknownValueWarnings: [String] {
        templates.sorted { $0.key < $1.key }.flatMap { _, source in
            // Inside a section over a catalogue table (`{{#t.filter}}…`), names are its texts.
            var open: [String] = []
            return source.tags.compactMap { tag -> String? in
                if tag.sigil == "/" { _ = open.popLast() }
                if tag.sigil == "#" || tag.sigil == "^" { open.append(tag.name) }
                guard [nil, "#", "^", "&", "{"].contains(tag.sigil),
                    !open.contains(where: { $0 == "t" || $0.hasPrefix("t.") }),
                    let unknown = Self.unknownValueName(in: tag.name)
                else { return nil }
                let meant =
                    TOMLGuard.nearest(to: unknown, among: TemplateVocabulary.names).map { " (did you mean '\($0)'?)" }
                    ?? ""
                return "\(source.file):\(tag.line):\(tag.column): no page has a value named '\(unknown)'\(meant), "
                    + "so {{\(tag.sigil.map(String.init) ?? "")\(tag.name)}} renders as nothing"
            }
        }
    }

    /// The first part of a tag's name that no page's values have; nil when every part is one
    /// (or the tag names the current value, a position, or a catalogue text). Read as the
    /// template engine reads it (`Template.Parser.name`): `count(cards)` names `cards`.
    static func unknownValueName(in written: String) -> String? {
        guard let name = try? Template.Parser.name(written), name.start == .searched || name.start == .innermost,
            name.path.first != "t"
        else { return nil }
        return name.path.first { !TemplateVocabulary.names.contains($0) }
    }

    /// The templates, parsed. An error names the template's file, line and column.
    func library() throws(ThemeError) -> TemplateLibrary {
        var library = TemplateLibrary()
        let catalogueKeys = (try? Self.english.get().entries.keys).map(Set.init) ?? []
        for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
            do {
                library.templates[name] = try Template(parsing: template.text, name: name)
            } catch {
                throw .template(file: template.file, line: error.line, column: error.column, reason: error.reason)
            }
            // A dynamic partial (`{{>*kind}}`) names its template by a value, known only when rendered.
            let missing = template.references.first { !$0.name.hasPrefix("*") && templates[$0.name] == nil }
            if let missing {
                throw .template(
                    file: template.file, line: missing.line, column: missing.column,
                    reason: "no template named '\(missing.name)' in theme '\(self.name)' or the themes it extends")
            }
            try Self.checkCatalogueNames(in: template, keys: catalogueKeys)
        }
        try checkOverrides(in: library)
        return library
    }

    /// Every `{{t.KEY}}` names a text the catalogues have (or, for a section, a table of
    /// them): a misspelt one would render as nothing, on every page, with no word said.
    /// - Parameter keys: the English catalogue's, which every other has.
    private static func checkCatalogueNames(in template: TemplateSource, keys: Set<String>) throws(ThemeError) {
        for tag in template.tags where tag.name.hasPrefix("t.") && [nil, "#", "^", "/", "&", "{"].contains(tag.sigil) {
            let key = String(tag.name.dropFirst(2))
            guard !keys.contains(key), !keys.contains(where: { $0.hasPrefix(key + ".") }) else { continue }
            let table = key.split(separator: ".").dropLast().joined(separator: ".")
            let siblings = keys.filter { table.isEmpty || $0.hasPrefix(table + ".") }
                .map { $0.dropFirst(table.isEmpty ? 0 : table.count + 1).split(separator: ".")[0] }
            throw .template(
                file: template.file, line: tag.line, column: tag.column,
                reason: "no text '\(tag.name)' in the catalogues (Themes/locales/en.toml has every key); "
                    + (table.isEmpty ? "the tables are " : "'t.\(table)' has ")
                    + Set(siblings).sorted().joined(separator: ", "))
        }
    }

    /// Every `{{$block}}` a template fills in a parent (`{{<layout}}{{$main}}…`) is a block
    /// that parent has (or a partial of it): a misspelt one would drop the content unseen.
    private func checkOverrides(in library: TemplateLibrary) throws(ThemeError) {
        for (name, source) in templates.sorted(by: { $0.key < $1.key }) {
            for (parent, blocks) in library.templates[name]?.parentOverrides ?? [] {
                let known = library.blocks(reachableFrom: parent)
                guard let block = blocks.sorted().first(where: { !known.contains($0) }) else { continue }
                let tag = source.tags.first { $0.sigil == "$" && $0.name == block }
                throw .template(
                    file: source.file, line: tag?.line ?? 1, column: tag?.column ?? 1,
                    reason: "'\(parent)' (\(templates[parent]?.file ?? parent)) has no block '\(block)' to fill: "
                        + (known.isEmpty ? "it has none" : "its blocks are " + known.sorted().joined(separator: ", ")))
            }
        }
    }
}

/// One template's text, and the file it came from, for messages.
struct TemplateSource: Sendable, Hashable {
    var text: String
    /// `Themes/default/templates/card.mustache`, or the path of a user's file.
    var file: String

    /// The partials (`{{>card}}`) and parents (`{{<layout}}`) it names, with their position.
    var references: [(name: String, line: Int, column: Int)] {
        tags.filter { $0.sigil == ">" || $0.sigil == "<" }.map { ($0.name, $0.line, $0.column) }
    }

    /// Its tags that name something, as the parser reads them (`Template.tags(in:)`); none
    /// when it does not parse, which `Theme.library()` tells.
    var tags: [Template.Tag] { Template.tags(in: text) ?? [] }
}
