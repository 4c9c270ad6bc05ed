import Foundation

/// Why a site could not be published. The previous site is untouched in every case but
/// `tidying`, where the new one is published and only clearing the old one failed.
public enum PublishError: Error, Equatable, CustomStringConvertible {
    case unsafePath(String)
    /// Two files of the new build have one path: the data names one page twice.
    case twoFiles(String)
    case notOurs(String, reason: String)
    /// A file of the user's (one the marker's manifest does not list) is where the new build
    /// writes a file, or needs a folder.
    case usersFile(String, output: String)
    /// Entries of the published folder whose names are not UTF-8 (each its path with those
    /// bytes written `\xE9`): they could be neither carried into the new build nor removed.
    case unnamable([String], output: String)
    /// A folder the publish must change is read-only (a read-only mount, or permissions).
    case notWritable(String, reason: String)
    /// The output folder is where a file system is mounted (a Docker volume, a tmpfs): the
    /// new build, staged beside it, cannot be renamed into its place.
    case mountPoint(String)
    /// A file system mounted on one of the user's entries in the output: `(output, entry)`.
    case mountPointInside(String, String)
    /// Staging the new build failed (a full disk, say).
    case io(action: String, path: String, reason: String)
    /// The new build is published; putting the user's entries into it or removing the old
    /// build failed.
    case tidying(action: String, path: String, reason: String)
    /// A signal stopped the run before the swap; its staging folder is gone.
    case interrupted

    /// How many unnamable entries a message lists.
    static let namesShown = 10

    public var description: String {
        switch self {
        case .unsafePath(let path):
            return "refusing to write \(path.debugDescription): not a plain relative path inside the output folder "
                + "(no '..', no leading '/' or '.', no control character)"
        case .twoFiles(let path):
            return "two files of the build would be written to \(path): the data names one page twice "
                + "(an account or a list given twice?); nothing was published, any site published before is as it was"
        case .notOurs(let path, let reason):
            return "refusing to publish into \(path): \(reason); choose an empty folder or one repodigest published"
        case .usersFile(let path, let output):
            return
                "refusing to publish into \(output): \(path) is not repodigest's (the published build's manifest does "
                + "not list it) and the new build writes there; move or rename it. Nothing was changed"
        case .unnamable(let paths, let output):
            // Every one named (up to a screenful), so that one rename does not lead to the next refusal.
            let shown = paths.prefix(Self.namesShown)
            let more = paths.count > shown.count ? " and \(paths.count - shown.count) more" : ""
            let (names, it, verb) = paths.count == 1 ? ("name", "it", "is") : ("names", "them", "are")
            return
                "refusing to publish into \(output): the \(names) of \(shown.joined(separator: ", "))\(more) \(verb) not "
                + "UTF-8, so repodigest can neither keep \(it) in the new build nor remove \(it); rename \(it) (convmv "
                + "can) or move \(it) out. Nothing was changed"
        case .mountPoint(let path):
            return
                "cannot publish into \(path): it is a mount point (another file system, such as a Docker volume), and "
                + "publishing stages the new site beside it and swaps the two by renaming; publish into a folder "
                + "inside it (--output \(path)/site). Nothing was changed"
        case .mountPointInside(let output, let path):
            return
                "cannot publish into \(output): \(path) in it is a mount point (another file system), and your files in "
                + "the output are moved into each new build by renaming, which a mount point cannot be; mount it outside "
                + "the output folder. Nothing was changed"
        case .notWritable(let path, let reason):
            return
                "cannot publish: \(path) is not writable (\(reason)); nothing was changed, any site published before is as it was"
        case .io(let action, let path, let reason):
            return "\(action) \(path) failed: \(reason); nothing was published, any site published before is as it was"
        case .tidying(let action, let path, let reason):
            return "the site is published, but \(action) \(path) failed: \(reason); the next run tries again"
        case .interrupted:
            return "stopped by a signal; nothing was published, any site published before is as it was"
        }
    }
}
