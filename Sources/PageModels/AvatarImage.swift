/// Where an owner's picture comes from on a page.
public enum AvatarImage: Sendable, Hashable {
    /// GitHub's avatar server, with the size in the URL (an http or https address, as
    /// `SafeURL` passes them).
    case remote(url: String)
    /// A file of the site's own, one of `Site.avatars`.
    case file(name: String)
}
