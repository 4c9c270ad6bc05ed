import Entities
import PageModels
import Testing
import UseCases

/// A build that defers READMEs leaves them out of the site and hands over a loader that
/// gives back exactly what the site would have held.
@Suite struct DeferredReadmesTests {
    @Test func theLoaderGivesTheREADMEsTheSiteWouldHaveHeld() async throws {
        let source = BuildDigestTests.world()
        let build = BuildDigest(source: source, clock: FixedClock(now: Make.epoch))
        let eager = try await build.build(BuildDigestTests.request)
        var request = BuildDigestTests.request
        request.defersReadmes = true
        let deferred = try await build.build(request)

        #expect(eager.readmes == nil)
        #expect(deferred.site.repositories.allSatisfy { $0.readme == nil })
        let loaded = try await #require(deferred.readmes).readmes(for: deferred.site.repositories)
        #expect(loaded == eager.site.repositories.map(\.readme))
        #expect(loaded.compactMap { $0 }.count == 1, "only lumen/parser has a README")
        var filled = deferred.site
        for index in filled.repositories.indices { filled.repositories[index].readme = loaded[index] }
        #expect(filled == eager.site)
    }

    @Test func aREADMEThatCannotBeReadIsAFailureNamingTheRepository() async throws {
        var source = BuildDigestTests.world()
        source.failing = ["readme:lumen/parser"]
        var request = BuildDigestTests.request
        request.defersReadmes = true
        let result = try await BuildDigest(source: source, clock: FixedClock(now: Make.epoch)).build(request)
        await #expect {
            try await result.readmes!.readmes(for: result.site.repositories)
        } throws: { error in
            (error as? UseCaseFailure)?.description.contains("lumen/parser") == true
        }
    }
}
