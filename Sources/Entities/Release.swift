import Foundation

/// A published release of a repository.
public struct Release: Sendable, Hashable {
    public var id: Int64
    public var tagName: String
    public var name: String?
    /// Release notes, as Markdown.
    public var body: String?
    public var htmlURL: String
    public var publishedAt: Date?
    public var isPrerelease: Bool
    public var isDraft: Bool

    public init(
        id: Int64, tagName: String, name: String? = nil, body: String? = nil, htmlURL: String,
        publishedAt: Date? = nil, isPrerelease: Bool = false, isDraft: Bool = false
    ) {
        self.id = id
        self.tagName = tagName
        self.name = name
        self.body = body
        self.htmlURL = htmlURL
        self.publishedAt = publishedAt
        self.isPrerelease = isPrerelease
        self.isDraft = isDraft
    }
}
