/// A README or release note from the data, still unrendered: the renderer turns it into
/// sanitised HTML. Relative links and images in it resolve against the two bases.
public struct MarkdownText: Sendable, Hashable {
    /// What `source` is written in.
    public enum Markup: Sendable, Hashable {
        /// GitHub Flavored Markdown, rendered by the site.
        case markdown
        /// HTML GitHub rendered from another markup (reStructuredText, AsciiDoc, Org, …):
        /// it only goes through the sanitiser.
        case html
    }

    public var source: String
    public var markup: Markup
    /// Base for relative links, e.g. `https://github.com/OWNER/NAME/blob/main/`.
    public var linkBase: String?
    /// Base for relative images, e.g. `https://github.com/OWNER/NAME/raw/main/`.
    public var imageBase: String?
    /// Where a path from the root (`/docs/logo.png`) starts, for links and for images, when
    /// that is not the base: a README in a folder (`.github/README.md`) resolves `docs/a.md`
    /// in its folder and `/docs/a.md` at the repository's root, as GitHub does.
    public var rootLinkBase: String?
    public var rootImageBase: String?
    /// Images the site publishes itself: the file name in `Site.readmeImages` for each URL an
    /// image may be shown from, written or resolved (`https://github.com/OWNER/NAME/raw/…`).
    public var localImages: [String: String] = [:]

    public init(source: String, markup: Markup = .markdown, linkBase: String? = nil, imageBase: String? = nil) {
        self.source = source
        self.markup = markup
        self.linkBase = linkBase
        self.imageBase = imageBase
    }
}
