import Foundation
import PageModels
import Testing

@testable import SiteRenderer

/// Locale catalogues: the built-in ones, a theme's overrides and languages, and every way a
/// catalogue can be wrong.
@Suite struct CatalogueTests {
    typealias Folder = ThemeTests.ThemeFolderFixture

    static func builtIn(_ language: String) throws -> Catalogue {
        let source = try #require(Theme.builtInCatalogue(language))
        return try Catalogue(
            toml: source.text, language: language, file: source.file, reference: try Theme.english.get().entries)
    }

    @Test func englishAndJapaneseAreBuiltIn() throws {
        #expect(Theme.builtInLanguages == ["en", "ja"])
        #expect(try Theme.builtIn("default").languages == ["en", "ja"])
        #expect(!Theme.builtInNames.contains("locales"), "the shared catalogues' folder is no theme")
        #expect(Phrasebook.english.text("nav.digest") == "Digest")
    }

    @Test("a language's code is read whatever its case, and written as its catalogue names it")
    func aLanguageCodeInAnotherCase() throws {
        let theme = try Theme.builtIn("default")
        #expect(try theme.phrasebook(language: "JA").phrasebook.language == "ja")
        #expect(try theme.phrasebook(language: "En").phrasebook.language == "en")
        // A longer tag reads its language's catalogue (`aTagFallsBackToItsLanguage`); one of a
        // language with none is still refused.
        #expect(throws: LocaleError.self) { _ = try theme.phrasebook(language: "fr-FR") }
    }

    /// Japanese has every key English has and no other; only the singular forms, which
    /// Japanese does not have, may be left out (they read as `.other`).
    @Test func japaneseHasEveryKeyEnglishHas() throws {
        let english = Set(try Self.builtIn("en").entries.keys)
        let japanese = Set(try Self.builtIn("ja").entries.keys)
        #expect(japanese.isSubset(of: english))
        let missing = english.subtracting(japanese)
        #expect(missing.allSatisfy { $0.hasSuffix(".one") }, "\(missing.sorted())")
        let (phrasebook, warnings) = try Theme.builtIn("minimal").phrasebook(language: "ja")
        #expect(warnings.isEmpty)
        #expect(Set(phrasebook.entries.keys) == english)
        #expect(phrasebook.language == "ja")
        #expect(phrasebook.text("count.repositories", count: 1, countText: "1") == "リポジトリ\u{A0}1\u{A0}件")
    }

    @Test func pluralFormsAndPlaceholders() {
        let book = Phrasebook(entries: ["n.one": "{count} star", "n.other": "{count} stars", "hi": "Hi {who}, {who}!"])
        #expect(book.text("n", count: 1, countText: "1") == "1 star")
        #expect(book.text("n", count: 1_200, countText: "1,200") == "1,200 stars")
        #expect(book.text("hi", ["who": "{who}"]) == "Hi {who}, {who}!", "a value is never read for placeholders")
        #expect(book.text("missing") == "missing")
        #expect(Phrasebook.placeholders(in: "a {b} c {d_1}") == ["b", "d_1"])
        for broken in ["a { b}", "a {b", "a }", "{}", "{a-b}"] {
            #expect(Phrasebook.placeholders(in: broken) == nil, "\(broken)")
        }
    }

    /// A theme folder's `locales/en.toml` changes one text; the rest stay the built-in ones,
    /// and the change reaches the pages.
    @Test func aThemeOverridesOneString() throws {
        let folder = try Folder([
            "theme.toml": "name = \"mine\"\nextends = \"default\"\n",
            "locales/en.toml": "[nav]\ndigest = \"Home\"\n",
        ])
        let theme = try Theme(directory: folder.url)
        let (phrasebook, warnings) = try theme.phrasebook(language: "en")
        #expect(warnings.isEmpty)
        #expect(phrasebook.text("nav.digest") == "Home")
        #expect(phrasebook.text("nav.starred") == "Starred")
        var site = SiteFixture.site
        site.phrasebook = phrasebook
        site.navigation[0].title = phrasebook.text("nav.digest")
        let notFound = try #require(try SiteGenerator(theme: theme).render(site).first { $0.path == "404.html" })
        #expect(String(decoding: notFound.contents, as: UTF8.self).contains(">Home</a>"))
        #expect(theme.contents.contains { $0.name.hasPrefix("locales/en.toml") }, "a catalogue shapes the pages")
    }

    /// A theme may add a language; what it leaves out reads in English, and the warning names
    /// the keys.
    @Test func aThemeAddsALanguageAndMissingKeysFallBackToEnglish() throws {
        let folder = try Folder(["locales/de.toml": "[nav]\ndigest = \"Übersicht\"\nstarred = \"Markiert\"\n"])
        let theme = try Theme(directory: folder.url)
        #expect(theme.languages == ["de", "en", "ja"])
        let (phrasebook, warnings) = try theme.phrasebook(language: "de")
        #expect(phrasebook.text("nav.digest") == "Übersicht")
        #expect(phrasebook.text("nav.favourites") == "Favourites")
        let warning = try #require(warnings.first)
        #expect(warning.hasPrefix(folder.url.standardizedFileURL.path + "/locales/de.toml: no text for "))
        #expect(warning.contains("nav.favourites") && !warning.contains("nav.digest"))
    }

    /// A tag with a region, script or variant reads its language's words; the pages are
    /// marked with the whole tag, in BCP 47's case.
    @Test(
        "a tag with subtags falls back to its language's catalogue and keeps the tag",
        arguments: [
            ("en-US", "en-US", "Starred"), ("ja-JP", "ja-JP", "スター"), ("EN-us", "en-US", "Starred"),
            ("ja-jpan-jp", "ja-Jpan-JP", "スター"), ("en-GB-oxendict", "en-GB-oxendict", "Starred"),
            ("en-x-twain", "en-x-twain", "Starred"), ("JA", "ja", "スター"),
        ])
    func aTagFallsBackToItsLanguage(_ tag: String, _ written: String, _ starred: String) throws {
        let (phrasebook, warnings) = try Theme.builtIn("default").phrasebook(language: tag)
        #expect(warnings.isEmpty)
        #expect(phrasebook.language == written)
        #expect(phrasebook.text("nav.starred").hasPrefix(starred))
    }

    /// RFC 4647's lookup: the nearest catalogue a theme adds wins over its language's, a
    /// singleton goes with the subtag after it, and a catalogue's own spelling is kept.
    @Test func theNearestCatalogueIsChosen() {
        let available = ["en", "ja", "pt-BR", "zh", "zh-Hant"]
        #expect(Theme.catalogue(for: "zh-Hant-TW", in: available) == "zh-Hant")
        #expect(Theme.catalogue(for: "zh-hant", in: available) == "zh-Hant")
        #expect(Theme.catalogue(for: "zh-Hans-CN", in: available) == "zh")
        #expect(Theme.catalogue(for: "pt-br-x-a", in: available) == "pt-BR")
        #expect(Theme.catalogue(for: "pt-PT", in: available) == nil)
        #expect(Theme.catalogue(for: "fr", in: available) == nil)
        #expect(Theme.catalogue(for: "fr-CA", in: available) == nil)
    }

    @Test func anUnknownLanguageNamesTheLanguagesThereAre() throws {
        #expect(throws: LocaleError.unknownLanguage("xx", available: ["en", "ja"])) {
            _ = try Theme.builtIn("default").phrasebook(language: "xx")
        }
        // A tag of a language with no catalogue is named as written, whole.
        #expect(throws: LocaleError.unknownLanguage("fr-CA", available: ["en", "ja"])) {
            _ = try Theme.builtIn("default").phrasebook(language: "fr-CA")
        }
        #expect(
            LocaleError.unknownLanguage("xx", available: ["en", "ja"]).description
                == "no catalogue for the language 'xx': the languages available are en, ja "
                + "(a theme folder may add one as locales/xx.toml)")
    }

    @Test(
        "a wrong catalogue is an error naming the file and the key",
        arguments: [
            ("[nav]\ndigets = \"x\"\n", "nav.digets", "no such key"),
            ("[nav]\ndigest = 3\n", "nav.digest", "must be a string"),
            (
                "[digest]\nstarred_by = \"über {users}\"\n", "digest.starred_by",
                "unknown placeholder {users}; this text may use {logins}"
            ),
            (
                "[digest]\nstarred_by = \"{logins\"\n", "digest.starred_by",
                "a brace that is not part of a {placeholder}"
            ),
            ("[nav]\ndigest = \"a\\u0007b\"\n", "nav.digest", "holds a control character"),
            ("[format]\ncompact_step = \"12\"\n", "format.compact_step", "must be"),
            ("[format]\ncompact_units = \"1k\"\n", "format.compact_units", "must be"),
            // 4,210 read "42k" with no decimal separator; a digit or one mark for both misstates every count.
            ("[format]\ndecimal_separator = \"\"\n", "format.decimal_separator", "not a digit"),
            ("[format]\ndecimal_separator = \"0\"\n", "format.decimal_separator", "not a digit"),
            ("[format]\ngroup_separator = \".\"\n", "format.group_separator", "nor the decimal separator"),
            ("[format]\ngroup_separator = \"1\"\n", "format.group_separator", "neither a digit"),
        ])
    func wrongCatalogues(_ text: String, _ key: String, _ reason: String) throws {
        let folder = try Folder(["locales/en.toml": text])
        let theme = try Theme(directory: folder.url)
        do {
            _ = try theme.phrasebook(language: "en")
            Issue.record("accepted: \(text)")
        } catch {
            guard case .entry(let file, let badKey, let message, let line) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(file == folder.url.standardizedFileURL.path + "/locales/en.toml")
            #expect(badKey == key)
            #expect(message.contains(reason), "\(message)")
            // Each key is on the second line; the separators are checked once the catalogues
            // are merged, where the file's text is no longer at hand.
            #expect(line == (key.hasSuffix("_separator") ? nil : 2), "\(error)")
        }
    }

    @Test("a bad separator a parent theme's catalogue sets is told at the parent's file, not the child's")
    func aParentsBadSeparatorNamesTheParent() throws {
        let parent = try Folder([
            "theme.toml": "name = \"p\"\nextends = \"default\"\n",
            "locales/en.toml": "[format]\ndecimal_separator = \"\"\n",
        ])
        let child = try Folder([
            "theme.toml": "name = \"c\"\nextends = \"\(parent.url.path)\"\n",
            "locales/en.toml": "[nav]\ndigest = \"Digest\"\n",
        ])
        #expect {
            _ = try Theme(directory: child.url).phrasebook(language: "en")
        } throws: { error in
            guard case LocaleError.entry(let file, "format.decimal_separator", _, _) = error else { return false }
            return file == parent.url.standardizedFileURL.path + "/locales/en.toml"
        }
    }

    @Test func aCatalogueThatIsNotTOMLNamesItsLine() throws {
        let folder = try Folder(["locales/ja.toml": "[nav]\ndigest = \"x\"\nstarred = \n"])
        #expect {
            _ = try Theme(directory: folder.url).phrasebook(language: "ja")
        } throws: { error in
            guard case .unreadable(let file, let line, _, _) = error as? LocaleError else { return false }
            return file.hasSuffix("/locales/ja.toml") && line == 3
        }
    }

    /// Switching the language renders every page again: the catalogue is part of every page's inputs.
    @Test func theLanguageIsPartOfEveryPagesInputs() throws {
        let theme = try Theme.builtIn("default")
        func fingerprints(_ site: Site) throws -> [String] {
            let plan = try SiteGenerator(theme: theme).plan(site)
            let inputs = SitePlan.Inputs(plan: plan, theme: theme, options: "")
            return (0..<plan.count).map { inputs.fingerprint(at: $0) }
        }
        var japanese = SiteFixture.site
        japanese.phrasebook = try theme.phrasebook(language: "ja").phrasebook
        let before = try fingerprints(SiteFixture.site)
        let after = try fingerprints(japanese)
        let plan = try SiteGenerator(theme: theme).plan(japanese)
        for (index, item) in plan.items.enumerated() where item.item.isPage {
            #expect(before[index] != after[index], "\(item.path)")
        }
    }

    @Test func japanesePagesSayTheirLanguage() throws {
        var site = SiteFixture.site
        site.phrasebook = try Theme.builtIn("default").phrasebook(language: "ja").phrasebook
        for theme in ["default", "minimal"] {
            let files = try SiteGenerator(theme: try Theme.builtIn(theme), baseURL: "https://example.org/").render(site)
            let page = { (path: String) in
                String(decoding: files.first { $0.path == path }!.contents, as: UTF8.self)
            }
            #expect(page("index.html").contains("<html lang=\"ja\">"))
            #expect(page("404.html").contains("ページが見つかりません"))
            #expect(page("feed.xml").contains("xml:lang=\"ja\""))
            #expect(page("feed.json").contains("\"language\" : \"ja\""))
            #expect(SiteValidator().validate(files).isEmpty)
        }
    }
}
