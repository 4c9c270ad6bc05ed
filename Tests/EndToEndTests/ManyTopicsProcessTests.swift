import FakeGitHubServer
import Foundation
import Testing

/// 2,000 topics on one repository once made 2,000 topic pages each linking all 2,000
/// (22.6 s, 220 MB; 10,000 were killed at 300 s). GitHub caps topics at 20: the data is
/// bounded where it is read, and no page grows with topics × topics or repositories × topics.
@Suite struct ManyTopicsProcessTests {
    /// The topic pages and the size of the largest HTML page of a build whose repository has `topics`.
    static func build(topics: [String]) throws -> (topicPages: Int, largestPage: Int, standardError: String) {
        let folder = try TemporaryFolder()
        let github = try LiveBuildProcessTests.world()
        defer { github.stop() }
        github.update("lumen-labs/lantern") { $0.topics = topics }
        let run = LiveBuildProcessTests.Run(folder: folder.url, github: github)
        let outcome = try run.build()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let files = FileManager.default.enumerator(at: run.output, includingPropertiesForKeys: [.fileSizeKey])!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "html" }
        let sizes = try files.map { try $0.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0 }
        let topicPages = files.filter { $0.path.contains("/topics/") }.count
        return (topicPages, sizes.max() ?? 0, outcome.standardError)
    }

    @Test("a repository with 2,000 topics makes 20 topic pages, each no bigger than with 20 topics")
    func twoThousandTopics() throws {
        let bounded = try Self.build(topics: (0..<20).map { "topic-\($0)" })
        let many = try Self.build(topics: (0..<2_000).map { "topic-\($0)" })
        #expect(bounded.topicPages == 20)
        #expect(many.topicPages == 20)
        #expect(
            many.largestPage <= bounded.largestPage + 512,
            "largest page \(many.largestPage) bytes, \(bounded.largestPage) with 20 topics")
        #expect(
            many.standardError.contains("lumen-labs/lantern: 1980 of its 2000 topics left out"), "\(many.standardError)"
        )
    }
}
