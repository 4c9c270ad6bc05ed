import Entities
import Foundation

// The JSON shapes of the GraphQL answers for Star Lists (`StarListQueries`).

struct PageInfoDTO: Decodable, Sendable {
    var hasNextPage: Bool
    var endCursor: String?
}

struct ConnectionDTO<Node: Decodable & Sendable>: Decodable, Sendable {
    /// Null entries (an item GitHub will not show this token) are dropped, not fatal; so is
    /// one that does not decode (`{}`, what `... on Repository` gives for an item of another
    /// kind; a field missing), with a warning, as a REST list's item is (`Lenient`).
    /// Null as a whole too, which GitHub's schema allows: none.
    var nodes: [LenientNode<Node>?]?
    var pageInfo: PageInfoDTO

    /// The nodes that decoded, in order; each that did not told to `warn`, naming `resource`.
    func values(resource: String, warn: (String) -> Void) -> [Node] {
        (nodes ?? []).enumerated().compactMap { index, entry in
            guard let entry else { return nil }
            if let problem = entry.problem { warn("\(resource): item [\(index)] left out: \(problem)") }
            return entry.node
        }
    }
}

/// One node of a connection, decoded on its own: a node that does not decode costs that node.
struct LenientNode<Node: Decodable & Sendable>: Decodable, Sendable {
    var node: Node?
    var problem: String?

    init(from decoder: any Decoder) throws {
        do {
            node = try Node(from: decoder)
        } catch {
            problem = GitHubDecoder.describeItem(error)
        }
    }
}

/// `{ user: { lists } }` or `{ viewer: { lists } }`.
struct StarListsPayloadDTO: Decodable, Sendable {
    struct Account: Decodable, Sendable {
        var lists: ConnectionDTO<StarListDTO>
    }
    var user: Account?
    var viewer: Account?
}

/// `{ node: { items } }`: one List's further items.
struct StarListItemsPayloadDTO: Decodable, Sendable {
    struct List: Decodable, Sendable {
        var items: ConnectionDTO<GraphQLRepoDTO>
    }
    var node: List?
}

struct StarListDTO: Decodable, Sendable {
    var id: String
    var name: String
    var slug: String
    var description: String?
    var isPrivate: Bool
    var lastAddedAt: Date?
    var items: ConnectionDTO<GraphQLRepoDTO>
}

/// A `Repository` as the GraphQL API names its fields; mapped onto `RepoDTO` so that one
/// mapping (and one set of checks) makes every `GitHubRepo`.
struct GraphQLRepoDTO: Decodable, Sendable {
    struct Owner: Decodable, Sendable { var login: String }
    struct Language: Decodable, Sendable { var name: String }
    struct Topics: Decodable, Sendable {
        struct Node: Decodable, Sendable {
            struct Topic: Decodable, Sendable { var name: String }
            var topic: Topic
        }
        /// Null as a whole too, which GitHub's schema allows: no topics.
        var nodes: [Node?]?
    }

    var databaseId: Int64?
    var name: String
    var nameWithOwner: String
    var owner: Owner
    var description: String?
    var url: String
    var homepageUrl: String?
    var primaryLanguage: Language?
    var repositoryTopics: Topics?
    var stargazerCount: CountDTO
    var forkCount: CountDTO
    var isArchived: Bool
    var isFork: Bool
    var isPrivate: Bool
    var pushedAt: Date?
    /// Open issues and open pull requests, which REST's `open_issues_count` counts together.
    var issues: Total?
    var pullRequests: Total?

    struct Total: Decodable, Sendable { var totalCount: CountDTO }

    /// REST's `open_issues_count`: issues and pull requests; nil where GitHub gave neither.
    var openIssuesCount: CountDTO? {
        guard let issues, let pullRequests else { return nil }
        let (sum, overflow) = issues.totalCount.value.addingReportingOverflow(pullRequests.totalCount.value)
        return CountDTO(overflow ? .max : sum)
    }

    var rest: RepoDTO {
        RepoDTO(
            id: databaseId ?? 0, name: name, fullName: nameWithOwner,
            owner: AccountDTO(login: owner.login, id: 0), private: isPrivate, htmlUrl: url, description: description,
            fork: isFork, homepage: homepageUrl, language: primaryLanguage?.name,
            topics: repositoryTopics?.nodes?.compactMap { $0?.topic.name }, stargazersCount: stargazerCount,
            subscribersCount: nil, forksCount: forkCount, openIssuesCount: openIssuesCount, license: nil,
            archived: isArchived,
            defaultBranch: nil, createdAt: nil, updatedAt: nil, pushedAt: pushedAt)
    }
}

extension StarListDTO {
    /// The List as the domain holds it, with `items` (all its pages) as its repositories. A
    /// repository whose name GitHub does not allow is left out, told to `warn`.
    func entity(account: String, items: [GraphQLRepoDTO], warn: (String) -> Void) -> StarList {
        let repositories = items.compactMap { node -> GitHubRepo? in
            // GitHub's schema allows a null id: two such would be one repository to the site.
            guard node.databaseId != nil else {
                warn("Star List '\(name)' of \(account): \(node.nameWithOwner) left out: it has no databaseId")
                return nil
            }
            let repo = node.rest
            if let problem = repo.problem {
                warn("Star List '\(name)' of \(account): \(node.nameWithOwner) left out: \(problem)")
                return nil
            }
            return repo.entity(warn: warn)
        }
        return StarList(
            account: account, id: id, name: TextBound.cut(name, to: 1_000), slug: slug,
            description: description.map { TextBound.cut($0, to: 1_000) }, isPrivate: isPrivate,
            lastAddedAt: lastAddedAt, repositories: repositories)
    }
}
