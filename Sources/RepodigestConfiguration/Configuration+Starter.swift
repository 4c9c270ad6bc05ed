extension Configuration {
    /// What `repodigest init` writes: every key the parser accepts, each explained, with
    /// values that build as they are from the bundled sample
    /// (`repodigest build --sample --config repodigest.toml`). A test parses it with the real
    /// parser and checks that no accepted key is missing.
    public static let starter = #"""
        # repodigest.toml: what `repodigest build` publishes, and from where.
        # Every key is optional; the values below are drawn from the bundled sample, so it builds
        # as it is with `repodigest build --sample --config repodigest.toml`. Replace the
        # accounts and repositories with yours, then drop --sample to read GitHub itself
        # (token in GITHUB_TOKEN or GH_TOKEN; never on the command line or in this file).

        # The site's title, shown on every page and in the feeds.
        title = "Things mona-sample follows"

        # The absolute URL the site is published at, ending in "/", used where a full address
        # is needed (feeds, sitemap). "" keeps every link relative: the site then works from
        # any folder, a subfolder of a documentation site or straight from disk.
        base_url = ""

        # A built-in theme (`repodigest themes` lists them) or the path of a theme folder
        # (templates/*.mustache and assets/), a relative one from this file's folder; --theme
        # overrides it.
        theme = "default"

        # The language of every page, feed and digest.md: "en" or "ja" (日本語), or one a theme
        # folder adds as locales/LANGUAGE.toml. Messages on the command line stay English.
        language = "en"

        # Owners' pictures: "link" (readers' browsers load them from GitHub), "copy" (fetched
        # at build time and published with the site, so no reader's browser contacts anyone
        # else; kept a week in the cache) or "none".
        avatars = "copy"

        [github]
        # The API root: GitHub Enterprise Server is "https://HOST/api/v3"; --api-url overrides it.
        api_url = "https://api.github.com"
        # Show private repositories the token can see; they are left out otherwise.
        include_private = false
        # Requests in flight at once, 1 to 8.
        concurrency = 4
        # How long, in seconds (0 to 3600), a run may spend waiting for rate limits, all
        # waits together; one that would pass it ends the run at once with exit code 3.
        max_wait_seconds = 60
        # How long, in seconds (60 to 86400), a run may spend asking GitHub in all; past it,
        # what is left is built from the cache and shown stale (exit code 2), so a slow
        # server cannot hold a scheduled run, and its lock, for hours.
        max_fetch_seconds = 1800

        [digest]
        # Accounts whose starred repositories are listed; "@me" is the token's owner.
        starred_by = ["mona-sample"]
        # Repositories pinned as favourites, as OWNER/NAME.
        favourites = ["lumen-labs/lantern", "otter-cli/otter"]
        # Users or organisations whose own repositories get a page each.
        owners = ["lumen-labs", "kit-harbor"]
        # Accounts whose GitHub Star Lists get a page each; "@me" is the token's owner, whose
        # private Lists show only with include_private. Needs a token (GitHub's GraphQL API).
        lists_of = ["mona-sample"]
        # Saved GitHub searches, each with a page: a name, a query in GitHub's search syntax,
        # a sort (best-match, stars, forks or updated) and a limit (1 to 1000).
        searches = [
          { name = "Swift site generators", query = "static site generator language:swift", sort = "stars", limit = 30 },
        ]
        # Repositories per page of a long list, 1 to 1000.
        page_size = 30
        # How the starred list is grouped: "none", "language" or "topic" (a repository with
        # several topics is listed under each).
        starred_group = "none"
        # The order within each group: "starred" (most recently starred first), "stars" or "pushed".
        starred_sort = "starred"
        # Days that snapshots of past runs are kept, for "since the last run" (1 to 3650).
        history_days = 90
        # A repository's releases and README are asked for again when it was pushed to; and,
        # to see what changes without a push (a release edited on GitHub's site), each one
        # every this many days, a few per run (1 to 365). --full asks for all of them now.
        details_refresh_days = 7
        # What digest.md holds: "digest" (the front page as Markdown) or "list" (every starred
        # repository, grouped by language under a table of contents, for a README).
        markdown = "digest"

        """#
}
