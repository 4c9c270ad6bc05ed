// repodigest default theme: the filter box of long lists. Each card carries its name,
// description, language and topics in data-filter-text; typing hides the cards of this page
// that do not hold every word typed. A list of several pages ships search.json, every card
// of the whole list, so the box also counts and links the matches on the other pages. The
// query stays in the address (?q=), so a filtered list can be shared or reloaded, and "/"
// focuses the box. Without JavaScript the box stays hidden and every card shows; opened
// from disk, where browsers refuse to load the index, the box filters this page only.
(function () {
  "use strict";
  var box = document.querySelector("[data-filter]");
  if (!box) return;
  var input = box.querySelector("input");
  var status = box.querySelector("[role=status]");
  var elsewhere = box.querySelector(".filter-elsewhere");
  var elsewhereList = elsewhere.querySelector("ul");
  var cards = Array.prototype.slice.call(document.querySelectorAll("[data-filter-text]"));
  var groups = Array.prototype.slice.call(document.querySelectorAll("[data-filter-group]"));
  var pageLinks = Array.prototype.slice.call(document.querySelectorAll(".pagination a"));
  var pagination = document.querySelector(".pagination");
  // Other pages' matches go below this page's cards (before its page links), whatever list
  // template placed the box: "4 below" must be below.
  var lists = document.querySelectorAll(".cards");
  var lastList = lists.length ? lists[lists.length - 1] : null;
  var after = lastList && (lastList.closest("[data-filter-group]") || lastList);
  if (pagination && pagination.parentNode) {
    pagination.parentNode.insertBefore(elsewhere, pagination);
  } else if (after && after.parentNode) {
    after.parentNode.insertBefore(elsewhere, after.nextSibling);
  }
  var index = null;
  var here = location.pathname.split("/").pop() || "index.html";
  var shownLimit = 50;
  // The words come from the site's catalogue, on the box's data-* attributes ({name}s filled
  // here); a number with its digits grouped, as the page's other counts are (1,050).
  function say(name, values) {
    return (box.getAttribute("data-" + name) || "").replace(/\{(\w+)\}/g, function (whole, key) {
      if (!Object.prototype.hasOwnProperty.call(values, key)) return whole;
      var value = values[key];
      return typeof value === "number" ? grouped(value) : String(value);
    });
  }

  // Three digits at a time, apart by the catalogue's separator (format.group_separator).
  function grouped(number) {
    return String(number).replace(/\B(?=(\d{3})+(?!\d))/g, box.getAttribute("data-group") || ",");
  }

  function words() {
    // NFKC first: a Japanese input method types full-width letters (ｍａｒｋｄｏｗｎ) and
    // half-width kana (ﾁｪｯｶｰ), which the cards' text holds as markdown and チェッカー.
    return input.value.normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean);
  }

  function matches(text, query) {
    return query.every(function (word) { return text.indexOf(word) !== -1; });
  }

  function matchCount(count) {
    return say(count === 1 && box.getAttribute("data-matches-one") ? "matches-one" : "matches-other", { count: count });
  }

  function remember(value) {
    var url = new URL(location.href);
    if (value) url.searchParams.set("q", value); else url.searchParams.delete("q");
    history.replaceState(null, "", url.href);
    pageLinks.forEach(function (link) {
      var target = new URL(link.getAttribute("href"), location.href);
      if (value) target.searchParams.set("q", value); else target.searchParams.delete("q");
      link.href = target.href;
    });
  }

  function showElsewhere(query) {
    elsewhereList.textContent = "";
    if (!index || !query.length) { elsewhere.hidden = true; return 0; }
    var found = index.items.filter(function (item) {
      return index.pages[item.p] !== here && matches(item.t, query);
    });
    found.slice(0, shownLimit).forEach(function (item) {
      var li = document.createElement("li");
      var link = document.createElement("a");
      link.href = item.h;
      link.textContent = item.n;
      li.appendChild(link);
      var meta = document.createElement("span");
      meta.className = "entry-meta";
      meta.textContent = " ★ " + item.s + " · " + say("page", { page: item.p + 1 }) + (item.d ? " · " + item.d : "");
      li.appendChild(meta);
      elsewhereList.appendChild(li);
    });
    elsewhere.hidden = found.length === 0;
    return found.length;
  }

  function apply() {
    var query = words();
    var shown = 0;
    cards.forEach(function (card) {
      var match = matches(card.getAttribute("data-filter-text"), query);
      card.hidden = !match;
      if (match) shown += 1;
    });
    groups.forEach(function (group) {
      group.hidden = !group.querySelector("[data-filter-text]:not([hidden])");
    });
    var other = showElsewhere(query);
    // Nothing anywhere in the list (all of it known: the index, or a list of one page).
    var none = query.length > 0 && shown + other === 0 && (index || !pagination);
    if (pagination) pagination.hidden = Boolean(none);
    status.classList.toggle("blankslate", Boolean(none));
    if (!query.length) {
      status.textContent = "";
    } else if (none) {
      status.textContent = say("none", { query: input.value.trim() });
    } else if (index) {
      status.textContent = say("everywhere", {
        matches: matchCount(shown + other), total: index.count, here: shown,
        others: other > shownLimit ? say("others-first", { shown: shownLimit, count: other })
          : other ? say("others", { count: other }) : ""
      });
    } else {
      status.textContent = say("this-page", { shown: shown, total: cards.length });
    }
    remember(input.value.trim());
  }

  box.hidden = false;
  input.value = new URLSearchParams(location.search).get("q") || "";
  input.addEventListener("input", apply);
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(input|textarea|select)$/i.test(target.tagName));
    if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      input.focus();
      input.select();
    } else if (event.key === "Escape" && target === input && input.value) {
      input.value = "";
      apply();
    }
  });
  apply();
  var source = box.getAttribute("data-index");
  if (source && window.fetch) {
    fetch(source).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.json();
    }).then(function (loaded) {
      index = loaded;
      apply();
    }).catch(function () { /* this page still filters */ });
  }
})();
