/// A repository's README, decoded to Markdown text.
public struct Readme: Sendable, Hashable {
    /// Path inside the repository, e.g. `README.md` or `docs/README.md`.
    public var path: String
    public var markdown: String
    /// Where GitHub shows the file (`…/blob/BRANCH/PATH`); relative links resolve against it.
    public var htmlURL: String?
    /// Where GitHub serves the raw file; relative images resolve against it.
    public var downloadURL: String?
    /// The whole file's size in bytes when `markdown` holds only its beginning (a README of
    /// megabytes is shortened where it is read); nil when `markdown` is the whole file.
    public var wholeByteCount: Int?

    public init(path: String, markdown: String, htmlURL: String?, downloadURL: String?, wholeByteCount: Int? = nil) {
        self.path = path
        self.markdown = markdown
        self.htmlURL = htmlURL
        self.downloadURL = downloadURL
        self.wholeByteCount = wholeByteCount
    }
}
