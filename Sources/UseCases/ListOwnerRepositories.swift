public import Entities

/// An owner and the repositories it owns.
public struct OwnerRepositories: Sendable, Hashable {
    public var owner: Owner
    public var repos: [GitHubRepo]

    public init(owner: Owner, repos: [GitHubRepo]) {
        self.owner = owner
        self.repos = repos
    }
}

/// Lists the repositories of users and organisations, leaving private ones out unless asked.
public struct ListOwnerRepositories: Sendable {
    private let source: any RepositorySource
    private let includePrivate: Bool

    public init(source: any RepositorySource, includePrivate: Bool = false) {
        self.source = source
        self.includePrivate = includePrivate
    }

    public func callAsFunction(logins: [String]) async throws -> [OwnerRepositories] {
        var result: [OwnerRepositories] = []
        for login in logins {
            do {
                let owner = try await source.owner(login)
                let repos = try await source.repositories(of: owner).filter { includePrivate || !$0.isPrivate }
                result.append(OwnerRepositories(owner: owner, repos: repos))
            } catch {
                throw UseCaseFailure(step: "listing the repositories of \(login)", underlying: error)
            }
        }
        return result
    }
}
