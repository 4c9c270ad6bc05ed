/// The names GitHub lets an account or a repository have. Names travel into request paths,
/// file paths and links, so a name GitHub could never have (`..`, `a/b`, a control
/// character) is refused where it enters, rather than escaped everywhere it goes.
public enum GitHubName {
    /// GitHub's limit on a login.
    public static let maxLoginLength = 39
    /// GitHub's limit on a repository's name.
    public static let maxRepositoryLength = 100

    /// A user's or organisation's login: ASCII letters, digits and `-`, and `_` (the logins of
    /// Enterprise Managed Users end in `_shortcode`); never `-` first, which GitHub has never
    /// allowed (some old logins end with one, or hold two in a row).
    public static func isLogin(_ text: some StringProtocol) -> Bool {
        (1...maxLoginLength).contains(text.utf8.count) && text.utf8.first != UInt8(ascii: "-")
            && text.utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// A repository's name: ASCII letters, digits, `-`, `_` and `.`, but never `.` or `..`.
    public static func isRepository(_ text: some StringProtocol) -> Bool {
        (1...maxRepositoryLength).contains(text.utf8.count) && text != "." && text != ".."
            && text.utf8.allSatisfy { isAlphanumeric($0) || "-_.".utf8.contains($0) }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }
}
