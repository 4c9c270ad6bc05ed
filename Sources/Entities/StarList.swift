public import Foundation

/// One of an account's GitHub Star Lists ("Git tooling", "Django"…): a named, described
/// selection of repositories it starred. Only GitHub's GraphQL API knows them.
public struct StarList: Sendable, Hashable {
    /// The account as configured in `lists_of` (`@me` for the token's owner).
    public var account: String
    /// GitHub's id for the List, which a rename keeps; empty where none is known.
    public var id: String
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
        account: String, id: String = "", name: String, slug: String, description: String? = nil,
        isPrivate: Bool = false, lastAddedAt: Date? = nil, repositories: [GitHubRepo] = []
    ) {
        self.account = account
        self.id = id
        self.name = name
        self.slug = slug
        self.description = description
        self.isPrivate = isPrivate
        self.lastAddedAt = lastAddedAt
        self.repositories = repositories
    }
}

extension StarList {
    /// How a run records that a repository is in this List (`RepoSnapshot.lists`).
    public var membership: ListMembership {
        ListMembership(account: account, list: id.isEmpty ? "slug:" + slug : id, name: name)
    }
}

/// A repository's place in a Star List, as the history keeps it: whose List, which (its id,
/// which a rename keeps: two Lists of one name stay two), and its name, for the news to say.
public struct ListMembership: Sendable, Hashable {
    /// As in `lists_of`, lower-cased (GitHub logins ignore case); `@me` as written.
    public var account: String
    public var list: String
    public var name: String

    public init(account: String, list: String, name: String) {
        self.account = account.lowercased()
        self.list = list
        self.name = name
    }

    /// The text `RepoSnapshot.listMemberships` holds: the three parts apart by U+001F, which no login,
    /// id or List name holds.
    public var recorded: String { [account, list, name].joined(separator: "\u{1F}") }

    /// Nil for one recorded before Lists were told apart by their ids: a name alone.
    public init?(recorded: String) {
        let parts = recorded.split(separator: "\u{1F}", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        (account, list, name) = (String(parts[0]), String(parts[1]), String(parts[2]))
    }
}
