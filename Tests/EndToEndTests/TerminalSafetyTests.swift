import FakeGitHubServer
import Foundation
import Testing

@testable import repodigest

/// Server text on a terminal: an error message carrying ESC and OSC sequences, CR/LF and a
/// bidi override is printed as visible escapes, in text and JSON logs alike.
@Suite struct TerminalSafetyTests {
    /// A 403 whose message clears the screen, plants an OSC 8 link, forges a line and
    /// reverses what follows.
    static let hostileMessage =
        #"nope\u001b[2J\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\r\nerror: injected line\u202emoc.evil\u0085\u007f"#

    @Test(arguments: ["text", "json"])
    func aServerMessageCannotMoveTheCursorForgeALineOrReorderText(format: String) throws {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        github.inject(
            .raw(
                status: 403, headers: ["Content-Type": "application/json"],
                body: #"{"message":"\#(Self.hostileMessage)"}"#),
            at: "/orgs/lumen-labs/repos", times: 10)
        let outcome = try LiveBuildProcessTests.Run(folder: folder.url, github: github).build(extra: [
            "--log-format", format,
        ])
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let text = outcome.standardError
        #expect(text.contains("nope"), "the message is there: \(text)")
        for scalar: Unicode.Scalar in ["\u{1B}", "\u{07}", "\r", "\u{202E}", "\u{85}", "\u{7F}"] {
            #expect(!text.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) reached the log")
        }
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("error: injected") })
        if format == "json" {
            let messages = HostileServerProcessTests.jsonLines(text).compactMap { $0["message"] as? String }
            #expect(
                messages.contains { $0.contains("\u{1B}[2J") && $0.contains("\r\nerror: injected line\u{202E}") },
                "JSON carries the text itself, escaped on the wire")
        } else {
            #expect(text.contains(#"nope\u{1B}[2J\u{1B}]8;;https://evil.example\u{7}click"#), "\(text)")
            #expect(text.contains(#"\r\nerror: injected line\u{202E}moc.evil\u{85}\u{7F}"#), "\(text)")
        }
    }

    @Test func terminalTextEscapesEveryControlAndBidiCharacterAndNothingElse() {
        #expect(TerminalText.escaped("plain ü 日本 — ok\\n") == "plain ü 日本 — ok\\n")
        #expect(
            TerminalText.escaped("a\nb\rc\td\u{0}e\u{1B}f\u{7F}g\u{9B}h") == #"a\nb\rc\td\u{0}e\u{1B}f\u{7F}g\u{9B}h"#)
        #expect(
            TerminalText.escaped("\u{202A}\u{202E}\u{2066}\u{2069}\u{200E}\u{200F}\u{061C}")
                == #"\u{202A}\u{202E}\u{2066}\u{2069}\u{200E}\u{200F}\u{61C}"#)
    }

    @Test func jsonLinesEscapeWhatJSONSerializationLeavesRaw() throws {
        let line = Console.json(.error, "a\u{202E}b\u{85}c\u{7F}\nd", [:], now: Date(timeIntervalSince1970: 0))
        #expect(!line.unicodeScalars.contains { TerminalText.isUnsafe($0) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message"] as? String == "a\u{202E}b\u{85}c\u{7F}\nd")
    }
}
