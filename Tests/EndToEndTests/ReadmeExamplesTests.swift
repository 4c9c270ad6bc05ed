import Foundation
import RepodigestConfiguration
import Testing

@testable import repodigest

/// Every ```toml block in README.md and docs/ is a configuration a reader may copy: each
/// must pass the real parser.
@Suite struct ReadmeExamplesTests {
    static let root = ArchitectureTests.sources.deletingLastPathComponent()

    /// README.md, then every Markdown file in docs/.
    static func documents() throws -> [URL] {
        let docs = root.appending(path: "docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .sorted()
        return [root.appending(path: "README.md")] + names.map { docs.appending(path: $0) }
    }

    static func tomlBlocks() throws -> [(line: String, text: String)] {
        try documents().flatMap { document in
            try tomlBlocks(in: String(contentsOf: document, encoding: .utf8)).map {
                ("\(document.path.dropFirst(root.path.count + 1)):\($0.line)", $0.text)
            }
        }
    }

    static func tomlBlocks(in text: String) -> [(line: Int, text: String)] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [(Int, String)] = []
        var current: (start: Int, lines: [String])?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let block = current {
                if trimmed == "```" {
                    blocks.append((block.start, block.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if trimmed == "```toml" {
                current = (index + 2, [])
            }
        }
        return blocks
    }

    @Test func everyExampleConfigurationParses() throws {
        let blocks = try Self.tomlBlocks()
        #expect(blocks.count >= 3, "the README shows configurations")
        for block in blocks {
            #expect(throws: Never.self, "\(block.line)") {
                try Configuration(toml: block.text, source: block.line)
            }
        }
    }
}
