public import Foundation

/// One of an account's GitHub Star Lists ("Git tooling", "Django"…): a named, described
/// selection of repositories it starred. Only GitHub's GraphQL API knows them.
public struct StarList: Sendable, Hashable {
    /// The account as configured in `lists_of` (`@me` for the token's owner).
    public var account: String
    public var name: String
    /// GitHub's own short name, unique within the account: what the List's page is named after.
    public var slug: String
    public var description: String?
    public var isPrivate: Bool
    /// When the List was made or last had a repository added.
    public var lastAddedAt: Date?
    /// Its repositories, in GitHub's order.
    public var repositories: [GitHubRepo]

    public init(
        account: String, name: String, slug: String, description: String? = nil, isPrivate: Bool = false,
        lastAddedAt: Date? = nil, repositories: [GitHubRepo] = []
    ) {
        self.account = account
        self.name = name
        self.slug = slug
        self.description = description
        self.isPrivate = isPrivate
        self.lastAddedAt = lastAddedAt
        self.repositories = repositories
    }
}
