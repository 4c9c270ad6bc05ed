import Foundation
import RepodigestConfiguration
import Testing

@testable import repodigest

/// `repodigest init`: a starter that the real parser reads, that builds as it is from the
/// sample, that explains every key the parser accepts, and that never replaces a file
/// without `--force`.
@Suite struct InitTests {
    static let parserSource = ArchitectureTests.sources.appending(
        path: "RepodigestConfiguration/Configuration+TOML.swift")

    /// Every key the parser allows, read from its `tableKeys` and `allow([...])` lists, so
    /// that a key added to the parser and not to the starter fails here.
    static func acceptedKeys() throws -> Set<String> {
        let source = try String(contentsOf: parserSource, encoding: .utf8)
        let lists = source.matches(of: /allow\(\s*\[([^\]]*)\]/).map { String($0.output.1) }
        let tables = try #require(
            source.firstMatch(of: /static let tableKeys[^=]*= \[(.*?)\n    \]/.dotMatchesNewlines()))
        return Set(
            (lists + [String(tables.output.1)]).flatMap { $0.matches(of: /"([a-z_]+)"/).map { String($0.output.1) } })
    }

    @Test func writesAStarterThatParsesBuildsAndExplainsEveryKey() throws {
        let folder = try TemporaryFolder()
        let written = try RepodigestProcess.run(["init"], in: folder.url)
        #expect(written.status == 0, "\(written.standardError)")
        let file = folder.url.appending(path: "repodigest.toml")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == Configuration.starter)

        let configuration = try Configuration(toml: text, source: "repodigest.toml")
        #expect(!configuration.starredBy.isEmpty && !configuration.owners.isEmpty && !configuration.searches.isEmpty)

        let keys = try Self.acceptedKeys()
        #expect(keys.count >= 15, "the parser's keys were found: \(keys.sorted())")
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for key in keys {
            let set = lines.contains {
                $0.hasPrefix("\(key) =") || $0.hasPrefix("[\(key)]") || $0.contains("{ \(key) =")
                    || $0.contains(", \(key) =")
            }
            #expect(set, "the starter sets '\(key)'")
        }
        #expect(lines.filter { $0.hasPrefix("#") }.count >= keys.count, "and explains them")

        let build = try RepodigestProcess.run(
            ["build", "--sample", "--config", file.path, "--output", "site", "--quiet"], in: folder.url)
        #expect(build.status == 0, "it builds as it is from the sample: \(build.standardError)")
    }

    @Test func neverReplacesAFileWithoutForce() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appending(path: "mine.toml")
        try Data("title = \"mine\"\n".utf8).write(to: file)

        let refused = try RepodigestProcess.run(["init", "--config", file.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("already exists"), "\(refused.standardError)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "title = \"mine\"\n")

        // Replaced with its permissions: a private configuration stays private.
        #expect(chmod(file.path, 0o600) == 0)
        let forced = try RepodigestProcess.run(["init", "--config", file.path, "--force"])
        #expect(forced.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == Configuration.starter)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let unnamed = try RepodigestProcess.run(["init", "--config", ""])
        #expect(unnamed.status == 1 && unnamed.standardError.contains("--config: a file name is needed"))
        let folderName = try RepodigestProcess.run(["init", "--config", "conf/"], in: folder.url)
        #expect(folderName.status == 1, "\(folderName.standardError)")
        #expect(folderName.standardError.contains("conf/ names a folder; name the file, such as conf/repodigest.toml"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "conf").path))
    }

    @Test("a file that cannot be made is said in the system's words, not Foundation's ('The file doesn't exist')")
    func aFileThatCannotBeMadeIsSaidPlainly() throws {
        let folder = try TemporaryFolder()
        try Data("x".utf8).write(to: folder.url.appending(path: "afile"))
        let cases = [
            ("nosuch/r.toml", "the folder \(folder.url.path)/nosuch does not exist; make it first"),
            ("afile/r.toml", "a part of \(folder.url.path)/afile is not a folder"),
            (String(repeating: "n", count: 300) + ".toml", "its name is 305 bytes long; a name may have 255"),
            (".", ". is a folder; it was left as it is"),
        ]
        for (path, says) in cases {
            let outcome = try RepodigestProcess.run(["init", "--config", path], in: folder.url)
            #expect(outcome.status == 1)
            #expect(outcome.standardError.contains(says), "\(outcome.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["afile"], "nothing left")
    }

    @Test("--force replaces a regular file only: a link, a FIFO or a device is left as it is")
    func forceReplacesOnlyARegularFile() throws {
        let folder = try TemporaryFolder()
        let target = folder.url.appending(path: "real.toml")
        try Data("title = \"mine\"\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(
            at: folder.url.appending(path: "link.toml"), withDestinationURL: target)
        #expect(mkfifo(folder.url.appending(path: "fifo.toml").path, 0o644) == 0)
        for (name, kind) in [("link.toml", "a symbolic link"), ("fifo.toml", "a FIFO"), ("/dev/null", "a device")] {
            let path = name.hasPrefix("/") ? name : folder.url.appending(path: name).path
            let refused = try RepodigestProcess.run(["init", "--config", path, "--force"])
            #expect(refused.status == 1)
            #expect(refused.standardError.contains("\(path) is \(kind);"), "\(refused.standardError)")
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "title = \"mine\"\n")
        let link = try FileManager.default.destinationOfSymbolicLink(
            atPath: folder.url.appending(path: "link.toml").path)
        #expect(link == target.path)
    }

    @Test("the command init suggests is one to copy: a path with a space or quote is quoted for the shell")
    func theSuggestedCommandQuotesThePath() {
        #expect(InitCommand.shellWord("repodigest.toml") == "repodigest.toml")
        #expect(InitCommand.shellWord("conf/é.toml") == "conf/é.toml")
        #expect(InitCommand.shellWord("sp ace/é.toml") == "'sp ace/é.toml'")
        #expect(InitCommand.shellWord("it's.toml") == #"'it'\''s.toml'"#)
        #expect(InitCommand.shellWord("$HOME.toml") == "'$HOME.toml'")
        #expect(InitCommand.shellWord("-dash.toml") == "./-dash.toml", "not read as an option")
        // The console shows a control character escaped: the word says it as the shell reads it.
        #expect(InitCommand.shellWord("nl\nx's.toml") == #"$'nl\nx\'s.toml'"#)
        #expect(InitCommand.shellWord("a\u{1}\u{85}\\.toml") == #"$'a\x01\u0085\\.toml'"#)
    }
}
