import Foundation

/// The checks GitHub's GraphQL schema makes of a Star Lists query, written by hand from
/// octokit/graphql-schema: each selected field must exist on the type it is selected from,
/// and each connection must say `first` (GitHub refuses one that does not).
public enum GraphQLSchemaCheck {
    /// Fields by type, for the types the queries use.
    static let fields: [String: Set<String>] = [
        "Query": ["user", "viewer", "node"],
        "User": ["lists", "login"],
        "UserListConnection": ["nodes", "pageInfo", "totalCount"],
        "UserList": [
            "id", "name", "slug", "description", "isPrivate", "lastAddedAt", "items", "createdAt", "updatedAt",
        ],
        "UserListItemsConnection": ["nodes", "pageInfo", "totalCount"],
        "Repository": [
            "databaseId", "name", "nameWithOwner", "owner", "description", "url", "homepageUrl", "primaryLanguage",
            "repositoryTopics", "stargazerCount", "forkCount", "isArchived", "isFork", "isPrivate", "pushedAt",
        ],
        "RepositoryOwner": ["login"],
        "Language": ["name"],
        "RepositoryTopicConnection": ["nodes", "pageInfo", "totalCount"],
        "RepositoryTopic": ["topic"],
        "Topic": ["name"],
        "PageInfo": ["hasNextPage", "endCursor", "hasPreviousPage", "startCursor"],
        "Node": ["id"],
    ]

    /// The type a field of a type selects into.
    static let types: [String: String] = [
        "Query.user": "User", "Query.viewer": "User", "Query.node": "Node",
        "User.lists": "UserListConnection", "UserListConnection.nodes": "UserList",
        "UserListConnection.pageInfo": "PageInfo", "UserList.items": "UserListItemsConnection",
        "UserListItemsConnection.nodes": "Repository", "UserListItemsConnection.pageInfo": "PageInfo",
        "Repository.owner": "RepositoryOwner", "Repository.primaryLanguage": "Language",
        "Repository.repositoryTopics": "RepositoryTopicConnection",
        "RepositoryTopicConnection.nodes": "RepositoryTopic",
        "RepositoryTopicConnection.pageInfo": "PageInfo", "RepositoryTopic.topic": "Topic",
    ]

    static let connections: Set<String> = ["User.lists", "UserList.items", "Repository.repositoryTopics"]

    /// What GitHub would refuse in `query`, in its words; empty when it would run it.
    public static func problems(in query: String) -> [String] {
        guard let open = query.firstIndex(of: "{") else { return ["Parse error: expected a selection set"] }
        var problems: [String] = []
        var stack: [String] = ["Query"]
        var lastField: (type: String, name: String)?
        var scanner = Substring(query[query.index(after: open)...])
        while let character = scanner.first {
            if character == "{" {
                guard let last = lastField, let next = types[last.type + "." + last.name] else {
                    problems.append("Selections can't be made on scalar field '\(lastField?.name ?? "?")'")
                    return problems
                }
                stack.append(next)
                lastField = nil
                scanner = scanner.dropFirst()
            } else if character == "}" {
                stack.removeLast()
                scanner = scanner.dropFirst()
                if stack.isEmpty { break }
            } else if character == "(" {
                let close = scanner.firstIndex(of: ")") ?? scanner.endIndex
                let arguments = scanner[scanner.startIndex..<close]
                if let last = lastField, connections.contains(last.type + "." + last.name),
                    !arguments.contains("first:")
                {
                    problems.append(
                        "You must provide a `first` or `last` value to properly paginate the `\(last.name)` connection."
                    )
                }
                scanner = scanner[close...].dropFirst()
            } else if scanner.hasPrefix("...") {
                // `... on Type`: the inline fragment names the type its selection is on.
                scanner = scanner.dropFirst(3).drop(while: \.isWhitespace)
                guard scanner.hasPrefix("on") else { return problems + ["Parse error: expected 'on'"] }
                scanner = scanner.dropFirst(2).drop(while: \.isWhitespace)
                let name = scanner.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                scanner = scanner.dropFirst(name.count).drop(while: \.isWhitespace)
                guard scanner.first == "{", fields[String(name)] != nil else {
                    return problems + ["Unknown type '\(name)'"]
                }
                stack.append(String(name))
                lastField = nil
                scanner = scanner.dropFirst()
            } else if character.isLetter || character == "_" {
                let name = String(scanner.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" }))
                scanner = scanner.dropFirst(name.count)
                let type = stack.last ?? "Query"
                if fields[type]?.contains(name) != true {
                    problems.append("Field '\(name)' doesn't exist on type '\(type)'")
                }
                let key = type + "." + name
                if connections.contains(key), scanner.drop(while: \.isWhitespace).first != "(" {
                    problems.append(
                        "You must provide a `first` or `last` value to properly paginate the `\(name)` connection.")
                }
                lastField = (type, name)
            } else {
                scanner = scanner.dropFirst()
            }
        }
        return problems
    }

    /// The `first` a connection field is asked with.
    static func first(of field: String, in query: String) -> Int? {
        guard let range = query.range(of: field + "(first: ") else { return nil }
        return Int(query[range.upperBound...].prefix(while: \.isNumber))
    }
}
