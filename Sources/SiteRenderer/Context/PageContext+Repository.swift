import PageModels

/// A repository's own page: its card, facts, releases with notes, and README.
extension PageContext {
    func repository(_ page: RepoPage) -> TemplateValue {
        let route = page.card.route
        // GitHub's "Latest": the newest release that is not a pre-release.
        let latestRelease = page.releases.firstIndex { !$0.isPrerelease }
        return Self.present(
            [
                "repo": card(page.card, from: route),
                "owner": page.owner.map { link($0, from: route) },
                "moreFromOwner": page.owner.map { phrasebook.text("repository.more_from", ["owner": $0.title]) },
                "ownerOnGitHub": phrasebook.text("repository.owner_on_github", ["owner": page.ownerLogin]),
                "ownerLogin": page.ownerLogin,
                "ownerGitHubURL": URLSyntax.valid(page.ownerGitHubURL),
                "facts": page.facts.map { Self.present(["label": $0.label, "value": $0.value]) },
                "homepage": page.homepageURL.flatMap(URLSyntax.link),
                "releases": page.releases.enumerated().map { index, release in
                    Self.present([
                        "title": release.title,
                        // Said once where the release is named by its tag alone.
                        "tag": release.tag == release.title ? nil : release.tag,
                        "dateText": release.dateText,
                        "dateISO": release.dateISO,
                        "prerelease": release.isPrerelease,
                        // Only the newest release's notes start unfolded: older ones' would push
                        // the rest of the page down for what few readers look for.
                        "isLatest": index == 0,
                        "isLatestRelease": index == latestRelease,
                        "url": URLSyntax.valid(release.url),
                        // Ids from the tag, not the place: a new release leaves the older
                        // releases' heading permalinks where they were.
                        "notesHTML": release.notes.map {
                            markdown.html(
                                $0, idPrefix: "release-\(PathSegment.hash(release.tag))-", headingOffset: 3,
                                permalinks: true, raisingHeadings: true)
                        },
                    ])
                },
                // What GitHub would not give and no run had fetched: said so, not shown as none.
                "releasesNotFetched": !page.releasesKnown,
                "readmeNotFetched": !page.readmeKnown,
                "readmeHTML": page.readme.map {
                    markdown.html(
                        $0, idPrefix: "readme-", headingOffset: 2, localImages: readmeImages(of: $0, from: route),
                        permalinks: true)
                },
            ],
            over: layout(
                for: route, title: page.card.fullName, kind: "repository", description: page.card.description,
                image: page.card.avatar.flatMap(absoluteAvatar)))
    }
}
