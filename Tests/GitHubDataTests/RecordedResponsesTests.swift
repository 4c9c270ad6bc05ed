import Foundation
import Testing

@testable import GitHubData

/// `../shared/github-recorded` beside the package, as a clone has it on the project's
/// machines and in CI; skipped, saying so, where it is absent.
private let recordings = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appending(path: "shared/github-recorded")

/// Real answers of api.github.com recorded by other projects (read from the shared folder at
/// test time, never copied here): every body our DTOs are meant for must decode.
@Suite(
    "Recorded GitHub answers decode",
    .enabled(
        if: FileManager.default.fileExists(atPath: recordings.path), "no ../shared/github-recorded beside the package"))
struct RecordedResponsesTests {

    private struct Recording: Decodable {
        struct Exchange: Decodable {
            var method: String
            var path: String
            var status: Int
            var body: String?
        }
        var exchanges: [Exchange]
    }

    @Test("every 200 answer in every recording decodes through the DTO for its path")
    func decodeAll() throws {
        let files = try FileManager.default.contentsOfDirectory(at: recordings, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        #expect(!files.isEmpty)
        var decoded = 0
        for file in files {
            let recording = try JSONDecoder().decode(Recording.self, from: Data(contentsOf: file))
            for exchange in recording.exchanges where exchange.status == 200 {
                let resource = "\(file.lastPathComponent): \(exchange.method) \(exchange.path)"
                let body = Data((exchange.body ?? "").utf8)
                do {
                    try Self.decode(body, path: exchange.path, resource: resource)
                    decoded += 1
                } catch {
                    Issue.record("\(error)")
                }
            }
        }
        #expect(decoded >= 20)
    }

    /// The DTO the live store decodes each path's answer with.
    private static func decode(_ body: Data, path: String, resource: String) throws {
        let decoder = GitHubDecoder()
        let parts = (URLComponents(string: path)?.path ?? path).split(separator: "/").map(String.init)
        switch (parts.first, parts.last, parts.count) {
        case ("rate_limit", _, _): _ = try decoder.decode(RateLimitDTO.self, from: body, resource: resource)
        case ("search", _, _): _ = try decoder.decode(SearchResultDTO.self, from: body, resource: resource)
        case (_, "starred", _): _ = try decoder.decode([StarDTO].self, from: body, resource: resource).map(\.entity)
        case (_, "repos", _): _ = try decoder.decode([RepoDTO].self, from: body, resource: resource).map(\.entity)
        case (_, "releases", _): _ = try decoder.decode([ReleaseDTO].self, from: body, resource: resource)
        case (_, "latest", _): _ = try decoder.decode(ReleaseDTO.self, from: body, resource: resource)
        case (_, "readme", _):
            _ = try decoder.decode(ReadmeDTO.self, from: body, resource: resource).entity(resource: resource)
        case ("users", _, 2), ("orgs", _, 2), ("user", _, 1):
            _ = try decoder.decode(AccountDTO.self, from: body, resource: resource).entity
        case ("repos", _, 3), ("repositories", _, 2):
            _ = try decoder.decode(RepoDTO.self, from: body, resource: resource).entity
        default:
            Issue.record("\(resource): no DTO is mapped to this path; add it here")
        }
    }
}
