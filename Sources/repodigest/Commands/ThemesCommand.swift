internal import ArgumentParser
import SiteRenderer

/// `repodigest themes`: the built-in themes, each with its one-line description.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the built-in themes. Any theme folder may be passed to --theme as well."
    )

    func run() throws {
        var themes: [Theme] = []
        for name in Theme.builtInNames {
            do {
                themes.append(try Theme.builtIn(name))
            } catch {
                Console().error(error.description)
                throw ExitStatus.failure
            }
        }
        let width = themes.map(\.name.count).max() ?? 0
        for theme in themes {
            let padding = String(repeating: " ", count: width - theme.name.count)
            let extends = theme.lineage.count > 1 ? " (extends \(theme.lineage[1]))" : ""
            print("\(theme.name)\(padding)  \(theme.description)\(extends)")
        }
    }
}
