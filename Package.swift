// swift-tools-version:6.1
// repodigest: GitHub repository data in, a themed and validated static site out.
// The targets are the layers of ARCHITECTURE (Clean Architecture with Presentation-Domain
// Separation). Dependencies point inward only; `make check-imports` proves it.
import PackageDescription

/// Our own targets build with every warning as an error: "no warnings" is a rule, not a wish.
/// A plain `import` is internal (Swift 7's default): a module's types reach the layers above
/// only through a `public import`, written where a public declaration needs them.
let strict: [SwiftSetting] = [
    .unsafeFlags(["-warnings-as-errors"]), .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "repodigest",
    products: [
        .executable(name: "repodigest", targets: ["repodigest"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // For tests only: the reference the themes' Mustache was written against.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // For the fake GitHub only: GraphQL queries validated against a schema, as GitHub does.
        .package(url: "https://github.com/GraphQLSwift/GraphQL", exact: "4.3.0"),
    ],
    targets: [
        // Plain Sendable value types from GitHub's world: repositories, owners, releases. Imports nothing.
        .target(name: "Entities", exclude: ["README.md"], swiftSettings: strict),

        // View-ready values for every page: formatted text and routes, never an Entity. Imports nothing.
        .target(name: "PageModels", exclude: ["README.md"], swiftSettings: strict),

        // One batch use case per job, the ports they need, and the Translators from Entities to PageModels.
        .target(
            name: "UseCases", dependencies: ["Entities", "PageModels", "ParallelWork"], exclude: ["README.md"],
            swiftSettings: strict),

        // The data layer: GitHub REST decoding, the libcurl client, local stores and the bundled sample.
        .target(
            name: "GitHubData",
            dependencies: [
                "Entities", "UseCases", "ParallelWork", "CCurl", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Sample", "embedded-folders.txt", "README.md"],
            swiftSettings: strict,
            plugins: ["EmbedFolders"]
        ),

        // The view layer: routing, themes and their Mustache templates, Markdown, feeds, the libxml2
        // validator, the writer.
        .target(
            name: "SiteRenderer",
            dependencies: [
                "PageModels", "ParallelWork", "CLibXML2", "CCmarkGFM", "TOMLGuard",
                // Reads each theme's theme.toml.
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            exclude: ["embedded-folders.txt", "README.md"],
            swiftSettings: strict,
            plugins: ["EmbedFolders"]
        ),

        // Independent work on every core, for the layers that have such work. Imports nothing.
        .target(name: "ParallelWork", exclude: ["README.md"], swiftSettings: strict),

        // Checks TOML text before TOMLKit parses it: toml++ aborts on some malformed headers. Imports nothing.
        .target(name: "TOMLGuard", exclude: ["README.md"], swiftSettings: strict),

        // `repodigest.toml` read and checked: a library, so the fuzz target and tests reach the parser.
        .target(
            name: "RepodigestConfiguration",
            dependencies: ["Entities", "UseCases", "TOMLGuard", .product(name: "TOMLKit", package: "TOMLKit")],
            exclude: ["README.md"], swiftSettings: strict
        ),

        // The application layer: one build as named steps (check, lock, output, open, decide,
        // digest, decide, publish, record, prune: ARCHITECTURE.md draws them), joining the layers
        // below; what `build` and `serve` run.
        .target(
            name: "BuildPipeline",
            dependencies: [
                "Entities", "UseCases", "GitHubData", "SiteRenderer", "RepodigestConfiguration", "ParallelWork",
            ],
            exclude: ["README.md"], swiftSettings: strict
        ),

        // The composition root: command line, resolving options, printing, exit codes.
        .executableTarget(
            name: "repodigest",
            dependencies: [
                "Entities", "UseCases", "GitHubData", "SiteRenderer", "RepodigestConfiguration", "BuildPipeline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `repodigest serve`: a small HTTP server on Swift concurrency and plain sockets.
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            exclude: ["README.md"],
            swiftSettings: strict
        ),

        // `make bench`: synthetic sites built by repodigest and Hugo side by side, rebuilds, fetches
        // from the fake GitHub with latency, and where the time goes.
        .executableTarget(
            name: "repodigest-bench",
            dependencies: ["Entities", "UseCases", "PageModels", "GitHubData", "SiteRenderer", "FakeGitHubServer"],
            exclude: ["README.md"],
            swiftSettings: strict
        ),

        // `make fuzz`: the fuzz targets' bodies and invariants, replayed by the tests too.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "Entities", "GitHubData", "PageModels", "SiteRenderer", "UseCases", "RepodigestConfiguration",
            ],
            exclude: ["README.md"], swiftSettings: strict
        ),
        // The libFuzzer driver for those targets (`fuzz TARGET [inputs | libFuzzer options]`).
        .executableTarget(
            name: "fuzz", dependencies: ["FuzzTargets", "CFuzzer"], exclude: ["README.md"], swiftSettings: strict),
        // libFuzzer's LLVMFuzzerRunDriver, declared; linked only by `make fuzz`.
        .systemLibrary(name: "CFuzzer"),

        // libcurl, with typed shims for its variadic calls.
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // libxml2, for parsing and checking every file a build writes.
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // cmark-gfm and its extensions, the Markdown renderer GitHub itself uses.
        .systemLibrary(
            name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),

        // Build tool plugin: compiles the folders a target names in `embedded-folders.txt` into it,
        // so the binary carries its themes and sample data and runs from anywhere.
        .plugin(
            name: "EmbedFolders", capability: .buildTool(), dependencies: ["embed-folders"],
            path: "Sources/EmbedFolders", exclude: ["README.md"]
        ),
        // The tool behind that plugin: folder in, Swift source out.
        .executableTarget(name: "embed-folders", exclude: ["README.md"], swiftSettings: strict),

        .testTarget(name: "EntitiesTests", dependencies: ["Entities"]),
        .testTarget(name: "PageModelsTests", dependencies: ["PageModels"]),
        .testTarget(name: "TOMLGuardTests", dependencies: ["TOMLGuard"]),
        .testTarget(name: "ParallelWorkTests", dependencies: ["ParallelWork"]),
        .testTarget(
            name: "RepodigestConfigurationTests", dependencies: ["RepodigestConfiguration", "Entities", "UseCases"]),
        .testTarget(
            name: "BuildPipelineTests",
            dependencies: [
                "BuildPipeline", "SiteRenderer", "RepodigestConfiguration", "UseCases", "Entities", "GitHubData",
            ]),
        // SiteRenderer only for the built-in English catalogue the translators are tested with.
        .testTarget(name: "UseCasesTests", dependencies: ["UseCases", "Entities", "PageModels", "SiteRenderer"]),
        // A fake GitHub API on 127.0.0.1 for tests and benchmarks: plain sockets, scriptable faults.
        .target(
            name: "FakeGitHubServer", dependencies: [.product(name: "GraphQL", package: "GraphQL")],
            path: "Tests/FakeGitHubServer", swiftSettings: strict),
        .testTarget(
            name: "GitHubDataTests",
            dependencies: [
                "GitHubData", "UseCases", "Entities", "PageModels", "SiteRenderer", "FakeGitHubServer",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // swift-mustache only as the reference the template engine is compared with.
        .testTarget(
            name: "SiteRendererTests",
            dependencies: [
                "SiteRenderer", "PageModels", "FakeGitHubServer", .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["Golden"]
        ),
        // End to end: runs the built `repodigest` binary as a user would.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "repodigest", "SiteRenderer", "GitHubData", "UseCases", "PageModels", "Entities", "FakeGitHubServer",
                "FuzzTargets", "RepodigestConfiguration", "BuildPipeline",
            ]
        ),
    ]
)
