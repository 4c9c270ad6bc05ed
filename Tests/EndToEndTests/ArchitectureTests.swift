import Foundation
import Testing

/// The layer rule of ARCHITECTURE.md, checked on the sources themselves. SwiftPM's
/// `--explicit-target-dependency-import-check` (run by `make test`) only reports when it
/// re-plans a build, so this test makes the rule hold on every run.
@Suite struct ArchitectureTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Sources")

    /// Which project modules each layer may import (ARCHITECTURE.md, "Layers").
    static let allowed: [String: Set<String>] = [
        "Entities": [],
        "PageModels": [],
        "UseCases": ["Entities", "PageModels", "ParallelWork"],
        "GitHubData": ["Entities", "UseCases", "ParallelWork", "CCurl", "GRDB"],
        "TOMLGuard": [],
        "ParallelWork": [],
        "SiteRenderer": ["PageModels", "ParallelWork", "CLibXML2", "CCmarkGFM", "TOMLKit", "TOMLGuard"],
        "RepodigestConfiguration": ["Entities", "UseCases", "TOMLKit", "TOMLGuard"],
        "BuildPipeline": [
            "Entities", "UseCases", "GitHubData", "SiteRenderer", "RepodigestConfiguration", "ParallelWork",
        ],
        "repodigest": [
            "Entities", "UseCases", "GitHubData", "SiteRenderer", "RepodigestConfiguration", "BuildPipeline",
            "ArgumentParser", "FlyingFox", "FlyingSocks", "Glibc",
        ],
        "repodigest-bench": [
            "Entities", "UseCases", "PageModels", "GitHubData", "SiteRenderer", "FakeGitHubServer", "Glibc",
        ],
        "FuzzTargets": ["Entities", "UseCases", "PageModels", "GitHubData", "SiteRenderer", "RepodigestConfiguration"],
        "fuzz": ["FuzzTargets", "CFuzzer"],
    ]
    static let projectModules: Set<String> = Set(allowed.keys)
    /// C and third-party modules: always `internal import`, so no layer leaks their types.
    static let foreign: Set<String> = [
        "CFuzzer", "CCurl", "CLibXML2", "CCmarkGFM", "GRDB", "Mustache", "TOMLKit", "ArgumentParser", "FlyingFox",
        "FlyingSocks", "Glibc",
    ]

    static func imports(of target: String) throws -> [(file: String, line: Int, text: String, module: String)] {
        var found: [(String, Int, String, String)] = []
        let enumerator = FileManager.default.enumerator(
            at: sources.appending(path: target), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                let words = line.split(separator: " ").map(String.init)
                guard let position = words.firstIndex(of: "import"), position + 1 < words.count,
                    words[..<position].allSatisfy({
                        ["public", "internal", "package", "private", "fileprivate", "@testable", "@_exported"].contains(
                            $0)
                    })
                else { continue }
                found.append((url.lastPathComponent, index + 1, String(line), words[position + 1]))
            }
        }
        return found
    }

    @Test(arguments: allowed.keys.sorted())
    func layerImportsOnlyWhatTheDesignAllows(_ target: String) throws {
        for entry in try Self.imports(of: target) where Self.projectModules.union(Self.foreign).contains(entry.module) {
            #expect(
                Self.allowed[target]!.contains(entry.module),
                "\(target)/\(entry.file):\(entry.line): \(target) may not import \(entry.module)")
            if Self.foreign.contains(entry.module) {
                #expect(
                    entry.text.trimmingCharacters(in: .whitespaces).hasPrefix("internal import"),
                    "\(target)/\(entry.file):\(entry.line): use `internal import \(entry.module)` so its types stay inside \(target)"
                )
            }
        }
    }

    @Test func theRendererNeverSeesAnEntity() throws {
        #expect(try Self.imports(of: "SiteRenderer").allSatisfy { $0.module != "Entities" })
    }
}
