import Entities
import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

/// A server that reflects the token (into an error message, a description, a README, a
/// header) gets it neither printed, nor cached, nor handed on to be published.
@Suite("The token's value redacted from whatever a server sends back")
struct RedactionTests {
    static let token = FixtureWorld.token

    /// `\u0067hp_…`: the token spelled with a JSON escape for each character.
    static var escapedToken: String {
        token.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
    }

    /// Every file under `folder`, as bytes.
    static func holdsToken(_ folder: URL) -> [String] {
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { (try? Data(contentsOf: $0))?.range(of: Data(token.utf8)) != nil }.map(\.lastPathComponent)
    }

    @Test("a 403 that quotes the Authorization header is reported with the token redacted")
    func reflectedInAnError() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.echoAuthorization(status: 403), at: "/users/mona")
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        let message = try #require(error?.description)
        #expect(message.contains("Bearer \(Redactor.replacement)"), "\(message)")
        #expect(!message.contains(Self.token))
    }

    @Test(
        "a description holding the token, raw or spelled in JSON escapes, is neither decoded nor cached with it",
        arguments: [false, true])
    func reflectedInData(escaped: Bool) async throws {
        let harness = try LiveHarness()
        harness.github.update("lumen-labs/lantern") { $0.description = "see TOKEN_SLOT here" }
        harness.github.inject(
            .rewriteBody(target: "TOKEN_SLOT", replacement: escaped ? Self.escapedToken : Self.token),
            at: "/repos/lumen-labs/lantern")
        let repo = try await harness.store().repository(RepoName(owner: "lumen-labs", name: "lantern"))
        #expect(repo.description == "see \(Redactor.replacement) here")
        #expect(Self.holdsToken(harness.stateDirectory).isEmpty)
    }

    @Test("a README (base64 in the answer) holding the token comes out redacted")
    func reflectedInAReadme() async throws {
        let harness = try LiveHarness()
        harness.github.update("lumen-labs/lantern") { $0.readme = "# Lantern\n\nMy token is \(Self.token).\n" }
        let store = harness.store()
        let repo = try await store.repository(RepoName(owner: "lumen-labs", name: "lantern"))
        let readme = try #require(try await store.readme(of: repo))
        #expect(readme.markdown == "# Lantern\n\nMy token is \(Redactor.replacement).\n")
    }

    @Test("the redactor replaces raw and escaped spellings, and leaves everything else byte for byte")
    func redactor() throws {
        let redactor = Redactor(secrets: ["s3cret_X", nil, ""])
        #expect(redactor("a s3cret_X b s3cret_X") == "a [redacted] b [redacted]")
        let escaped = Data(#"{"a":"x\u0073\u0033cret_X\n","b":"s3cret_X","c":"\u00e9\n"}"#.utf8)
        let redacted = redactor(escaped)
        let object = try #require(try JSONSerialization.jsonObject(with: redacted) as? [String: String])
        #expect(object == ["a": "x[redacted]\n", "b": "[redacted]", "c": "é\n"])
        let untouched = Data(#"{"a":"\u00e9\n\"s3cret\"","b":[1,2]}"#.utf8)
        #expect(redactor(untouched) == untouched)
        #expect(Redactor.none(escaped) == escaped)
        let broken = Data(#"["\u0073\u0033cret_X\ud800"]"#.utf8)
        #expect(redactor(broken).range(of: Data("3cret".utf8)) == nil)
    }

    @Test("an answer in UTF-16, whose bytes hide the token from the redactor, is refused, not decoded")
    func utf16() {
        let decoder = GitHubDecoder(redactor: Redactor(secrets: ["s3cret_X"]))
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian] {
            let body = Data(#"["s3cret_X"]"#.data(using: encoding)!)
            #expect(throws: GitHubDataError.self) { try decoder.decode([String].self, from: body, resource: "GET /x") }
        }
    }

    @Test("a secret with a character a one-character escape stands for is found spelled with it")
    func oneCharacterEscapes() throws {
        let redactor = Redactor(secrets: ["a/b"])
        let redacted = redactor(Data(#"{"u":"https:\/\/x\/a\/b","n":"\n"}"#.utf8))
        let object = try #require(try JSONSerialization.jsonObject(with: redacted) as? [String: String])
        #expect(object == ["u": "https://x/[redacted]", "n": "\n"])
        // A secret without such characters is never spelled by them: the body is not rewritten.
        let plain = Data(#"{"u":"https:\/\/x\/s3cret","n":"\n"}"#.utf8)
        #expect(Redactor(secrets: ["s3cret_X"])(plain) == plain)
    }

    @Test("only literals whose escapes can spell ASCII are looked at again: base64 with \\n is not")
    func literalsLookedAtAgain() {
        var seen: [String] = []
        let json = Data(#"{"content":"czNj\ncmV0\n","a":"\u0073","b":"\\","c":"\/","d":"\"","e":"\t\r"}"#.utf8)
        _ = JSONStringLiterals.rewrite(json) { literal in
            seen.append(String(decoding: literal, as: UTF8.self))
            return nil
        }
        #expect(seen == [#""\u0073""#, #""\\""#, #""\/""#, #""\"""#])
        let secret = Redactor(secrets: ["s3cret_X"])
        #expect(secret(Data(#"["ab\ns3cret_X\n"]"#.utf8)) == Data(#"["ab\n[redacted]\n"]"#.utf8))
    }

    @Test("the byte search finds a secret at either end and nowhere else")
    func byteSearch() {
        #expect(Redactor.holds(Data("xxs3cret".utf8), "s3cret"))
        #expect(Redactor.holds("s3cretxx".utf8, "s3cret"))
        #expect(!Redactor.holds(Data("xxs3cre".utf8), "s3cret"))
        #expect(!Redactor.holds("s3s3crxs3cre".utf8, "s3cret"))
        #expect(!Redactor.holds(Data(), "s3cret"))
        #expect(Redactor.holds("é s3cret é".utf8, "s3cret"))
    }
}
