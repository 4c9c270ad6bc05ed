internal import GraphQL

/// GitHub's GraphQL schema, the part the Star Lists queries touch, with its types and fields
/// as octokit/graphql-schema names them. Queries are validated against it with GraphQLSwift,
/// so an unknown field, a wrong argument or a selection on a scalar fails here as on GitHub.
/// `first` is declared required (`Int!`): GitHub's schema says `Int`, but GitHub refuses a
/// connection without `first` or `last` before running the query.
public enum GraphQLSchemaCheck {
    static let sdl = """
        scalar DateTime
        scalar URI
        type Query {
          user(login: String!): User
          viewer: User!
          node(id: ID!): Node
        }
        interface Node { id: ID! }
        type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! endCursor: String startCursor: String }
        type User implements Node {
          id: ID!
          login: String!
          lists(first: Int!, after: String, last: Int, before: String): UserListConnection!
        }
        type UserListConnection { nodes: [UserList] pageInfo: PageInfo! totalCount: Int! }
        type UserList implements Node {
          id: ID!
          name: String!
          slug: String!
          description: String
          isPrivate: Boolean!
          lastAddedAt: DateTime!
          createdAt: DateTime!
          updatedAt: DateTime!
          user: User!
          items(first: Int!, after: String, last: Int, before: String): UserListItemsConnection!
        }
        union UserListItems = Repository
        type UserListItemsConnection { nodes: [UserListItems] pageInfo: PageInfo! totalCount: Int! }
        interface RepositoryOwner { login: String! }
        type Language { name: String! }
        type Topic { name: String! }
        type RepositoryTopic { topic: Topic! }
        type RepositoryTopicConnection { nodes: [RepositoryTopic] pageInfo: PageInfo! totalCount: Int! }
        type Repository implements Node {
          id: ID!
          databaseId: Int
          name: String!
          nameWithOwner: String!
          owner: RepositoryOwner!
          description: String
          url: URI!
          homepageUrl: URI
          primaryLanguage: Language
          repositoryTopics(first: Int!, after: String, last: Int, before: String): RepositoryTopicConnection!
          stargazerCount: Int!
          forkCount: Int!
          isArchived: Boolean!
          isFork: Boolean!
          isPrivate: Boolean!
          pushedAt: DateTime
          issues(first: Int, after: String, last: Int, before: String, states: [IssueState!]): IssueConnection!
          pullRequests(first: Int, after: String, last: Int, before: String, states: [PullRequestState!]): PullRequestConnection!
        }
        enum IssueState { OPEN CLOSED }
        enum PullRequestState { OPEN CLOSED MERGED }
        type IssueConnection { totalCount: Int! }
        type PullRequestConnection { totalCount: Int! }
        """

    static let schema: GraphQLSchema = try! buildSchema(source: sdl)

    /// What GitHub would refuse in `query`, in GraphQL's words; empty when it would run it.
    public static func problems(in query: String) -> [String] {
        do {
            let document = try parse(source: query)
            return validate(schema: schema, ast: document).map(\.message)
        } catch {
            return ["\(error)"]
        }
    }

    /// The `first` a connection field is asked with.
    static func first(of field: String, in query: String) -> Int? {
        guard let range = query.range(of: field + "(first: ") else { return nil }
        return Int(query[range.upperBound...].prefix(while: \.isNumber))
    }
}
