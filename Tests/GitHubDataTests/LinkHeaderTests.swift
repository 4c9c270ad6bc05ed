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

    @Test("white space and tabs around parts, several relations in one, and any UTF-8 in a URL")
    func spacing() {
        let header = LinkHeader(
            " \t<https://x/caf\u{E9}?page=2> ;\trel = \"next last\" ,<https://x/a?page=1>;REL=prev ")
        #expect(header.next == "https://x/caf\u{E9}?page=2")
        #expect(header.links["last"] == "https://x/caf\u{E9}?page=2")
        #expect(header.links["prev"] == "https://x/a?page=1")
        // Junk is no address, but a next page all the same: the list was not read to its end.
        #expect(LinkHeader("<>; rel=next").next == "")
        #expect(LinkHeader("<a>b>; rel=next").next == "a>b")
        #expect(LinkHeader.resolve("a>b", against: "https://x/a?page=1") == "a>b")
        #expect(!LinkHeader.isFetchable(LinkHeader.resolve("a>b", against: "https://x/a?page=1")))
    }
}
