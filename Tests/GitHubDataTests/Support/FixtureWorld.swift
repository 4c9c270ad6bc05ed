import FakeGitHubServer

/// The project's own fixture: a small GitHub with a user who stars, an organisation and a
/// user who own repositories, a saved search, and a token owner with a private repository.
enum FixtureWorld {
    static let token = "ghp_SENTINEL_never_print_me_0123456789"

    static func make(starCount: Int = 3) -> FakeGitHub {
        let github = FakeGitHub(token: token, tokenOwner: "mona")
        github.add(.init(login: "mona", id: 1, name: "Mona Lisa", bio: "Collects stars"))
        github.add(.init(login: "kit-harbor", id: 2, name: "Kit Harbor"))
        github.add(.init(login: "lumen-labs", id: 3, isOrganization: true, name: "Lumen Labs", bio: "Light tools"))

        github.add(
            .init(
                id: 101, owner: "lumen-labs", name: "lantern", description: "A static site lantern",
                topics: ["static-site"], stars: 1200,
                releases: (1...5).map {
                    .init(id: 1000 + Int64($0), tag: "v1.\($0)", name: "Lantern 1.\($0)", body: "Fixes **\($0)**")
                }
                .reversed() + [.init(id: 999, tag: "v2.0-draft", isDraft: true)].reversed(),
                readme: "# Lantern\n\nLights the way."))
        github.add(
            .init(id: 102, owner: "lumen-labs", name: "prism", description: "Highlighting", language: "Rust", stars: 40)
        )
        github.add(
            .init(
                id: 201, owner: "kit-harbor", name: "knot", description: "Tie things", stars: 300,
                releases: [.init(id: 2001, tag: "0.9.0")], readme: "# knot"))
        github.add(
            .init(
                id: 301, owner: "mona", name: "diary", description: "Private notes", isPrivate: true, readme: "secret"))
        github.add(
            .init(id: 302, owner: "mona", name: "dotfiles", description: "Public dotfiles", language: "Shell", stars: 5)
        )

        for index in 0..<starCount {
            let id = Int64(400 + index)
            github.add(.init(id: id, owner: "kit-harbor", name: "tool-\(index)", stars: index))
            github.star(
                "kit-harbor/tool-\(index)", by: "mona",
                at: "2026-10-\(String(format: "%02d", 1 + index % 28))T09:00:00Z")
        }
        github.star("lumen-labs/lantern", by: "mona", at: "2026-11-20T08:00:00Z")
        github.star("mona/diary", by: "mona", at: "2026-11-19T08:00:00Z")
        github.search(
            "static site generator language:swift",
            finds: ["lumen-labs/lantern", "kit-harbor/knot", "lumen-labs/prism"])
        return github
    }
}
