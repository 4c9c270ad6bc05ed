public import Entities

/// A source's answer that a repository does not exist (GitHub's 404): deleted, or made
/// private. Use cases treat it as news ("gone"), not as a failed build.
public struct RepositoryNotFound: Error, Sendable, Equatable, CustomStringConvertible {
    public var name: RepoName

    public init(name: RepoName) {
        self.name = name
    }

    public var description: String { "\(name) does not exist on GitHub (or is no longer visible)" }
}
