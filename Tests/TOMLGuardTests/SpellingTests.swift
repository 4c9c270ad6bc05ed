import TOMLGuard
import Testing

/// `TOMLGuard.nearest`: the configuration's unknown keys and a theme's unknown values both
/// suggest the name they were likely meant to be.
@Suite struct SpellingTests {
    let keys = ["concurrency", "favourites", "owners", "limit", "base_url", "title"]

    @Test func nearNamesAreSuggestedTheNearestFirst() {
        #expect(TOMLGuard.nearest(to: "concurency", among: keys) == "concurrency")
        #expect(TOMLGuard.nearest(to: "favorites", among: keys) == "favourites")
        #expect(TOMLGuard.nearest(to: "Base-URL", among: keys) == "base_url", "case and '-' for '_'")
        #expect(TOMLGuard.nearest(to: "owner", among: keys) == "owners")
        #expect(TOMLGuard.nearest(to: "limt", among: keys) == "limit")
        #expect(TOMLGuard.nearest(to: "starred", among: keys) == nil, "three letters away is no suggestion")
    }

    @Test func shortNamesAreOnlySuggestedForAnotherCase() {
        #expect(TOMLGuard.nearest(to: "tile", among: keys, shortest: 6) == nil)
        #expect(TOMLGuard.nearest(to: "TITLE", among: keys, shortest: 6) == "title")
        #expect(TOMLGuard.nearest(to: "tile", among: keys) == "title")
    }
}
