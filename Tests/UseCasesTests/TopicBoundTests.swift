import PageModels
import Testing

@testable import UseCases

/// One page's size is linear in what it shows, whatever the data holds.
@Suite("Pages bounded however many topics")
struct TopicBoundTests {
    @Test("the front page lists the most used topics and languages, not every one of thousands")
    func frontPageTermsAreBounded() {
        let cards = RepoCardTranslator(favourites: [], format: .english)
        let repos = (0..<1_000).map { index in
            Make.repo(
                "o/r\(index)", id: Int64(index), language: "L\(index)", topics: (0..<20).map { "t\(index)-\($0)" })
        }
        let translator = DigestPageTranslator(format: .english)
        let page = translator.page(
            title: "T", starred: [], favourites: [], all: repos.map { cards.card(for: $0) }, recentlyPushed: [],
            sourcesSummary: "")
        #expect(page.topics.count == translator.topicCount)
        #expect(page.languages.count == translator.languageCount)
    }
}
