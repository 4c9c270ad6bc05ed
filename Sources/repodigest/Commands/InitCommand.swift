internal import ArgumentParser
import Foundation
import RepodigestConfiguration

/// `repodigest init`: a commented `repodigest.toml` to start from.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented repodigest.toml that explains every key.",
        discussion: "It builds as it is with `repodigest build --sample --config repodigest.toml`."
    )

    @Option(name: .long, help: ArgumentHelp("Where to write it.", valueName: "file"))
    var config = "repodigest.toml"

    @Flag(name: .long, help: "Replace the file if it exists.")
    var force = false

    func run() throws {
        let console = Console()
        let url = URL(fileURLWithPath: config)
        let data = Data(Configuration.starter.utf8)
        do {
            // Without --force the file is created only if absent, in one step: no check-then-write race.
            try data.write(to: url, options: force ? [.atomic] : [.withoutOverwriting])
        } catch let error as CocoaError where error.code == .fileWriteFileExists {
            console.error("\(config) already exists; it was left as it is (pass --force to replace it)")
            throw ExitStatus.failure
        } catch {
            console.error("\(config): cannot write: \((error as NSError).localizedDescription)")
            throw ExitStatus.failure
        }
        console.info("Wrote \(config). Try it: repodigest build --sample --config \(config)")
        console.result(url.standardizedFileURL.path)
    }
}
