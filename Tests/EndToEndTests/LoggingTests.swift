import Foundation
import Testing

/// What a run prints: JSON lines for log collectors, nothing but problems with `--quiet`,
/// plain lines into pipes, a progress bar and colour on a terminal unless `NO_COLOR`.
@Suite struct LoggingTests {
    @Test("a build that fails validation gives each finding to a log collector with its parts as fields")
    func findingsAreFieldsInJSON() throws {
        let folder = try TemporaryFolder()
        let theme = folder.url.appending(path: "theme")
        try FileManager.default.createDirectory(
            at: theme.appending(path: "templates"), withIntermediateDirectories: true)
        try Data("name = \"mine\"\nextends = \"default\"\n".utf8).write(to: theme.appending(path: "theme.toml"))
        try Data(
            "{{<layout}}\n{{$main}}\n<h1>Lost</h1><p><a href=\"nowhere.html\">Home</a></p>\n{{/main}}\n{{/layout}}\n"
                .utf8
        )
        .write(to: theme.appending(path: "templates/not-found.mustache"))
        let outcome = try RepodigestProcess.run([
            "build", "--sample", "--theme", theme.path, "--output", folder.url.appending(path: "site").path,
            "--log-format", "json",
        ])
        #expect(outcome.status == 4)
        let objects = try outcome.standardError.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let link = try #require(objects.first { $0["rule"] as? String == "broken-link" })
        #expect(link["file"] as? String == "404.html")
        #expect((link["line"] as? Int ?? 0) > 1 && (link["column"] as? Int ?? 0) > 1)
        #expect(link["origin"] as? String == theme.path + "/templates/not-found.mustache:3:17", "\(link)")
    }

    @Test("a command line that cannot be read is one JSON line for a log collector, lines for people")
    func commandLineMistakesFollowTheLogFormat() throws {
        for arguments in [
            ["build", "--sample", "--nosuch", "--log-format", "json"],
            ["build", "--log-format=json", "--max-age", "1"],
            ["help", "nosuch", "--log-format", "json"],
        ] {
            let outcome = try RepodigestProcess.run(arguments)
            #expect(outcome.status == 1, "\(arguments)")
            let lines = outcome.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(outcome.standardError)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
            #expect(object["level"] as? String == "error")
            let message = try #require(object["message"] as? String)
            #expect(message.contains("nosuch") || message.contains("max-age"), "\(message)")
            #expect(!message.hasPrefix("Error:"), "the level says so")
        }
        let people = try RepodigestProcess.run(["build", "--sample", "--nosuch"])
        #expect(people.status == 1)
        #expect(people.standardError.hasPrefix("Error: Unknown option '--nosuch'\nUsage: repodigest build"))
    }

    @Test("a configuration's mistake gives a log collector its file, line and column as fields")
    func configurationMistakeAsFields() throws {
        let folder = try TemporaryFolder()
        try Data("[github]\nconcurency = 4\n".utf8).write(to: folder.url.appending(path: "repodigest.toml"))
        let outcome = try RepodigestProcess.run(
            ["build", "--sample", "--config", "repodigest.toml", "--log-format", "json"], in: folder.url)
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        #expect(object["file"] as? String == "repodigest.toml")
        #expect(object["line"] as? Int == 2 && object["column"] as? Int == 1, "\(object)")
        #expect((object["message"] as? String)?.contains("did you mean 'concurrency'?") == true)
    }

    @Test func logFormatJSONGivesOneObjectPerLine() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "site")
        let outcome = try RepodigestProcess.run(["build", "--sample", "--output", output.path, "--log-format", "json"])
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput == output.appending(path: "index.html").path + "\n",
            "stdout keeps the published path")
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count >= 3)
        var published: [String: Any]?
        for line in lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            #expect(object["level"] as? String == "info")
            #expect((object["message"] as? String)?.isEmpty == false)
            let time = try #require(object["time"] as? String)
            #expect(
                try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(time)
                    > Date(timeIntervalSince1970: 0))
            if (object["message"] as? String)?.hasPrefix("Published") == true { published = object }
        }
        #expect(published?["files"] as? Int ?? 0 > 100, "fields ride along: \(published ?? [:])")
        #expect(published?["output"] as? String == output.path)
    }

    @Test func quietJSONPrintsOnlyProblems() throws {
        let folder = try TemporaryFolder()
        let fine = try RepodigestProcess.run([
            "build", "--sample", "--output", folder.url.appending(path: "site").path, "--quiet", "--log-format", "json",
        ])
        #expect(fine.status == 0 && fine.standardError.isEmpty)
        #expect(fine.standardOutput.isEmpty, "not even the path: cron mails whatever a job prints")

        let failed = try RepodigestProcess.run([
            "build", "--sample", "--theme", "nope", "--quiet", "--log-format", "json",
        ])
        #expect(failed.status == 1)
        let lines = failed.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["level"] as? String == "error")
        #expect((object["message"] as? String)?.contains("no theme named 'nope'") == true)
    }

    @Test func pipesGetPlainLines() throws {
        let folder = try TemporaryFolder()
        let outcome = try RepodigestProcess.run([
            "build", "--sample", "--output", folder.url.appending(path: "site").path,
        ])
        #expect(outcome.status == 0)
        #expect(!outcome.standardError.contains("\u{1B}"), "no escape codes where no terminal is")
        #expect(!outcome.standardError.contains("Writing ["))
    }

    static let script = "/usr/bin/script"

    /// Runs the command on a pseudo-terminal (util-linux `script`), as a person at a shell would.
    static func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let command = ([RepodigestProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", command, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["TERM"] = "xterm"
        env.merge(environment) { $1 }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script)))
    func aTerminalGetsAProgressBarAndColourUnlessNoColor() throws {
        let folder = try TemporaryFolder()
        let site = folder.url.appending(path: "site").path
        let state = ["--state-dir", folder.url.appending(path: "state").path]

        let coloured = try Self.onTerminal(["build", "--sample", "--output", site] + state)
        #expect(coloured.contains("Writing [") && coloured.contains("100% "), "a bar: \(coloured.suffix(300))")
        #expect(coloured.contains("\u{1B}[32m"))
        let failed = try Self.onTerminal(["build", "--sample", "--theme", "nope"] + state)
        #expect(failed.contains("\u{1B}[1;31merror:\u{1B}[0m"), "\(failed)")

        let plain = try Self.onTerminal(
            ["build", "--sample", "--output", site, "--force"] + state, environment: ["NO_COLOR": "1"])
        #expect(plain.contains("Writing ["))
        #expect(!plain.contains("\u{1B}[32m") && !plain.contains("\u{1B}[0m"), "NO_COLOR: no colour")
        let plainError = try Self.onTerminal(
            ["build", "--sample", "--theme", "nope"] + state, environment: ["NO_COLOR": "1"])
        #expect(plainError.contains("error: --theme"))

        let quiet = try Self.onTerminal(["build", "--sample", "--output", site, "--quiet", "--force"] + state)
        #expect(!quiet.contains("Writing ["), "--quiet shows no bar")
    }
}
