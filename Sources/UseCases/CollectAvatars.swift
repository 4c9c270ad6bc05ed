import Entities

/// The pictures of the owners of every repository shown, for a site that publishes them
/// itself (`AvatarMode.copy`). Asked all at once: the source bounds how many are in flight.
struct CollectAvatars: Sendable {
    var source: any RepositorySource

    /// By login, lower-cased; owners without a picture are absent.
    func callAsFunction(_ owners: [Owner]) async -> [String: Avatar] {
        var unique: [String: Owner] = [:]
        for owner in owners { unique[owner.login.lowercased()] = unique[owner.login.lowercased()] ?? owner }
        let source = self.source
        return await withTaskGroup(of: (String, Avatar?).self) { group in
            for (login, owner) in unique {
                group.addTask { (login, await source.avatar(of: owner, size: AvatarMode.size)) }
            }
            var avatars: [String: Avatar] = [:]
            for await (login, avatar) in group {
                if let avatar { avatars[login] = avatar }
            }
            return avatars
        }
    }
}
