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
            "'\(text)' is not a repository name: expected OWNER/NAME, an owner of at most "
                + "\(GitHubName.maxLoginLength) letters, digits, '-' or '_' and a name of at most "
                + "\(GitHubName.maxRepositoryLength) letters, digits, '-', '_' or '.' (not '.' or '..')"
        }
    }
}
