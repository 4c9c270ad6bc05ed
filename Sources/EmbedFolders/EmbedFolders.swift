import Foundation
import PackagePlugin

/// Embeds folders into the target that uses this plugin, as base64 Swift source.
///
/// A target lists what it embeds in `embedded-folders.txt`, one `Namespace: relative/path`
/// per line (relative to the target's folder; `#` starts a comment), optionally followed by
/// `!SUFFIX` words naming files to leave out (`!.png !.md`). Each folder becomes an
/// `enum Namespace { static let files: [String: String] }` keyed by path inside that folder.
/// Every file is declared as an input, so editing a theme or the sample rebuilds the target.
@main
struct EmbedFolders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let manifest = target.directoryURL.appending(path: "embedded-folders.txt")
        let entries = try String(contentsOf: manifest, encoding: .utf8)
            .split(separator: "\n")
            .map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }

        var arguments: [String] = []
        var inputs: [URL] = [manifest]
        for entry in entries {
            let parts = entry.split(separator: ":", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard parts.count == 2 else {
                throw PluginError("\(manifest.path()): expected `Namespace: path`, found `\(entry)`")
            }
            let words = parts[1].split(separator: " ").map(String.init)
            let folder = target.directoryURL.appending(path: words[0]).standardizedFileURL
            let excluded = words.dropFirst().filter { $0.hasPrefix("!") }.map { String($0.dropFirst()) }
            // "-" for none: an empty argument does not survive the trip to the tool.
            arguments += [parts[0], folder.path(), excluded.isEmpty ? "-" : excluded.joined(separator: ",")]
            inputs += files(under: folder).filter { file in !excluded.contains { file.lastPathComponent.hasSuffix($0) }
            }
        }

        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFolders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(entries.count) folder(s) into \(target.name)",
                executable: try context.tool(named: "embed-folders").url,
                arguments: [output.path()] + arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    private func files(under folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
