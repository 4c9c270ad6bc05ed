public import Entities
import Foundation
public import UseCases

/// The sample data bundled in the binary, served through the same port and the same
/// decoding as live GitHub data. Its files mirror the API's paths
/// (`users/NAME/starred.json` answers `GET /users/NAME/starred`), so a sample file is
/// exactly a GitHub answer. Powers `repodigest build --sample`: no token, no network.
public struct SampleDataStore: RepositorySource {
    private let files: [String: String]
    private let decoder = GitHubDecoder()

    public init() {
        self.init(files: SampleFiles.files)
    }

    /// A store over other files in the same layout (base64 contents by path): a synthetic
    /// data set for benchmarks, or a small one for tests.
    public init(files: [String: String]) {
        self.files = files
    }

    /// The sample's configuration, `repodigest.toml` text that names its sources.
    public static var configuration: String {
        SampleDataStore().text("repodigest.toml") ?? ""
    }

    public func owner(_ login: String) async throws -> Owner {
        if files["users/\(login).json"] != nil {
            return try decode(AccountDTO.self, "users/\(login)").entity
        }
        try holds("users/\(login)", "orgs/\(login)", of: login, among: { $0.hasSuffix("/repos.json") })
        return try decode(AccountDTO.self, "orgs/\(login)").entity
    }

    /// The sample's list is one file: always read whole.
    public func starsRead(by login: String) async throws -> StarsRead {
        try holds("users/\(login)/starred", of: login, among: { $0.hasSuffix("/starred.json") })
        return StarsRead(stars: try list(StarDTO.self, "users/\(login)/starred").map(\.entity), isComplete: true)
    }

    /// Throws, naming the accounts the sample holds (those of its files `among` picks), when
    /// it holds none of `resources`: a configuration edited for the user's own accounts, run
    /// with `--sample` still, is told what to drop rather than that a file is not found.
    private func holds(_ resources: String..., of account: String, among: (String) -> Bool) throws {
        guard resources.allSatisfy({ files[$0 + ".json"] == nil }) else { return }
        let accounts = Set(files.keys.filter(among).compactMap { $0.split(separator: "/").dropLast().last })
        throw GitHubDataError.notInSample(
            resource: "sample \(resources[0])", account: account, holds: accounts.sorted().map(String.init))
    }

    public func repositories(of owner: Owner) async throws -> [GitHubRepo] {
        let folder = owner.kind == .organization ? "orgs" : "users"
        return try list(RepoDTO.self, "\(folder)/\(owner.login)/repos").map(\.entity)
    }

    /// The sample holds one search's answer, whatever the query.
    public func search(_ search: SavedSearch) async throws -> [GitHubRepo] {
        try decode(SearchResultDTO.self, "search/repositories").items.values(resource: "sample search", warn: { _ in })
            .prefix(search.limit).map(\.entity)
    }

    /// The sample's Lists are one GraphQL answer per account, read whole.
    public func starLists(of account: String) async throws -> [StarList] {
        let resource = "graphql/users/\(account)/lists"
        // An account the sample holds but whose Lists it does not has none.
        try holds(resource, "users/\(account)", of: account, among: { $0.hasSuffix("/lists.json") })
        guard files[resource + ".json"] != nil else { return [] }
        let answer = try decode(GraphQLAnswer<StarListsPayloadDTO>.self, resource)
        let lists = answer.data?.user?.lists.values(resource: resource, warn: { _ in }) ?? []
        return lists.map {
            $0.entity(account: account, items: $0.items.values(resource: resource, warn: { _ in }), warn: { _ in })
        }
    }

    /// Found whatever the case of `name`, as GitHub finds it.
    public func repository(_ name: RepoName) async throws -> GitHubRepo {
        let wanted = "repos/\(name).json".lowercased()
        guard
            let file = files["repos/\(name).json"] != nil
                ? "repos/\(name).json" : files.keys.first(where: { $0.lowercased() == wanted })
        else { throw RepositoryNotFound(name: name) }
        let resource = String(file.dropLast(".json".count))
        let repo = try decode(RepoDTO.self, resource)
        if let problem = repo.problem {
            throw GitHubDataError.undecodable(resource: "sample \(resource)", reason: problem)
        }
        return repo.entity
    }

    public func releases(of repo: GitHubRepo, limit: Int) async throws -> [Release] {
        let resource = "repos/\(repo.name)/releases"
        guard files[resource + ".json"] != nil else { return [] }
        return try list(ReleaseDTO.self, resource)
            .map { $0.entity(repoURL: repo.htmlURL) }
            .filter { !$0.isDraft }
            .prefix(limit)
            .map { $0 }
    }

    public func readme(of repo: GitHubRepo) async throws -> Readme? {
        let resource = "repos/\(repo.name)/readme"
        guard files[resource + ".json"] != nil else { return nil }
        var readme = try decode(ReadmeDTO.self, resource).entity(resource: "sample \(resource)")
        // GitHub's rendering of a README in another markup sits beside it, as a live build caches it.
        if !readme.isMarkdown { readme.html = text(resource + ".html") }
        return readme
    }

    /// The sample's own drawings (`avatars/LOGIN.svg`): its accounts are made up, so GitHub
    /// has no pictures of them.
    public func avatar(of owner: Owner, size: Int) async -> Avatar? {
        guard let base64 = files["avatars/\(owner.login.lowercased()).svg"], let data = Data(base64Encoded: base64)
        else {
            return nil
        }
        return Avatar(data: data, format: .svg)
    }

    /// The sample's README images (`web/HOST/PATH.svg`, the answer to `GET https://HOST/PATH.svg`),
    /// published with the site so that its READMEs show them without a network, as a live
    /// build's show GitHub's.
    public func readmeImages() async -> [ReadmeImage] {
        files.compactMap { path, base64 in
            guard path.hasPrefix("web/"), path.hasSuffix(".svg"), let data = Data(base64Encoded: base64) else {
                return nil
            }
            return ReadmeImage(url: "https://" + path.dropFirst(4), data: data, format: .svg)
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ resource: String) throws -> T {
        guard let base64 = files[resource + ".json"], let data = Data(base64Encoded: base64) else {
            throw GitHubDataError.notFound(resource: "sample \(resource)")
        }
        return try decoder.decode(type, from: data, resource: "sample \(resource)")
    }

    /// A list answer as the live store reads it: each item on its own, the bad ones left out.
    /// The sample is this project's own data, so there is no one to warn.
    private func list<Item: CheckedDTO>(_ type: Item.Type, _ resource: String) throws -> [Item] {
        try decode([Lenient<Item>].self, resource).values(resource: "sample \(resource)", warn: { _ in })
    }

    private func text(_ path: String) -> String? {
        files[path].flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}
