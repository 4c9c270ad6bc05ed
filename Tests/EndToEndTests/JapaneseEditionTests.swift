import Foundation
import SiteRenderer
import Testing

@testable import GitHubData

/// `language = "ja"`, run as a user would: the bundled sample built in Japanese in each
/// built-in theme. No English word may be left in any page but the data's own: every ASCII
/// word of two letters or more in a page's visible text, its title and its `title`,
/// `aria-label`, `alt` and `placeholder` attributes must occur in the sample's data (names,
/// descriptions, topics, languages, licences, READMEs, release notes, logins, the sample's
/// configuration), spelt the same, or be one of `properNouns`.
@Suite struct JapaneseEditionTests {
    /// Names a Japanese page keeps in Latin letters, as GitHub's Japanese documentation does.
    static let properNouns: Set<String> = [
        "GitHub", "README", "RSS", "Atom", "JSON", "UTC", "Issue", "KB", "MB", "repodigest",
    ]

    /// Builds the sample with `language = "ja"` into a new folder, in `theme`.
    static func build(theme: String, in folder: URL) throws -> URL {
        let configuration = folder.appending(path: "repodigest.toml")
        try Data(("language = \"ja\"\n" + SampleDataStore.configuration).utf8).write(to: configuration)
        let output = folder.appending(path: "site-\(theme)")
        let outcome = try RepodigestProcess.run([
            "build", "--sample", "--config", configuration.path, "--theme", theme, "--output", output.path, "--quiet",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty, "no warning: ja has every key")
        return output
    }

    /// Every word of the sample's data, as written: each JSON string (README contents decoded)
    /// and the text of every other file but the pictures.
    static let dataWords: Set<String> = {
        var words = Set<String>()
        func collect(_ text: String) { words.formUnion(asciiWords(in: text)) }
        func walk(_ value: Any) {
            switch value {
            case let table as [String: Any]:
                if table["encoding"] as? String == "base64", let content = table["content"] as? String,
                    let bytes = Data(base64Encoded: content, options: .ignoreUnknownCharacters)
                {
                    collect(String(decoding: bytes, as: UTF8.self))
                }
                table.values.forEach(walk)
            case let list as [Any]: list.forEach(walk)
            case let text as String: collect(text)
            default: break
            }
        }
        for (path, base64) in SampleFiles.files where !path.hasSuffix(".svg") {
            guard let data = Data(base64Encoded: base64) else { continue }
            if path.hasSuffix(".json"), let json = try? JSONSerialization.jsonObject(with: data) {
                walk(json)
            } else {
                collect(String(decoding: data, as: UTF8.self))
            }
        }
        return words
    }()

    static func asciiWords(in text: String) -> [String] {
        text.split { !($0.isASCII && $0.isLetter) }.map(String.init)
    }

    /// What a reader sees or hears of a page: its text (without scripts and styles) and the
    /// attributes that are read out or shown, entities decoded.
    static func visibleText(of html: String) -> [String] {
        var page = html
        for element in ["script", "style"] {
            page = page.replacingOccurrences(
                of: "<\(element)\\b[^>]*>.*?</\(element)>", with: " ", options: [.regularExpression])
        }
        var texts: [String] = []
        let attributes = try! Regex(#"\s(?:title|aria-label|alt|placeholder)="([^"]*)""#)
        for match in page.matches(of: attributes) {
            if let value = match.output[1].substring { texts.append(String(value)) }
        }
        texts.append(page.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression))
        return texts.map(decodeEntities)
    }

    /// The entities the renderer and the sanitiser write (XML's five, and numeric ones).
    static func decodeEntities(_ text: String) -> String {
        var text = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&#39;", "'")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        let numeric = try! Regex(#"&#(x?)([0-9A-Fa-f]+);"#)
        text = text.replacing(numeric) { match in
            let hex = match.output[1].substring?.isEmpty == false
            let digits = String(match.output[2].substring ?? "")
            return (UInt32(digits, radix: hex ? 16 : 10).flatMap(Unicode.Scalar.init).map { String(Character($0)) })
                ?? " "
        }
        return text.replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The English words of `texts`: neither data nor a proper noun.
    static func english(in texts: [String]) -> Set<String> {
        Set(texts.flatMap(asciiWords).filter { $0.count >= 2 && !dataWords.contains($0) && !properNouns.contains($0) })
    }

    @Test(
        "the sample in Japanese, in each built-in theme: no English word but the data's",
        arguments: ["default", "minimal"])
    func noEnglishLeft(_ theme: String) throws {
        let folder = try TemporaryFolder()
        let output = try Self.build(theme: theme, in: folder.url)
        let files = SiteFolder.files(in: output)
        let pages = files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count > 60)
        var found: [String: Set<String>] = [:]
        for (path, data) in pages {
            let html = String(decoding: data, as: UTF8.self)
            #expect(html.contains("<html lang=\"ja\">"), "\(path)")
            let words = Self.english(in: Self.visibleText(of: html))
            if !words.isEmpty { found[path] = words }
        }
        #expect(found.isEmpty, "English left: \(found.sorted { $0.key < $1.key }.prefix(10))")

        // digest.md and the feeds are the site too: their titles and sentences.
        let markdown = String(decoding: try #require(files["digest.md"]), as: UTF8.self)
            .replacingOccurrences(of: #"\(<[^>]*>\)"#, with: " ", options: .regularExpression)
        #expect(Self.english(in: [markdown]).isEmpty, "digest.md: \(Self.english(in: [markdown]))")
        let atom = String(decoding: try #require(files["feed.xml"]), as: UTF8.self)
        #expect(atom.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"ja\">"))
        let titles = atom.matches(of: try Regex("<(?:title|subtitle|summary)>([^<]*)<")).compactMap {
            $0.output[1].substring.map { Self.decodeEntities(String($0)) }
        }
        #expect(Self.english(in: titles).isEmpty, "feed.xml: \(Self.english(in: titles))")
        let feedData = try #require(files["feed.json"])
        let feed = try #require(try JSONSerialization.jsonObject(with: feedData) as? [String: Any])
        #expect(feed["language"] as? String == "ja")
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(Self.english(in: items.compactMap { $0["title"] as? String }).isEmpty)

        #expect(try SiteValidator().validate(directory: output) == [], "every page passes the gate")
    }

    /// The test's own check, against the English build: it must find English there, or it
    /// proves nothing.
    @Test func theCheckFindsEnglishInTheEnglishBuild() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        _ = try RepodigestProcess.run(["build", "--sample", "--output", output.path, "--quiet"])
        let html = String(decoding: try Data(contentsOf: output.appending(path: "index.html")), as: UTF8.self)
        let words = Self.english(in: Self.visibleText(of: html))
        #expect(words.isSuperset(of: ["Recently", "Starred", "Pushed", "Nov", "Generated"]), "\(words.sorted())")
    }

    @Test("Japanese dates, counts and words reach the pages")
    func japaneseFormats() throws {
        let folder = try TemporaryFolder()
        let output = try Self.build(theme: "default", in: folder.url)
        let index = String(decoding: try Data(contentsOf: output.appending(path: "index.html")), as: UTF8.self)
        #expect(index.contains("最近スターしたリポジトリ"))
        #expect(index.contains("2026年11月20日にスター"))
        #expect(index.contains("リポジトリ\u{A0}60\u{A0}件"))
        #expect(index.contains(" に repodigest で生成"))
        #expect(index.contains("（Atom フィード）\" href=\"feed.xml\""), "a feed's title in full-width parentheses")
        let quickparse = String(
            decoding: try Data(contentsOf: output.appending(path: "repos/lumen-labs/lantern.html")), as: UTF8.self)
        #expect(quickparse.contains("<dt>スター</dt><dd>4,210</dd>"))
        #expect(quickparse.contains("<p class=\"markdown-alert-title\">警告</p>"))
        let list = String(
            decoding: try Data(contentsOf: output.appending(path: "lists/mona-sample/swift-tooling/index.html")),
            as: UTF8.self)
        #expect(list.contains("<p class=\"card-lists\">ほかのリスト：<a href=\"../static-sites/index.html\">"))
    }

    @Test("a tag with a region reads its language's words, and the pages and feeds carry the whole tag")
    func aTagWithARegion() throws {
        let folder = try TemporaryFolder()
        let configuration = folder.url.appending(path: "repodigest.toml")
        try Data(("language = \"ja-jp\"\n" + SampleDataStore.configuration).utf8).write(to: configuration)
        let output = folder.url.appending(path: "site")
        let outcome = try RepodigestProcess.run([
            "build", "--sample", "--config", configuration.path, "--output", output.path, "--quiet",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty, "no warning: the tag reads ja's catalogue, which has every key")
        func text(_ path: String) throws -> String {
            String(decoding: try Data(contentsOf: output.appending(path: path)), as: UTF8.self)
        }
        let index = try text("index.html")
        #expect(index.contains("<html lang=\"ja-JP\">"))
        #expect(index.contains("最近スターしたリポジトリ"))
        #expect(try text("feed.xml").contains("xml:lang=\"ja-JP\""))
        #expect(try text("feed.json").contains("\"ja-JP\""))
    }

    @Test(
        "an unknown language is a configuration error at its line, naming the languages there are; nothing is touched")
    func unknownLanguage() throws {
        let folder = try TemporaryFolder()
        let configuration = folder.url.appending(path: "repodigest.toml")
        try Data(("title = \"x\"\nlanguage = \"xx\"\n").utf8).write(to: configuration)
        let output = folder.url.appending(path: "site")
        let outcome = try RepodigestProcess.run([
            "build", "--sample", "--config", configuration.path, "--output", output.path,
        ])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("repodigest.toml:2:1: language: no catalogue for the language 'xx'"))
        #expect(outcome.standardError.contains("the languages available are en, ja"))
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is written")
    }
}
