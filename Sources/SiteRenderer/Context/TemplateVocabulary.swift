/// Every name the values of a page have, at any depth, but the catalogue's (`t`): what a
/// theme's `{{name}}` can find. `Themes/README.md` ("The values") says where each is. A name
/// outside it renders as nothing on every page, so a theme that writes one is told where
/// (`Theme.unknownValueWarnings`); `PageContext.fields` checks, in a debug build, that every
/// value it sets is named here, so a value added without its name fails the tests.
enum TemplateVocabulary {
    static let names: Set<String> = [
        // Every page (the layout's).
        "t", "languageCode", "siteTitle", "pageTitle", "documentTitle", "pageKind", "pageDescription", "pageImage",
        "home", "assets", "stylesheet", "favicon", "canonical", "feeds", "atom", "json", "nav", "current", "section",
        "generated", "text", "iso", "notices",
        // The digest, its changes, sections, releases, languages and topics.
        "summary", "changes", "items", "kind", "label", "link", "around", "before", "name", "after", "members",
        "sections", "cards", "more", "releases", "release", "prerelease", "repository", "url", "dateISO", "dateText",
        "languages", "topics", "allTopics", "color", "count", "title", "href",
        // A list page and its pagination.
        "heading", "gitHubURL", "filterable", "searchIndex", "grouped", "groups", "id", "pagination", "page",
        "pageCount", "previous", "next", "isPrivate", "topicIndex", "indexLink", "summaryParts",
        "isName", "ownerAvatar", "ownerOrganisation",
        // A card.
        "fullName", "ownerPart", "namePart", "description", "language", "stars", "starsTitle", "starsText",
        "forksText", "pushedText", "starredText", "badges", "filterText", "languageColor", "avatar", "organisation",
        "note",
        "lists", "listsLabel",
        // A repository's page.
        "repo", "owner", "moreFromOwner", "ownerLogin", "ownerGitHubURL", "ownerOnGitHub", "facts", "value",
        "homepage", "tag", "isLatest", "isLatestRelease", "notesHTML", "readmeHTML", "readmeNotFetched",
        "releasesNotFetched",
    ]
}
