internal import ArgumentParser
import SiteRenderer

/// `repodigest build`: parse, run the build pipeline, print what it did.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site and publish it into the output folder.",
        discussion: """
            The site is validated before it is published; if any page fails, the previous \
            site stays exactly as it was and the findings are printed (exit code 4).
            """
    )

    @OptionGroup var options: BuildOptions

    func run() async throws {
        let console = Console(quiet: options.quiet, format: options.logFormat)
        let interruption = PublishInterruption()
        let signals = InterruptHandler(interruption, console: console)
        let status = await options.build(console: console, interruption: interruption, signals: signals)
        if status != ExitStatus.success { throw status }
    }
}
