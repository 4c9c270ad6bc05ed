/// A repository's README: its text, and GitHub's own rendering when it is not Markdown.
public struct Readme: Sendable, Hashable {
    /// Path inside the repository, e.g. `README.md` or `docs/README.md`.
    public var path: String
    /// The file's text (Markdown, or the source of another markup).
    public var markdown: String
    /// GitHub's HTML for a README in another markup (reStructuredText, AsciiDoc, Org, …),
    /// which the site does not render itself; nil for Markdown.
    public var html: String?
    /// Where GitHub shows the file (`…/blob/BRANCH/PATH`); relative links resolve against it.
    public var htmlURL: String?
    /// Where GitHub serves the raw file; relative images resolve against it.
    public var downloadURL: String?
    /// The whole file's size in bytes when `markdown` holds only its beginning (a README of
    /// megabytes is shortened where it is read); nil when `markdown` is the whole file.
    public var wholeByteCount: Int?
    /// GitHub's answer held no text to show: `"encoding": "none"`, as it answers for a file of
    /// over 1 MB, or text that does not decode. `markdown` is then empty, and the page says
    /// so and links to the file on GitHub.
    public var isUnreadable = false

    public init(
        path: String, markdown: String, html: String? = nil, htmlURL: String?, downloadURL: String?,
        wholeByteCount: Int? = nil, isUnreadable: Bool = false
    ) {
        self.path = path
        self.markdown = markdown
        self.html = html
        self.htmlURL = htmlURL
        self.downloadURL = downloadURL
        self.wholeByteCount = wholeByteCount
        self.isUnreadable = isUnreadable
    }
}

extension Readme {
    /// The extensions GitHub renders as Markdown. Any other README (`.rst`, `.adoc`, `.org`,
    /// no extension at all) is rendered by GitHub, and the site shows GitHub's rendering.
    public static let markdownExtensions: Set<String> = [
        "md", "markdown", "mdown", "mkdn", "mkd", "mdwn", "mdtxt", "mdtext", "ron", "workbook",
    ]

    public var isMarkdown: Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return Self.markdownExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
