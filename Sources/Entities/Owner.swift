/// A GitHub account that owns repositories: a user or an organisation.
public struct Owner: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case user
        case organization
    }

    public var login: String
    public var id: Int64
    public var kind: Kind
    public var htmlURL: String
    /// The display name, when the account has one (only full account objects carry it).
    public var displayName: String?
    public var bio: String?
    /// The account's picture on GitHub's avatar server, as GitHub gave it (without a size).
    public var avatarURL: String?

    public init(
        login: String, id: Int64, kind: Kind, htmlURL: String,
        displayName: String? = nil, bio: String? = nil, avatarURL: String? = nil
    ) {
        self.avatarURL = avatarURL
        self.login = login
        self.id = id
        self.kind = kind
        self.htmlURL = htmlURL
        self.displayName = displayName
        self.bio = bio
    }
}
