/// A repository the reader pinned, with an optional note of why.
public struct Favourite: Sendable, Hashable {
    public var name: RepoName
    public var note: String?

    public init(name: RepoName, note: String? = nil) {
        self.name = name
        self.note = note
    }
}
