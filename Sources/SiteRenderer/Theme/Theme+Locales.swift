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
    ///
    /// A tag with no catalogue of its own reads the nearest one its subtags fall back to
    /// (`catalogue(for:in:)`): `en-US` the `en` words, `ja-JP` the `ja` ones. The phrasebook
    /// keeps the whole tag (`en-US`), which is what the pages' `lang` and the feeds then say:
    /// it is what the reader asked the pages to be marked as, and browsers act on it (a
    /// screen reader's voice, hyphenation, the CJK glyphs of `zh-Hant` or `ja`), while a
    /// stylesheet's `:lang(ja)` still matches `ja-JP`.
    public func phrasebook(language tag: String) throws(LocaleError) -> (phrasebook: Phrasebook, warnings: [String]) {
        let available = languages
        guard let language = Self.catalogue(for: tag, in: available) else {
            throw .unknownLanguage(tag, available: available)
        }
        // The catalogue's own tag is written as its file names it (`EN` is `en`); a longer
        // one in the case BCP 47 advises (`en-us` is `en-US`).
        let written = language.lowercased() == tag.lowercased() ? language : Self.conventionalCase(tag)
        let english = try Self.english.get()
        var sources = Self.builtInCatalogue(language).map { [$0] } ?? []
        sources += locales[language] ?? []
        guard let nearest = sources.last else { throw .unknownLanguage(tag, available: available) }
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
        return (Phrasebook(language: written, entries: entries), warnings)
    }

    /// The catalogue among `available` that `tag` reads, or nil when none: the tag's own,
    /// else the nearest one found by taking subtags off its end (RFC 4647's lookup, with a
    /// singleton taken off with the subtag after it): `zh-Hant-TW`, `zh-Hant`, `zh`. Codes are
    /// matched whatever their case, as HTML's `lang` is (`EN`, `pt-br`), the catalogue's
    /// spelling first.
    static func catalogue(for tag: String, in available: [String]) -> String? {
        var subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        while !subtags.isEmpty {
            let candidate = subtags.joined(separator: "-")
            if let found = available.first(where: { $0 == candidate })
                ?? available.first(where: { $0.lowercased() == candidate.lowercased() })
            {
                return found
            }
            subtags.removeLast()
            if subtags.count > 1, subtags.last?.count == 1 { subtags.removeLast() }
        }
        return nil
    }

    /// `tag` in the case BCP 47 advises (section 2.1.1): the language lower case, a script
    /// title case (`Hant`), a region upper case (`US`), the rest, and all after a singleton
    /// (`-u-`, `-x-`), lower case. Case carries no meaning in a tag; this is for the reader.
    static func conventionalCase(_ tag: String) -> String {
        var afterSingleton = false
        return tag.split(separator: "-", omittingEmptySubsequences: false).enumerated().map { index, subtag in
            let lower = subtag.lowercased()
            if index == 0 || afterSingleton { return lower }
            if subtag.count == 1 {
                afterSingleton = true
                return lower
            }
            guard subtag.allSatisfy(\.isLetter) else { return lower }
            switch subtag.count {
            case 2: return lower.uppercased()
            case 4: return lower.prefix(1).uppercased() + lower.dropFirst()
            default: return lower
            }
        }.joined(separator: "-")
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
