import Foundation
import Testing

/// `make install` puts a man page and shell completions generated from the command
/// definitions: the binary must produce them, naming every subcommand, and its help must
/// carry the exit codes the README promises.
@Suite struct ManualAndCompletionTests {
    static let subcommands = ["build", "serve", "validate", "favourites", "init", "themes"]

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsNameEverySubcommand(_ shell: String) throws {
        let script = try RepodigestProcess.run(["--generate-completion-script", shell])
        #expect(script.status == 0, "\(script.standardError)")
        for subcommand in Self.subcommands {
            #expect(script.standardOutput.contains(subcommand), "\(shell) completion lacks \(subcommand)")
        }
    }

    @Test("the help the man page is made from names every exit code and the token's variables")
    func helpCarriesExitCodes() throws {
        let help = try RepodigestProcess.run(["--help"])
        #expect(help.status == 0)
        for text in [
            "GITHUB_TOKEN", "SOURCE_DATE_EPOCH", "0 published", "1 usage", "2 published", "3 nothing", "4 nothing",
            "75 another",
        ] {
            #expect(help.standardOutput.contains(text), "--help lacks \(text)")
        }
    }

    @Test("help on a command the program lacks is an error, not the main help and success")
    func helpOnAnUnknownCommandFails() throws {
        for arguments in [["help", "nosuch"], ["help", "favourites", "nosuch"]] {
            let run = try RepodigestProcess.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.standardError.contains("no command named 'nosuch'"), "\(run.standardError)")
        }
        let known = try RepodigestProcess.run(["help", "favourites", "add"])
        #expect(known.status == 0 && known.standardOutput.contains("USAGE: repodigest favourites add"))
        // An option's value is no topic (`help` takes no options: ArgumentParser says so).
        let withOption = try RepodigestProcess.run(["help", "build", "--log-format", "json"])
        #expect(!withOption.standardError.contains("no command named"), "\(withOption.standardError)")
        #expect(withOption.standardError.contains("Unknown option '--log-format'"))
    }

    @Test("every command's usage line names each of its options: serve's, spelled out by hand, too")
    func usageLinesNameEveryOption() throws {
        for command in ["build", "serve", "validate", "init"] {
            let help = try RepodigestProcess.run(["help", command]).standardOutput
            let usage = try #require(help.split(separator: "\n").first { $0.hasPrefix("USAGE: ") })
            let options = help.split(separator: "\n").compactMap { line -> Substring? in
                let word = line.drop { $0 == " " }.prefix { $0 != " " && $0 != "," }
                return line.hasPrefix("  --") && !["--help", "--version"].contains(word) ? word : nil
            }
            for option in options {
                #expect(usage.contains(option + " ") || usage.contains(option + "]"), "\(command): \(option)")
            }
        }
    }
}
