/// How owners' pictures reach the site: the `avatars` key of the configuration.
public enum AvatarMode: String, Sendable, Hashable, CaseIterable {
    /// Linked from GitHub's avatar server, at the size shown: readers' browsers ask GitHub.
    case link
    /// Fetched at build time and published with the site: readers' browsers never contact a
    /// third party. An avatar that cannot be fetched is left out, never linked instead.
    case copy
    /// No pictures.
    case none

    /// Pixels square of every avatar asked for: twice the largest shown (a repository page's
    /// 48 px heading picture is drawn from the same file as the cards' 20 px ones), for sharp
    /// pictures on high-density screens.
    public static let size = 96
}
