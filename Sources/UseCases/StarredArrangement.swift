/// How the starred list is arranged: the `starred_group` and `starred_sort` keys of the
/// configuration's `[digest]` table.
public struct StarredArrangement: Sendable, Hashable {
    /// Headings the list is split under.
    public enum Grouping: String, Sendable, Hashable, CaseIterable {
        case none
        case language
        /// A repository with several topics is listed under each.
        case topic
    }

    /// The order of repositories within each group.
    public enum Order: String, Sendable, Hashable, CaseIterable {
        /// Most stars first.
        case stars
        /// Most recently starred first.
        case starred
        /// Most recently pushed first.
        case pushed
    }

    public var grouping: Grouping
    public var order: Order

    public init(grouping: Grouping = .none, order: Order = .starred) {
        self.grouping = grouping
        self.order = order
    }
}
