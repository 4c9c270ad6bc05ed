public import Foundation

/// A published release of a repository.
public struct Release: Sendable, Hashable {
    public var id: Int64
    public var tagName: String
    public var name: String?
    /// Release notes, as Markdown.
    public var body: String?
    /// GitHub's own rendering of the notes, when it sent one; nil from an answer cached
    /// before it was asked for, or from a source that has only the Markdown.
    public var bodyHTML: String?
    public var htmlURL: String
    public var publishedAt: Date?
    public var isPrerelease: Bool
    public var isDraft: Bool

    public init(
        id: Int64, tagName: String, name: String? = nil, body: String? = nil, bodyHTML: String? = nil,
        htmlURL: String,
        publishedAt: Date? = nil, isPrerelease: Bool = false, isDraft: Bool = false
    ) {
        self.id = id
        self.tagName = tagName
        self.name = name
        self.body = body
        self.bodyHTML = bodyHTML
        self.htmlURL = htmlURL
        self.publishedAt = publishedAt
        self.isPrerelease = isPrerelease
        self.isDraft = isDraft
    }
}
