import Entities
import FakeGitHubServer
import Foundation
import Testing

@testable import GitHubData

/// Star Lists through GraphQL, against the fake GitHub's `/graphql`, which refuses what
/// GitHub's schema refuses (`GraphQLSchemaCheck`).
@Suite("Star Lists from GraphQL")
struct StarListsTests {
    static func harness(lists: [FakeGitHub.StarList], of login: String = "mona") throws -> LiveHarness {
        let harness = try LiveHarness()
        harness.github.setStarLists(lists, of: login)
        return harness
    }

    static func manyRepositories(_ github: FakeGitHub, count: Int) -> [String] {
        (0..<count).map { index in
            github.add(.init(id: Int64(5000 + index), owner: "kit-harbor", name: "many-\(index)", stars: index))
            return "kit-harbor/many-\(index)"
        }
    }

    @Test("a List of 250 repositories is read to its end: the lists, then its items by node id, 100 at a time")
    func aLongListIsReadToItsEnd() async throws {
        let harness = try LiveHarness()
        let names = Self.manyRepositories(harness.github, count: 250)
        harness.github.setStarLists([.init(name: "Everything", slug: "everything", repos: names)], of: "mona")
        let lists = try await harness.store().starLists(of: "mona")
        #expect(lists.count == 1)
        #expect(lists[0].repositories.map(\.name.description) == names)
        #expect(
            lists[0].repositories.allSatisfy { $0.openIssues == 3 },
            "open issues and pull requests, as REST's open_issues_count counts them")
        let posts = harness.github.requests.filter { $0.path == "/graphql" }
        #expect(posts.count == 3 && posts.allSatisfy { $0.method == "POST" })
        #expect(harness.github.log.allSatisfy { $0.status == 200 }, "every query passed the schema check")
    }

    @Test("three Lists over two pages of Lists, each with its name, slug, description and repositories in order")
    func listsArePaged() async throws {
        let harness = try Self.harness(lists: [
            .init(name: "Git tooling", slug: "git-tooling", description: "Everything git", repos: ["kit-harbor/knot"]),
            .init(name: "Lights", slug: "lights", repos: ["lumen-labs/lantern", "lumen-labs/prism"]),
            .init(name: "Empty", slug: "empty", repos: []),
        ])
        var store = harness.store()
        store.graphQLPageSize = 2
        let lists = try await store.starLists(of: "mona")
        #expect(lists.map(\.name) == ["Git tooling", "Lights", "Empty"])
        #expect(lists.map(\.slug) == ["git-tooling", "lights", "empty"])
        #expect(lists[0].description == "Everything git" && lists[1].description == nil)
        #expect(lists[1].repositories.map(\.name.description) == ["lumen-labs/lantern", "lumen-labs/prism"])
        #expect(lists[1].repositories[0].stars == 1200 && lists[1].repositories[0].topics == ["static-site"])
        #expect(lists.allSatisfy { $0.account == "mona" })
        #expect(harness.github.requests.filter { $0.path == "/graphql" }.count == 2)
    }

    @Test("Lists, or a List's items, past the pages one list may take are read to the bound and said to be")
    func listsPastTheBoundAreSaid() async throws {
        let harness = try Self.harness(lists: [
            .init(
                name: "Lights", slug: "lights", repos: ["lumen-labs/lantern", "lumen-labs/prism", "kit-harbor/knot"]),
            .init(name: "Empty", slug: "empty", repos: []),
        ])
        var store = harness.store()
        store.graphQLPageSize = 1
        store.maxPages = 2
        let lists = try await store.starLists(of: "mona")
        #expect(lists.map(\.name) == ["Lights", "Empty"])
        #expect(lists[0].repositories.count == 2)
        #expect(store.report.cutShort == ["Star List 'Lights' of mona"])
        store.maxPages = 1
        _ = try await store.starLists(of: "mona")
        #expect(store.report.cutShort.contains("Star Lists of mona"))
    }

    @Test("a next page whose cursor was read already ends the read with a warning; a List given twice is one")
    func aCursorThatDoesNotMoveEndsTheRead() async throws {
        let harness = try LiveHarness()
        let stuck = #"""
            {"data":{"user":{"lists":{"nodes":[{"id":"UL_1","name":"Lights","slug":"lights","description":null,
            "isPrivate":false,"lastAddedAt":null,"items":{"nodes":[],"pageInfo":{"hasNextPage":false,"endCursor":null}}}],
            "pageInfo":{"hasNextPage":true,"endCursor":"same"}}}}}
            """#
        harness.github.inject(
            .raw(status: 200, headers: ["Content-Type": "application/json"], body: stuck), at: "/graphql", times: 5)
        let store = harness.store()
        let lists = try await store.starLists(of: "mona")
        #expect(lists.map(\.slug) == ["lights"])
        #expect(harness.github.requests.filter { $0.path == "/graphql" }.count == 2, "the first page, then once more")
        #expect(store.report.dataWarnings.contains { $0.contains("the next page's cursor is one already read") })
    }

    @Test("a List's items whose cursor does not move end with a warning that names the List")
    func aStuckItemsCursorNamesItsList() async throws {
        let harness = try LiveHarness()
        let lists = #"""
            {"data":{"user":{"lists":{"nodes":[{"id":"UL_1","name":"Lights","slug":"lights","description":null,
            "isPrivate":false,"lastAddedAt":null,"items":{"nodes":[],"pageInfo":{"hasNextPage":true,"endCursor":"c1"}}}],
            "pageInfo":{"hasNextPage":false,"endCursor":null}}}}}
            """#
        let items = #"""
            {"data":{"node":{"items":{"nodes":[],"pageInfo":{"hasNextPage":true,"endCursor":"c1"}}}}}
            """#
        harness.github.inject(
            .raw(status: 200, headers: ["Content-Type": "application/json"], body: lists), at: "/graphql")
        harness.github.inject(
            .raw(status: 200, headers: ["Content-Type": "application/json"], body: items), at: "/graphql", times: 3)
        let store = harness.store()
        _ = try await store.starLists(of: "mona")
        #expect(
            store.report.dataWarnings.contains {
                $0.hasPrefix("Star List 'Lights' of mona, POST ")
                    && $0.contains("the next page's cursor is one already read")
            }, "\(store.report.dataWarnings)")
    }

    @Test("an item that does not decode ({} for an item of another kind) is left out with a warning, not the Lists")
    func anUndecodableItemIsLeftOut() async throws {
        let harness = try LiveHarness()
        let repo = #"""
            {"databaseId":7,"name":"lantern","nameWithOwner":"lumen-labs/lantern","owner":{"login":"lumen-labs"},
            "description":null,"url":"https://github.com/lumen-labs/lantern","homepageUrl":null,"primaryLanguage":null,
            "repositoryTopics":{"nodes":[]},"stargazerCount":3,"forkCount":0,"isArchived":false,"isFork":false,
            "isPrivate":false,"pushedAt":null}
            """#
        let answer = #"""
            {"data":{"user":{"lists":{"nodes":[{"id":"UL_1","name":"Lights","slug":"lights","description":null,
            "isPrivate":false,"lastAddedAt":null,"items":{"nodes":[{},REPO,null],
            "pageInfo":{"hasNextPage":false,"endCursor":null}}},{"name":"half a List"}],
            "pageInfo":{"hasNextPage":false,"endCursor":null}}}}}
            """#.replacingOccurrences(of: "REPO", with: repo)
        harness.github.inject(
            .raw(status: 200, headers: ["Content-Type": "application/json"], body: answer), at: "/graphql", times: 1)
        let store = harness.store()
        let lists = try await store.starLists(of: "mona")
        #expect(lists.map(\.slug) == ["lights"])
        #expect(lists[0].repositories.map(\.name.description) == ["lumen-labs/lantern"])
        let warnings = store.report.dataWarnings
        #expect(warnings.contains { $0.contains("Star List 'Lights' of mona: item [0] left out") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("item [1] left out") }, "the half List: \(warnings)")
    }

    @Test(
        "GitHub's nulls and field errors beside data cost what they name: an item behind SAML, a null id, null topics"
    )
    func nullsAndFieldErrorsCostWhatTheyName() async throws {
        let harness = try LiveHarness()
        func repo(_ id: String, _ name: String, topics: String = #"{"nodes":[]}"#) -> String {
            #"""
            {"databaseId":ID,"name":"NAME","nameWithOwner":"a/NAME","owner":{"login":"a"},"description":null,
            "url":"https://github.com/a/NAME","homepageUrl":null,"primaryLanguage":null,"repositoryTopics":TOPICS,
            "stargazerCount":3,"forkCount":0,"isArchived":false,"isFork":false,"isPrivate":false,"pushedAt":null}
            """#.replacingOccurrences(of: "ID", with: id).replacingOccurrences(of: "NAME", with: name)
                .replacingOccurrences(of: "TOPICS", with: topics)
        }
        let items = [
            repo("1", "plain"), repo("null", "noid1"), repo("null", "noid2"),
            repo("4", "bare", topics: #"{"nodes":null}"#), "null",
        ]
        let answer = #"""
            {"data":{"user":{"lists":{"nodes":[{"id":"UL_1","name":"Lights","slug":"lights","description":null,
            "isPrivate":false,"lastAddedAt":null,"items":{"nodes":[ITEMS],
            "pageInfo":{"hasNextPage":true,"endCursor":null}}},{"id":"UL_2","name":"Empty","slug":"empty","description":null,
            "isPrivate":false,"lastAddedAt":null,"items":{"nodes":null,"pageInfo":{"hasNextPage":false,"endCursor":null}}}],
            "pageInfo":{"hasNextPage":false,"endCursor":null}}}},
            "errors":[{"type":"FORBIDDEN","path":["user","lists","nodes",0,"items","nodes",4],
            "message":"Resource protected by organization SAML enforcement."}]}
            """#.replacingOccurrences(of: "ITEMS", with: items.joined(separator: ","))
        harness.github.inject(
            .raw(status: 200, headers: ["Content-Type": "application/json"], body: answer), at: "/graphql", times: 1)
        let store = harness.store()
        let lists = try await store.starLists(of: "mona")
        #expect(lists.map(\.slug) == ["lights", "empty"])
        #expect(lists[0].repositories.map(\.name.name) == ["plain", "bare"], "no id, no repository; no topics, none")
        #expect(lists[1].repositories.isEmpty)
        let warnings = store.report.dataWarnings
        #expect(warnings.contains { $0.contains("FORBIDDEN: Resource protected by organization SAML") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("a/noid1 left out: it has no databaseId") }, "\(warnings)")
        #expect(
            warnings.contains {
                $0.contains("Star List 'Lights' of mona: GitHub says there is more but gives no cursor")
            }, "\(warnings)")
        #expect(store.report.cutShort == ["Star List 'Lights' of mona"])
        #expect(store.report.stale.isEmpty, "data beside field errors is no refusal")
    }

    @Test("a second List with a slug already read is left out with a warning naming both, not the build")
    func aRepeatedSlugLeavesTheLaterListOut() async throws {
        let harness = try Self.harness(lists: [
            .init(name: "Lights", slug: "lights", repos: ["lumen-labs/lantern"]),
            .init(name: "Lights (copy)", slug: "lights", repos: ["lumen-labs/prism"]),
            .init(name: "Git tooling", slug: "git-tooling", repos: ["kit-harbor/knot"]),
        ])
        let store = harness.store()
        let lists = try await store.starLists(of: "mona")
        #expect(lists.map(\.name) == ["Lights", "Git tooling"])
        let warnings = store.report.dataWarnings
        #expect(
            warnings.contains {
                $0.contains(
                    "Star List 'Lights (copy)' left out: its slug 'lights' is also that of the List 'Lights', read before it"
                )
            },
            "\(warnings)")
    }

    @Test("cursors that go round (A, B, A) end the read at the first one read again")
    func cursorsThatGoRoundEndTheRead() async throws {
        let harness = try LiveHarness()
        for (id, cursor) in [("UL_1", "A"), ("UL_2", "B"), ("UL_1", "A")] {
            let page = #"""
                {"data":{"user":{"lists":{"nodes":[{"id":"\#(id)","name":"\#(id)","slug":"\#(id.lowercased())",
                "description":null,"isPrivate":false,"lastAddedAt":null,
                "items":{"nodes":[],"pageInfo":{"hasNextPage":false,"endCursor":null}}}],
                "pageInfo":{"hasNextPage":true,"endCursor":"\#(cursor)"}}}}}
                """#
            harness.github.inject(
                .raw(status: 200, headers: ["Content-Type": "application/json"], body: page), at: "/graphql")
        }
        let lists = try await harness.store().starLists(of: "mona")
        #expect(lists.map(\.slug) == ["ul_1", "ul_2"])
        #expect(harness.github.requests.filter { $0.path == "/graphql" }.count == 3)
    }

    @Test("errors in a 200 are never data: with nothing cached the failure names the query and GitHub's message")
    func errorsInA200AreAFailure() async throws {
        let harness = try Self.harness(lists: [.init(name: "L", slug: "l", repos: [])])
        harness.github.inject(.graphQLErrors(["Something went wrong while executing your query."]), at: "/graphql")
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().starLists(of: "mona") }
        #expect(error?.resource == "POST \(harness.github.baseURL)/graphql (query UserStarLists)")
        #expect(
            error?.detail.contains("GraphQL errors: NOT_FOUND: Something went wrong while executing your query.")
                == true)
        #expect(harness.github.requests.count == 1, "not retried: asking again gets the same")
    }

    @Test("a GraphQL error's message is cut as a REST answer's is, at 500 characters")
    func longGraphQLMessagesAreCut() async throws {
        let harness = try Self.harness(lists: [.init(name: "L", slug: "l", repos: [])])
        harness.github.inject(.graphQLErrors([String(repeating: "x", count: 3_200)]), at: "/graphql")
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().starLists(of: "mona") }
        #expect(error?.detail.contains(String(repeating: "x", count: 500) + "…") == true)
        #expect(error?.detail.contains(String(repeating: "x", count: 501)) == false)
    }

    @Test("errors in a 200 after a good run: the cached Lists are served and reported stale, naming the query")
    func errorsInA200FallBackToTheCache() async throws {
        let harness = try Self.harness(lists: [.init(name: "Lights", slug: "lights", repos: ["lumen-labs/lantern"])])
        _ = try await harness.store().starLists(of: "mona")
        harness.github.inject(.graphQLErrors(["Timeout"]), at: "/graphql")
        let store = harness.store()
        #expect(try await store.starLists(of: "mona").map(\.name) == ["Lights"])
        let stale = await store.staleData()
        #expect(stale.map(\.resource) == ["POST \(harness.github.baseURL)/graphql (query UserStarLists)"])
        #expect(stale.first?.reason == "GraphQL errors: NOT_FOUND: Timeout")
    }

    @Test("GraphQL's own rate limit, spent for longer than the run may wait, ends the run as a rate limit (exit 3)")
    func graphQLRateLimit() async throws {
        let harness = try Self.harness(lists: [.init(name: "L", slug: "l", repos: [])])
        harness.github.inject(.graphQLRateLimited(resetIn: 3600), at: "/graphql")
        let error = await #expect(throws: GitHubDataError.self) { try await harness.store().starLists(of: "@me") }
        #expect(error?.isAuthenticationOrRateLimit == true)
        if case .rateLimited(let resource, _, let secondary)? = error {
            #expect(resource.hasSuffix("/graphql (query ViewerStarLists)") && !secondary)
        } else {
            Issue.record("expected rateLimited, got \(String(describing: error))")
        }
    }

    @Test("GraphQL's rate limit whose reset has passed waits a minute, never asks again at once")
    func graphQLRateLimitResetPassed() async throws {
        let harness = try Self.harness(lists: [.init(name: "L", slug: "l", repos: [])])
        harness.github.inject(.graphQLRateLimited(resetIn: -300), at: "/graphql", times: 1000)
        await #expect(throws: GitHubDataError.self) {
            try await harness.store { $0.maxWait = .seconds(30) }.starLists(of: "@me")
        }
        #expect(harness.github.requests.filter { $0.path == "/graphql" }.count == 1)
    }

    @Test("GraphQL's rate limit that resets within the run's allowance is waited out, in the same budget")
    func graphQLRateLimitWaited() async throws {
        let harness = try Self.harness(lists: [.init(name: "L", slug: "l", repos: [])])
        harness.github.inject(.graphQLRateLimited(resetIn: 5), at: "/graphql")
        #expect(try await harness.store().starLists(of: "@me").map(\.name) == ["L"])
        #expect(harness.requestedSleeps.count == 1)
    }

    @Test("a refused token is a 401 naming its variable (exit 3), never a stale page")
    func unauthorised() async throws {
        let harness = try Self.harness(lists: [])
        let error = await #expect(throws: GitHubDataError.self) {
            try await harness.store(token: "ghp_wrong").starLists(of: "@me")
        }
        #expect(error?.isAuthenticationOrRateLimit == true)
        #expect(error?.detail.contains("GITHUB_TOKEN") == true)
    }

    @Test("the token's owner sees its private List through @me; another account's private List is not shown")
    func privateLists() async throws {
        let harness = try Self.harness(lists: [
            .init(name: "Public", slug: "public", repos: ["lumen-labs/lantern"]),
            .init(name: "Secret", slug: "secret", isPrivate: true, repos: ["mona/diary"]),
        ])
        harness.github.setStarLists(
            [.init(name: "Hidden", slug: "hidden", isPrivate: true, repos: [])], of: "kit-harbor")
        let mine = try await harness.store().starLists(of: "@me")
        #expect(mine.map(\.name) == ["Public", "Secret"])
        #expect(mine.map(\.isPrivate) == [false, true])
        #expect(mine[1].repositories.first?.isPrivate == true)
        #expect(try await harness.store().starLists(of: "kit-harbor").isEmpty)
    }

    @Test("hostile names and descriptions come through byte for byte: escaping is the renderer's job")
    func hostileText() async throws {
        let lists = HostileText.vectors.enumerated().map { index, text in
            FakeGitHub.StarList(name: text, slug: "list-\(index)", description: text, repos: ["lumen-labs/lantern"])
        }
        let harness = try Self.harness(lists: lists)
        let read = try await harness.store().starLists(of: "mona")
        #expect(read.count == HostileText.vectors.count)
        #expect(read.map(\.name) == HostileText.vectors)
        #expect(read.map { $0.description ?? "" } == HostileText.vectors)
    }

    @Test("--offline reads the Lists a live run cached, sending nothing")
    func offlineFromTheCache() async throws {
        let harness = try LiveHarness()
        let names = Self.manyRepositories(harness.github, count: 150)
        harness.github.setStarLists([.init(name: "Many", slug: "many", repos: names)], of: "mona")
        let live = try await harness.store().starLists(of: "@me")
        harness.github.clearLog()
        let offline = try await harness.store { $0.offline = true }.starLists(of: "@me")
        #expect(offline == live)
        #expect(harness.github.requests.isEmpty)
        await #expect(throws: GitHubDataError.self) {
            try await harness.store { $0.offline = true }.starLists(of: "kit-harbor")
        }
    }

    @Test("the GraphQL endpoint is beside the REST root, and /api/graphql for GitHub Enterprise's /api/v3")
    func endpoint() {
        #expect(GitHubEndpoint(apiURL: "https://api.github.com").graphQL == "https://api.github.com/graphql")
        #expect(GitHubEndpoint(apiURL: "https://ghe.example/api/v3/").graphQL == "https://ghe.example/api/graphql")
        // The REST root's case as `GitHubWeb` reads it: the website and GraphQL agree.
        #expect(GitHubEndpoint(apiURL: "https://ghe.example/API/V3").graphQL == "https://ghe.example/API/graphql")
        #expect(RateLimitReading.resource(for: "https://ghe.example/api/graphql") == "graphql")
    }

    @Test("the queries sent pass the schema check; an unknown field or a connection without first does not")
    func schemaCheck() {
        for query in [
            StarListQueries.lists(of: "@me", after: nil), StarListQueries.lists(of: "mona", after: "c"),
            StarListQueries.items(of: "UL_1", after: "c"),
        ] {
            #expect(GraphQLSchemaCheck.problems(in: query.text).isEmpty, "\(query.name)")
        }
        let unknown = StarListQueries.lists(of: "mona", after: nil).text.replacingOccurrences(
            of: "lastAddedAt", with: "lastAdded")
        #expect(GraphQLSchemaCheck.problems(in: unknown).first?.contains("lastAdded") == true)
        let unpaged = StarListQueries.lists(of: "mona", after: nil).text.replacingOccurrences(
            of: "items(first: 100)", with: "items")
        #expect(GraphQLSchemaCheck.problems(in: unpaged).first?.contains("argument \"first\"") == true)
    }
}
