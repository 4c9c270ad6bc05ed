import Foundation

/// `POST /graphql` for Star Lists, with the checks GitHub makes before it runs a query: every
/// field must be one the schema has (`GraphQLSchemaCheck`) and every connection must say
/// `first`. A query that fails them is answered as GitHub does, a 200 with `errors`.
extension FakeGitHub {
    func graphQL(_ request: FakeRequest, me: String?) -> FakeResponse {
        guard request.method == "POST",
            let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
            let query = body["query"] as? String
        else { return .message(400, "Problems parsing JSON") }
        let variables = body["variables"] as? [String: Any] ?? [:]
        let problems = GraphQLSchemaCheck.problems(in: query)
        guard problems.isEmpty else {
            return .json(200, ["errors": problems.map { ["message": $0] }])
        }
        let listsFirst = GraphQLSchemaCheck.first(of: "lists", in: query) ?? 0
        let itemsFirst = GraphQLSchemaCheck.first(of: "items", in: query) ?? 0
        let after = Self.offset(variables["after"] as? String)
        if query.contains("node(id:") {
            guard let id = variables["id"] as? String, let (owner, index) = Self.listID(id),
                let list = starLists[owner]?[safe: index]
            else { return .json(200, ["data": ["node": NSNull()]]) }
            return .json(200, ["data": ["node": ["items": items(of: list, first: itemsFirst, after: after)]]])
        }
        let viewer = query.contains("viewer")
        guard let login = viewer ? me : variables["login"] as? String else {
            if viewer { return .message(401, "This endpoint requires you to be authenticated.") }
            return .json(200, ["errors": [["type": "NOT_FOUND", "message": "Could not resolve to a User."]]])
        }
        guard accounts[login.lowercased()] != nil else {
            return .json(
                200,
                [
                    "data": ["user": NSNull()],
                    "errors": [
                        ["type": "NOT_FOUND", "message": "Could not resolve to a User with the login of '\(login)'."]
                    ],
                ])
        }
        // GitHub shows a private List to its owner only.
        let all = (starLists[login.lowercased()] ?? []).enumerated().filter {
            !$0.element.isPrivate || login.lowercased() == me?.lowercased()
        }
        let page = all.dropFirst(after).prefix(listsFirst)
        let nodes: [[String: Any]] = page.map { index, list in
            [
                "id": "UL_\(login.lowercased())_\(index)", "name": list.name, "slug": list.slug,
                "description": list.description ?? NSNull(), "isPrivate": list.isPrivate,
                "lastAddedAt": list.lastAddedAt,
                "items": items(of: list, first: itemsFirst, after: 0),
            ]
        }
        let connection: [String: Any] = [
            "nodes": nodes, "pageInfo": Self.pageInfo(end: after + page.count, total: all.count),
        ]
        return .json(200, ["data": [viewer ? "viewer" : "user": ["lists": connection]]])
    }

    private func items(of list: StarList, first: Int, after: Int) -> [String: Any] {
        let page = list.repos.dropFirst(after).prefix(first)
        let nodes: [Any] = page.map { name -> Any in
            guard let repo = repos[name.lowercased()] else { return NSNull() }
            return graphQLNode(repo)
        }
        return ["nodes": nodes, "pageInfo": Self.pageInfo(end: after + page.count, total: list.repos.count)]
    }

    private func graphQLNode(_ repo: Repo) -> [String: Any] {
        [
            "databaseId": repo.id, "name": repo.name, "nameWithOwner": repo.fullName, "owner": ["login": repo.owner],
            "description": repo.description ?? NSNull(), "url": "https://github.com/\(repo.fullName)",
            "homepageUrl": NSNull(), "primaryLanguage": repo.language.map { ["name": $0] } ?? NSNull(),
            "repositoryTopics": ["nodes": repo.topics.map { ["topic": ["name": $0]] }],
            "stargazerCount": repo.stars, "forkCount": 0, "isArchived": false, "isFork": false,
            "isPrivate": repo.isPrivate, "pushedAt": repo.pushedAt,
            "issues": ["totalCount": 2], "pullRequests": ["totalCount": 1],
        ]
    }

    private static func pageInfo(end: Int, total: Int) -> [String: Any] {
        ["hasNextPage": end < total, "endCursor": end > 0 ? "cursor:\(end)" : NSNull()]
    }

    private static func offset(_ cursor: String?) -> Int {
        cursor.flatMap { $0.hasPrefix("cursor:") ? Int($0.dropFirst(7)) : nil } ?? 0
    }

    private static func listID(_ id: String) -> (String, Int)? {
        let parts = id.split(separator: "_")
        guard parts.count >= 3, parts[0] == "UL", let index = Int(parts.last!) else { return nil }
        return (parts.dropFirst().dropLast().joined(separator: "_"), index)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
