import PageModels

/// A page model's contribution to its page's inputs digest (`SitePlan+Inputs.swift`), fed
/// field by field into a `StableHasher`. Routes go in as the paths the router gives them: a
/// page's links follow the router's paths, which another route's arrival can move (two
/// names that differ only by case), while the model stays the same.
///
/// Every stored property of a model must be fed here: one left out would let a page that
/// shows it be carried over unchanged. `PageInputTests` lists each model's fields and fails
/// when a model gains one, as a reminder.
protocol PageInput {
    func feed(_ hasher: inout StableHasher, router: Router)
}

extension Array where Element: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(count)
        for element in self { element.feed(&hasher, router: router) }
    }
}

extension Optional where Wrapped: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(self != nil)
        self?.feed(&hasher, router: router)
    }
}

extension Route: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(router.path(for: self))
    }
}

extension PageLink: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(title)
        route.feed(&hasher, router: router)
        hasher.combine(count)
    }
}

extension MarkdownText: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(source)
        hasher.combine(markup == .markdown ? "markdown" : "html")
        hasher.combine(linkBase)
        hasher.combine(imageBase)
        hasher.combine(localImages.count)
        for (url, name) in localImages.sorted(by: { $0.key < $1.key }) {
            hasher.combine(url)
            hasher.combine(name)
        }
    }
}

extension Phrasebook: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(language)
        hasher.combine(entries.count)
        for (key, text) in entries.sorted(by: { $0.key < $1.key }) {
            hasher.combine(key)
            hasher.combine(text)
        }
    }
}

extension Notice: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(text)
    }
}

extension RepoCard: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        fields.feed(&hasher, router: router)
    }
}

extension RepoCard.Fields: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        route.feed(&hasher, router: router)
        hasher.combine(fullName)
        hasher.combine(description)
        language.feed(&hasher, router: router)
        topics.feed(&hasher, router: router)
        hasher.combine(stars)
        hasher.combine(starsText)
        hasher.combine(forksText)
        hasher.combine(pushedText)
        hasher.combine(starredText)
        hasher.combine(badges.count)
        for badge in badges { hasher.combine(badge.rawValue) }
        hasher.combine(gitHubURL)
        hasher.combine(note)
        hasher.combine(languageColor)
        switch avatar {
        case .remote(let url)?: hasher.combine("remote " + url)
        case .file(let name)?: hasher.combine("file " + name)
        case nil: hasher.combine("none")
        }
        lists.feed(&hasher, router: router)
        hasher.combine(listsLabel)
    }
}

extension RepoPage: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        card.feed(&hasher, router: router)
        owner.feed(&hasher, router: router)
        hasher.combine(ownerLogin)
        hasher.combine(ownerGitHubURL)
        hasher.combine(facts.count)
        for fact in facts {
            hasher.combine(fact.label)
            hasher.combine(fact.value)
        }
        hasher.combine(homepageURL)
        releases.feed(&hasher, router: router)
        // The README's name where there is one, whether or not its text has arrived: the same
        // digest before the README is read (to carry the page over) and after (to render it).
        if let readmeVersion {
            hasher.combine("readme version")
            hasher.combine(readmeVersion)
        } else {
            readme.feed(&hasher, router: router)
        }
    }
}

extension ReleaseItem: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(title)
        hasher.combine(tag)
        hasher.combine(dateText)
        hasher.combine(dateISO)
        hasher.combine(isPrerelease)
        hasher.combine(url)
        notes.feed(&hasher, router: router)
    }
}

extension ListPage: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        route.feed(&hasher, router: router)
        hasher.combine(title)
        hasher.combine(summary)
        groups.feed(&hasher, router: router)
        pagination.feed(&hasher, router: router)
        hasher.combine(gitHubURL)
        hasher.combine(isFilterable)
    }
}

extension CardGroup: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(title)
        cards.feed(&hasher, router: router)
    }
}

extension Pagination: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(page)
        hasher.combine(pageCount)
        previous.feed(&hasher, router: router)
        next.feed(&hasher, router: router)
    }
}

extension DigestPage: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(title)
        hasher.combine(summary)
        sections.feed(&hasher, router: router)
        languages.feed(&hasher, router: router)
        topics.feed(&hasher, router: router)
        allTopics.feed(&hasher, router: router)
        releases.feed(&hasher, router: router)
        changes.feed(&hasher, router: router)
    }
}

extension DigestSection: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(title)
        cards.feed(&hasher, router: router)
        more.feed(&hasher, router: router)
    }
}

extension ChangesSection: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(summary)
        items.feed(&hasher, router: router)
    }
}

extension ChangeItem: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(id)
        hasher.combine(kind.rawValue)
        hasher.combine(label)
        hasher.combine(text)
        hasher.combine(repository)
        route.feed(&hasher, router: router)
        hasher.combine(url)
    }
}

extension FeedEntry: PageInput {
    func feed(_ hasher: inout StableHasher, router: Router) {
        hasher.combine(id)
        hasher.combine(kind.rawValue)
        hasher.combine(title)
        hasher.combine(repository)
        route.feed(&hasher, router: router)
        hasher.combine(url)
        hasher.combine(dateISO)
        hasher.combine(dateText)
        hasher.combine(summary)
        content.feed(&hasher, router: router)
    }
}
