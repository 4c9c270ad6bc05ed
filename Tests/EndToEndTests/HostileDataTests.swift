import Entities
import Foundation
import GitHubData
import PageModels
import SiteRenderer
import Testing
import UseCases

/// Strangers write the text a digest shows. A corpus of script-injection vectors goes into
/// every text field the API returns, through the same decoding, use cases, translators and
/// renderer as real data, in every theme; libxml2 (the validator) then parses every page and
/// must find no element, attribute or URL that could run script, and nothing may be written
/// outside the output folder.
@Suite struct HostileDataTests {
    static let vectors: [String] = [
        "<script>alert(1)</script>", "<ScRiPt>alert(2)</sCrIpT>", "<img src=x onerror=alert(3)>",
        "<svg onload=alert(4)>", "<svg><script>alert(5)</script></svg>", "\"><script>alert(6)</script>",
        "'><img src=x onerror=alert(7)>", "javascript:alert(8)", "JaVaScRiPt:alert(9)", "  javascript:alert(10)",
        "java\tscript:alert(11)", "&#106;avascript:alert(12)", "&#x6A;avascript:alert(13)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxNCk8L3NjcmlwdD4=", "vbscript:msgbox(15)",
        "<iframe src=\"javascript:alert(16)\"></iframe>", "<a href=\"javascript:alert(17)\">x</a>",
        "<math><mtext><script>alert(18)</script></mtext></math>", "<style>@import 'javascript:alert(19)'</style>",
        "<object data=\"javascript:alert(20)\"></object>", "<embed src=\"javascript:alert(21)\">",
        "<base href=\"javascript:alert(22)//\">", "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(23)\">",
        "<form action=\"javascript:alert(24)\"><button>x</button></form>",
        "<div style=\"background:url(javascript:alert(25))\">x</div>", "<!--<script>alert(26)</script>-->",
        "<![CDATA[<script>alert(27)</script>]]>", "{{alert}} {{{alert}}} {{>layout}}", "\u{202E}gnp.exe \u{0} \u{FEFF}",
        "[x](javascript:alert(29))", "[x](JAVASCRIPT:alert(30))", "[x](&#x6A;avascript:alert(31))",
        "[x](<javascript:alert(32)>)", "![x](javascript:alert(33))", "[ref][h]\n\n[h]: javascript:alert(34)",
        "<javascript:alert(35)>", "www.example.com/\"onmouseover=\"alert(36)", "<a href=\"&#106;avascript:alert(37)\">x</a>",
        "[x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMzgpPg==)", "<img src=\"x\" srcset=\"javascript:alert(39) 2x\">",
        "<svg><a xlink:href=\"javascript:alert(40)\"><text>x</text></a></svg>",
    ]

    /// Owner and repository names that try to leave the output folder or collide.
    static let hostileNames = ["..", "../../etc", "con", "Foo", "foo", "a/b", ".hidden", "x%2F..%2Fy"]

    static func repository(id: Int, owner: String, name: String, vector: String) -> [String: Any] {
        [
            "id": id, "name": name, "full_name": "\(owner)/\(name)", "html_url": vector,
            "owner": ["login": owner, "id": id, "type": "User", "html_url": vector],
            "description": vector, "homepage": vector, "language": vector, "topics": [vector, "ok-\(id % 3)"],
            "stargazers_count": id, "license": ["key": "x", "name": vector, "spdx_id": vector],
            "pushed_at": "2026-11-01T00:00:00Z",
        ]
    }

    static func files() throws -> [String: String] {
        var files: [String: String] = [:]
        var stars: [[String: Any]] = []
        func put(_ path: String, _ object: Any) throws {
            files[path] = try JSONSerialization.data(withJSONObject: object).base64EncodedString()
        }
        let readme = vectors.joined(separator: "\n\n") + "\n\n# Heading\n\n[anchor](#heading) " + vectors.joined(separator: " ")
        for (index, vector) in vectors.enumerated() {
            let owner = index < hostileNames.count ? hostileNames[index] : "owner\(index % 4)"
            let name = index % 5 == 0 ? vector : "repo-\(index)"
            let repo = repository(id: index + 1, owner: owner, name: name, vector: vector)
            stars.append(["starred_at": "2026-11-\(10 + index % 18)T00:00:00Z", "repo": repo])
            let base = "repos/\(owner)/\(name)"
            try put(base + "/readme.json", [
                "path": vector, "encoding": "base64", "content": Data(readme.utf8).base64EncodedString(),
                "html_url": vector, "download_url": vector,
            ])
            try put(base + "/releases.json", [[
                "id": index, "tag_name": vector, "name": vector, "body": readme, "html_url": vector,
                "published_at": "2026-11-01T00:00:00Z",
            ]])
        }
        try put("users/hostile/starred.json", stars)
        try put("users/\(hostileNames[0]).json", ["login": hostileNames[0], "id": 1, "type": "User", "name": vectors[0], "bio": vectors[2]])
        try put("users/\(hostileNames[0])/repos.json", [repository(id: 1, owner: hostileNames[0], name: "repo-0", vector: vectors[1])])
        try put("repos/owner1/pinned.json", repository(id: 999, owner: "owner1", name: "pinned", vector: vectors[8]))
        return files
    }

    @Test(arguments: Theme.builtInNames)
    func noDataCanRunScriptInTheme(_ themeName: String) async throws {
        let request = BuildDigest.Request(
            title: "Hostile", starredBy: ["hostile"], favourites: [Favourite(name: RepoName(owner: "owner1", name: "pinned"))],
            owners: [Self.hostileNames[0]], pageSize: 7)
        struct Fixed: Clock { var now: Date { Date(timeIntervalSince1970: 1_795_000_000) } }
        let site = try await BuildDigest(source: SampleDataStore(files: try Self.files()), clock: Fixed())(request)
        let files = try SiteGenerator(theme: Theme.builtIn(themeName)).render(site)

        #expect(files.count > Self.vectors.count, "every repository got its page")
        #expect(SiteValidator().validate(files) == [], "libxml2 finds nothing that could run")

        let folder = try TemporaryFolder()
        let output = folder.url.appending(path: "out/site")
        try SiteWriter(output: output).publish(files)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "out").path) == ["site"],
                "nothing was written beside the output folder")
        #expect(Set(files.map(\.path)).count == files.count, "no two pages share a file")
        let repoPages = files.filter { $0.path.hasPrefix("repos/") }
        #expect(repoPages.count == Self.vectors.count + 1, "Foo and foo, con and .. all kept apart")
    }
}
