// repodigest default theme: the filter box of long lists. Each card carries its name,
// description, language and topics in data-filter-text; typing hides the cards that do not
// hold every word typed. Without JavaScript the box stays hidden and every card shows.
(function () {
  "use strict";
  var box = document.querySelector("[data-filter]");
  if (!box) return;
  var input = box.querySelector("input");
  var status = box.querySelector("[role=status]");
  var cards = Array.prototype.slice.call(document.querySelectorAll("[data-filter-text]"));
  var groups = Array.prototype.slice.call(document.querySelectorAll("[data-filter-group]"));

  function apply() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    cards.forEach(function (card) {
      var text = card.getAttribute("data-filter-text");
      var match = words.every(function (word) { return text.indexOf(word) !== -1; });
      card.hidden = !match;
      if (match) shown += 1;
    });
    groups.forEach(function (group) {
      group.hidden = !group.querySelector("[data-filter-text]:not([hidden])");
    });
    status.textContent = words.length ? shown + " of " + cards.length + " shown" : "";
  }

  box.hidden = false;
  input.addEventListener("input", apply);
  apply();
})();
