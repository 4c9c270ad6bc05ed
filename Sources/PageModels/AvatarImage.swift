/// Where an owner's picture comes from on a page.
public enum AvatarImage: Sendable, Hashable {
    /// GitHub's avatar server, with the size in the URL (always https).
    case remote(url: String)
    /// A file of the site's own, one of `Site.avatars`.
    case file(name: String)
}
