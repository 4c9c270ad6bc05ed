import Testing

@testable import RepodigestConfiguration

/// `language`: a language code, English by default, remembered with its line so that a
/// language without a catalogue is reported there.
@Suite struct LanguageOptionTests {
    @Test func englishByDefaultAndJapaneseWhenAsked() throws {
        #expect(try Configuration(toml: "title = \"x\"\n", source: "c.toml").language == "en")
        let japanese = try Configuration(toml: "title = \"x\"\nlanguage = \"ja\"\n", source: "c.toml")
        #expect(japanese.language == "ja")
        #expect(japanese.languageSource == "c.toml" && japanese.languageLine == 2)
        #expect(try Configuration(toml: "language = \"pt-BR\"\n", source: "c.toml").language == "pt-BR")
    }

    @Test(arguments: ["", "j", "japanese", "ja_JP", "../x", "ja-", "ja\u{7}"])
    func notALanguageCode(_ code: String) {
        #expect {
            _ = try Configuration(
                toml:
                    "language = \"\(code.unicodeScalars.map { $0.value < 0x20 ? "\\u0007" : String($0) }.joined())\"\n",
                source: "c.toml")
        } throws: { error in
            (error as? ConfigurationError).map {
                $0.line == 1 && $0.message.hasPrefix("language must be a language code")
            }
                ?? false
        }
    }
}
