import Entities
import PageModels
import Testing
import UseCases

/// A build that streams READMEs leaves them out of the site and hands over a loader whose
/// batches give back exactly what the site would have held.
@Suite struct StreamedReadmesTests {
    @Test func theLoaderGivesTheREADMEsTheSiteWouldHaveHeld() async throws {
        let source = BuildDigestTests.world()
        let build = BuildDigest(source: source, clock: FixedClock(now: Make.epoch))
        let eager = try await build.build(BuildDigestTests.request)
        let deferred = try await build.build(BuildDigestTests.request, readmes: .streamed)

        #expect(eager.readmes == nil)
        #expect(deferred.site.repositories.allSatisfy { $0.readme == nil })
        var loaded = [MarkdownText?](repeating: nil, count: deferred.site.repositories.count)
        var batches = 0
        for try await batch in try #require(deferred.readmes).batches(for: deferred.site, size: 2) {
            batches += 1
            for (page, readme) in zip(batch.pages, batch.readmes) { loaded[page] = readme }
        }
        #expect(batches == (deferred.site.repositories.count + 1) / 2)
        #expect(loaded == eager.site.repositories.map(\.readme))
        #expect(loaded.compactMap { $0 }.count == 1, "only lumen/parser has a README")
        var filled = deferred.site
        for index in filled.repositories.indices { filled.repositories[index].readme = loaded[index] }
        #expect(filled == eager.site)
    }

    @Test func aREADMEThatCannotBeReadIsAFailureNamingTheRepository() async throws {
        var source = BuildDigestTests.world()
        source.failing = ["readme:lumen/parser"]
        let result = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch))
            .build(BuildDigestTests.request, readmes: .streamed)
        await #expect {
            for try await _ in result.readmes!.batches(for: result.site) {}
        } throws: { error in
            (error as? UseCaseFailure)?.description.contains("lumen/parser") == true
        }
    }
}
