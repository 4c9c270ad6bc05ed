import Entities
import PageModels

/// Owners' pictures as pages show them: linked from GitHub at the size asked for, or the
/// site's own copy, or none.
struct AvatarChoice: Sendable {
    var mode: AvatarMode = .none
    /// The published copies' file names, by login lower-cased (`AvatarMode.copy`).
    var files: [String: String] = [:]

    init(mode: AvatarMode = .none, avatars: [String: Avatar] = [:]) {
        self.mode = mode
        files = Dictionary(uniqueKeysWithValues: avatars.map { ($0.key, Self.fileName(login: $0.key, $0.value)) })
    }

    func image(for owner: Owner) -> AvatarImage? {
        switch mode {
        case .none: return nil
        // A copy that could not be fetched is left out: linking it instead would break the
        // promise that readers' browsers contact no one else.
        case .copy: return files[owner.login.lowercased()].map { .file(name: $0) }
        case .link:
            guard let url = owner.avatarURL.flatMap(SafeURL.http) else { return nil }
            return .remote(url: url + (url.contains("?") ? "&" : "?") + "s=\(AvatarMode.size)")
        }
    }

    /// `mona.png`: a login is letters, digits and hyphens, safe as a file name as it is.
    static func fileName(login: String, _ avatar: Avatar) -> String {
        login.lowercased() + "." + avatar.format.rawValue
    }
}
