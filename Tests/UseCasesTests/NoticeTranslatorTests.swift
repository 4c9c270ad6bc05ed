import Foundation
import PageModels
import Testing

@testable import UseCases

@Suite("NoticeTranslator")
struct NoticeTranslatorTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test("no stale data, no notice")
    func none() {
        #expect(NoticeTranslator(now: now, format: .english).notices(for: []).isEmpty)
    }

    @Test("one stale resource: what, why, and how old, as an age and a date")
    func one() throws {
        let stale = StaleData(
            resource: "GET https://api.github.com/users/mona/starred", fetchedAt: now - 3 * 3600,
            cause: .status(502, attempts: 4))
        let notice = try #require(NoticeTranslator(now: now, format: .english).notices(for: [stale]).first)
        #expect(
            notice.text == "Refreshing GET https://api.github.com/users/mona/starred "
                + "(HTTP 502 after 4 attempts) from GitHub failed; the data shown for it was fetched 3 hours before this build "
                + "(\(DisplayFormat.english.minute(now - 3 * 3600))), in an earlier run.")
    }

    @Test("what no run had fetched is said apart: left out, with no age")
    func leftOut() throws {
        let served = StaleData(resource: "GET /a", fetchedAt: now - 3600, cause: .status(502, attempts: 3))
        let missing = StaleData(resource: "GET /b/readme", fetchedAt: nil, cause: .status(502, attempts: 3))
        let notices = NoticeTranslator(now: now, format: .english).notices(for: [served, missing])
        #expect(notices.count == 2)
        #expect(notices.first?.text.contains("GET /a") == true && notices.first?.text.contains("GET /b") == false)
        #expect(
            notices.last?.text
                == "Fetching GET /b/readme (HTTP 502 after 3 attempts) from GitHub failed, and no earlier run "
                + "had fetched it: it is left out of this build.")
        #expect(NoticeTranslator(now: now, format: .english).notices(for: [missing]).count == 1)
    }

    @Test("a list read only in part (its Link loops) is said apart: shown as far as it was read, not left out")
    func partial() throws {
        let missing = StaleData(resource: "GET /b/readme", fetchedAt: nil, cause: .status(502, attempts: 3))
        let looped = StaleData(
            resource: "GET /users/mona/starred?per_page=100", fetchedAt: nil,
            cause: .unfollowedLink(url: "/users/mona/starred?per_page=100", loops: true))
        let notices = NoticeTranslator(now: now, format: .english).notices(for: [looped, missing])
        #expect(notices.count == 2)
        #expect(notices.first?.text.contains("starred") == false, "not among what is left out")
        #expect(
            notices.last?.text
                == "GET /users/mona/starred?per_page=100 (its next page's Link leads back to a page already read) "
                + "could not be read whole from GitHub: it is shown as far as it could be read.")
        let nowhere = StaleData(
            resource: "GET /x", fetchedAt: nil, cause: .unfollowedLink(url: "http://[::1", loops: false))
        let japanese = try #require(
            NoticeTranslator(now: now, format: JapaneseFormatTests.japanese).notices(for: [nowhere]).first?.text)
        #expect(japanese.contains("GET /x（次のページを示す Link がアドレスではありません）"), "\(japanese)")
        #expect(!japanese.contains("[::1"), "a server's address is no part of a page")
    }

    @Test("a Japanese site says why in Japanese; the client's own words stay as they are")
    func japanese() throws {
        let stale = [
            StaleData(resource: "GET /a", fetchedAt: now - 3600, cause: .status(502, attempts: 3)),
            StaleData(
                resource: "GET /b", fetchedAt: now - 3600, cause: .failure("Empty reply from server", attempts: 1)),
            StaleData(resource: "GET /c", fetchedAt: now - 3600, cause: .undecodable("missing key 'id'")),
            StaleData(resource: "GET /d", fetchedAt: now - 3600, cause: .notJSON("unexpected end", attempts: 3)),
        ]
        let text = try #require(
            NoticeTranslator(now: now, named: 4, format: JapaneseFormatTests.japanese).notices(for: stale).first?.text)
        #expect(text.contains("GET /a（HTTP 502、3\u{A0}回試行）"), "\(text)")
        #expect(text.contains("GET /b（Empty reply from server、1\u{A0}回試行）"), "\(text)")
        #expect(text.contains("GET /c（応答を読み取れません：missing key 'id'）"), "\(text)")
        #expect(text.contains("GET /d（応答が JSON ではありません：unexpected end、3\u{A0}回試行）"), "\(text)")
        #expect(!text.contains("after"), "\(text)")
    }

    @Test("the log's English reason names the same cause")
    func englishReasons() {
        #expect(StaleData.Cause.status(502, attempts: 3).description == "HTTP 502 after 3 attempts")
        #expect(
            StaleData.Cause.failure("Timeout was reached", attempts: 1).description
                == "Timeout was reached after 1 attempt")
        #expect(StaleData.Cause.undecodable("x").description == "the answer does not decode (x)")
        #expect(
            StaleData.Cause.notJSON("x", attempts: 3).description == "the answer is not valid JSON (x) after 3 attempts"
        )
        #expect(StaleData.Cause.refused("GraphQL errors: NOT_FOUND").description == "GraphQL errors: NOT_FOUND")
    }

    @Test("many: the first few named, the rest counted, the oldest age given")
    func many() throws {
        let stale = (1...5).map {
            StaleData(
                resource: "GET /r\($0)", fetchedAt: now - Double($0) * 86_400,
                cause: .failure("Timeout was reached", attempts: 1))
        }
        let text = try #require(NoticeTranslator(now: now, format: .english).notices(for: stale).first?.text)
        #expect(text.contains("GET /r3 (Timeout was reached after 1 attempt) and 2 more"))
        #expect(!text.contains("GET /r4"))
        #expect(text.contains("the oldest data shown for them was fetched 5 days before this build"))
    }
}
