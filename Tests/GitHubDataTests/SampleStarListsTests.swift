import Entities
import Testing

@testable import GitHubData

/// The bundled sample's Star Lists: a GraphQL answer, decoded as a live one is.
@Suite struct SampleStarListsTests {
    @Test("the sample's account has three Lists of its starred repositories, and its configuration asks for them")
    func sampleHasLists() async throws {
        let lists = try await SampleDataStore().starLists(of: "mona-sample")
        #expect(lists.map(\.slug) == ["static-sites", "swift-tooling", "databases"])
        #expect(lists[0].description == "Generators, themes and the tools around them" && lists[2].description == nil)
        #expect(lists[0].repositories.first?.name.description == "lumen-labs/lantern")
        #expect(lists.allSatisfy { !$0.repositories.isEmpty && !$0.isPrivate })
        #expect(try await SampleDataStore().starLists(of: "kit-harbor").isEmpty)
        #expect(SampleDataStore.configuration.contains("lists_of = [\"mona-sample\"]"))
    }
}
