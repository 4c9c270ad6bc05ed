import Entities
import Foundation

/// A DTO that can say, once decoded, why GitHub could not have sent it (a name it does not
/// allow), so a list leaves it out rather than carrying it into request paths and pages.
protocol CheckedDTO: Decodable {
    /// Why the item is left out; nil when it is fine.
    var problem: String? { get }
}

/// One item of a list answer, decoded on its own: an item with a field missing, of the wrong
/// type or refused by its `problem` costs that item, not the whole page. What was wrong is
/// kept for a warning naming the item's index and, when it has a valid one, its full name.
struct Lenient<Item: CheckedDTO>: Decodable {
    var item: Item?
    var problem: String?
    var index: Int?
    var fullName: String?

    init(item: Item?, problem: String?, index: Int?, fullName: String?) {
        (self.item, self.problem, self.index, self.fullName) = (item, problem, index, fullName)
    }

    init(from decoder: any Decoder) throws {
        index = decoder.codingPath.last?.intValue
        // A list longer than any page GitHub sends (a search's `items` of millions): refused
        // whole at its 1,001st item, before each item's failure is kept for its warning.
        if let index, index >= GitHubDecoder.maxListItems {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a list of more than \(GitHubDecoder.maxListItems) items, where GitHub sends "
                        + "at most 100 a page"))
        }
        do {
            let item = try Item(from: decoder)
            if let problem = item.problem { self.problem = problem } else { self.item = item }
        } catch {
            problem = GitHubDecoder.describeItem(error)
        }
        if problem != nil { fullName = Self.name(decoder) }
    }

    /// The item, or nil after telling `warn` why it is left out.
    func value(resource: String, warn: (String) -> Void) -> Item? {
        if let item { return item }
        let which = [index.map { "[\($0)]" }, fullName].compactMap { $0 }.joined(separator: " ")
        warn("\(resource): item \(which) left out: \(problem ?? "not decodable")")
        return nil
    }

    /// The item's `full_name` (or its `repo`'s, for a star), only when it is a name GitHub
    /// allows: the warning names the item without repeating a stranger's text.
    private static func name(_ decoder: any Decoder) -> String? {
        guard let named = try? NamedItem(from: decoder), let text = named.fullName ?? named.repo?.fullName,
            (try? RepoName(parsing: text)) != nil
        else { return nil }
        return text
    }
}

/// Just the name of an item that did not decode.
private struct NamedItem: Decodable {
    struct Repo: Decodable {
        var fullName: String?
        private enum CodingKeys: String, CodingKey { case fullName = "full_name" }
    }
    var fullName: String?
    var repo: Repo?
    private enum CodingKeys: String, CodingKey {
        case fullName = "full_name"
        case repo
    }
}

extension Array {
    /// The items of a lenient list that decoded and passed their check.
    func values<Item>(resource: String, warn: (String) -> Void) -> [Item] where Element == Lenient<Item> {
        compactMap { $0.value(resource: resource, warn: warn) }
    }
}

extension Lenient: Sendable where Item: Sendable {}

/// A list answer read item by item (`[Lenient<Item>]`), whose length the decoder bounds.
protocol LenientList {}
extension Array: LenientList where Element: LenientMarker {}
/// `Lenient` of any item, for `LenientList`.
protocol LenientMarker {}
extension Lenient: LenientMarker {}
