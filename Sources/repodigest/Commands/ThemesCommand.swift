internal import ArgumentParser
import SiteRenderer

/// `repodigest themes`: the built-in themes.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the built-in themes. Any theme folder may be passed to --theme as well."
    )

    func run() {
        Theme.builtInNames.forEach { print($0) }
    }
}
