import Foundation
import RepodigestConfiguration

/// The token, from the environment only: a command-line argument would show in `ps` and in
/// shell history. `GITHUB_TOKEN` wins over `GH_TOKEN` (the GitHub CLI's name for it).
struct GitHubToken: Sendable {
    var value: String
    /// Named in messages instead of the value.
    var variable: String

    /// Nil when neither variable holds one. A value with anything but visible ASCII inside
    /// (CR, LF, NUL, any control, a space, non-ASCII) is refused, naming the variable and
    /// never the value: a header cannot carry it as it is, and a CR/LF would add headers of
    /// its own to every request. Surrounding whitespace (a newline from `$(cat file)`) is
    /// trimmed first.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ConfigurationError) -> GitHubToken?
    {
        for variable in ["GITHUB_TOKEN", "GH_TOKEN"] {
            guard let value = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
            else {
                continue
            }
            guard value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw ConfigurationError(
                    source: variable,
                    message: "the token holds a character a token cannot have (a control character such as CR, LF "
                        + "or NUL, a space, or non-ASCII); set \(variable) to the token alone")
            }
            return GitHubToken(value: value, variable: variable)
        }
        return nil
    }
}
