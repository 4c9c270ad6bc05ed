import Foundation
import RepodigestConfiguration

/// The token, from the environment only: a command-line argument would show in `ps` and in
/// shell history. `GITHUB_TOKEN` wins over `GH_TOKEN` (the GitHub CLI's name for it).
struct GitHubToken: Sendable {
    var value: String
    /// Named in messages instead of the value.
    var variable: String

    /// Shorter, a value cannot be a token, and could not be told from text by chance.
    static let minimumLength = 8

    /// Nil when neither variable holds one. A value with anything but visible ASCII inside
    /// (CR, LF, NUL, any control, a space, non-ASCII) is refused, naming the variable and
    /// never the value: a header cannot carry it as it is, and a CR/LF would add headers of
    /// its own to every request; so is one shorter than `minimumLength`. Surrounding
    /// whitespace (a newline from `$(cat file)`) is trimmed first.
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(ConfigurationError) -> GitHubToken?
    {
        for variable in ["GITHUB_TOKEN", "GH_TOKEN"] {
            // Unset or empty is no token; white space alone is a mistake (a secret not filled in).
            guard let set = environment[variable], !set.isEmpty else { continue }
            let value = set.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !value.isEmpty else {
                throw ConfigurationError(
                    source: variable,
                    message: "holds only white space; set \(variable) to the token, or to nothing to run without one")
            }
            guard value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw ConfigurationError(
                    source: variable,
                    message: "the token holds a character a token cannot have (a control character such as CR, LF "
                        + "or NUL, a space, or non-ASCII); set \(variable) to the token alone")
            }
            // Every answer kept is searched for the token, which is cut out where found: a few
            // characters (`x`, a placeholder) turn up by chance and would garble what is kept,
            // a README's base64 among it. GitHub's own tokens are 40 characters or more.
            guard value.utf8.count >= minimumLength else {
                throw ConfigurationError(
                    source: variable,
                    message:
                        "the token is \(value.utf8.count) character\(value.utf8.count == 1 ? "" : "s") long, and GitHub's are 40 or more; "
                        + "set \(variable) to the whole token, or unset it to run without one")
            }
            return GitHubToken(value: value, variable: variable)
        }
        return nil
    }
}
