import PageModels
import Testing

/// `RepoCard` shares its fields between copies: a copy must still behave as a value.
@Suite struct RepoCardTests {
    static func card(_ name: String = "x/y") -> RepoCard {
        RepoCard(
            route: .digest, fullName: name, description: "d", language: nil, topics: [], stars: 5, starsText: "5",
            forksText: "0", pushedText: nil, starredText: nil, badges: [.fork], gitHubURL: "https://github.com/x/y")
    }

    @Test func aChangedCopyLeavesTheOriginalAlone() {
        let original = Self.card()
        var copy = original
        copy.starredText = "Starred 1 Nov 2026"
        copy.badges.removeAll { $0 == .fork }
        #expect(original.starredText == nil)
        #expect(original.badges == [.fork])
        #expect(copy.starredText == "Starred 1 Nov 2026")
        #expect(copy.badges.isEmpty)
        #expect(copy != original)
    }

    @Test func cardsWithTheSameFieldsAreEqualAndHashAlike() {
        #expect(Self.card() == Self.card())
        #expect(Set([Self.card(), Self.card(), Self.card("x/z")]).count == 2)
    }
}
