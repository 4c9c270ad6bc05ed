public import Entities
import Foundation

extension GitHubDataStore {
    /// Every Star List of `account` (`@me`: the token's owner, private ones included), each
    /// with every repository it holds: the lists and each List's items read page by page to
    /// their end, up to `maxPages` pages of each.
    public func starLists(of account: String) async throws -> [StarList] {
        var lists: [StarList] = []
        var cursor: String? = nil
        var pages = 0
        var seen = Set<String>()
        var cursors = Set<String>()
        /// The name of the List that has each slug: GitHub keeps them unique within an account,
        /// and a List's page is named after its slug.
        var slugs: [String: String] = [:]
        repeat {
            let query = StarListQueries.lists(of: account, after: cursor, first: graphQLPageSize)
            let payload = try await graphQL(StarListsPayloadDTO.self, query)
            guard let connection = (account == "@me" ? payload.viewer : payload.user)?.lists else {
                throw GitHubDataError.notFound(resource: resource(query))
            }
            // A List given again (a page read twice) is the same List: one page each.
            for list in connection.values(resource: resource(query), warn: api.log.warn)
            where seen.insert(list.id).inserted {
                // Two Lists with one slug would be two pages in one file, and stop the build:
                // the later one is left out, as an item that does not decode is.
                if let first = slugs[list.slug] {
                    let reason = "its slug '\(list.slug)' is also that of the List '\(first)', read before it"
                    api.log.warn("\(resource(query)): Star List '\(list.name)' left out: \(reason)")
                    continue
                }
                slugs[list.slug] = list.name
                lists.append(try await starList(list, of: account))
            }
            pages += 1
            cursor = nextCursor(connection.pageInfo, seen: &cursors, resource(query))
        } while cursor != nil && pages < maxPages
        // More pages than one list may take: read to the bound, and said, as a REST list is.
        if cursor != nil { api.log.cutShort("Star Lists of \(account)") }
        return lists
    }

    /// The cursor of the next page of what `resource` names; nil at the end, and where GitHub
    /// says there is more but gives no cursor, or one already read (the one asked with, or one
    /// before it): those pages again and again, to `maxPages`.
    private func nextCursor(_ page: PageInfoDTO, seen: inout Set<String>, _ resource: String) -> String? {
        guard page.hasNextPage else { return nil }
        guard let next = page.endCursor else {
            // More, says GitHub, but not from where: what was read is all there is to show.
            api.log.warn("\(resource): GitHub says there is more but gives no cursor; read no further")
            api.log.cutShort(resource)
            return nil
        }
        guard seen.insert(next).inserted else {
            api.log.warn("\(resource): the next page's cursor is one already read; read no further")
            return nil
        }
        return next
    }

    private func starList(_ list: StarListDTO, of account: String) async throws -> StarList {
        let named = "Star List '\(list.name)' of \(account)"
        var nodes = list.items.values(resource: named, warn: api.log.warn)
        var pageInfo = list.items.pageInfo
        var pages = 1
        var cursors = Set<String>()
        var after = nextCursor(pageInfo, seen: &cursors, named)
        while let cursor = after, pages < maxPages {
            let query = StarListQueries.items(of: list.id, after: cursor, first: graphQLPageSize)
            guard let items = try await graphQL(StarListItemsPayloadDTO.self, query).node?.items else {
                throw GitHubDataError.notFound(resource: resource(query))
            }
            nodes += items.values(resource: named, warn: api.log.warn)
            pageInfo = items.pageInfo
            pages += 1
            // Named by its List: the query's name alone would not say which of many.
            after = nextCursor(pageInfo, seen: &cursors, "\(named), \(resource(query))")
        }
        if after != nil { api.log.cutShort(named) }
        return list.entity(account: account, items: nodes, warn: api.log.warn)
    }

    /// A query's `data`: GraphQL's `errors` never are (`GitHubAPI.fetch` falls back to the
    /// cached answer or fails, naming the query).
    func graphQL<T: Decodable & Sendable>(_ type: T.Type, _ query: GraphQLQuery) async throws -> T {
        guard let data = try await api.fetch(GraphQLAnswer<T>.self, endpoint.graphQL, post: query).value.data else {
            throw GitHubDataError.undecodable(resource: resource(query), reason: "at data: none")
        }
        return data
    }

    private func resource(_ query: GraphQLQuery) -> String { "POST \(endpoint.graphQL) (query \(query.name))" }
}
