/// `owner/name`, the way people write a repository.
public struct RepoName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var owner: String
    public var name: String

    public init(owner: String, name: String) {
        self.owner = owner
        self.name = name
    }

    /// Parses `owner/name`, rejecting anything GitHub would not accept as one.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let owner = parts.first, let name = parts.last,
            GitHubName.isLogin(owner), GitHubName.isRepository(name)
        else { throw ParseError(text: text) }
        self.init(owner: String(owner), name: String(name))
    }

    /// Parses `owner/name` as a person writes one (a favourite), where a clone address's
    /// `.git` is a slip: GitHub strips it from every repository's name, so `owner/name.git`
    /// names no repository, and would only be found missing at the next run.
    public init(parsingWritten text: String) throws(ParseError) {
        try self.init(parsing: text)
        guard !name.lowercased().hasSuffix(".git") else { throw ParseError(text: text) }
    }

    /// The `owner/name` someone likely meant by `text`: a repository's address on GitHub, a
    /// clone address (`https://github.com/o/n.git`, `git@github.com:o/n.git`), or a name with
    /// a clone address's `.git`.
    public static func meant(by text: String) -> RepoName? {
        var rest = Substring(text).drop { $0 == " " }
        while rest.last == " " { rest = rest.dropLast() }
        var pasted = false
        for prefix in ["https://", "http://", "ssh://git@", "git@"] where rest.lowercased().hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            break
        }
        for host in ["www.github.com", "github.com"] where rest.lowercased().hasPrefix(host) {
            rest = rest.dropFirst(host.count).drop { $0 == "/" || $0 == ":" }
            pasted = true
            break
        }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2, pasted || (parts.count == 2 && parts[1].lowercased().hasSuffix(".git")) else {
            return nil
        }
        var name = String(parts[1])
        if name.lowercased().hasSuffix(".git") { name = String(name.dropLast(4)) }
        return try? RepoName(parsing: "\(parts[0])/\(name)")
    }

    public var description: String { "\(owner)/\(name)" }

    public static func < (lhs: RepoName, rhs: RepoName) -> Bool {
        lhs.description.lowercased() < rhs.description.lowercased()
    }

    /// GitHub compares names without regard to case.
    public func matches(_ other: RepoName) -> Bool {
        description.lowercased() == other.description.lowercased()
    }

    /// The text was not of the form `owner/name`.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var text: String

        public init(text: String) {
            self.text = text
        }

        public var description: String {
            if let meant = RepoName.meant(by: text) {
                return "'\(text)' is not a repository name: write OWNER/NAME, here '\(meant)'"
            }
            return "'\(text)' is not a repository name: expected OWNER/NAME, an owner of at most "
                + "\(GitHubName.maxLoginLength) letters, digits, '-' or '_' (not '-' first) and a name of at most "
                + "\(GitHubName.maxRepositoryLength) letters, digits, '-', '_' or '.' (not '.' or '..')"
        }
    }
}
