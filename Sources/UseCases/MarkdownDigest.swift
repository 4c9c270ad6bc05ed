/// What `digest.md` holds: the `markdown` key of the configuration's `[digest]` table.
public enum MarkdownDigest: String, Sendable, Hashable, CaseIterable {
    /// The digest page as Markdown: what changed, recent stars, releases.
    case digest
    /// The whole starred list (every repository shown, when nothing is starred), grouped by
    /// language with a table of contents, as starred-list generators (awesome-stars) write
    /// it, for a README kept in a repository.
    case list
}
