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
            reason: "HTTP 502 after 4 attempts")
        let notice = try #require(NoticeTranslator(now: now, format: .english).notices(for: [stale]).first)
        #expect(
            notice.text == "GitHub could not be reached for GET https://api.github.com/users/mona/starred "
                + "(HTTP 502 after 4 attempts); the data shown for it was fetched 3 hours before this build "
                + "(\(DisplayFormat.english.minute(now - 3 * 3600))), in an earlier run.")
    }

    @Test("many: the first few named, the rest counted, the oldest age given")
    func many() throws {
        let stale = (1...5).map {
            StaleData(resource: "GET /r\($0)", fetchedAt: now - Double($0) * 86_400, reason: "timeout")
        }
        let text = try #require(NoticeTranslator(now: now, format: .english).notices(for: stale).first?.text)
        #expect(text.contains("GET /r3 (timeout) and 2 more"))
        #expect(!text.contains("GET /r4"))
        #expect(text.contains("the oldest data shown for them was fetched 5 days before this build"))
    }
}
