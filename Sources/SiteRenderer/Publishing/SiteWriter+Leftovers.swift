import Foundation
import Synchronization

extension SiteWriter {
    /// Moves the user's entries from an old build (or a leftover) into the published folder;
    /// those it cannot move because the published folder already has that name.
    /// - Parameters:
    ///   - marker: the tree's own marker, as read (a build reads the published one once).
    ///   - manifest: the published build's files.
    func keepUserEntries(from tree: URL, marker: Marker?, manifest: Set<String>) throws(PublishError) -> [String] {
        try keep(Inventory(of: tree, writing: manifest, marker: marker, withEntries: false).userEntries, from: tree)
    }

    /// Moves these user's entries from `tree` into the published folder; those it cannot move.
    func keep(_ entries: [String], from tree: URL) throws(PublishError) -> [String] {
        var left: [String] = []
        for entry in entries {
            let destination = output.appending(path: entry)
            guard Inventory.kind(destination) == .missing else {
                left.append(entry)
                continue
            }
            try Self.step("keeping", destination) {
                try FileManager.default.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.moveItem(at: tree.appending(path: entry), to: destination)
            }
        }
        return left
    }

    /// Sets the old build aside as the next build's spare (`setAside`), or empties and removes
    /// it, once the user's entries in it are moved into the published folder; those it could
    /// not move (the old build is then left beside the output). Where no folder of the old
    /// build changed since `inventory` was taken, it is not read again: it is set aside, or
    /// each of repodigest's entries is unlinked, each of its folders removed deepest first,
    /// then its markers and itself. A folder that then turns out to hold something new is not
    /// removed: the old build is read again, and what is not repodigest's kept.
    func clearOldBuild(_ tree: URL, inventory: Inventory, manifest: Set<String>, published: Marker?)
        throws(PublishError) -> [String]
    {
        if inventory.isCurrent(at: tree) {
            let left = try keep(inventory.userEntries, from: tree)
            guard left.isEmpty else { return left }
            if setAside(tree) { return [] }
            if Self.unlinkEntries(inventory.ours, in: tree), Self.removeFolders(inventory.folders, in: tree) {
                // Markers last, then the folder itself: only if nothing else is left in it.
                for marker in [Self.stagingMarker, Self.marker] { unlink(tree.appending(path: marker).path) }
                if rmdir(tree.path) == 0 { return [] }
            }
        }
        let left = try keepUserEntries(from: tree, marker: published, manifest: manifest)
        guard left.isEmpty else { return left }
        try Self.removeMarked(tree, step: "removing")
        return []
    }

    /// The warning for an old build kept beside the output because the user's files in it
    /// have namesakes in the new one: deleting it would delete them.
    static func leftBeside(_ tree: URL, _ entries: [String]) -> String {
        "\(tree.path) is left in place: it holds \(entries.count) file(s) of yours that the published folder also has "
            + "(\(entries.prefix(3).joined(separator: ", "))); move what you need, then remove it"
    }

    /// For a run that publishes nothing (up to date): what stopped runs left beside the output
    /// cleared as `stage` clears it before a publish, the user's files in an old build going
    /// back into the published folder; what it could not clear, or why it failed, as warnings.
    public func clearLeftoversUnpublished() -> [String] {
        guard hasLeftovers else { return [] }
        do {
            return try clearLeftovers()
        } catch {
            return ["\(error); the next run tries again"]
        }
    }

    /// Whether anything beside the output is named like a leftover of a stopped run.
    var hasLeftovers: Bool {
        let parent = output.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.contains { name in leftoverPrefixes.contains(where: name.hasPrefix) }
    }

    /// The names of a staging folder and of a published folder moved aside, with a process
    /// number after.
    var stagingPrefix: String { ".\(output.lastPathComponent).staging-" }
    var previousPrefix: String { ".\(output.lastPathComponent).previous-" }
    private var leftoverPrefixes: [String] { [stagingPrefix, previousPrefix] }

    /// Folders of runs that were stopped, beside the output: only those that carry one of
    /// repodigest's markers are its own to clear (the user's files in an old build go back
    /// into the output first), and an empty one, which a run stopped before marking it (nothing
    /// to lose). Anything else with a leftover's name is left alone and named in the notes
    /// returned; so is anything that is not a real folder (a link is never followed).
    func clearLeftovers() throws(PublishError) -> [String] {
        let parent = output.deletingLastPathComponent()
        var notes: [String] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).sorted()
        where leftoverPrefixes.contains(where: name.hasPrefix) {
            let leftover = parent.appending(path: name)
            guard Inventory.kind(leftover) == .folder else {
                notes.append("\(leftover.path) is named like a leftover of repodigest but is not a folder; left alone")
                continue
            }
            let site = Inventory.kind(leftover.appending(path: Self.marker)) == .regular
            let staging = Inventory.kind(leftover.appending(path: Self.stagingMarker)) == .regular
            guard site || staging else {
                // Empty: a run stopped between making it and marking it; removing it loses nothing.
                if rmdir(leftover.path) == 0 { continue }
                notes.append(
                    "\(leftover.path) is named like a leftover of repodigest but has neither of its markers "
                        + "(\(Self.marker), \(Self.stagingMarker)); left alone: remove it yourself if it is not yours")
                continue
            }
            if site, Inventory.kind(output) == .missing {
                if name.hasPrefix(previousPrefix) {
                    // Stopped between moving the published site aside and putting the new one in its place.
                    try Self.step("restoring", output) { try FileManager.default.moveItem(at: leftover, to: output) }
                    continue
                }
                if !Inventory(of: leftover, writing: []).userEntries.isEmpty {
                    notes.append(
                        "\(leftover.path) holds files that are not repodigest's and there is no published folder to return them to; left alone"
                    )
                    continue
                }
            } else if site {
                let left = try keepUserEntries(
                    from: leftover, marker: Marker(in: leftover), manifest: Marker(in: output)?.manifest ?? [])
                guard left.isEmpty else {
                    notes.append(Self.leftBeside(leftover, left))
                    continue
                }
            }
            try Self.removeMarked(leftover, step: "removing")
        }
        return notes
    }

    /// Removes a folder of repodigest's own with its markers last, so that a run stopped
    /// halfway leaves a folder the next run still knows as its own, never an unmarked one it
    /// must leave alone.
    static func removeMarked(_ folder: URL, step action: String) throws(PublishError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted(by: { !markers.contains($0) && markers.contains($1) }) {
            try step(action, folder.appending(path: name)) {
                try FileManager.default.removeItem(at: folder.appending(path: name))
            }
        }
        try step(action, folder) { try FileManager.default.removeItem(at: folder) }
    }

    /// The same, for tidying that may fail without harm (a stopped or refused build).
    static func removeMarked(_ folder: URL) {
        try? removeMarked(folder, step: "removing")
    }
}
