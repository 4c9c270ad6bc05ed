import PageModels
import Testing

/// `Phrasebook.fill` works on bytes: Japanese around the placeholders, stray braces, and values
/// that look like placeholders come out as they would character by character.
@Suite struct PhrasebookFillTests {
    @Test(arguments: [
        (
            "{resources}について GitHub に接続できませんでした", ["resources": "GET /a（HTTP 502）"],
            "GET /a（HTTP 502）について GitHub に接続できませんでした"
        ),
        ("{a}{b}", ["a": "1", "b": "2"], "12"),
        ("{{a}}", ["a": "x"], "{x}"),
        ("{missing} and {a", ["a": "x"], "{missing} and {a"),
        ("no braces", ["a": "x"], "no braces"),
        ("é{a}é", ["a": "🦀"], "é🦀é"),
        ("{a}", ["a": "{a}"], "{a}"),
    ])
    func fills(_ template: String, _ values: [String: String], _ expected: String) {
        #expect(Phrasebook.fill(template, values) == expected)
    }
}
