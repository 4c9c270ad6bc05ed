import PageModels

/// List pages and the repository cards on every page.
extension PageContext {
    func list(_ page: ListPage) -> TemplateValue {
        let route = page.route
        let title =
            page.pagination.map {
                phrasebook.text(
                    "list.page_title", ["title": page.title, "page": String($0.page), "count": String($0.pageCount)])
            } ?? page.title
        // Each card once: `cards` is every group's cards in order, the same dictionaries.
        let groupCards = page.groups.map { $0.cards.map { card($0, from: route) } }
        return Self.present(
            [
                "heading": page.title,
                // Not `avatar`: a card without one would find the page's in a template's section.
                "ownerAvatar": page.avatar.flatMap { avatar(for: $0, from: route) },
                "ownerOrganisation": page.isOrganisation,
                "summary": page.summary,
                "summaryParts": Self.parts(of: page.summary, names: page.summaryNames).map {
                    Self.present(["text": $0.text, "isName": $0.isName])
                },
                "gitHubURL": page.gitHubURL.map(URLSyntax.valid),
                "topicIndex": indexLink(from: route, .topics)?.href,
                "indexLink": TermIndex.allCases.lazy.compactMap { indexLink(from: route, $0) }.first.map {
                    Self.present(["title": $0.title, "href": $0.href])
                },
                "filterable": page.isFilterable,
                "searchIndex": searchIndexes.contains(route.kind) ? "search.json" : nil,
                "count": page.cards.count,
                "cards": Array(groupCards.joined()),
                "groups": zip(page.groups, zip(Self.groupIDs(page.groups), groupCards)).map { group, more in
                    Self.present([
                        "title": group.title,
                        "id": more.0,
                        "cards": more.1,
                    ])
                },
                "grouped": page.groups.contains { $0.title != nil },
                "pagination": page.pagination.map { pagination in
                    Self.present([
                        "page": pagination.page,
                        "pageCount": pagination.pageCount,
                        "label": phrasebook.text(
                            "pagination.page",
                            ["page": String(pagination.page), "count": String(pagination.pageCount)]),
                        "previous": pagination.previous.map { router.href(from: route, to: $0) },
                        "next": pagination.next.map { router.href(from: route, to: $0) },
                    ])
                },
            ],
            over: layout(
                for: route, title: title, kind: "list", description: page.summary,
                image: page.avatar.flatMap(absoluteAvatar)))
    }

    /// `text` in runs, each of `names` (its places, in characters, in order) a run of its own,
    /// for a theme to keep whole on a line. A name's run takes the punctuation that touches it
    /// ("mona-sample,", "「cli」"): a name kept whole must not leave a comma to begin the next
    /// line, or a bracket to end this one.
    static func parts(of text: String, names: [Range<Int>]) -> [(text: String, isName: Bool)] {
        let characters = Array(text)
        var parts: [(text: String, isName: Bool)] = []
        var done = 0
        for name in names where name.lowerBound >= done && name.upperBound <= characters.count {
            var (start, end) = (name.lowerBound, name.upperBound)
            while start > done, characters[start - 1].isPunctuation { start -= 1 }
            while end < characters.count, characters[end].isPunctuation { end += 1 }
            if start > done { parts.append((String(characters[done..<start]), false)) }
            parts.append((String(characters[start..<end]), true))
            done = end
        }
        if done < characters.count { parts.append((String(characters[done...]), false)) }
        return parts
    }

    /// The page of every topic or language, from a page that one lists, where the site has it.
    private func indexLink(from route: Route, _ index: TermIndex) -> (title: String, href: String)? {
        guard termIndexes.contains(index), index.holds(route.kind) else { return nil }
        return (phrasebook.text("\(index.rawValue).heading"), router.href(from: route, to: index.route))
    }

    func card(_ card: RepoCard, from route: Route) -> TemplateValue {
        // The owner with its slash, and the name: a heading breaks between them first.
        let slash = card.fullName.firstIndex(of: "/")
        let ownerPart = slash.map { String(card.fullName[...$0]) }
        let namePart = slash.map { String(card.fullName[card.fullName.index(after: $0)...]) }
        // On an owner's own page its repositories go by their names alone, as on GitHub.
        let ownersOwn =
            if case .owner(let login) = route.kind, let ownerPart {
                ownerPart.lowercased() == login.lowercased() + "/"
            } else { false }
        return Self.present([
            "href": router.href(from: route, to: card.route),
            "fullName": ownersOwn ? namePart : card.fullName,
            "ownerPart": ownersOwn ? nil : ownerPart,
            "namePart": namePart,
            "description": card.description,
            "language": card.language.map { link($0, from: route) },
            "topics": card.topics.map { link($0, from: route) },
            "lists": card.starLists.map { link($0, from: route) },
            "listsLabel": card.starListsLabel,
            "stars": card.stars,
            "starsTitle": phrasebook.text(
                "count.stars", count: card.stars,
                countText: Phrasebook.grouped(card.stars, separator: phrasebook.text("format.group_separator"))),
            "starsText": card.starsText,
            "forksText": card.forksText,
            "pushedText": card.pushedText,
            "starredText": card.starredText,
            "badges": card.badges.map {
                Self.present(["label": phrasebook.text("badge.\($0.rawValue)"), "name": $0.rawValue])
            },
            "note": card.note,
            "languageColor": card.languageColor.flatMap(Self.cssColor),
            // Not on its owner's own page, whose heading shows it once (as GitHub's list does).
            "avatar": ownersOwn ? nil : card.avatar.flatMap { avatar(for: $0, from: route) },
            "organisation": card.ownerIsOrganisation,
            "gitHubURL": URLSyntax.valid(card.gitHubURL),
            "filterText": Self.filterText(of: card),
        ])
    }

    /// An avatar's `src`: the site's own copy, linked relatively, or GitHub's URL. A copy the
    /// site does not carry is no picture rather than a broken one.
    func avatar(for image: AvatarImage, from route: Route) -> String? {
        switch image {
        case .remote(let url): return URLSyntax.valid(url)
        case .file(let name):
            return publishedAvatar(name).map { router.href(from: route, toFile: $0) }
        }
    }

    /// Where the site publishes its copy of an avatar; nil for a copy it does not carry.
    private func publishedAvatar(_ name: String) -> String? {
        site.avatars[name] == nil ? nil : Router.avatarPath(name)
    }

    /// An avatar's absolute address, for a link preview (`og:image`), which a page's relative
    /// link cannot be: GitHub's URL, or the site's copy under `base_url` (nil without one, and
    /// for an SVG, which link previews do not show).
    func absoluteAvatar(_ image: AvatarImage) -> String? {
        switch image {
        case .remote(let url): return URLSyntax.valid(url)
        case .file(let name):
            guard !name.lowercased().hasSuffix(".svg"), let path = publishedAvatar(name) else { return nil }
            return router.url(forFile: path).map(URLSyntax.valid)
        }
    }

    /// Each image URL a README shows that the site publishes itself, with the copy's address
    /// from the page; a copy the site does not carry is left to its URL.
    func readmeImages(of text: MarkdownText, from route: Route) -> [String: String] {
        text.localImages.compactMapValues { name in
            guard site.readmeImages[name] != nil else { return nil }
            return router.href(from: route, toFile: Router.readmeImagePath(name))
        }
    }

    /// A colour for a `style` attribute, only as `#rrggbb`: anything else from a page model
    /// would be CSS from the data.
    static func cssColor(_ hex: String) -> String? {
        let digits = hex.utf8.dropFirst()
        guard hex.hasPrefix("#"), digits.count == 6,
            digits.allSatisfy({ $0 < 0x80 && Character(UnicodeScalar($0)).isHexDigit })
        else { return nil }
        return hex
    }

    /// An id per titled group, for links to it; unique on the page even when two titles
    /// make the same path segment.
    static func groupIDs(_ groups: [CardGroup]) -> [String?] {
        var used = Set<String>()
        return groups.map { group in
            guard let title = group.title else { return nil }
            var id = "group-" + PathSegment.make(title)
            while !used.insert(id).inserted { id += "-" + PathSegment.hash(id) }
            return id
        }
    }

    /// What the filter box matches: name, description, language and topics, lower-cased.
    static func filterText(of card: RepoCard) -> String {
        ([card.fullName, card.description ?? "", card.language?.title ?? ""] + card.topics.map(\.title))
            .joined(separator: " ")
            .quicklyLowercased
    }
}
