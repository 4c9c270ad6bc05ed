public import Entities

/// Reads the Star Lists of each `lists_of` account. Private Lists, and private repositories
/// in any List, only when private repositories are shown at all. A List read through two
/// accounts (`mona` and `@me` with mona's token) is one List: shown once, under the first.
public struct CollectStarLists: Sendable {
    private let source: any RepositorySource
    private let includePrivate: Bool

    public init(source: any RepositorySource, includePrivate: Bool = false) {
        self.source = source
        self.includePrivate = includePrivate
    }

    public func callAsFunction(accounts: [String]) async throws -> [StarList] {
        var lists: [StarList] = []
        var seen = Set<String>()
        for account in accounts {
            do {
                for var list in try await source.starLists(of: account) where includePrivate || !list.isPrivate {
                    guard list.id.isEmpty || seen.insert(list.id).inserted else { continue }
                    list.repositories = list.repositories.filter { includePrivate || !$0.isPrivate }
                    lists.append(list)
                }
            } catch {
                throw UseCaseFailure(step: "reading the Star Lists of \(account)", underlying: error)
            }
        }
        return lists
    }
}
