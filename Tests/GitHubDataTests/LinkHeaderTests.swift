import Testing

@testable import GitHubData

@Suite("Link header")
struct LinkHeaderTests {
    @Test("finds next among GitHub's relations, even when it moves to /repositories/{id}")
    func next() {
        let header = LinkHeader(
            "<https://api.github.com/repositories/3544490/releases?per_page=10&page=2>; rel=\"next\", "
                + "<https://api.github.com/repositories/3544490/releases?per_page=10&page=3>; rel=\"last\"")
        #expect(header.next == "https://api.github.com/repositories/3544490/releases?per_page=10&page=2")
        #expect(header.links["last"] == "https://api.github.com/repositories/3544490/releases?per_page=10&page=3")
    }

    @Test("a last page has no next; nothing or garbage gives no links")
    func none() {
        #expect(LinkHeader("<https://x/a?page=1>; rel=\"first\", <https://x/a?page=1>; rel=\"prev\"").next == nil)
        #expect(LinkHeader(nil).links.isEmpty)
        #expect(LinkHeader("garbage, <unterminated; rel=next").next == nil)
    }

    @Test("commas inside the URL or quotes do not split entries")
    func commas() {
        let header = LinkHeader("<https://x/search?q=a,b&page=2>; rel=\"next\"; title=\"x, y\"")
        #expect(header.next == "https://x/search?q=a,b&page=2")
    }
}
