import Foundation
import Testing

import RepodigestConfiguration
@testable import repodigest

/// Every ```toml block in README.md is a configuration a reader may copy: each must pass
/// the real parser.
@Suite struct ReadmeExamplesTests {
    static let readme = ArchitectureTests.sources.deletingLastPathComponent().appending(path: "README.md")

    static func tomlBlocks() throws -> [(line: Int, text: String)] {
        let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
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
            #expect(throws: Never.self, "README.md:\(block.line)") {
                try Configuration(toml: block.text, source: "README.md:\(block.line)")
            }
        }
    }
}
