import Testing

@testable import GitHubData

@Suite struct WarningLogTests {
    /// The run says the cache's warnings as they come: those found when the store was made,
    /// then those found while answers were stored, each once.
    @Test func eachWarningIsToldOnceAsItComes() {
        let log = WarningLog()
        log.once("the response cache was set aside")
        #expect(log.untold() == ["the response cache was set aside"])
        #expect(log.untold() == [])
        log.once("the response cache could not be written")
        log.once("the response cache could not be written")
        log.once("the response cache was set aside")
        #expect(log.untold() == ["the response cache could not be written"])
        #expect(log.all.count == 2)
    }
}
