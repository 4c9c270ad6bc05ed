/// The GraphQL queries for Star Lists. `first` on every connection, as GitHub requires (on
/// the open issues' and pull requests' too, whose count alone is read: 1 keeps a page of
/// Lists at some 230,000 of the 500,000 nodes a query may reach);
/// 100 is the most it gives. The lists' first items come with the lists; a List holding more
/// is read on by its node id, a page of 100 at a time, to its end.
enum StarListQueries {
    static let pageSize = 100

    static let repositoryFields = """
        ... on Repository {
          databaseId name nameWithOwner owner { login } description url homepageUrl
          primaryLanguage { name } repositoryTopics(first: 20) { nodes { topic { name } } }
          stargazerCount forkCount isArchived isFork isPrivate pushedAt
          issues(states: OPEN, first: 1) { totalCount } pullRequests(states: OPEN, first: 1) { totalCount }
        }
        """

    static func listFields(_ first: Int) -> String {
        """
        nodes {
          id name slug description isPrivate lastAddedAt
          items(first: \(first)) { nodes { \(repositoryFields) } pageInfo { hasNextPage endCursor } }
        }
        pageInfo { hasNextPage endCursor }
        """
    }

    /// A page of an account's Lists; `@me` asks for the token owner's, private ones included.
    static func lists(of account: String, after cursor: String?, first: Int = pageSize) -> GraphQLQuery {
        let listFields = listFields(first)
        if account == "@me" {
            return GraphQLQuery(
                name: "ViewerStarLists",
                text:
                    "query ViewerStarLists($after: String) { viewer { lists(first: \(first), after: $after) { \(listFields) } } }",
                variables: ["after": cursor])
        }
        return GraphQLQuery(
            name: "UserStarLists",
            text: "query UserStarLists($login: String!, $after: String) "
                + "{ user(login: $login) { lists(first: \(first), after: $after) { \(listFields) } } }",
            variables: ["login": account, "after": cursor])
    }

    /// A further page of one List's items.
    static func items(of listID: String, after cursor: String, first: Int = pageSize) -> GraphQLQuery {
        GraphQLQuery(
            name: "StarListItems",
            text: "query StarListItems($id: ID!, $after: String) { node(id: $id) { ... on UserList "
                + "{ items(first: \(first), after: $after) { nodes { \(repositoryFields) } pageInfo { hasNextPage endCursor } } } } }",
            variables: ["id": listID, "after": cursor])
    }
}
