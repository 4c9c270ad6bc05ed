import Foundation

/// The token, from the environment only: a command-line argument would show in `ps` and in
/// shell history. `GITHUB_TOKEN` wins over `GH_TOKEN` (the GitHub CLI's name for it).
struct GitHubToken: Sendable {
    var value: String
    /// Named in messages instead of the value.
    var variable: String

    init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        for variable in ["GITHUB_TOKEN", "GH_TOKEN"] {
            if let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                self.value = value
                self.variable = variable
                return
            }
        }
        return nil
    }
}
