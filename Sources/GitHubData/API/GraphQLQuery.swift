import Foundation

/// One GraphQL request: its operation's name (named in every message about it), the query
/// text, and its variables, posted as GitHub's JSON body.
struct GraphQLQuery: Sendable, Hashable {
    var name: String
    var text: String
    var variables: [String: String?]

    /// The body, with keys sorted so that the same query is the same bytes (the cache key).
    var body: Data {
        struct Body: Encodable {
            var query: String
            var variables: [String: String?]
            var operationName: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and optional strings always encode.
        return (try? encoder.encode(Body(query: text, variables: variables, operationName: name))) ?? Data()
    }
}

/// An answer to a `GraphQLQuery`: `data`, and the `errors` GitHub sends with a 200.
struct GraphQLAnswer<Payload: Decodable & Sendable>: Decodable, Sendable, GraphQLErrorsCarrying {
    var data: Payload?
    var errors: [GraphQLError]?

    var graphQLErrors: [GraphQLError] { errors ?? [] }
    var hasData: Bool { data != nil }
}

/// Lets `GitHubAPI.fetch` see the errors of any `GraphQLAnswer` without knowing its payload.
protocol GraphQLErrorsCarrying {
    var graphQLErrors: [GraphQLError] { get }
    /// Whether the answer holds `data` beside its errors.
    var hasData: Bool { get }
}

/// One of GraphQL's `errors`.
struct GraphQLError: Decodable, Sendable, Hashable {
    var message: String
    /// GitHub's kind: `RATE_LIMITED`, `NOT_FOUND`, `FORBIDDEN`, …
    var type: String?
    /// Where in `data` the error stands (`["user", "lists", "nodes", 0, …]`): an error with
    /// one is about that field alone, which `data` gives as null.
    var path: [PathPart]?

    enum PathPart: Decodable, Sendable, Hashable {
        case key(String)
        case index(Int)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let index = try? value.decode(Int.self) {
                self = .index(index)
            } else {
                self = .key(try value.decode(String.self))
            }
        }
    }

    /// "GraphQL errors: NOT_FOUND: Could not resolve …; …", for a stale notice or a failure;
    /// each message cut as a REST answer's is (`GitHubAPI.shown`).
    static func summary(_ errors: [GraphQLError]) -> String {
        "GraphQL errors: "
            + errors.prefix(3).map { ($0.type.map { $0 + ": " } ?? "") + GitHubAPI.shown($0.message) }
            .joined(separator: "; ")
            + (errors.count > 3 ? "; and \(errors.count - 3) more" : "")
    }
}
