import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

/// An error names the request it is about once, however many layers passed it on.
@Suite("Error messages name the request once")
struct ErrorMessageTests {
    static func occurrences(of part: String, in text: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    @Test("an answer that never decodes, retried to the end, names its URL once")
    func undecodableAfterRetries() async throws {
        let harness = try LiveHarness()
        harness.github.inject(.truncatedJSON, at: "/users/mona", times: 10)
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().owner("mona") }
        let message = try #require(error?.description)
        #expect(Self.occurrences(of: "/users/mona", in: message) == 1, "\(message)")
        #expect(message.contains("the answer is not valid JSON") && message.contains("after 3 attempts"), "\(message)")
    }

    @Test("a stale copy's reason does not repeat the request it is reported under")
    func staleReason() async throws {
        let harness = try LiveHarness()
        _ = try await harness.store().owner("mona")
        harness.github.inject(.invalidUTF8, at: "/users/mona", times: 10)
        let store = harness.store()
        _ = try await store.owner("mona")
        let stale = try #require(store.report.stale.first)
        #expect(stale.resource.hasSuffix("/users/mona"))
        #expect(!stale.reason.contains("/users/mona"), "\(stale.reason)")
    }
}
