import Foundation
public import PageModels

/// The site's words: the built-in catalogue of the language (`Themes/locales/LANGUAGE.toml`),
/// then each theme of the line's `locales/LANGUAGE.toml` over it, farthest first, so a theme
/// can change single texts or add a language of its own.
extension Theme {
    /// The languages a site can be built in with this theme: the built-in catalogues' and
    /// those the themes of its line add.
    public var languages: [String] {
        Set(Self.builtInLanguages + locales.keys).sorted()
    }

    /// The languages with a catalogue compiled into the binary.
    public static var builtInLanguages: [String] {
        BuiltInThemes.files.keys.compactMap { key in
            guard key.hasPrefix(localesFolder), key.hasSuffix(".toml"),
                !key.dropFirst(localesFolder.count).contains("/")
            else { return nil }
            return String(key.dropFirst(localesFolder.count).dropLast(".toml".count))
        }.sorted()
    }

    static let localesFolder = "locales/"

    /// The catalogue of `language`, checked, with every key English has. A key the language's
    /// catalogues leave out (one a theme adds may be incomplete) reads in English, and the
    /// warning names it; a `KEY.one` left out reads as its `KEY.other`.
    public func phrasebook(language: String) throws(LocaleError) -> (phrasebook: Phrasebook, warnings: [String]) {
        // A language's code is read whatever its case, as HTML's `lang` is (`EN`, `pt-br`), and
        // written as its catalogue names it.
        let available = languages
        let language =
            available.first { $0 == language } ?? available.first { $0.lowercased() == language.lowercased() }
            ?? language
        let english = try Self.english.get()
        var sources = Self.builtInCatalogue(language).map { [$0] } ?? []
        sources += locales[language] ?? []
        guard let nearest = sources.last else { throw .unknownLanguage(language, available: available) }
        var entries: [String: String] = [:]
        // Which catalogue set each text last: a bad one is told at the file that holds it,
        // a parent theme's too.
        var setIn: [String: String] = [:]
        for source in sources {
            let catalogue = try Catalogue(
                toml: source.text, language: language, file: source.file, reference: english.entries)
            entries.merge(catalogue.entries) { _, new in new }
            for key in catalogue.entries.keys { setIn[key] = source.file }
        }
        for key in english.entries.keys where key.hasSuffix(".one") && entries[key] == nil {
            entries[key] = entries[String(key.dropLast(".one".count)) + ".other"]
        }
        let missing = english.entries.keys.filter { entries[$0] == nil }.sorted()
        var warnings: [String] = []
        if !missing.isEmpty {
            warnings.append(
                "\(nearest.file): no text for \(missing.count) key\(missing.count == 1 ? "" : "s") of the language "
                    + "'\(language)', shown in English: " + missing.joined(separator: ", "))
            for key in missing { entries[key] = english.entries[key] }
        }
        try Self.checkSeparators(entries) { setIn[$0] ?? nearest.file }
        return (Phrasebook(language: language, entries: entries), warnings)
    }

    /// Separators a number can be read back from: 4,210 with an empty decimal separator
    /// read "42k"; a digit in one, or the same for both, would misstate every count.
    /// - Parameter file: the catalogue that set a key, for the message.
    static func checkSeparators(_ entries: [String: String], file: (String) -> String) throws(LocaleError) {
        let group = entries["format.group_separator"] ?? ""
        let decimal = entries["format.decimal_separator"] ?? ""
        if decimal.isEmpty || decimal.contains(where: \.isNumber) {
            throw .entry(
                file: file("format.decimal_separator"), key: "format.decimal_separator",
                reason: "must be a mark that is not a digit (such as \".\" or \",\"), found \"\(decimal)\"")
        }
        if group.contains(where: \.isNumber) || group == decimal {
            throw .entry(
                file: file("format.group_separator"), key: "format.group_separator",
                reason: "must be empty or a mark that is neither a digit nor the decimal separator, found \"\(group)\"")
        }
    }

    /// The built-in catalogue of `language`, as a source.
    static func builtInCatalogue(_ language: String) -> TemplateSource? {
        let path = localesFolder + language + ".toml"
        guard !language.contains("/"), let base64 = BuiltInThemes.files[path], let data = Data(base64Encoded: base64)
        else { return nil }
        return TemplateSource(text: String(decoding: data, as: UTF8.self), file: "Themes/" + path)
    }

    /// English, as compiled in: the list of keys every other catalogue is checked against.
    static let english = Result { () throws(LocaleError) -> Catalogue in
        guard let source = builtInCatalogue("en") else {
            throw LocaleError.unknownLanguage("en", available: builtInLanguages)
        }
        return try Catalogue(toml: source.text, language: "en", file: source.file, reference: nil)
    }
}

extension Phrasebook {
    /// The built-in English catalogue: what a build without `language` shows, and what the
    /// tests, benchmarks and fuzz targets render with.
    public static let english: Phrasebook = {
        // Compiled in and checked by the tests: it cannot fail in a binary that passed them.
        guard let english = try? Theme.english.get() else { preconditionFailure("Themes/locales/en.toml is broken") }
        return Phrasebook(language: "en", entries: english.entries)
    }()
}
