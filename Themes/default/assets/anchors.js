// repodigest default theme: links into a README written for GitHub. A README's headings
// and anchors carry ids that start "readme-" (the page has headings of its own), as GitHub's
// start "user-content-"; a link made on GitHub (page.html#installation) names the heading
// without that start. As GitHub's own script does, this finds the heading with it, when the
// page opens and whenever the address's fragment changes. Without JavaScript such a link
// opens the page at its top, as before; links inside the page already name the full id.
(function () {
  "use strict";
  function follow() {
    var fragment = location.hash.slice(1);
    if (!fragment || fragment.indexOf("readme-") === 0) return;
    var name;
    try { name = decodeURIComponent(fragment); } catch (error) { return; }
    if (document.getElementById(name)) return;
    // GitHub's own id, copied from its page's source.
    if (name.indexOf("user-content-") === 0) name = name.slice("user-content-".length);
    var ids = ["readme-" + name, "readme-" + name.toLowerCase()];
    for (var i = 0; i < ids.length; i++) {
      if (document.getElementById(ids[i])) {
        // A fragment navigation: the page scrolls there, :target applies, and Back skips it.
        location.replace("#" + encodeURIComponent(ids[i]));
        return;
      }
    }
  }
  window.addEventListener("hashchange", follow);
  follow();
})();
